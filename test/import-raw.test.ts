// Imports as raw bytes: the file itself as the body (Content-Type: application/octet-stream), the
// other fields in the query string, so a 41 MB CSV is not a 55 MB base64 JSON string.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ SHEETS_MAX_IMPORT_BYTES: '4096' });
});
afterAll(async () => s?.close());

const octet = { 'content-type': 'application/octet-stream' };
const CSV = 'Region,Amount\nWest,250\nEast,12%\n';

describe('raw-bytes imports', () => {
  it('creates a file from the body, fields in the query', async () => {
    const r = await s.request('POST', '/v1/files/import?file_name=sales.csv', { headers: octet, raw: CSV });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'sales', format: 'csv', sheets: [{ sheet: 'Sheet1', range: 'A1:B3', rows: 3, cols: 2 }] });
    const read = await s.request('GET', `/v1/files/${r.body.uuid}/cells?range=A1:B3`);
    expect(read.body.values).toEqual([['Region', 'Amount'], ['West', '250'], ['East', '12%']]);
  });

  it('imports into a file at a cell of a sheet, with date_order', async () => {
    const file = (await s.request('POST', '/v1/files', { body: { name: 'target' } })).body.uuid;
    const r = await s.request('POST', `/v1/files/${file}/import?file_name=d.csv&sheet=Q3&cell=B2&date_order=DMY`, { headers: octet, raw: 'When\n01/02/2024\n' });
    expect(r.status).toBe(200);
    expect(r.body.sheets).toEqual([{ sheet: 'Q3', range: 'B2:B3', rows: 2, cols: 1 }]);
    const f = await s.request('PUT', `/v1/files/${file}/cells/formula`, { body: { sheet: 'Q3', cell: 'C3', formula: '=TEXT(B3,"yyyy-mm-dd")' } });
    expect(f.body.value).toBe('2024-02-01');
  });

  it('refuses what it cannot read, naming the field', async () => {
    const noName = await s.request('POST', '/v1/files/import', { headers: octet, raw: CSV });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toMatch(/^file_name: is required in the query string with a raw-bytes body/);
    const both = await s.request('POST', `/v1/files/import?file_name=a.csv&file_data=${Buffer.from(CSV).toString('base64')}`, { headers: octet, raw: CSV });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toMatch(/^file_data: the file came as the request body already/);
    const big = await s.request('POST', '/v1/files/import?file_name=big.csv', { headers: octet, raw: 'x,'.repeat(3000) });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toMatch(/file_data: the file is 6000 bytes; imports take at most 4096 bytes/);
    const file = (await s.request('POST', '/v1/files', { body: { name: 'json only' } })).body.uuid;
    const notImport = await s.request('PUT', `/v1/files/${file}/cells?cell=A1`, { headers: octet, raw: 'x' });
    expect(notImport.status).toBe(400);
    expect(notImport.body.error.message).toMatch(/^\(body\): raw bytes \(application\/octet-stream\) are only for imports/);
    expect((await s.request('GET', `/v1/files/${file}`)).body.version).toBe(1);
  });
});
