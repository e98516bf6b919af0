// Units of the import: CSV typing agrees with PUT /cells typing, encodings, number-format codes,
// function names in formulas, base64 checks, rows into new and existing tiles.
import { describe, expect, it } from 'vitest';
import { BlockWriter } from '../core/io/block-writer.ts';
import { importCsv, typeCsvValue } from '../core/io/csv-import.ts';
import { withoutPrefixes as stripPrefixes } from '../core/formula/prefixes.ts';
import { functionsCalled as functionsIn } from '../core/formula/prefixes.ts';
import { fieldsOfCode } from '../core/io/numfmt-map.ts';
import { readXlsx } from '../core/io/xlsx-read.ts';
import { loadExcelJs } from '../core/libs.ts';
import { decodeBase64, formatOf } from '../core/io/source.ts';
import { decodeText } from '../core/io/text-decode.ts';
import { formatCode } from '../core/workbook/display.ts';
import { parseTyped } from '../core/workbook/typed-input.ts';
import type { Content } from '../core/workbook/workbook.ts';
import { memoryWorkbook, shown } from './helpers/memory-workbook.ts';

describe('CSV values are typed as PUT /cells types them', () => {
  // Except codes with leading zeros: PUT /cells types "007" as 7, as Excel types input (a leading
  // apostrophe keeps text), while a CSV has no apostrophes and keeps such codes as text
  // (docs/decisions.md).
  it('"007" is text in a CSV and 7 through PUT /cells', () => {
    expect(typeCsvValue('007')).toBe('007');
    expect(parseTyped('007')).toBe(7);
  });
  it('a date-time with fractions of a second is a number shown as a time, as Excel types it (not a bare serial)', () => {
    expect(parseTyped('2020-02-21 09:58:34.595555')).toEqual({ v: 43882.41567818287, auto: { format_code: 'mm:ss.0' } });
    expect(parseTyped('12:30:15.5')).toMatchObject({ auto: { format_code: 'mm:ss.0' } });
  });
  const samples = ['0', '-0', '7', '-12', '0.5', '.5', '5.', '1e3', '1,234.5', '12%', '$4.50', '2024-01-15', '01/02/2024', '13:45', 'TRUE', 'false', 'abc', "'42", '=1+1', '123456789012345', '1234567890123456', '12345678901234567890', '-1.25', '3.14159265358979', '0.000001', ' 5', '5 ', ''];
  const words = ['March', 'Jan', 'pm', 'AM', 'e', 'true', 'True', 'TRUE', 'false', 'FALSE', 'fAlSe', 'yes', 'NaN', 'Infinity', 'null', 'Monday', 'Dec', 'N/A', '#N/A', 'TRUE ', '-', '.', '$', '€', '%', 'noon', 'today', 'Jan-Feb', "'text", 'item 12', 'Jan 5', 'Jan 5, 2024'];
  it.each([...samples, ...words])('%j', (raw) => {
    expect(typeCsvValue(raw)).toEqual(parseTyped(raw));
    const cache = new Map();
    typeCsvValue(raw, cache);
    expect(typeCsvValue(raw, cache)).toEqual(parseTyped(raw));
  });
});

describe('text encodings', () => {
  const text = 'a,b\nZürich,São\n';
  it.each([
    ['utf-8', Buffer.from(text, 'utf8'), false],
    ['utf-8', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), true],
    ['utf-16le', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), true],
    ['utf-16be', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]), true],
    ['utf-16le', Buffer.from(text, 'utf16le'), false],
    ['windows-1252', Buffer.from(text, 'latin1'), false],
  ] as const)('%s (BOM %s)', (encoding, bytes, bom) => {
    expect(decodeText(bytes)).toEqual({ text, encoding, bom });
  });
});

describe('number-format codes', () => {
  it('map to fields only when the fields build the same code again', () => {
    for (const code of ['0.00', '#,##0', '#,##0.00', '0%', '0.00%', '0.00E+00', '@']) expect(formatCode(fieldsOfCode(code))).toBe(code);
    expect(fieldsOfCode('yyyy-mm-dd')).toEqual({ date_time: '%Y-%m-%d' });
    expect(fieldsOfCode('[$-409]mmmm d, yyyy')).toEqual({ format_code: '[$-409]mmmm d, yyyy' });
    expect(fieldsOfCode('General')).toEqual({});
  });

  it("are read from xlsx as written, backslashes too (exceljs's reader dropped them: 0\\0 became 00)", async () => {
    const ExcelJS = await loadExcelJs();
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('S');
    const codes = ['0\\0', '"$"#,##0.00_);[Red]\\("$"#,##0.00\\)', '#,##0\\ "kg"'];
    codes.forEach((code, i) => Object.assign(ws.getCell(i + 1, 1), { value: 5, numFmt: code }));
    const read = await readXlsx(Buffer.from(await book.xlsx.writeBuffer()));
    const got: string[] = [];
    read.sheets[0]!.forEachCell((c) => void got.push(c.style?.format_code ?? ''));
    expect(got).toEqual(codes);
  });
});

describe('formula functions', () => {
  it('strips _xlfn prefixes and finds called functions outside strings and sheet names', () => {
    expect(stripPrefixes('_xlfn.CONCAT(A1,_xlfn._xlws.SORT(B1:B3))')).toBe('CONCAT(A1,SORT(B1:B3))');
    expect(functionsIn(`=SUM('My (Sheet)'!A1, "TRIMMEAN(")+ROUND(x,2)`)).toEqual(['SUM', 'ROUND']);
  });
});

describe('sources', () => {
  it('extensions pick the format; others are a 400 naming file_name and the valid ones', () => {
    expect(formatOf('a.CSV')).toBe('csv');
    expect(formatOf('b.xlsx')).toBe('xlsx');
    expect(() => formatOf('c.pdf')).toThrow(/file_name: '\.pdf' is not an importable extension; use one of \.csv/);
  });
  it('base64: size checked before decoding, junk refused', () => {
    expect(decodeBase64('QUJD', 10).toString()).toBe('ABC');
    expect(decodeBase64('QU\nJD', 10).toString()).toBe('ABC');
    expect(() => decodeBase64('QUJD', 2)).toThrow(/at most 2 bytes/);
    expect(() => decodeBase64('not base64!', 100)).toThrow(/file_data: is not base64/);
  });
  it('base64: exactly the standard alphabet, padded, is accepted (Node\'s own decoder is laxer)', () => {
    // Node reads - and _ as the URL alphabet, a character above U+00FF by its low byte
    // (U+012B as +), skips junk and stops at =: each must still be refused.
    for (const bad of ['QU-D', 'QU_D', 'QUJ\u012b', 'QU=D', 'Q===', '====', 'QUJ$', 'QUJ\0', 'QUJ\u00e9', 'QUJD\ud800AAA']) {
      expect(() => decodeBase64(bad, 100), JSON.stringify(bad)).toThrow(/file_data: is not base64/);
    }
    expect(decodeBase64('QQ==', 10).toString()).toBe('A');
    expect(decodeBase64('', 10).length).toBe(0);
    // Random strings near the alphabet, against its definition.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const odd = ['=', '-', '_', '$', '.', '\0', '\u00e9', '\u012b', '\u2603', '\ud800'];
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 20_000; n++) {
      let s = '';
      for (let i = 0; i < 4 * (1 + (n % 5)); i++) s += rand() < 0.05 ? odd[Math.floor(rand() * odd.length)] : alphabet[Math.floor(rand() * 64)];
      if (rand() < 0.3) s = s.slice(0, -1) + '=';
      if (rand() < 0.1) s = s.slice(0, -2) + '==';
      const valid = /^[A-Za-z0-9+/]*={0,2}$/.test(s);
      let accepted = true;
      try {
        decodeBase64(s, 100);
      } catch {
        accepted = false;
      }
      expect(accepted, JSON.stringify(s)).toBe(valid);
    }
  });
});

describe('bulk rows into tiles', () => {
  // Rows of tiles the import creates become the tiles' rows (BlockWriter.adoptRow); rows into
  // tiles that existed go cell by cell. Both must store the same text.
  const lines = (): Content[][] => [
    ['id', 'name', null, 'when'],
    [],
    [1, 'a', null, { v: 45292, auto: { date_time: '%Y-%m-%d' } }, null, null],
    [null, null],
    [2.5, true, 'x"y\\z', null],
    ...Array.from({ length: 600 }, (_, i): Content[] => (i % 7 === 0 ? [null] : [i, `item ${i}`, i % 3 ? null : -i / 3])),
  ];
  it.each([0, 2, 31])('from column %i: new tiles hold what written-into tiles hold', async (col) => {
    const fresh = memoryWorkbook();
    await new BlockWriter(fresh, fresh.sheets[0]!, 5, col).write(lines());
    const existing = memoryWorkbook();
    const sheet = existing.sheets[0]!;
    // Every tile the rows reach exists before the import (a cell written and cleared).
    for (let tr = 0; tr < 3; tr++) {
      for (let tc = 0; tc < 2; tc++) {
        sheet.set(tr * 256 + 255, tc * 32, 'x');
        sheet.set(tr * 256 + 255, tc * 32, null);
      }
    }
    await new BlockWriter(existing, sheet, 5, col).write(lines());
    const text = (wb: typeof fresh) => [...wb.sheets[0]!.tiles].filter(([, t]) => t.bounds()).map(([k, t]) => [k, t.encode(), t.bounds()]);
    expect(text(fresh)).toEqual(text(existing));
    expect(text(fresh).length).toBeGreaterThan(1);
  });
});

describe('CSV numeric dates next to ISO dates', () => {
  it('a quoted day-first date beside ISO dates (which alone skip the first pass) still orders its column', async () => {
    const wb = memoryWorkbook();
    const w = new BlockWriter(wb, wb.sheets[0]!, 0, 0);
    const out = await importCsv(Buffer.from('id,iso,when\n1,2024-01-15,"31/01/2024"\n2,2024-02-01,12/04/2024\n'), w, async () => undefined);
    expect(out.warnings).toEqual([]);
    expect(shown(wb, 'Sheet1', 'A2:C3')).toEqual([['1', '2024-01-15', '31/01/2024'], ['2', '2024-02-01', '12/04/2024']]);
    expect(wb.sheets[0]!.get(2, 2)).toMatchObject({ v: 45394 });
  });
});
