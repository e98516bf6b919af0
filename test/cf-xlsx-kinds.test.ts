// Conditional-format rules go back to Excel as the kind the file held (issue 34): an expression
// that reads like a comparison stays an expression, averages keep "equal to" and standard
// deviations, duplicates and uniques stay so, and a rule over several ranges keeps its formulas
// written for the top-left cell of all its ranges, as Excel reads them. On files Excel saved.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { rulesToExcel } from '../core/io/xlsx-cf.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import type { FormulaRule, IconSetRule } from '../core/rules/model.ts';
import { ruleDecorations } from '../core/rules/decorations.ts';
import { ruleOverlay } from '../core/rules/effective.ts';
import { iconOf } from '../core/rules/icons.ts';
import type { Workbook } from '../core/workbook/workbook.ts';
import { FIXTURES, importWithReport } from './helpers/excel-fidelity.ts';
import { memoryWorkbook, put } from './helpers/memory-workbook.ts';

const CORPUS = new URL('./fixtures/corpus/', import.meta.url).pathname;
const noSteps = async () => undefined;
const sheetXml = async (wb: Workbook, name: string) => readZipEntry(await workbookToXlsx(wb, noSteps), `xl/worksheets/sheet${wb.sheets.findIndex((s) => s.name === name) + 1}.xml`)!.toString('utf8');
const cfRules = (xml: string) => [...xml.matchAll(/<conditionalFormatting sqref="([^"]+)">([\s\S]*?)<\/conditionalFormatting>/g)].flatMap((m) => [...m[2]!.matchAll(/<cfRule ([^>]*?)\/?>(?:<formula>([^<]*)<\/formula>)?/g)].map((r) => `${m[1]} ${r[1]!.replace(/ (dxfId|priority)="\d+"/g, '')}${r[2] ? ` ${r[2]}` : ''}`));

describe('conditional-format kinds through xlsx', () => {
  it('writes a rule over several ranges for the top-left cell of them all, as Excel does', async () => {
    // ironcalc's cf_tests.xlsx (Excel): sqref="F1 E1:E12", ends with "y", formula written for E1.
    const { wb } = await importWithReport(readFileSync(`${FIXTURES}ironcalc/conditional_formatting/cf_tests.xlsx`));
    const rules = (wb.findSheet('Text')!.meta.cond_formats ?? []).filter((r): r is FormulaRule => r.type === 'formula' && r.xlsx_kind === 'endsWith');
    // F1 reads its own cell, not E1 (the import read the formula as written for the first range, F1).
    expect(rules.map((r) => r.formula)).toEqual(['=RIGHT(F1,LEN("y"))="y"', '=RIGHT(E1,LEN("y"))="y"']);
    expect(cfRules(await sheetXml(wb, 'Text'))).toContain('F1 E1:E12 type="endsWith" operator="endsWith" text="y" RIGHT(E1,LEN(&quot;y&quot;))=&quot;y&quot;');
  });

  it('writes top 10, duplicates and uniques back as those kinds, over all their ranges', async () => {
    const { wb } = await importWithReport(readFileSync(`${FIXTURES}ironcalc/conditional_formatting/cf_tests.xlsx`));
    const sheet1 = cfRules(await sheetXml(wb, 'Sheet1'));
    // Excel ranks over "E2:E8 F8" together: one rule, not one per range.
    expect(sheet1).toEqual(expect.arrayContaining(['E2:E8 F8 type="top10" rank="3"', 'E2:E8 F8 type="top10" percent="1" rank="10"', 'C2:C8 type="duplicateValues"']));
    expect(cfRules(await sheetXml(wb, 'Text'))).toContain('I1:I9 type="uniqueValues"');
    // Drawn over both ranges too: E2:E8 hold 84, 87, 67, 78, 76, 66, 76 and F8 9, so the top 3 of
    // all eight are 87, 84, 78 and F8 is not among them (ranked alone, it was its own top 3).
    const sheet = wb.findSheet('Sheet1')!;
    sheet.meta.cond_formats = (sheet.meta.cond_formats ?? []).filter((r) => r.type === 'formula' && r.xlsx_kind === 'top10' && r.group);
    const overlay = await ruleOverlay(wb, sheet, { r0: 1, c0: 4, r1: 7, c1: 5 });
    const red = (row: number, col: number) => overlay[row - 1]![col - 4]?.style?.fill_color === '#FFC7CE';
    expect([1, 2, 3, 4, 5, 6, 7].map((row) => red(row, 4))).toEqual([true, true, false, true, false, false, false]);
    expect(red(7, 5)).toBe(false);
  });

  it('keeps "equal to or above average" in the cells it styles and in the file', async () => {
    // ClosedXML's new_cond_format_test.xlsx (saved by Excel): N2:N22 at or above the average, P2:P22 at or below.
    const { wb } = await importWithReport(readFileSync(`${CORPUS}closedxml/ClosedXML.Tests/Resource/TryToLoad/LO/xlsx/new_cond_format_test.xlsx`));
    const sheet = wb.findSheet('Sheet1')!;
    const above = (sheet.meta.cond_formats ?? []).find((r): r is FormulaRule => r.type === 'formula' && r.range.c0 === 13)!;
    expect(above.formula).toBe('=AND(ISNUMBER(N2),N2>=AVERAGE($N$2:$N$22))');
    const rules = cfRules(await sheetXml(wb, 'Sheet1'));
    expect(rules).toEqual(expect.arrayContaining(['N2:N22 type="aboveAverage" equalAverage="1"', 'P2:P22 type="aboveAverage" aboveAverage="0" equalAverage="1"']));
    // Sheet2's expressions A1<>1 and B1=1 stay expressions (not "Cell Value not equal to 1").
    expect(cfRules(await sheetXml(wb, 'Sheet2'))).toEqual(expect.arrayContaining(['A1:A3 type="expression" A1&lt;&gt;1', 'B1:B3 type="expression" B1=1']));
  });

  it('keeps an icon bound at a percent a formula gives, draws from it and writes it back', async () => {
    // XlsxWriter's cond_format18.xlsx (saved by Excel): A7's traffic lights, the last at percent $A$12.
    const { wb, warnings } = await importWithReport(readFileSync(`${CORPUS}xlsxwriter/xlsx_files/cond_format18.xlsx`));
    expect(warnings.join(' ')).not.toMatch(/icon sets/);
    const lights = (wb.sheets[0]!.meta.cond_formats ?? []).find((r): r is IconSetRule => r.type === 'icon_set' && r.icon_set === '4TrafficLights')!;
    expect(lights.thresholds[3]).toEqual({ value_type: 'percent', formula: '=$A$12' });
    expect(cfRules(await sheetXml(wb, 'Sheet1')).length).toBe(9);
    const xml = await sheetXml(wb, 'Sheet1');
    expect(xml).toContain('<cfvo type="percent" val="50"/><cfvo type="percent" val="$A$12"/></iconSet>');

    // Drawn from the formula's value: 10..40 with the middle bound at percent C1 of the span.
    const mem = memoryWorkbook();
    await put(mem, 'Sheet1', 'A1', [[10, null, 50], [20], [30], [40]]);
    const range = { r0: 0, c0: 0, r1: 3, c1: 0 };
    mem.sheet('Sheet1').meta.cond_formats = [{ id: 'i', type: 'icon_set', range, icon_set: '3Arrows', thresholds: [{ value_type: 'percent', value: 0 }, { value_type: 'percent', formula: '=$C$1' }, { value_type: 'percent', value: 90 }], reverse: false, show_value: true }];
    const icons = async () => {
      const deco = (await ruleDecorations(mem, mem.sheet('Sheet1'), range))!;
      return [0, 1, 2, 3].map((r) => deco(r, 0)?.icon);
    };
    // 50% of 10..40 is 25: 10 and 20 below it, 30 at the middle icon, 40 past 90% (37).
    expect(await icons()).toEqual([iconOf('3Arrows', 0), iconOf('3Arrows', 0), iconOf('3Arrows', 1), iconOf('3Arrows', 2)]);
    await put(mem, 'Sheet1', 'C1', [[10]]);
    expect((await icons())[1]).toEqual(iconOf('3Arrows', 1));
  });

  it.each([
    ['A2>5', 'expression', { type: 'expression', formulae: ['A2>5'] }],
    ['A2>5', 'cellIs', { type: 'cellIs', operator: 'greaterThan', formulae: ['5'] }],
    ['A2>5', undefined, { type: 'cellIs', operator: 'greaterThan', formulae: ['5'] }],
    ['ISERROR(A2)', 'expression', { type: 'expression' }],
    ['AND(ISNUMBER(A2),A2<=AVERAGE($A$2:$B$10)-2*STDEV.P($A$2:$B$10))', 'aboveAverage', { type: 'aboveAverage', aboveAverage: false, equalAverage: true, stdDev: 2 }],
    ['COUNTIF($A$2:$B$10,A2)>1', 'duplicateValues', { type: 'duplicateValues' }],
    // An agent's own COUNTIF stays the formula it wrote.
    ['COUNTIF($A$2:$B$10,A2)>1', undefined, { type: 'expression' }],
    // A rule imported as a kind whose condition was since edited goes out as an expression.
    ['A2>5', 'top10', { type: 'expression' }],
  ])('writes %s (imported as %s) as %o', (formula, kind, written) => {
    const ws = new ExcelJS.Workbook().addWorksheet('S');
    rulesToExcel([{ id: 'r', type: 'formula', range: { r0: 1, r1: 9, c0: 0, c1: 1 }, formula: `=${formula}`, style: { bold: true }, apply_to_blank: true, ...(kind ? { xlsx_kind: kind } : {}) }], ws);
    expect((ws as unknown as { conditionalFormattings: { rules: Record<string, unknown>[] }[] }).conditionalFormattings[0]!.rules[0]).toMatchObject(written);
  });
});
