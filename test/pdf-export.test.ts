// PDF export checked by poppler, not by ourselves: page counts and sizes (pdfinfo), texts and
// headers/footers (pdftotext), and pages rendered to PNG (pdftoppm) so blank output, a missing
// chart or an ignored chart image shows up as pixels.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svgToPng } from '../core/charts/png.ts';
import { must } from './cases/types.ts';
import { restDoor, type Door } from './helpers/doors.ts';
import { countColor, countNonBackground } from './helpers/png.ts';
import { pdfFonts, pdfInfo, pdfText, popplerMissing, renderPage } from './helpers/poppler.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const missing = popplerMissing();
if (missing) console.warn(`skipping the PDF export checks: ${missing}`);

let server: TestServer;
let door: Door;
let file: string;
const MAGENTA: [number, number, number] = [255, 0, 255];
const SALES_BLUE: [number, number, number] = [0x42, 0x85, 0xf4];

async function exportPdf(body?: unknown, id = file): Promise<Buffer> {
  const res = await fetch(`${server.url}/v1/files/${id}/export/pdf`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const buf = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`export failed ${res.status}: ${buf.toString()}`);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return buf;
}

async function magentaPng(): Promise<string> {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40"><rect width="60" height="40" fill="#FF00FF"/></svg>';
  return (await svgToPng(svg)).toString('base64');
}

beforeAll(async () => {
  if (missing) return;
  server = await startServer();
  door = restDoor(server);
  file = (await must(door, 'create_file', { name: 'Report', sheets: ['Data', 'Charts'] })).uuid;
  const rows = [['Item', 'Amount', 'Share', 'Note'], ...Array.from({ length: 120 }, (_, i) => [`item ${i + 1}`, String(1000 + i * 10.5), String((i % 10) / 10), i % 7 === 0 ? 'a rather long note that overflows into the next empty cell' : ''])];
  await must(door, 'write_cells', { file_uuid: file, sheet: 'Data', cell: 'A1', values: rows });
  await must(door, 'format_cells', { file_uuid: file, sheet: 'Data', range: 'A1:D1', bold: true, fill_color: '#FFF2CC' });
  await must(door, 'format_cells', { file_uuid: file, sheet: 'Data', range: 'B2:B121', number_format: 'currency' });
  await must(door, 'format_cells', { file_uuid: file, sheet: 'Data', range: 'C2:C121', number_format: 'percent', decimals: 0 });
  await must(door, 'set_borders', { file_uuid: file, sheet: 'Data', range: 'A1:D1', sides: 'outer', line: 'line2' });
  const months = [['Month', 'Sales'], ...['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'].map((m, i) => [m, String(100 + i * 20)])];
  await must(door, 'write_cells', { file_uuid: file, sheet: 'Charts', cell: 'A1', values: months });
  await must(door, 'merge_cells', { file_uuid: file, sheet: 'Charts', range: 'A9:C9' });
  await must(door, 'write_cells', { file_uuid: file, sheet: 'Charts', cell: 'A9', values: [['Merged title']] });
  await must(door, 'add_chart', { file_uuid: file, sheet: 'Charts', chart_type: 'column', data_range: 'A1:B7', position: 'D2', title: 'Sales by month', chart_name: 'SalesChart' });
});
afterAll(async () => server?.close());

describe.skipIf(!!missing)('PDF export', () => {
  it('without a body: Letter portrait, every sheet, displayed values, not blank', async () => {
    const pdf = await exportPdf();
    const info = pdfInfo(pdf);
    expect([info.width, info.height]).toEqual([612, 792]);
    expect(info.title).toBe('Report');
    expect(info.pages).toBeGreaterThan(2);
    const text = pdfText(pdf);
    expect(text).toContain('Item');
    expect(text).toContain('$1,000.00');
    expect(text).toContain('90%');
    expect(text).toContain('Merged title');
    const img = renderPage(pdf, 1);
    expect(countNonBackground(img)).toBeGreaterThan(img.width * img.height * 0.01);
    // Cells are set in Carlito (Calibri's metrics, Excel's default), the bold header row in its bold
    // face; fonts are embedded (subsets).
    expect(pdfFonts(pdf)).toEqual(expect.arrayContaining(['Carlito-Regular', 'Carlito-Bold']));
  });

  it('OpenAPI declares the PDF response and an optional body', async () => {
    const doc = (await server.request('GET', '/v1/openapi.json', { token: null })).body;
    const post = doc.paths['/v1/files/{file_uuid}/export/pdf'].post;
    expect(Object.keys(post.responses['200'].content)).toEqual(['application/pdf']);
    expect(post.requestBody.required).toBe(false);
    expect(post.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
  });

  it('paper size and landscape swap the page size', async () => {
    const a4 = pdfInfo(await exportPdf({ pageSetup: { paperSize: 'a4' } }));
    expect([Math.round(a4.width), Math.round(a4.height)]).toEqual([595, 842]);
    const land = pdfInfo(await exportPdf({ pageSetup: { paperSize: 'a4', orientation: 'landscape' } }));
    expect([Math.round(land.width), Math.round(land.height)]).toEqual([842, 595]);
    const legal = pdfInfo(await exportPdf({ pageSetup: { paperSize: 'legal', orientation: 'landscape' } }));
    expect([legal.width, legal.height]).toEqual([1008, 612]);
  });

  it("an Excel workbook prints with its own page setup unless the request says otherwise", async () => {
    // Excel's budget template: landscape, fit to one page wide (test/fixtures/excel/SOURCES.md); with
    // its chart it runs onto a second page, as LibreOffice prints it too.
    const bytes = readFileSync(new URL('./fixtures/excel/features/poi/simple-monthly-budget.xlsx', import.meta.url));
    const { uuid } = await must(door, 'import_file', { file_name: 'budget.xlsx', file_data: bytes.toString('base64') });
    const own = pdfInfo(await exportPdf(undefined, uuid));
    expect([own.width, own.height, own.pages]).toEqual([792, 612, 2]);
    const asked = pdfInfo(await exportPdf({ pageSetup: { orientation: 'portrait' } }, uuid));
    expect([asked.width, asked.height]).toEqual([612, 792]);
  });

  it('fitTo 1 x 1 prints a sheet on one page; zoom 50 % on fewer pages than 100 %', async () => {
    const full = pdfInfo(await exportPdf({ sheetIds: ['Data'] })).pages;
    expect(full).toBeGreaterThan(1);
    const fit = await exportPdf({ sheetIds: ['Data'], pageSetup: { scaling: { type: 'fitTo', width: 1, height: 1 } } });
    expect(pdfInfo(fit).pages).toBe(1);
    expect(pdfText(fit)).toContain('item 120');
    const half = pdfInfo(await exportPdf({ sheetIds: ['Data'], pageSetup: { scaling: { type: 'zoom', percent: 50 } } })).pages;
    expect(half).toBeLessThan(full);
  });

  it('a print area limits what is printed', async () => {
    const pdf = await exportPdf({ sheetIds: ['Data'], sheetOptions: { Data: { printArea: 'A1:B5' } } });
    expect(pdfInfo(pdf).pages).toBe(1);
    const text = pdfText(pdf);
    expect(text).toContain('item 4');
    expect(text).not.toContain('item 5');
    expect(text).not.toContain('Share');
  });

  it('repeated rows appear on page 2; manual row breaks end pages', async () => {
    const plain = await exportPdf({ sheetIds: ['Data'] });
    expect(pdfText(plain, 2)).not.toContain('Amount');
    const titled = await exportPdf({ sheetIds: ['Data'], sheetOptions: { Data: { repeatRows: '1:1' } } });
    expect(pdfText(titled, 2)).toMatch(/Item\s+Amount\s+Share/);
    const broken = await exportPdf({ sheetIds: ['Data'], sheetOptions: { Data: { rowBreaks: [10, 20] } } });
    expect(pdfText(broken, 1)).toContain('item 9');
    expect(pdfText(broken, 1)).not.toContain('item 10');
    expect(pdfText(broken, 2)).toMatch(/item 10\b/);
    expect(pdfText(broken, 3)).toMatch(/item 20\b/);
    const cols = await exportPdf({ sheetIds: ['Data'], sheetOptions: { Data: { printArea: 'A1:D5', colBreaks: ['B'] } } });
    expect(pdfInfo(cols).pages).toBe(2);
    expect(pdfText(cols, 2)).toContain('Share');
    expect(pdfText(cols, 1)).not.toContain('Share');
    expect(pdfText(cols, 2)).not.toContain('item 1');
    const titledCols = await exportPdf({ sheetIds: ['Data'], sheetOptions: { Data: { printArea: 'A1:D5', colBreaks: ['B'], repeatCols: 'A' } } });
    expect(pdfText(titledCols, 2)).toMatch(/Item\s+Share/);
    expect(pdfText(titledCols, 2)).toContain('item 1');
  });

  it('page order: overThenDown prints across before down', async () => {
    const body = (order: string) => ({ sheetIds: ['Data'], sheetOptions: { Data: { printArea: 'A1:D40', colBreaks: [2], rowBreaks: [20] } }, pageSetup: { pageOrder: order } });
    const down = await exportPdf(body('downThenOver'));
    const over = await exportPdf(body('overThenDown'));
    expect(pdfText(down, 2)).toMatch(/item 20\b/);
    expect(pdfText(down, 2)).not.toContain('Share');
    expect(pdfText(over, 2)).toContain('Share');
  });

  it('headers and footers with &P &N &D &F &A and &B', async () => {
    const pdf = await exportPdf({
      fileName: 'Quarterly.pdf',
      printedAt: '2026-03-04T10:00:00Z',
      pageSetup: { header: { left: '&A', center: '&BFile&B &F', right: '&D' }, footer: { center: 'Page &P of &N', right: 'R&&D' } },
    });
    const n = pdfInfo(pdf).pages;
    expect(pdfInfo(pdf).title).toBe('Quarterly.pdf');
    const first = pdfText(pdf, 1);
    expect(first).toContain('Data');
    expect(first).toContain('File Quarterly.pdf');
    expect(first).toContain('2026-03-04');
    expect(first).toContain(`Page 1 of ${n}`);
    expect(first).toContain('R&D');
    expect(pdfText(pdf, n)).toContain(`Page ${n} of ${n}`);
    expect(pdfText(pdf, n)).toContain('Charts');
  });

  it('a tall wrapped text in a row of set height stays in its cell (no extra pages)', async () => {
    const d = restDoor(server);
    const id = (await must(d, 'create_file', { name: 'wrap' })).uuid;
    await must(d, 'write_cells', { file_uuid: id, cell: 'A43', values: [[Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ')], ['next']] });
    await must(d, 'format_cells', { file_uuid: id, range: 'A43', wrap: 'wrap' });
    await must(d, 'set_sizes', { file_uuid: id, indices: ['43'], size: 21 });
    const pdf = await exportPdf(undefined, id);
    expect(pdfInfo(pdf).pages).toBe(2);
    expect(pdfText(pdf, 1)).toContain('word0');
    expect(pdfText(pdf, 2)).toContain('next');
    expect(pdfText(pdf, 2)).not.toContain('word');
  });

  it('no character is dropped: what Carlito lacks comes from DejaVu Sans, what no font has prints as a box', async () => {
    const d = restDoor(server);
    const id = (await must(d, 'create_file', { name: 'glyphs' })).uuid;
    await must(d, 'write_cells', { file_uuid: id, cell: 'A1', values: [['Total ✓ → ☂'], ['AB'], ['A日本B']] });
    const pdf = await exportPdf({ sheetOptions: { Sheet1: { printArea: 'A1:A1' } } }, id);
    expect(pdfFonts(pdf)).toEqual(expect.arrayContaining(['Carlito-Regular', 'DejaVuSans']));
    const ink = async (cell: string) => countNonBackground(renderPage(await exportPdf({ sheetOptions: { Sheet1: { printArea: cell } } }, id), 1, 72));
    // The CJK letters have no glyph in any face: each prints as the missing-glyph box, so there is more ink.
    expect(await ink('A3')).toBeGreaterThan((await ink('A2')) * 1.5);
  });

  it('a row whose height was never set grows to fit its wrapped and large text, as in Excel', async () => {
    const d = restDoor(server);
    const id = (await must(d, 'create_file', { name: 'grow' })).uuid;
    await must(d, 'write_cells', { file_uuid: id, cell: 'A1', values: [['one two three four five six seven eight nine ten eleven twelve', 'Big'], ['after', '']] });
    await must(d, 'format_cells', { file_uuid: id, range: 'A1', wrap: 'wrap' });
    await must(d, 'format_cells', { file_uuid: id, range: 'B1', font_size: 36 });
    const pdf = await exportPdf(undefined, id);
    // "after" (row 2) is printed below every wrapped line of row 1: pdftotext sees the lines above it.
    const text = pdfText(pdf, 1);
    const lines = text.split('\n').filter((l) => l.trim());
    const at = (w: string) => lines.findIndex((l) => l.includes(w));
    expect(at('twelve')).toBeGreaterThan(at('one'));
    expect(at('after')).toBeGreaterThan(at('twelve'));
    expect(text).toContain('Big');
  });

  it("draws an Excel file's data bars and icon sets", async () => {
    // Apache POI's file saved by Excel: green data bars in E2:E17, traffic lights and arrows beside.
    const bytes = readFileSync(new URL('./fixtures/excel/features/poi/NewStyleConditionalFormattings.xlsx', import.meta.url));
    const id = (await must(restDoor(server), 'import_file', { file_name: 'cf.xlsx', file_data: bytes.toString('base64') })).uuid;
    const pdf = await exportPdf(undefined, id);
    const page = (n: number) => renderPage(pdf, n, 72);
    const pages = pdfInfo(pdf).pages;
    const count = (rgb: [number, number, number]) => Array.from({ length: pages }, (_, i) => countColor(page(i + 1), rgb, 20)).reduce((a, b) => a + b, 0);
    expect(count([0x63, 0xc3, 0x84])).toBeGreaterThan(100); // the bars' green, where their gradient starts
    expect(count([0xff, 0x00, 0x00])).toBeGreaterThan(50); // red lights, signs and arrows
    expect(count([0x00, 0xb0, 0x50])).toBeGreaterThan(50); // green ones
  });

  it('gridlines and headings are printed when asked', async () => {
    const plain = await exportPdf({ sheetIds: ['Data'], sheetOptions: { Data: { printArea: 'A1:B3' } } });
    const grid = await exportPdf({ sheetIds: ['Data'], sheetOptions: { Data: { printArea: 'A1:B3' } }, pageSetup: { printGridlines: true, printHeadings: true } });
    expect(countNonBackground(renderPage(grid))).toBeGreaterThan(countNonBackground(renderPage(plain)));
    expect(pdfText(grid)).toMatch(/A\s+B/);
  });

  it('a chart without an image is drawn from its data as vector graphics', async () => {
    const pdf = await exportPdf({ sheetIds: ['Charts'] });
    expect(pdfText(pdf)).toContain('Sales by month');
    const img = renderPage(pdf, 1, 72);
    expect(countColor(img, SALES_BLUE, 12)).toBeGreaterThan(500);
  });

  it('chartImages replace the drawing; over the raster budget a frame is printed', async () => {
    const pdf = await exportPdf({ sheetIds: ['Charts'], chartImages: { 'Charts!D2': await magentaPng() } });
    const img = renderPage(pdf, 1, 72);
    expect(countColor(img, MAGENTA, 12)).toBeGreaterThan(5000);
    expect(countColor(img, SALES_BLUE, 12)).toBe(0);
    const byXy = renderPage(await exportPdf({ sheetIds: ['Charts'], chartImages: { 'Charts!4,2': await magentaPng() } }), 1, 72);
    expect(countColor(byXy, MAGENTA, 12)).toBeGreaterThan(5000);
  });

  it('centering moves the content', async () => {
    const body = (center: boolean) => ({ sheetIds: ['Data'], sheetOptions: { Data: { printArea: 'A1:A1' } }, pageSetup: { centerHorizontally: center, centerVertically: center } });
    const leftTop = renderPage(await exportPdf(body(false)), 1, 36);
    const centred = renderPage(await exportPdf(body(true)), 1, 36);
    const firstInk = (img: ReturnType<typeof renderPage>) => {
      for (let i = 0; i < img.pixels.length; i += 4) if (img.pixels[i]! < 200) return Math.floor(i / 4 / img.width);
      return -1;
    };
    expect(firstInk(centred)).toBeGreaterThan(firstInk(leftTop) + 100);
  });
});

describe.skipIf(!!missing)('PDF export raster budget', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startServer({ SHEETS_PDF_RASTER_BYTES: '1000' });
  });
  afterAll(async () => small?.close());

  it('prints a frame with the chart name when the picture is over the budget', async () => {
    const d = restDoor(small);
    const id = (await must(d, 'create_file', { name: 'Budget' })).uuid;
    await must(d, 'write_cells', { file_uuid: id, cell: 'A1', values: [['M', 'V'], ['a', '1'], ['b', '2']] });
    await must(d, 'add_chart', { file_uuid: id, chart_type: 'column', data_range: 'A1:B3', position: 'D2', chart_name: 'Framed' });
    const res = await fetch(`${small.url}/v1/files/${id}/export/pdf`, { method: 'POST', headers: { authorization: `Bearer ${small.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ chartImages: { 'Sheet1!D2': await magentaPng() } }) });
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(pdfText(pdf)).toContain('Framed');
    expect(countColor(renderPage(pdf, 1, 72), MAGENTA, 12)).toBe(0);
  });
});
