// Excel 2010's part of conditional formats (the sheet's <extLst>) through import and xlsx export
// (issue 34): a data bar's <x14:dataBar> goes back as Excel wrote it, attributes, automatic bounds
// and colours included, while the model still draws the bar; rules Excel keeps only there (a
// formula naming another sheet, a text rule whose text is a reference) are kept, drawn and written
// back there. On files Excel saved.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import type { DataBarRule, FormulaRule } from '../core/rules/model.ts';
import { ruleOverlay } from '../core/rules/effective.ts';
import { valueOf } from '../core/workbook/cell.ts';
import { memoryWorkbook, put } from './helpers/memory-workbook.ts';
import { FIXTURES, importWithReport } from './helpers/excel-fidelity.ts';

const noSteps = async () => undefined;

describe('Excel 2010 conditional-format extensions through xlsx', () => {
  it('writes a data bar\'s Excel 2010 part back as the file had it', async () => {
    // ironcalc's cf_tests.xlsx (Excel): H2:H8 a gradient bar with a border, J2:J8 a solid one from -5 to 10.
    const { wb } = await importWithReport(readFileSync(`${FIXTURES}ironcalc/conditional_formatting/cf_tests.xlsx`));
    const bars = (wb.findSheet('Sheet1')!.meta.cond_formats ?? []).filter((r): r is DataBarRule => r.type === 'data_bar');
    // Excel draws negative numbers' bars in the red the file gives (exceljs read "same as positive").
    expect(bars.find((b) => b.range.c0 === 7)).toMatchObject({ gradient: true, border_color: '#FFB628', negative_color: '#FF0000' });
    const xml = readZipEntry(await workbookToXlsx(wb, noSteps), 'xl/worksheets/sheet1.xml')!.toString('utf8');
    const ext = (ref: string) => [...xml.matchAll(/<x14:cfRule type="dataBar" id="([^"]+)">(<x14:dataBar[\s\S]*?<\/x14:dataBar>)<\/x14:cfRule><xm:sqref>([^<]+)</g)].find((m) => m[3] === ref);
    const h = ext('H2:H8')!;
    expect(h[2]).toBe('<x14:dataBar minLength="0" maxLength="100" border="1" negativeBarBorderColorSameAsPositive="0"><x14:cfvo type="autoMin"/><x14:cfvo type="autoMax"/><x14:borderColor rgb="FFFFB628"/><x14:negativeFillColor rgb="FFFF0000"/><x14:negativeBorderColor rgb="FFFF0000"/><x14:axisColor rgb="FF000000"/></x14:dataBar>');
    // The Excel 2007 rule points at its extension (a gradient bar's pointed at an empty id).
    expect(xml).toContain(`<x14:id>${h[1]}</x14:id>`);
    expect(ext('J2:J8')![2]).toBe('<x14:dataBar minLength="0" maxLength="100" border="1" gradient="0" negativeBarBorderColorSameAsPositive="0"><x14:cfvo type="num"><xm:f>-5</xm:f></x14:cfvo><x14:cfvo type="num"><xm:f>10</xm:f></x14:cfvo><x14:borderColor rgb="FF000000"/><x14:negativeFillColor rgb="FFFF0000"/><x14:negativeBorderColor theme="5"/><x14:axisColor rgb="FF000000"/></x14:dataBar>');
  });

  it('keeps rules Excel stores only in its extension part, draws them and writes them back there', async () => {
    // PhpSpreadsheet's CellMatcher.xlsx (Excel): A1:A5 equal to 'CrossSheet Values'!$A1, text rules whose text is in other cells.
    const { wb, warnings } = await importWithReport(readFileSync(`${FIXTURES}features/phpspreadsheet/CellMatcher.xlsx`));
    expect(warnings.join('\n')).not.toMatch(/Excel 2010 extension/);
    const cross = wb.findSheet('CrossSheet References')!;
    const [rule] = (cross.meta.cond_formats ?? []) as FormulaRule[];
    expect(rule).toMatchObject({ formula: "=A1='CrossSheet Values'!$A1", xlsx_kind: 'cellIs', xlsx_x14: true, style: { fill_color: '#C5E0B4' } });
    // Drawn where the cell equals the other sheet's cell of its row.
    const values = [0, 1, 2, 3, 4].map((r) => [cross, wb.findSheet('CrossSheet Values')!].map((s) => valueOf(s.get(r, 0))));
    const drawn = (await ruleOverlay(wb, cross, rule!.range)).map((line) => line[0]?.style?.fill_color === '#C5E0B4');
    expect(drawn).toEqual(values.map(([a, b]) => a === b));
    expect(drawn).toContain(true);

    const bytes = await workbookToXlsx(wb, noSteps);
    const xml = (name: string) => readZipEntry(bytes, `xl/worksheets/sheet${wb.sheets.findIndex((s) => s.name === name) + 1}.xml`)!.toString('utf8');
    // Only in the extension part, as Excel wrote it (Excel 2007's part cannot name another sheet).
    expect(xml('CrossSheet References')).not.toContain('<conditionalFormatting');
    expect(xml('CrossSheet References')).toMatch(/<x14:cfRule type="cellIs" priority="1" operator="equal" id="\{[0-9A-F-]+\}"><xm:f>&apos;CrossSheet Values&apos;!\$A1<\/xm:f><x14:dxf><fill><patternFill><bgColor theme="9" tint="0.5999633777886288"\/><\/patternFill><\/fill><\/x14:dxf><\/x14:cfRule><xm:sqref>A1:A5<\/xm:sqref>/);
    // A text rule whose text is a reference keeps it as its second formula.
    expect(xml('Text Expressions')).toMatch(/<x14:cfRule type="notContainsText" priority="\d+" operator="notContains" id="[^"]+"><xm:f>ISERROR\(SEARCH\(\$C\$20,A20\)\)<\/xm:f><xm:f>\$C\$20<\/xm:f>/);
    expect(xml('Text Expressions')).toContain('<xm:f>_xlfn.CONCAT($I$2,$J$2)</xm:f>');
    const again = (await importWithReport(bytes)).wb.findSheet('CrossSheet References')!.meta.cond_formats ?? [];
    expect(again).toMatchObject([{ formula: "=A1='CrossSheet Values'!$A1", xlsx_x14: true }]);
  });

  it('gives a data bar without an Excel 2010 part no empty pointer to one', async () => {
    const wb = memoryWorkbook();
    await put(wb, 'Sheet1', 'A1', [[1], [5]]);
    wb.sheet('Sheet1').meta.cond_formats = [{ id: 'd', type: 'data_bar', range: { r0: 0, c0: 0, r1: 1, c1: 0 }, min: { value_type: 'min' }, max: { value_type: 'max' }, color: '#638EC6', gradient: true, show_value: true }];
    const xml = readZipEntry(await workbookToXlsx(wb, noSteps), 'xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(xml).toMatch(/<cfRule type="dataBar" priority="1"><dataBar><cfvo type="min"\/><cfvo type="max"\/><color rgb="FF638EC6"\/><\/dataBar><\/cfRule>/);
  });
});
