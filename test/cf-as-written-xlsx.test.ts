// Conditional formats go back to Excel as the file wrote them (issue 34): Excel 2007's formula
// inside a data bar or colour scale (left out once the rule's range moves), and differential
// formats whole (borders Excel writes with <vertical/>, "not italic", "General", no format at all).
// Real files saved by Excel. Kinds and options: cf-xlsx-kinds.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { ruleObjects } from '../core/rules/hooks.ts';
import type { FormulaRule } from '../core/rules/model.ts';
import type { Workbook } from '../core/workbook/workbook.ts';
import { FIXTURES, importWithReport } from './helpers/excel-fidelity.ts';
import { put } from './helpers/memory-workbook.ts';

const CORPUS = new URL('./fixtures/corpus/', import.meta.url).pathname;
const noSteps = async () => undefined;

/** The exported sheet's <conditionalFormatting> elements, and the styles part. */
async function exported(wb: Workbook, sheet: string): Promise<{ cf: string[]; styles: string }> {
  const bytes = await workbookToXlsx(wb, noSteps);
  const xml = readZipEntry(bytes, `xl/worksheets/sheet${wb.sheets.findIndex((s) => s.name === sheet) + 1}.xml`)!.toString('utf8');
  const text = (x: string) => x.replace(/&quot;/g, '"');
  return { cf: (xml.match(/<conditionalFormatting\b.*?<\/conditionalFormatting>/g) ?? []).map(text), styles: readZipEntry(bytes, 'xl/styles.xml')!.toString('utf8') };
}
const dxfs = (styles: string) => /<dxfs[^>]*>(.*?)<\/dxfs>/.exec(styles)?.[1]?.match(/<dxf>.*?<\/dxf>|<dxf\/>/g) ?? [];
const load = async (path: string) => (await importWithReport(readFileSync(path))).wb;

describe('conditional formats go back as Excel wrote them', () => {
  it('keeps Excel 2007\'s formula in a data bar and a colour scale while the range is the same', async () => {
    const wb = await load(`${CORPUS}openxmlsdk/TestFiles/basicspreadsheet.xlsx`);
    const { cf } = await exported(wb, 'Sheet1');
    const bar = cf.find((x) => x.includes('sqref="G1:G3"'));
    expect(bar).toMatch(/<cfRule type="dataBar" priority="\d+"><formula>MAX\(IF\(ISBLANK\(\$G\$1:\$G\$3\), "", IF\(ISERROR\(\$G\$1:\$G\$3\), "", \$G\$1:\$G\$3\)\)\)<\/formula><dataBar>/);
    // The sheet's table parts go after the rules, not inside the data bar's own <extLst>.
    expect(bar).not.toContain('tablePart');
    expect(cf.find((x) => x.includes('sqref="H1:H3"'))).toMatch(/<cfRule type="colorScale" priority="\d+"><formula>MAX\(IF\(ISBLANK\(\$H\$1:\$H\$3\)/);
    // A row inserted above moves the ranges: the formula named the old cells and is left out.
    ruleObjects.onStructure!(wb, wb.findSheet('Sheet1')!, { kind: 'insert', axis: 'row', at: 0, count: 1 });
    const moved = (await exported(wb, 'Sheet1')).cf.find((x) => x.includes('sqref="G2:G4"'))!;
    expect(moved).toMatch(/<cfRule type="dataBar" priority="\d+"><dataBar>/);
  });

  it('writes a sheet\'s table parts after the rules, not inside a data bar\'s own extension list', async () => {
    // IronCalc's file saved by Excel: Excel 2010 data bars, whose rules point at the extension part.
    const wb = await load(`${FIXTURES}ironcalc/conditional_formatting/cf_tests.xlsx`);
    await put(wb, 'Sheet1', 'N40', [['a', 'b'], [1, 2]]);
    wb.sheet('Sheet1').meta.tables = [{ id: 't', name: 'T', rect: { r0: 39, r1: 40, c0: 13, c1: 14 }, columns: ['a', 'b'] }];
    const bytes = await workbookToXlsx(wb, noSteps);
    const xml = readZipEntry(bytes, 'xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(xml).toMatch(/<cfRule type="dataBar"[^>]*>.*?<extLst>/);
    expect(xml.match(/<tableParts\b/g)).toHaveLength(1);
    expect(xml.indexOf('<tableParts')).toBeGreaterThan(xml.lastIndexOf('</conditionalFormatting>'));
  });

  it('exports a sheet whose rows start at 100,000 at once, its rules with it', async () => {
    // Open XML SDK's file: ten numbers at FOO100000:FOO100009 under a bottom-4 rule and a cell-value rule.
    const wb = await load(`${CORPUS}openxmlsdk/TestDataStorage/v2FxTestFiles/spreadsheet/FilterByCF.xlsx`);
    const started = Date.now();
    const bytes = await workbookToXlsx(wb, noSteps);
    // It took minutes (exceljs's row buffer grew to the first row's number and was shifted row by row).
    expect(Date.now() - started).toBeLessThan(10_000);
    const xml = readZipEntry(bytes, 'xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(xml).toContain('<c r="FOO100000"><v>6</v></c>');
    expect(xml).toContain('<c r="FOO100009"><v>4</v></c>');
    expect(xml.match(/<cfRule type="(\w+)"/g)).toEqual(['<cfRule type="top10"', '<cfRule type="cellIs"']);
  });

  it('keeps borders Excel writes with <vertical/>, "not italic", General and no format at all', async () => {
    // Open XML SDK's file: a between rule whose format is a thin border in Accent 1.
    const sdk = await load(`${CORPUS}openxmlsdk/TestFiles/basicspreadsheet.xlsx`);
    const { cf, styles } = await exported(sdk, 'Sheet1');
    const id = Number(/dxfId="(\d+)"/.exec(cf.find((x) => x.includes('sqref="J1:J3"'))!)![1]);
    expect(dxfs(styles)[id]).toMatch(/<border><left style="thin"><color theme="4"\/><\/left><right style="thin"><color theme="4"\/><\/right><top style="thin">/);
    // POI's file: <font><b/><i val="0"/>...: bold, not italic (exceljs read italic), drawn and written so.
    const poi = await load(`${CORPUS}poi/spreadsheet/WithConditionalFormatting.xlsx`);
    const rule = poi.findSheet('CF')!.meta.cond_formats!.find((r) => r.range.c0 === 0) as FormulaRule;
    expect(rule.style).toEqual({ bold: true, text_color: '#00B050' });
    const out = await exported(poi, 'CF');
    expect(dxfs(out.styles)[Number(/dxfId="(\d+)"/.exec(out.cf.find((x) => x.includes('sqref="A1:A8"'))!)![1])]).toContain('<i val="0"/>');
    // PhpSpreadsheet's file: a number format "General" in the rule's format.
    const php = await exported(await load(`${FIXTURES}features/phpspreadsheet/CellMatcher.xlsx`), 'Error Expressions');
    expect(dxfs(php.styles)[Number(/dxfId="(\d+)"/.exec(php.cf[0]!)![1])]).toContain('<numFmt numFmtId="0" formatCode="General"/>');
    // XlsxWriter's file: a rule with no format has no dxfId, as Excel wrote it.
    const plain = await exported(await load(`${CORPUS}xlsxwriter/xlsx_files/cond_format02.xlsx`), 'Sheet1');
    expect(plain.cf.join('')).toMatch(/<cfRule type="cellIs" priority="1" operator="lessThan">/);
  });
});
