// A Parquet file reaches the sheet the same whichever way the import lays it down: worker threads
// decoding row groups into finished tiles (a blank sheet, a large file), this thread doing the
// same (a small file), or rows through the BlockWriter (a sheet that has content). Row groups of
// odd sizes share tile bands; values of every type, empty strings, whole empty rows and text that
// JSON and COPY must escape all come back as the same raw values and the same displayed text.
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parquetThreads } from '../core/io/parquet-import.ts';
import { COLS, expectRows, parquetFile, sheetRows } from './helpers/parquet-files.ts';
import { startServer, type TestServer } from './helpers/server.ts';

describe('Parquet import: threads, this thread and the BlockWriter lay down the same cells', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SHEETS_MAX_IMPORT_BYTES: String(64 * 1024 * 1024) });
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await server.request(method, path, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const b64 = (b: Buffer) => b.toString('base64');
  const cells = (id: string, sheet: string, col0: number, r0: number, r1: number, render: 'raw' | 'displayed') => sheetRows(server, id, sheet, col0, r0, r1, render);
  /** Imports `file` at `cell` of a new file, and of a file whose sheet already has a value (the BlockWriter's way). */
  const both = async (file: Buffer, cell: string) => {
    const blank = await call('POST', '/v1/files/import', { file_name: 'data.parquet', file_data: b64(file), sheet: 'Data', cell });
    // A one-cell CSV makes the sheet and puts a value where the header goes.
    const other = (await call('POST', '/v1/files/import', { file_name: 'seed.csv', file_data: b64(Buffer.from('overwritten\n')), sheet: 'Data', cell })).uuid as string;
    const into = await call('POST', `/v1/files/${other}/import`, { file_name: 'data.parquet', file_data: b64(file), sheet: 'Data', cell });
    expect(into.sheets).toEqual(blank.sheets);
    return { blank: blank.uuid as string, other };
  };
  const same = async (ids: { blank: string; other: string }, col0: number, row0: number, rows: number) => {
    for (const render of ['raw', 'displayed'] as const) {
      const a = await cells(ids.blank, 'Data', col0, row0, row0 + rows, render);
      const b = await cells(ids.other, 'Data', col0, row0, row0 + rows, render);
      expect(a.length).toBe(rows + 1);
      for (let r = 0; r < a.length; r++) expect(a[r], `${render} row ${row0 + r}`).toEqual(b[r]);
    }
    return cells(ids.blank, 'Data', col0, row0, row0 + rows, 'raw');
  };

  it('a large file of odd row groups, at an unaligned cell: threads and the BlockWriter agree', async () => {
    const rows = 60_000;
    const before = parquetThreads.imports;
    const file = parquetFile(rows, 7_001, 1);
    const ids = await both(file.bytes, 'C7');
    // Threads are used where there are two cores to run them.
    expect(parquetThreads.imports - before).toBe(availableParallelism() >= 2 ? 1 : 0);
    expect(parquetThreads.busy).toBe(0);
    const raw = await same(ids, 2, 7, rows);
    expectRows(raw, file.columns);
    expect(raw[14]).toEqual(Array(COLS).fill(null));
    expect(raw.some((r) => r[6] === 'tab\tand\nline')).toBe(true);
    expect(raw.some((r) => typeof r[1] === 'string')).toBe(true);
    // The next import takes the threads this one left, warm: none is started.
    const started = parquetThreads.started;
    const again = await call('POST', '/v1/files/import', { file_name: 'data.parquet', file_data: b64(file.bytes), sheet: 'Data', cell: 'C7' });
    expect(parquetThreads.started).toBe(started);
    expect(await cells(again.uuid, 'Data', 2, 7, 7 + rows, 'raw')).toEqual(raw);
  });

  it('a file that breaks in its fifth row group: a 400 naming file_data, no file left, the threads gone', async () => {
    const { bytes } = parquetFile(60_000, 7_001, 3);
    const files = async () => (await call('GET', '/v1/files')).files.length as number;
    const count = await files();
    const before = parquetThreads.imports;
    // The middle of the data pages (the footer at the end stays readable).
    const bad = Buffer.from(bytes);
    bad.fill(0xff, Math.floor(bad.length * 0.55), Math.floor(bad.length * 0.55) + 4_000);
    const res = await server.request('POST', '/v1/files/import', { body: { file_name: 'bad.parquet', file_data: b64(bad) } });
    expect(res.status).toBe(400);
    expect(res.body.error?.message ?? JSON.stringify(res.body)).toMatch(/file_data.*Parquet data could not be read/);
    expect(await files()).toBe(count);
    expect(parquetThreads.imports - before).toBe(availableParallelism() >= 2 ? 1 : 0);
    expect(parquetThreads.busy).toBe(0);
    // Its threads are ended, not kept for the next import.
    expect(parquetThreads.idle).toBe(0);
  });

  it('two large imports at once: each gets the cells of its file, and the threads never outnumber the cores', async () => {
    const files = [parquetFile(60_000, 7_001, 4), parquetFile(60_000, 9_999, 5)];
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, parquetThreads.busy)), 1);
    const made = await Promise.all(files.map((f) => call('POST', '/v1/files/import', { file_name: 'data.parquet', file_data: b64(f.bytes), sheet: 'Data' })));
    clearInterval(watch);
    expect(most).toBeLessThanOrEqual(availableParallelism());
    expect(parquetThreads.busy).toBe(0);
    for (let k = 0; k < 2; k++) expectRows(await cells(made[k].uuid, 'Data', 0, 1, 60_001, 'raw'), files[k]!.columns);
  });

  it('a small file of several groups, at A1: this thread and the BlockWriter agree', async () => {
    const before = parquetThreads.imports;
    const file = parquetFile(3_000, 513, 2);
    const ids = await both(file.bytes, 'A1');
    expect(parquetThreads.imports).toBe(before);
    expectRows(await same(ids, 0, 1, 3_000), file.columns);
  });
});
