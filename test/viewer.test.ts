// The read-only viewer in a real headless Chromium: a signed link opens the page, cells show as
// formatted (format_cells) with merges and sizes, file text is escaped, the conditional-format and chart seams
// paint, the screenshot is not blank, and the page follows a write made over the API.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLink, viewSecret } from '../rest/viewer/link.ts';
import { TMP_DIR } from './helpers/paths.ts';
import { decodePng } from './helpers/png.ts';
import { halve, pageDifference, rasterise, sideBySide, type Grey } from './helpers/visual.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  if (process.env.CI === 'true') throw new Error(`viewer test: ${CHROMIUM} is missing (apt-get install chromium)`);
  console.warn(`viewer test skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
}

let server: TestServer;
let file: string;
let browser: import('playwright-core').Browser;

async function rest(method: string, path: string, body?: unknown) {
  const r = await server.request(method, path, { body });
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return r.body;
}

describe.skipIf(!haveChromium)('viewer', () => {
  beforeAll(async () => {
    server = await startServer();
    file = (await rest('POST', '/v1/files', { name: 'Viewer <test>', sheets: ['Data', 'Other'] })).uuid;
    await rest('PUT', `/v1/files/${file}/cells`, { cell: 'A1', values: [['Item', 'Amount', 'Share'], ['Rent', '1200', '60%'], ['<script>alert(1)</script>', '80', '4%'], ['Food', '720', '36%']] });
    await rest('PUT', `/v1/files/${file}/cells`, { cell: 'A6', values: [['Merged title']] });
    await rest('PUT', `/v1/files/${file}/cells`, { sheet: 'Other', cell: 'A1', values: [['on the other sheet']] });
    await rest('POST', `/v1/files/${file}/cells/merge`, { range: 'A6:C6' });
    await rest('PUT', `/v1/files/${file}/columns/size`, { size: 180, indices: ['A'] });
    await rest('PUT', `/v1/files/${file}/columns/size`, { size: 40, indices: [1] });
    await rest('PUT', `/v1/files/${file}/cells/formats`, { range: 'A1:C1', bold: true, fill_color: '#00ff00' });
    // What other areas draw: a conditional format (amounts over 1000 in red) and a chart.
    await rest('PUT', `/v1/files/${file}/conditional-formats`, { range: 'B2:B4', formula: '=B2>1000', fill_color: '#ff0000', text_color: '#ffffff' });
    await rest('POST', `/v1/files/${file}/charts`, { chart_type: 'column', data_range: 'A1:B4', position: 'E2', title: 'Amounts <1>', width_cells: 4, height_cells: 10 });
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const link = () => `${server.url}/view/${file}?${signLink(viewSecret(server.config), file, server.server.services.clock.now())}`;

  it('shows the sheet as a person sees it, and follows writes', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 500 } });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto(link());
    expect(res?.status()).toBe(200);
    expect(page.url()).toBe(`${server.url}/view/${file}`); // the signature left the address bar
    expect(res?.headers()['content-security-policy']).toMatch(/default-src 'none'.*script-src 'nonce-/);
    expect(await page.title()).toBe('Viewer <test> — Data');

    const cell = (a1: string) => page.locator(`td[data-cell="${a1}"]`);
    expect(await cell('A1').textContent()).toBe('Item');
    expect(await cell('C2').textContent()).toBe('60%');
    expect(await cell('A3').textContent()).toBe('<script>alert(1)</script>');
    expect(await page.locator('main script').count()).toBe(0);
    expect(await cell('A6').getAttribute('colspan')).toBe('3');
    expect(await cell('B6').count()).toBe(0);
    expect(Math.round((await cell('A1').boundingBox())!.width)).toBe(180);
    expect(Math.round((await cell('A1').boundingBox())!.height)).toBe(40);
    expect(await cell('B2').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 0, 0)');
    expect(await cell('A1').evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).fontWeight])).toEqual(['rgb(0, 255, 0)', '700']);
    expect(await cell('B3').evaluate((el) => getComputedStyle(el).textAlign)).toBe('right');
    expect(await page.locator('figure svg').count()).toBe(1);
    expect(await page.locator('figure svg').textContent()).toContain('Amounts <1>');
    expect(await page.locator('figure svg rect').count()).toBeGreaterThan(3);
    expect(await page.locator('nav a').allTextContents()).toEqual(['Data', 'Other']);

    // The screenshot is not blank and shows the painted cell and the chart.
    const shot = await page.screenshot();
    writeFileSync(join(TMP_DIR, 'viewer.png'), shot); // for a person to look at
    const probe = await context.newPage();
    const stats = await probe.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, img.width, img.height).data;
      let nonWhite = 0, red = 0, blue = 0;
      for (let i = 0; i < d.length; i += 4) {
        const [r, gr, b] = [d[i]!, d[i + 1]!, d[i + 2]!];
        if (r < 245 || gr < 245 || b < 245) nonWhite++;
        if (r > 230 && gr < 30 && b < 30) red++;
        if (Math.abs(r - 0x42) < 20 && Math.abs(gr - 0x85) < 20 && b > 220) blue++; // the first series colour of charts
      }
      return { total: d.length / 4, nonWhite, red, blue };
    }, `data:image/png;base64,${shot.toString('base64')}`);
    expect(stats.nonWhite / stats.total).toBeGreaterThan(0.02);
    expect(stats.red).toBeGreaterThan(500);
    expect(stats.blue).toBeGreaterThan(2000);

    // A write over the API shows up without a reload by hand.
    await rest('PUT', `/v1/files/${file}/cells`, { cell: 'A2', values: [['Mortgage']] });
    await page.waitForFunction(() => document.querySelector('td[data-cell="A2"]')?.textContent === 'Mortgage', undefined, { timeout: 15_000 });
    await page.click('nav a:has-text("Other")');
    expect(await cell('A1').textContent()).toBe('on the other sheet');
    expect(dialogs).toEqual([]);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("keeps an Excel file's frozen rows and columns in view while the sheet scrolls", async () => {
    // XlsxWriter's reference file made in Excel: Sheet5 is frozen at B2 (one row, one column).
    const bytes = readFileSync(new URL('./fixtures/excel/features/xlsxwriter/panes01.xlsx', import.meta.url));
    const { uuid } = await rest('POST', '/v1/files/import', { file_name: 'panes.xlsx', file_data: bytes.toString('base64') });
    await rest('PUT', `/v1/files/${uuid}/cells`, { sheet: 'Sheet5', cell: 'A1', values: [['corner', 'top'], ['left', 'body']] });
    const context = await browser.newContext({ viewport: { width: 500, height: 300 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/view/${uuid}?${signLink(viewSecret(server.config), uuid, server.server.services.clock.now())}`);
    await page.click('nav a:text-is("Sheet5")');
    const box = async (a1: string) => page.locator(`td[data-cell="${a1}"]`).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    const [a1, b1, a2] = [await box('A1'), await box('B1'), await box('A2')];
    await page.locator('main').evaluate((el) => el.scrollBy(300, 300));
    const [a1s, b1s, a2s, b2s] = [await box('A1'), await box('B1'), await box('A2'), await box('B2')];
    // Within a pixel: collapsed borders put a sticky cell half a pixel off.
    const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1);
    near(a1s.top, a1.top); // the frozen corner does not move
    near(a1s.left, a1.left);
    near(b1s.top, b1.top); // the frozen row stays at the top
    near(a2s.left, a2.left); // the frozen column stays at the left
    expect(b2s.top).toBeLessThan(a2.top); // the body scrolls
    await context.close();
  });

  it("shows an Excel file's links to open and its notes on hover, with the red corner", async () => {
    // XlsxWriter's reference file made in Excel: A1 links to Sheet2!A1, A5 to 'Data Sheet'!D5.
    const bytes = readFileSync(new URL('./fixtures/excel/features/xlsxwriter/hyperlink04.xlsx', import.meta.url));
    const { uuid } = await rest('POST', '/v1/files/import', { file_name: 'links.xlsx', file_data: bytes.toString('base64') });
    await rest('PUT', `/v1/files/${uuid}/notes`, { cell: 'C3', text: 'Checked by Ana' });
    const page = await browser.newPage();
    await page.goto(`${server.url}/view/${uuid}?${signLink(viewSecret(server.config), uuid, server.server.services.clock.now())}`);
    expect(await page.locator('td[data-cell="C3"]').getAttribute('title')).toBe('Checked by Ana');
    const corner = await page.locator('td[data-cell="C3"]').evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(corner).toMatch(/linear-gradient/);
    expect(await page.locator('td[data-cell="A5"] a').getAttribute('href')).toContain(`sheet=${encodeURIComponent('Data Sheet')}`);
    await page.click('td[data-cell="A1"] a');
    await page.waitForURL(/sheet=Sheet2/);
    expect(await page.locator('nav a[aria-current]').textContent()).toBe('Sheet2');
    await page.close();
  });

  it('lays text out as the PDF does: overflow over empty neighbours, #### and shorter General numbers, Carlito', async () => {
    const { uuid } = await rest('POST', '/v1/files', { name: 'Layout', sheets: ['S'] });
    await rest('PUT', `/v1/files/${uuid}/cells`, { cell: 'A1', values: [['A title that flows over the empty cells', '', '', 'x'], ['1234567.891', '3.14159265358979', '', ''], ['right side', '', '', '']] });
    await rest('PUT', `/v1/files/${uuid}/columns/size`, { size: 50, indices: ['A', 'B', 'C', 'D'] });
    await rest('PUT', `/v1/files/${uuid}/cells/formats`, { range: 'A2', number_format: 'currency' });
    const page = await browser.newPage();
    await page.goto(`${server.url}/view/${uuid}?${signLink(viewSecret(server.config), uuid, server.server.services.clock.now())}`);
    await page.evaluate(() => document.fonts.ready);
    // The title runs over B1 and C1 (empty) and stops before D1 (which has a value).
    const flow = await page.locator('td[data-cell="A1"] .flow').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    const [c1, d1] = [await page.locator('td[data-cell="C1"]').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect), await page.locator('td[data-cell="D1"]').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect)];
    expect(flow.right).toBeGreaterThan(c1.left);
    const visible = await page.locator('td[data-cell="A1"]').evaluate((el) => getComputedStyle(el).overflow);
    expect(visible).toBe('visible');
    expect(d1.left).toBeGreaterThanOrEqual(c1.right - 1);
    // A currency amount too wide for its column shows ####; a General number loses decimals.
    expect(await page.locator('td[data-cell="A2"]').textContent()).toMatch(/^#+$/);
    const pi = await page.locator('td[data-cell="B2"]').textContent();
    expect(pi).toMatch(/^3\.1\d*$/);
    expect(pi!.length).toBeLessThan('3.14159265358979'.length);
    expect(await page.locator('td[data-cell="A1"]').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^Carlito/);
    expect(await page.evaluate(() => document.fonts.check('14.67px Carlito'))).toBe(true);
    await page.close();
  });

  it('draws an Excel workbook as its PDF page does (screenshot against the page, same measure as the visual suite)', async () => {
    // Apache POI's Formatting.xlsx, saved by Excel: dates and numbers in custom formats, bold titles.
    const bytes = readFileSync(new URL('./fixtures/excel/features/poi/Formatting.xlsx', import.meta.url));
    const { uuid } = await rest('POST', '/v1/files/import', { file_name: 'formatting.xlsx', file_data: bytes.toString('base64') });
    const page = await browser.newPage({ viewport: { width: 900, height: 700 }, deviceScaleFactor: 1 });
    await page.goto(`${server.url}/view/${uuid}?${signLink(viewSecret(server.config), uuid, server.server.services.clock.now())}`);
    await page.evaluate(() => document.fonts.ready);
    // Gridlines off on both sides (they are a screen aid, drawn in different greys): texts and fills are compared.
    await page.evaluate(() => document.querySelector('main')!.classList.add('nogrid'));
    // The cells A1:C13 as the viewer shows them, at 96 px per inch.
    const a1 = await page.locator('td[data-cell="A1"]').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    const c13 = await page.locator('td[data-cell="C13"]').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    const clip = { x: Math.round(a1.left), y: Math.round(a1.top), width: Math.round(c13.right - a1.left), height: Math.round(c13.bottom - a1.top) };
    const shot = decodePng(await page.screenshot({ clip }));
    await page.close();
    // The same cells on the PDF's page: printed at 100 %, rasterised at 96 dpi
    // from the page's top-left margin (0.7 and 0.75 inch, the file's own).
    const res = await fetch(`${server.url}/v1/files/${uuid}/export/pdf`, { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ sheetIds: ['Sheet1'] }) });
    expect(res.status).toBe(200);
    const pdf = rasterise(Buffer.from(await res.arrayBuffer()), 96)[0]!;
    const crop = (x0: number, y0: number): Grey => {
      const data = new Uint8Array(clip.width * clip.height);
      for (let y = 0; y < clip.height; y++) data.set(pdf.data.subarray((y0 + y) * pdf.width + x0, (y0 + y) * pdf.width + x0 + clip.width), y * clip.width);
      return { width: clip.width, height: clip.height, data };
    };
    const grey: Grey = { width: shot.width, height: shot.height, data: new Uint8Array(shot.width * shot.height) };
    for (let i = 0; i < grey.data.length; i++) grey.data[i] = Math.round(0.299 * shot.pixels[i * 4]! + 0.587 * shot.pixels[i * 4 + 1]! + 0.114 * shot.pixels[i * 4 + 2]!);
    // Compared at 48 dpi, as the visual suite's pages are (a browser and poppler smooth glyphs differently).
    const [a, b] = [halve(grey), halve(crop(Math.round(0.7 * 96), Math.round(0.75 * 96)))];
    const d = pageDifference(a, b);
    if (d.difference > 0.22) writeFileSync(join(TMP_DIR, 'viewer-vs-pdf.png'), sideBySide(a, b, d));
    expect(d.difference, `side by side in ${join(TMP_DIR, 'viewer-vs-pdf.png')}`).toBeLessThan(0.22); // 0.17 here: Chromium draws glyphs a little heavier than poppler
    // The measure sees a layout that is off: the page's cells one inch to the left of where they are.
    expect(pageDifference(a, halve(crop(Math.round(1.7 * 96), Math.round(0.75 * 96)))).difference).toBeGreaterThan(0.5);
  });

  it("draws an Excel file's table styles as Excel does, under the cells' own formats, and a style given to create_table", async () => {
    // IronCalc's tables.xlsx, saved by Excel: Table1 in TableStyleMedium2 (banded rows, a totals row), Table8 in TableStyleDark7 (no header row, first and last column).
    const bytes = readFileSync(new URL('./fixtures/excel/ironcalc/calc_test_no_export/tables.xlsx', import.meta.url));
    const { uuid } = await rest('POST', '/v1/files/import', { file_name: 'tables.xlsx', file_data: bytes.toString('base64') });
    const page = await browser.newPage();
    await page.goto(`${server.url}/view/${uuid}?${signLink(viewSecret(server.config), uuid, server.server.services.clock.now())}`);
    const look = (a1: string) => page.locator(`td[data-cell="${a1}"]`).evaluate((el) => { const s = getComputedStyle(el); return { bg: s.backgroundColor, color: s.color, bold: s.fontWeight === '700', top: `${s.borderTopStyle} ${s.borderTopColor}` }; });
    expect(await look('B1')).toMatchObject({ bg: 'rgb(68, 114, 196)', color: 'rgb(255, 255, 255)', bold: true }); // header: accent 1, white bold
    expect((await look('B2')).bg).toBe('rgb(218, 227, 243)'); // first band: accent 1, lighter 80 %
    expect((await look('B3')).bg).toMatch(/rgba\(0, 0, 0, 0\)|rgb\(255, 255, 255\)/); // second band: none
    expect((await look('B4')).bg).toBe('rgb(218, 227, 243)');
    expect(await look('B5')).toMatchObject({ bold: true, top: 'double rgb(68, 114, 196)' }); // totals: a double line over it
    await page.click('nav a:text-is("No Headers")');
    const [stripe, body, first] = [await look('C3'), await look('C4'), await look('B4')];
    expect(stripe.bg).not.toBe(body.bg);
    expect(stripe.color).toBe('rgb(255, 255, 255)');
    for (const l of [stripe, body, first]) expect(l.bg).not.toMatch(/rgba\(0, 0, 0, 0\)|rgb\(255, 255, 255\)/);
    expect(first.bold).toBe(true); // first column emphasised
    // A table made here, styled over the API, and a cell's own fill over it.
    await rest('PUT', `/v1/files/${uuid}/cells`, { sheet: 'Sheet2', cell: 'H1', values: [['Name', 'Score'], ['a', '1'], ['b', '2']] });
    await rest('POST', `/v1/files/${uuid}/tables`, { sheet: 'Sheet2', range: 'H1:I3', name: 'Scores', style: 'TableStyleDark1' });
    await rest('PUT', `/v1/files/${uuid}/cells/formats`, { sheet: 'Sheet2', range: 'I3', fill_color: '#ffff00' });
    await page.click('nav a:text-is("Sheet2")');
    expect(await look('H1')).toMatchObject({ bg: 'rgb(0, 0, 0)', color: 'rgb(255, 255, 255)', bold: true });
    expect((await look('H2')).bg).toBe('rgb(64, 64, 64)');
    expect(await look('H3')).toMatchObject({ bg: 'rgb(115, 115, 115)', color: 'rgb(255, 255, 255)' });
    expect((await look('I3')).bg).toBe('rgb(255, 255, 0)');
    await page.close();
  });

  it("draws an Excel file's data bars and icon sets as the PDF does", async () => {
    const bytes = readFileSync(new URL('./fixtures/excel/features/poi/NewStyleConditionalFormattings.xlsx', import.meta.url));
    const { uuid } = await rest('POST', '/v1/files/import', { file_name: 'cf.xlsx', file_data: bytes.toString('base64') });
    const page = await browser.newPage();
    await page.goto(`${server.url}/view/${uuid}?${signLink(viewSecret(server.config), uuid, server.server.services.clock.now())}`);
    // E11 holds the range's largest number: its bar runs from 0's axis to the cell's end, in the rule's green.
    const bar = await page.locator('td[data-cell="E11"] .bar').evaluate((el) => ({ image: getComputedStyle(el).backgroundImage, width: el.getBoundingClientRect().width, cell: el.parentElement!.getBoundingClientRect().width }));
    expect(bar.image).toMatch(/linear-gradient\(90deg, rgb\(99, 195, 132\)/);
    expect(bar.width / bar.cell).toBeGreaterThan(0.7);
    const small = await page.locator('td[data-cell="E2"] .bar').evaluate((el) => el.getBoundingClientRect().width);
    expect(small).toBeLessThan(bar.width);
    // Icons: one per number in each icon-set column, drawn as SVG.
    expect(await page.locator('td svg.icon').count()).toBeGreaterThan(100);
    expect(await page.locator('td[data-cell="H2"] svg.icon path').getAttribute('fill')).toMatch(/^#/);
    await page.close();
  });

  it("shows an Excel file's picture at its cell", async () => {
    // XlsxWriter's file saved by Excel: a 200 x 80 px logo at E12.
    const bytes = readFileSync(new URL('./fixtures/excel/features/xlsxwriter/set_column08.xlsx', import.meta.url));
    const { uuid } = await rest('POST', '/v1/files/import', { file_name: 'logo.xlsx', file_data: bytes.toString('base64') });
    const page = await browser.newPage();
    await page.goto(`${server.url}/view/${uuid}?${signLink(viewSecret(server.config), uuid, server.server.services.clock.now())}`);
    const pic = await page.locator('figure.plain').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    const e12 = await page.locator('td[data-cell="E12"]').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    expect([Math.round(pic.width), Math.round(pic.height)]).toEqual([200, 80]);
    expect(Math.abs(pic.left - e12.left)).toBeLessThanOrEqual(2);
    expect(Math.abs(pic.top - e12.top)).toBeLessThanOrEqual(2);
    expect(await page.locator('figure.plain svg image').getAttribute('href')).toMatch(/^data:image\/png;base64,iVBOR/);
    await page.close();
  });

  it('opens a 100,000-row sheet with one window of rows and loads the rows scrolled to', async () => {
    const csv = ['n,label', ...Array.from({ length: 100_000 }, (_, i) => `${i + 1},row ${i + 1}`)].join('\n');
    const { uuid } = await rest('POST', '/v1/files/import', { file_name: 'big.csv', file_data: Buffer.from(csv).toString('base64') });
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.goto(`${server.url}/view/${uuid}?${signLink(viewSecret(server.config), uuid, server.server.services.clock.now())}`);
    expect(await page.locator('tbody tr:not(.spacer)').count()).toBeLessThanOrEqual(250);
    // The scroll bar stands for every row: the table is as tall as 100,001 rows.
    const tall = await page.locator('main').evaluate((el) => el.scrollHeight);
    expect(tall).toBeGreaterThan(100_000 * 20);
    await page.locator('main').evaluate((el) => el.scrollTo(0, el.scrollHeight - el.clientHeight));
    await page.waitForSelector('td[data-cell="B100001"]', { timeout: 15_000 });
    expect(await page.locator('td[data-cell="B100001"]').textContent()).toBe('row 100000');
    const box = await page.locator('td[data-cell="B100001"]').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    expect(box.bottom).toBeLessThanOrEqual(600);
    expect(box.top).toBeGreaterThan(0);
    await page.locator('main').evaluate((el) => el.scrollTo(0, 50_000 * 21));
    await page.waitForSelector('td[data-cell="A50001"]', { timeout: 15_000 });
    expect(await page.locator('tbody tr:not(.spacer)').count()).toBeLessThanOrEqual(250);
    // A write elsewhere reloads the page where the person was, with that window of rows.
    const before = Number(await page.evaluate(() => document.body.dataset.version));
    await rest('PUT', `/v1/files/${uuid}/cells`, { cell: 'C1', values: [['edited']] });
    await page.waitForFunction((v) => Number(document.body.dataset.version) > v, before, { timeout: 15_000 });
    await page.waitForSelector('td[data-cell="A50001"]', { timeout: 15_000 });
    expect(await page.locator('main').evaluate((el) => el.scrollTop)).toBeGreaterThan(50_000 * 20);
    await page.close();
  });

  it('needs a valid link, a view session or a token cookie', async () => {
    const plain = await fetch(`${server.url}/view/${file}`);
    expect(plain.status).toBe(401);
    expect(await plain.text()).toMatch(/view link/);
    expect((await fetch(`${server.url}/view/${file}/version`)).status).toBe(401);
    const forged = await fetch(`${server.url}/view/${file}?exp=9999999999&sig=AAAA`, { redirect: 'manual' });
    expect(forged.status).toBe(401);
    const other = '00000000-0000-4000-8000-000000000000';
    const wrongFile = await fetch(link().replace(`/view/${file}`, `/view/${other}`), { redirect: 'manual' });
    expect(wrongFile.status).toBe(401);
    const opened = await fetch(link(), { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const cookie = opened.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^sheets_view=\d+\.[\w-]+;/);
    expect(cookie.split('; ').slice(1).sort()).toEqual(expect.arrayContaining([`Path=/view/${file}`, 'HttpOnly', 'SameSite=Strict']));
    expect(cookie).toMatch(/; Max-Age=\d+/);
    const version = await fetch(`${server.url}/view/${file}/version`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(await version.json()).toEqual({ version: (await rest('GET', `/v1/files/${file}`)).version });
    const byToken = await fetch(`${server.url}/view/${file}`, { headers: { cookie: `sheets_token=${server.token}` } });
    expect(byToken.status).toBe(200);
    expect((await fetch(`${server.url}/view/${file}`, { headers: { cookie: 'sheets_token=sht_wrong' } })).status).toBe(401);
    // A cookie that cannot be decoded is the client's fault: 400 naming the Cookie header, not a 500.
    const malformed = await fetch(`${server.url}/view/${file}`, { headers: { cookie: 'sheets_token=%E0%A4%A' } });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toMatchObject({ code: 'invalid_argument', details: { field: 'Cookie' } });
    expect((await fetch(`${server.url}/view/${file}/version`, { headers: { cookie: 'sheets_view=%%' } })).status).toBe(400);
    expect((await fetch(`${server.url}/view/not-a-uuid`)).status).toBe(404);
    expect((await fetch(`${server.url}/view/${file}?sheet=Nope`, { headers: { cookie: `sheets_token=${server.token}` } })).status).toBe(400);
    // Row windows: the same access, and rows given as whole numbers in order.
    const auth = { headers: { cookie: `sheets_token=${server.token}` } };
    expect((await fetch(`${server.url}/view/${file}/rows?from=0&to=10`)).status).toBe(401);
    const rows = await fetch(`${server.url}/view/${file}/rows?from=0&to=10`, auth);
    expect(rows.status).toBe(200);
    expect(await rows.json()).toMatchObject({ from: 0, to: 10, html: expect.stringContaining('data-cell="A1"') });
    for (const bad of ['from=-1&to=5', 'from=5&to=1', 'from=x&to=2', 'to=3']) {
      const r = await fetch(`${server.url}/view/${file}/rows?${bad}`, auth);
      expect(r.status, bad).toBe(400);
      expect((await r.json()).error).toMatchObject({ code: 'invalid_argument', details: { field: 'from' } });
    }
    expect((await fetch(`${server.url}/view/${file}/rows?from=0&to=5&sheet=Nope`, auth)).status).toBe(400);
    // Fonts are public files; only the faces the layout uses are served.
    const font = await fetch(`${server.url}/view/fonts/carlito-r.ttf`);
    expect([font.status, font.headers.get('content-type')]).toEqual([200, 'font/ttf']);
    for (const bad of ['carlito-x.ttf', 'nope-r.ttf', '..%2F..%2Fpackage.json']) expect((await fetch(`${server.url}/view/fonts/${bad}`)).status).toBe(404);
  });
});
