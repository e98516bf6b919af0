// Pictures in Excel files are kept: XlsxWriter's reference file saved by Excel holds a 200 x 80 px
// PNG logo at E12. It comes in with its place and size, shows in /context, follows an inserted
// row, prints in the PDF where it sits, and goes back to xlsx as a picture at the same place.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { must } from './cases/types.ts';
import { restDoor, type Door } from './helpers/doors.ts';
import { FIXTURES, importWithReport } from './helpers/excel-fidelity.ts';
import { countColor } from './helpers/png.ts';
import { popplerMissing, renderPage } from './helpers/poppler.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const FILE = `${FIXTURES}features/xlsxwriter/set_column08.xlsx`;
let server: TestServer;
let door: Door;

beforeAll(async () => {
  server = await startServer();
  door = restDoor(server);
});
afterAll(async () => server?.close());

describe('pictures from xlsx', () => {
  it('come in with their cell, offset and size, show in /context and follow inserted rows', async () => {
    const out = await must(door, 'import_file', { file_name: 'logo.xlsx', file_data: readFileSync(FILE).toString('base64') });
    expect(out.warnings.join('\n')).not.toMatch(/images/);
    const ctx = await must(door, 'get_context', { file_uuid: out.uuid });
    expect(ctx.images).toEqual([expect.objectContaining({ cell: 'Sheet1!E12', width: 200, height: 80, type: 'png', name: 'logo.png' })]);
    await must(door, 'insert_rows_or_columns', { file_uuid: out.uuid, at: '3', count: 2 });
    expect((await must(door, 'get_context', { file_uuid: out.uuid })).images[0].cell).toBe('Sheet1!E14');
  });

  it.skipIf(!!popplerMissing())('print where they sit', async () => {
    const out = await must(door, 'import_file', { file_name: 'logo.xlsx', file_data: readFileSync(FILE).toString('base64') });
    const res = await fetch(`${server.url}/v1/files/${out.uuid}/export/pdf`, { method: 'POST', headers: { authorization: `Bearer ${server.token}` } });
    expect(res.status).toBe(200);
    const page = renderPage(Buffer.from(await res.arrayBuffer()), 1, 72);
    // The Python logo's blue and yellow.
    expect(countColor(page, [0x36, 0x6c, 0x9c], 40)).toBeGreaterThan(100);
    expect(countColor(page, [0xff, 0xd4, 0x3b], 50)).toBeGreaterThan(50);
  });

  it('go back to xlsx as pictures at the same place and size', async () => {
    const { wb } = await importWithReport(readFileSync(FILE));
    const bytes = await workbookToXlsx(wb, async () => undefined);
    const drawing = readZipEntry(bytes, 'xl/drawings/drawing1.xml')?.toString('utf8') ?? '';
    expect(drawing).toMatch(/<xdr:from><xdr:col>4<\/xdr:col><xdr:colOff>0<\/xdr:colOff><xdr:row>11<\/xdr:row>/);
    const again = (await importWithReport(bytes)).wb.sheets[0]!.meta.images!;
    expect(again).toEqual([expect.objectContaining({ anchor: { row: 11, col: 4 }, dx: 0, dy: 0, width: 200, height: 80, type: 'png' })]);
    expect(again[0]!.data).toBe(wb.sheets[0]!.meta.images![0]!.data);
  });
});
