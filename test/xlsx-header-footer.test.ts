// Headers and footers through xlsx and PDF: files Excel, POI and XlsxWriter wrote (codes for time,
// date, pages, file; fonts; a picture &G; first/even pages) are imported as the service imports
// them and exported: each sheet's <headerFooter> comes back as the file wrote it, and the PDF
// export draws the codes it can.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { headerFooterFromXml } from '../core/io/xlsx-header-footer.ts';
import { expandSection } from '../core/io/pdf/header-footer.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { must } from './cases/types.ts';
import { restDoor } from './helpers/doors.ts';
import { importWithReport } from './helpers/excel-fidelity.ts';
import { pdfText, popplerMissing } from './helpers/poppler.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const CORPUS = new URL('./fixtures/corpus/', import.meta.url).pathname;
const FILES = ['exceldatareader/Test_git_issue_224_simple.xlsx', 'exceldatareader/Test_git_issue_224_firstoddeven.xlsx', 'poi/integration/stress002.xlsx', 'xlsxwriter/xlsx_files/header_image17.xlsx', 'rust_xlsxwriter/header_image18.xlsx'];

/** Every sheet's <headerFooter> element, raw, in sheet order. */
function elements(bytes: Buffer): string[] {
  const out: string[] = [];
  for (let i = 1; i < 200; i++) {
    const xml = readZipEntry(bytes, `xl/worksheets/sheet${i}.xml`)?.toString('utf8');
    if (xml === undefined) break;
    out.push(/<headerFooter\b[\s\S]*?(?:<\/headerFooter>|\/>)/.exec(xml)?.[0] ?? '');
  }
  return out;
}
const read = (el: string) => headerFooterFromXml(el) ?? {};

describe('headers and footers in xlsx files', () => {
  it.each(FILES)('%s: every sheet’s header and footer come back as the file wrote them', async (name) => {
    const bytes = readFileSync(CORPUS + name);
    const { wb, warnings } = await importWithReport(bytes);
    expect(warnings.filter((w) => /header or footer codes/.test(w))).toEqual([]);
    const exported = await workbookToXlsx(wb, async () => undefined);
    const before = elements(bytes), after = elements(exported);
    expect(after.map(read)).toEqual(before.map(read));
    expect(before.some((e) => e)).toBe(true);
  });

  it('the first/odd/even file keeps all three pairs and its flags', async () => {
    const { wb } = await importWithReport(readFileSync(CORPUS + 'exceldatareader/Test_git_issue_224_firstoddeven.xlsx'));
    const hf = wb.sheets[0]!.meta.print?.headerFooter;
    expect(hf?.differentFirst).toBe(true);
    expect(hf?.differentOddEven).toBe(true);
    expect(hf?.firstHeader && hf.evenHeader && hf.oddHeader).toBeTruthy();
  });

  it('a header picture (&G) keeps its code, and the report names the picture as not kept', async () => {
    const { wb, warnings } = await importWithReport(readFileSync(CORPUS + 'xlsxwriter/xlsx_files/header_image17.xlsx'));
    expect(Object.values(wb.sheets[0]!.meta.print?.headerFooter ?? {}).join('')).toContain('&G');
    expect(warnings.some((w) => /not kept: headers and footers on .*picture/.test(w))).toBe(true);
  });

  it('font, size, colour and style codes become styled runs; &Z and &G draw nothing', () => {
    const v = { page: 2, pages: 5, date: '2026-03-04', time: '10:05', fileName: 'f.xlsx', sheetName: 'S' };
    expect(expandSection('&"Arial,Bold Italic"&14&KFF0000Hi &T&Z&G &P+1/&N &U&&', v)).toEqual([
      [
        { text: 'Hi 10:05 3/5 ', bold: true, italic: true, size: 14, color: '#FF0000' },
        { text: '&', bold: true, italic: true, size: 14, color: '#FF0000', underline: true },
      ],
    ]);
  });
});

describe('page setup values the scaling does not use', () => {
  it('stress002.xlsx: a zoom beside fit-to-page and fit-to pages beside a zoom come back as the file wrote them', async () => {
    const bytes = readFileSync(CORPUS + 'poi/integration/stress002.xlsx');
    const { wb } = await importWithReport(bytes);
    const exported = await workbookToXlsx(wb, async () => undefined);
    const attrs = (b: Buffer) =>
      Array.from({ length: 14 }, (_, i) => {
        const tag = /<pageSetup\b[^>]*>/.exec(readZipEntry(b, `xl/worksheets/sheet${i + 1}.xml`)!.toString('utf8'))?.[0] ?? '';
        // An attribute left out is Excel's default (scale 100, one page).
        return (['scale', 'fitToWidth', 'fitToHeight'] as const).map((a) => new RegExp(`\\b${a}="(\\d+)"`).exec(tag)?.[1] ?? { scale: '100', fitToWidth: '1', fitToHeight: '1' }[a]).join(',');
      });
    expect(attrs(exported)).toEqual(attrs(bytes));
  });
});

const missing = popplerMissing();
let server: TestServer;
beforeAll(async () => {
  if (!missing) server = await startServer();
});
afterAll(async () => server?.close());

describe.skipIf(!!missing)('headers and footers in the PDF export', () => {
  it('Test_git_issue_224_simple prints its time, date and page numbers', async () => {
    const door = restDoor(server);
    const bytes = readFileSync(CORPUS + 'exceldatareader/Test_git_issue_224_simple.xlsx');
    const { uuid } = await must(door, 'import_file', { file_name: 'simple.xlsx', file_data: bytes.toString('base64') });
    // The file's sheet is empty (a program prints nothing for it): one cell gives it a page.
    await must(door, 'write_cells', { file_uuid: uuid, cell: 'A1', values: [['x']] });
    const res = await fetch(`${server.url}/v1/files/${uuid}/export/pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ printedAt: '2026-03-04T10:05:00Z' }),
    });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()), 1);
    expect(text).toMatch(/Right +åäö 1/);
    for (const s of ['Left åäö 10:05', 'Center åäö 2026-03-04', 'Left åäö 1', 'Footer åäö 1', 'Right åäö 2026-03-04']) expect(text).toContain(s);
  });

  it('Test_git_issue_224_firstoddeven prints its first page’s, even pages’ and odd pages’ own headers', async () => {
    const door = restDoor(server);
    const bytes = readFileSync(CORPUS + 'exceldatareader/Test_git_issue_224_firstoddeven.xlsx');
    const { uuid } = await must(door, 'import_file', { file_name: 'fo.xlsx', file_data: bytes.toString('base64') });
    await must(door, 'write_cells', { file_uuid: uuid, cell: 'A150', values: [['end']] });
    const res = await fetch(`${server.url}/v1/files/${uuid}/export/pdf`, { method: 'POST', headers: { authorization: `Bearer ${server.token}` } });
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdfText(pdf, 1)).toContain('First header center');
    expect(pdfText(pdf, 1)).toContain('First footer center');
    expect(pdfText(pdf, 2)).toContain('Even page header');
    expect(pdfText(pdf, 2)).toContain('Even page footer');
    expect(pdfText(pdf, 3)).toContain('Odd page header');
    expect(pdfText(pdf, 3)).toContain('Odd Footer åäö 3');
  });
});
