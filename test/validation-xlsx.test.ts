// Data validation through xlsx: rules read from files Excel saved (every kind and operator,
// formula bounds, dates and times, prompts) come back out of an export exactly as they went in,
// and rules made here are written as Excel writes them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { validationsFromXml } from '../core/io/xlsx-validation.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { validationView } from '../core/validation/view.ts';
import type { ValidationSpec } from '../core/validation/model.ts';
import { FIXTURES, importWithReport } from './helpers/excel-fidelity.ts';
import { memoryWorkbook } from './helpers/memory-workbook.ts';

const noSteps = async () => undefined;
const withoutIds = (specs: ValidationSpec[]) => specs.map(({ id: _id, ...rest }) => rest);
const exported = async (bytes: Buffer) => validationsFromXml(readZipEntry(bytes, 'xl/worksheets/sheet1.xml')!.toString('utf8'), { count: 0 });

describe('data validation in xlsx', () => {
  it("keeps every rule of Apache POI's validation workbook (Excel-saved) through import and export", async () => {
    const { wb, warnings } = await importWithReport(readFileSync(`${FIXTURES}features/poi/DataValidationEvaluations.xlsx`));
    expect(warnings.filter((w) => /validation/.test(w))).toEqual([]);
    const sheet = wb.sheets[0]!;
    const specs = sheet.meta.validations!;
    expect(specs).toHaveLength(17);
    const view = (a1: string) => validationView(sheet, specs.find((s) => validationView(sheet, s).range === a1)!);
    expect(view('B17')).toMatchObject({ kind: 'date', operator: 'greater_than', min: '1999-01-01' });
    expect(view('B20')).toMatchObject({ kind: 'time', operator: 'greater_than', min: '08:00' });
    expect(view('B18:B19')).toMatchObject({ kind: 'date', operator: 'between', min: '=I1', max: '=I2' });
    expect(view('B10:B16')).toMatchObject({ kind: 'list', formula: '=ValueTable' });
    expect(view('B4')).toMatchObject({ kind: 'text_length', allow_blank: false });
    expect(withoutIds(await exported(await workbookToXlsx(wb, noSteps)))).toEqual(withoutIds(specs));
  });

  it("keeps XlsxWriter's lists written in place, with their prompts", async () => {
    const { wb } = await importWithReport(readFileSync(`${FIXTURES}features/xlsxwriter/data_validation03.xlsx`));
    const specs = wb.sheets[0]!.meta.validations!;
    expect(specs[0]).toMatchObject({ kind: 'list', items: ['Foo', 'Bar', 'Baz'], prompt_title: 'This is the input title', prompt: 'This is the input message' });
    expect(specs[1]!.items).toHaveLength(37);
    expect(withoutIds(await exported(await workbookToXlsx(wb, noSteps)))).toEqual(withoutIds(specs));
  });

  it('writes rules made here as Excel does: formula bounds as formulas, quoted lists, one sqref per rule', async () => {
    const wb = memoryWorkbook(['Sheet1']);
    wb.sheets[0]!.meta.validations = [
      { id: 'dv_1', range: { r0: 1, r1: 9, c0: 4, c1: 4 }, kind: 'date', operator: 'greater_than_or_equal', formula1: '=TODAY()', allow_blank: true, error: 'Not in the past' },
      { id: 'dv_2', range: { r0: 1, r1: 9, c0: 2, c1: 2 }, more: [{ r0: 1, r1: 9, c0: 6, c1: 6 }], kind: 'list', items: ['Open', 'Say "done"'], allow_blank: true, hide_dropdown: true },
    ];
    const xml = readZipEntry(await workbookToXlsx(wb, noSteps), 'xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(xml).toContain('<dataValidation type="date" operator="greaterThanOrEqual" allowBlank="1" showInputMessage="1" showErrorMessage="1" error="Not in the past" sqref="E2:E10"><formula1>TODAY()</formula1></dataValidation>');
    expect(xml).toContain('<dataValidation type="list" allowBlank="1" showDropDown="1" showInputMessage="1" showErrorMessage="1" sqref="C2:C10 G2:G10"><formula1>&quot;Open,Say &quot;&quot;done&quot;&quot;&quot;</formula1></dataValidation>');
  });
});
