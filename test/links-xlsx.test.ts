// Hyperlinks through xlsx, on a file Excel saved: places in the workbook (quoted sheet names and
// ranges too) go out as Excel writes them (location="…"), web addresses through the sheet's
// relationships, tooltips kept.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { unescapeXml } from '../core/io/xlsx-tables.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { setLinks } from '../core/links/model.ts';
import { FIXTURES, importWithReport } from './helpers/excel-fidelity.ts';
import { memoryWorkbook, put } from './helpers/memory-workbook.ts';

const noSteps = async () => undefined;
const unescape = (s: string | undefined) => (s === undefined ? s : unescapeXml(s));

describe('hyperlinks in xlsx', () => {
  it("keeps XlsxWriter's links to places in the workbook (made in Excel)", async () => {
    const bytes = readFileSync(`${FIXTURES}features/xlsxwriter/hyperlink04.xlsx`);
    const { wb } = await importWithReport(bytes);
    const out = readZipEntry(await workbookToXlsx(wb, noSteps), 'xl/worksheets/sheet1.xml')!.toString('utf8');
    const links = (xml: string) => [...xml.matchAll(/<hyperlink ([^>]*)\/>/g)].map((m) => [/ref="([^"]+)"/.exec(m[1]!)![1], unescape(/location="([^"]+)"/.exec(m[1]!)?.[1]), /tooltip="([^"]+)"/.exec(m[1]!)?.[1]]).sort();
    expect(links(out)).toEqual(links(readZipEntry(bytes, 'xl/worksheets/sheet1.xml')!.toString('utf8')));
  });

  it('writes a web address through the relationships, on text cells', async () => {
    const wb = memoryWorkbook(['Sheet1']);
    await put(wb, 'Sheet1', 'A1', [['Our site', 42]]);
    setLinks(wb.sheets[0]!, [
      [{ row: 0, col: 0 }, { url: 'https://example.com/a?b=1&c=2', tooltip: 'Open' }],
      [{ row: 0, col: 1 }, { url: 'https://example.com/number' }],
    ]);
    const bytes = await workbookToXlsx(wb, noSteps);
    const xml = readZipEntry(bytes, 'xl/worksheets/sheet1.xml')!.toString('utf8');
    const rels = readZipEntry(bytes, 'xl/worksheets/_rels/sheet1.xml.rels')!.toString('utf8');
    expect(xml).toMatch(/<hyperlink ref="A1" r:id="(rId\d+)" tooltip="Open"\/>/);
    expect(rels).toContain('Target="https://example.com/a?b=1&amp;c=2" TargetMode="External"');
    // B1 holds a number: a link would make it text, so it goes out without one.
    expect(xml).not.toMatch(/<hyperlink ref="B1"/);
  });
});
