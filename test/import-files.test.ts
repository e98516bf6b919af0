// Imports files made by other programs (openpyxl, pandas, LibreOffice, hyparquet-writer; see
// helpers/io-files.ts) through REST and compares cell by cell with what those programs wrote or
// computed; then xlsx -> service -> xlsx, read back by openpyxl.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellToA1, parseCell, parseRange, rectContains } from '../core/a1.ts';
import { dumpXlsx, makeFixtures, PARQUET_ROWS, skipUnlessFixtures, type Dump, type Fixtures } from './helpers/io-files.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const skip = skipUnlessFixtures('import-files');
const serial = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) => Date.UTC(y, m - 1, d, h, mi, s) / 86_400_000 + 25_569;

describe.skipIf(skip)('imports of files made by other programs', () => {
  let server: TestServer;
  let fx: Fixtures;
  let original: Dump;
  let recalculated: Dump;

  beforeAll(async () => {
    fx = makeFixtures();
    original = dumpXlsx(fx.path('book.xlsx'));
    recalculated = dumpXlsx(fx.path('lo/book.xlsx'));
    server = await startServer();
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    fx?.cleanup();
  });

  const post = async (body: Record<string, unknown>, path = '/v1/files/import') => {
    const res = await server.request('POST', path, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const read = async (id: string, range: string, render = 'raw', sheet?: string) => {
    const q = new URLSearchParams({ range, render, ...(sheet ? { sheet } : {}) });
    const res = await server.request('GET', `/v1/files/${id}/cells?${q}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.values as unknown[][];
  };
  const formatAt = async (id: string, sheet: string, a1: string) => {
    const res = await server.request('GET', `/v1/files/${id}/cells/formats?${new URLSearchParams({ range: a1, sheet })}`);
    const { addr } = parseCell(a1);
    const run = (res.body.formats as { range: string; format: Record<string, unknown> }[]).find((r) => rectContains(parseRange(r.range).rect, addr.row, addr.col));
    return run?.format ?? {};
  };

  /** The dump's value as the raw value the service should hold. */
  const expectedRaw = (v: unknown) => (v && typeof v === 'object' && 'date' in v ? isoSerial((v as { date: string }).date) : v);
  const isoSerial = (iso: string) => Date.parse(`${iso}Z`) / 86_400_000 + 25_569;

  function expectSame(actual: unknown, expected: unknown, where: string) {
    if (typeof expected === 'number') expect(actual as number, where).toBeCloseTo(expected, 9);
    else expect(actual, where).toEqual(expected);
  }

  const CSV_ROWS = [
    ['id', 'amount', 'when', 'note', 'flag', 'city'],
    [1, 10.5, serial(2024, 1, 15), 'plain', true, 'Zürich'],
    [2, -3.25, serial(2023, 12, 31), 'comma, inside', false, 'Kraków'],
    [3, 0, serial(2020, 2, 29), 'line\nbreak', true, 'São Paulo'],
    [4, 1234567.891, serial(1999, 1, 1), 'quote "q"', null, 'Montréal'],
  ];

  it.each([
    ['utf8.csv', 'utf-8', ','],
    ['utf8-bom.csv', 'utf-8', ','],
    ['utf16.csv', 'utf-16le', ','],
    ['utf16be.csv', 'utf-16be', ','],
    ['latin1.csv', 'windows-1252', ';'],
    ['tabs.tsv', 'utf-8', '\t'],
  ])('CSV %s (pandas): encoding and delimiter detected, values typed as PUT /cells types them', async (name, encoding, delimiter) => {
    const out = await post({ file_name: name, file_data: fx.b64(name) });
    expect(out).toMatchObject({ format: 'csv', encoding, delimiter, sheets: [{ sheet: 'Sheet1', range: 'A1:F5', rows: 5, cols: 6 }], unsupported_functions: [] });
    const raw = await read(out.uuid, 'A1:F5');
    CSV_ROWS.forEach((row, r) => row.forEach((v, c) => expectSame(raw[r]![c], v, `${name} ${cellToA1({ row: r, col: c })}`)));
    expect((await read(out.uuid, 'C2:C2', 'displayed'))[0]![0]).toBe('2024-01-15');
  });

  it('xlsx from openpyxl: formulas recomputed, the LibreOffice results agree, formats and layout kept', async () => {
    const out = await post({ file_name: 'book.xlsx', file_data: fx.b64('book.xlsx') });
    expect(out.sheets.map((s: { sheet: string }) => s.sheet)).toEqual(['Data', 'Summary']);
    expect(out.unsupported_functions).toEqual([{ name: 'FILTERXML', cells: 1, first_cell: 'Data!H3' }]);
    for (const [sheet, dump] of Object.entries(recalculated)) {
      const raw = await read(out.uuid, 'A1:H8', 'raw', sheet);
      const formulas = await read(out.uuid, 'A1:H8', 'formula', sheet);
      for (const [a1, cell] of Object.entries(dump.cells)) {
        const { row, col } = parseCell(a1).addr;
        if (`${sheet}!${a1}` === 'Data!H3') continue; // no cached value in openpyxl's file: checked below with LibreOffice's
        const want = original[sheet]!.cells[a1];
        // LibreOffice saves the literal TRUE as =TRUE(): the original says what was written.
        expectSame(raw[row]![col], expectedRaw(cell.value), `${sheet}!${a1} value`);
        if (want?.formula) expect(String(formulas[row]![col]).toUpperCase(), `${sheet}!${a1} formula`).toBe(want.formula.toUpperCase());
      }
    }
    expect(await formatAt(out.uuid, 'Data', 'A1')).toMatchObject({ bold: true, text_color: '#FFFFFF', fill_color: '#305496', align: 'center', vertical_align: 'middle', font_size: 12, border_bottom: { line: 'line2', color: '#000000' } });
    expect(await formatAt(out.uuid, 'Data', 'C2')).toMatchObject({ number_format: 'number', decimals: 2 });
    expect(await formatAt(out.uuid, 'Data', 'D2')).toMatchObject({ date_time: '%Y-%m-%d' });
    expect(await formatAt(out.uuid, 'Data', 'E2')).toMatchObject({ number_format: 'percent', decimals: 2 });
    expect(await formatAt(out.uuid, 'Data', 'A3')).toMatchObject({ italic: true, text_color: '#C00000' });
    expect(await formatAt(out.uuid, 'Data', 'A4')).toMatchObject({ wrap: 'wrap', vertical_align: 'top' });
    expect(await formatAt(out.uuid, 'Data', 'A5')).toMatchObject({ border_left: { line: 'line1', color: '#FF0000' }, border_right: { line: 'double', color: '#0000FF' } });
    expect((await read(out.uuid, 'C2:E2', 'displayed', 'Data'))[0]).toEqual(['1.25', '2024-01-15', '12.50%']);
    const layout = (await server.request('GET', `/v1/files/${out.uuid}/columns?sheet=Data`)).body;
    expect(layout).toMatchObject({ merges: ['A7:C8'], frozen: { rows: 1, cols: 1 }, row_heights: { '1': 40 } });
    // openpyxl's widths 20 and 14 are <col width> values, padding included: 140 and 98 px in Excel.
    expect(layout.col_widths).toMatchObject({ A: 140, D: 98 });
  });

  it('xlsx recalculated by LibreOffice: a formula with a function the engine lacks is kept, showing the cached value', async () => {
    const out = await post({ file_name: 'book.xlsx', file_data: fx.b64('lo/book.xlsx') });
    expect(out.unsupported_functions).toEqual([{ name: 'FILTERXML', cells: 1, first_cell: 'Data!H3' }]);
    expect((await read(out.uuid, 'H2:H5', 'raw', 'Data')).map((r) => r[0])).toEqual([131.5, '6', 3.63, 'big']);
    expect((await read(out.uuid, 'H3:H3', 'formula', 'Data'))[0]![0]).toBe('=FILTERXML("<a><b>6</b></a>","//b")');
    // LibreOffice writes a height on every row; only heights off the default are kept.
    const layout = (await server.request('GET', `/v1/files/${out.uuid}/columns?sheet=Data`)).body;
    expect(layout.row_heights).toEqual({ '1': 40 });
  });

  it('xls written by LibreOffice: values and formulas agree with the xlsx LibreOffice computed', async () => {
    const out = await post({ file_name: 'book.xls', file_data: fx.b64('lo/book.xls') });
    expect(out.format).toBe('xls');
    for (const [sheet, dump] of Object.entries(recalculated)) {
      const raw = await read(out.uuid, 'A1:H8', 'raw', sheet);
      for (const [a1, cell] of Object.entries(dump.cells)) {
        const { row, col } = parseCell(a1).addr;
        expectSame(raw[row]![col], expectedRaw(cell.value), `xls ${sheet}!${a1}`);
      }
    }
    expect((await read(out.uuid, 'F2:F2', 'formula', 'Data'))[0]![0]).toBe('=B2*C2');
    expect((await server.request('GET', `/v1/files/${out.uuid}/columns?sheet=Data`)).body.merges).toEqual(['A7:C8']);
  });

  it('round trip: xlsx -> service -> xlsx keeps values, formulas, formats, merges and sizes (read back by openpyxl)', async () => {
    const out = await post({ file_name: 'book.xlsx', file_data: fx.b64('book.xlsx') });
    const res = await fetch(`${server.url}/v1/files/${out.uuid}/export/xlsx`, { headers: { authorization: `Bearer ${server.token}` } });
    expect(res.status).toBe(200);
    const file = join(fx.dir, 'exported.xlsx');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const back = dumpXlsx(file);
    expect(Object.keys(back)).toEqual(['Data', 'Summary']);
    for (const [sheet, dump] of Object.entries(original)) {
      const got = back[sheet]!;
      expect(got.merges, sheet).toEqual(dump.merges);
      expect(got.freeze, sheet).toBe(dump.freeze);
      for (const [col, w] of Object.entries(dump.widths)) expect(got.widths[col]!, `${sheet} width ${col}`).toBeCloseTo(w, 1);
      if (dump.heights['1']) expect(got.heights['1']).toBeCloseTo(dump.heights['1'], 1);
      for (const [a1, want] of Object.entries(dump.cells)) {
        // FILTERXML is not in the engine: its formula is kept and exported again (openpyxl wrote no cached value).
        const cell = got.cells[a1]!;
        expect(cell, `${sheet}!${a1} exported`).toBeDefined();
        if (want.formula) expect(cell.formula!.toUpperCase(), `${sheet}!${a1}`).toBe(want.formula.toUpperCase());
        else expectSame(cell.value, want.value, `${sheet}!${a1}`);
        expect({ bold: cell.bold, italic: cell.italic, fill: cell.fill, wrap: cell.wrap, borders: cell.borders }, `${sheet}!${a1} style`).toEqual({ bold: want.bold, italic: want.italic, fill: want.fill, wrap: want.wrap, borders: want.borders });
        if (want.font_color && want.font_color !== '000000') expect(cell.font_color, `${sheet}!${a1} colour`).toBe(want.font_color);
        if (want.number_format !== 'General') expect(cell.number_format, `${sheet}!${a1} format`).toBe(want.number_format);
      }
    }
    // Cached results in the export are the engine's: LibreOffice computed the same.
    expect(back.Data!.cells.H2!.value).toBeCloseTo(recalculated.Data!.cells.H2!.value as number, 9);
    // And the exported file imports to the same cells.
    const again = await post({ file_name: 'exported.xlsx', file_data: Buffer.from(await (await fetch(`${server.url}/v1/files/${out.uuid}/export/xlsx`, { headers: { authorization: `Bearer ${server.token}` } })).arrayBuffer()).toString('base64') });
    for (const sheet of ['Data', 'Summary']) expect(await read(again.uuid, 'A1:H8', 'formula', sheet)).toEqual(await read(out.uuid, 'A1:H8', 'formula', sheet));
  });

  it('Parquet (hyparquet-writer): header from column names, types mapped', async () => {
    const out = await post({ file_name: 'data.parquet', file_data: fx.b64('data.parquet'), sheet: 'Imported', cell: 'B2' });
    expect(out.sheets).toEqual([{ sheet: 'Imported', range: 'B2:I6', rows: 5, cols: 8 }]);
    const raw = await read(out.uuid, 'B2:I6', 'raw', 'Imported');
    expect(raw[0]).toEqual(Object.keys(PARQUET_ROWS));
    const r = PARQUET_ROWS;
    for (let i = 0; i < 4; i++) {
      const row = raw[i + 1]!;
      expect(row[0]).toBe(r.id[i]);
      expect(row[1]).toBe(i === 1 ? '9007199254740993' : Number(r.big[i]));
      expect(row[2]).toBe(r.price[i]);
      expect(row[3] as number).toBeCloseTo(r.amount[i]!, 9);
      expect(row[4]).toBe(r.day[i] ? r.day[i]!.getTime() / 86_400_000 + 25_569 : null);
      if (r.at[i]) expect(row[5] as number).toBeCloseTo(r.at[i]!.getTime() / 86_400_000 + 25_569, 9);
      else expect(row[5]).toBeNull();
      expect(row[6]).toBe(r.name[i]);
      expect(row[7]).toBe(r.ok[i]);
    }
    expect((await read(out.uuid, 'F3:G3', 'displayed', 'Imported'))[0]).toEqual(['2024-01-15', '2024-01-15 13:45:30']);
  });

  it('CSV export gives back the displayed values, parsed by papaparse', async () => {
    const out = await post({ file_name: 'utf8.csv', file_data: fx.b64('utf8.csv') });
    const res = await server.request('GET', `/v1/files/${out.uuid}/export/csv?sheet=Sheet1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const parsed = Papa.parse<string[]>(res.text.trimEnd(), {}).data;
    expect(parsed).toEqual(await read(out.uuid, 'A1:F5', 'displayed'));
  });

  it('CSV export of 5,000 rows (bands read 16 at a time, repeated numbers remembered) shows what GET /cells shows', async () => {
    // Dates, percents and amounts that repeat (remembered per style) and ones that do not,
    // past the first read of 16 bands (4,096 rows); an import leaves its file out of memory, so
    // the export reads the tiles from the store.
    const lines = ['day,share,amount,label,exact'];
    for (let i = 0; i < 5_000; i++) lines.push(`2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')},${i % 50}%,${(i % 300) / 4},"x, ${i}",${i / 7}`);
    const out = await post({ file_name: 'many.csv', file_data: Buffer.from(lines.join('\n')).toString('base64') });
    const res = await server.request('GET', `/v1/files/${out.uuid}/export/csv`);
    expect(res.status).toBe(200);
    const parsed = Papa.parse<string[]>(res.text.trimEnd(), {}).data;
    expect(parsed.length).toBe(5_001);
    const shown = await read(out.uuid, 'A1:E5001', 'displayed');
    expect(parsed).toEqual(shown);
    expect(shown[4_500]).toEqual(['2024-12-20', '49%', '74.75', 'x, 4499', '642.7142857']);
  });
});
