// Chart images rendered on the server: the PNG decodes to the chart's size in pixels and is not
// blank (bars in the series colour, text and axes drawn); the PDF back-end draws the same chart.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawChartPdf } from '../core/charts/pdf.ts';
import type { ResolvedChart } from '../core/charts/resolve.ts';
import { countColor, countNonBackground, decodePng } from './helpers/png.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/** pdftotext (poppler-utils) checks the text; without it the test says so, and fails under CI. */
function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI === 'true') throw new Error('pdftotext is missing: apt-get install poppler-utils');
    console.warn('skipping the PDF text check: install poppler-utils for pdftotext');
    return false;
  }
}

let server: TestServer;
let file: string;

async function png(path: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${server.token}` } });
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  server = await startServer();
  file = (await server.request('POST', '/v1/files', { body: { name: 'chart-image' } })).body.uuid;
  const values = [['Month', 'Sales', 'Costs'], ...['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'].map((m, i) => [m, String(100 + i * 20), String(80 + (i % 3) * 15)])];
  expect((await server.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values } })).status).toBe(200);
});
afterAll(async () => server?.close());

describe('chart images', () => {
  it('renders a column chart to a PNG of the chart size that is not blank', async () => {
    const add = await server.request('POST', `/v1/files/${file}/charts`, { body: { chart_type: 'column', data_range: 'A1:C7', position: 'E2', title: 'Sales' } });
    expect(add.status).toBe(200);
    const res = await png(`/v1/files/${file}/charts/${add.body.chart_id}/image?format=png`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/png');
    const img = decodePng(res.body);
    // 6 columns x 18 rows of default cells (100 x 21 px).
    expect([img.width, img.height]).toEqual([600, 378]);
    const total = img.width * img.height;
    expect(countNonBackground(img)).toBeGreaterThan(total * 0.05);
    expect(countColor(img, [0x42, 0x85, 0xf4])).toBeGreaterThan(2000); // the Sales bars
    expect(countColor(img, [0xea, 0x43, 0x35])).toBeGreaterThan(2000); // the Costs bars
  });

  it('renders at a requested size, and a pie chart too', async () => {
    const add = await server.request('POST', `/v1/files/${file}/charts`, { body: { chart_type: 'pie', data_range: 'A1:B7' } });
    const res = await png(`/v1/files/${file}/charts/${add.body.chart_id}/image?width=320&height=240`);
    const img = decodePng(res.body);
    expect([img.width, img.height]).toEqual([320, 240]);
    expect(countNonBackground(img)).toBeGreaterThan(320 * 240 * 0.2);
  });

  it('draws into a PDF as vector graphics (the PDF export calls drawChartPdf)', async () => {
    const chart: ResolvedChart = {
      spec: { id: 'c', name: 'C', type: 'line', data: { sheet: 's', rect: { r0: 0, c0: 0, r1: 3, c1: 1 } }, anchor: { row: 0, col: 0 }, width_cells: 6, height_cells: 18, first_row_headers: true, first_col_labels: true, transpose: false, data_labels: false, title: 'PDF chart' },
      dataRange: 'A1:B4',
      categories: ['a', 'b', 'c'],
      series: [{ column: 1, name: 'S', mark: 'line', axis: 'primary', values: [1, 3, 2], labels: [] }],
      warnings: [],
    };
    const doc = new PDFDocument({ size: [400, 300], margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => doc.on('end', resolve));
    drawChartPdf(doc, chart, { x: 20, y: 20, width: 360, height: 260 });
    doc.end();
    await done;
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (!hasPdftotext()) return;
    const dir = mkdtempSync(join(tmpdir(), 'chart-pdf-'));
    writeFileSync(join(dir, 'c.pdf'), pdf);
    execFileSync('pdftotext', [join(dir, 'c.pdf'), join(dir, 'c.txt')]);
    expect(readFileSync(join(dir, 'c.txt'), 'utf8')).toContain('PDF chart');
  });
});
