// Without esbuild the Parquet import threads have no code to run: a large file is decoded on the
// request's own thread instead, with the same cells, and no thread is started.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parquetThreads } from '../core/io/parquet-import.ts';
import { expectRows, parquetFile, sheetRows } from './helpers/parquet-files.ts';
import { startServer, type TestServer } from './helpers/server.ts';

vi.mock('esbuild', () => ({
  build: async () => {
    throw new Error('esbuild is not installed');
  },
}));

describe('Parquet import without esbuild', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SHEETS_MAX_IMPORT_BYTES: String(64 * 1024 * 1024) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a large file of several groups is read on this thread, cell for cell', async () => {
    const rows = 60_000;
    const file = parquetFile(rows, 7_001, 6);
    const before = { imports: parquetThreads.imports, started: parquetThreads.started };
    const res = await server.request('POST', '/v1/files/import', { body: { file_name: 'data.parquet', file_data: file.bytes.toString('base64'), sheet: 'Data' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(parquetThreads).toMatchObject({ ...before, busy: 0 });
    expectRows(await sheetRows(server, res.body.uuid, 'Data', 0, 1, rows + 1, 'raw'), file.columns);
  });
});
