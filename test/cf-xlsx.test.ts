// Conditional formats through xlsx, on files Excel saved: a rule over several ranges is written
// for the first range's top-left cell, and each range keeps the condition moved to its own cells;
// cell-value comparisons, date periods, top/bottom N and above/below average go back to Excel as
// those kinds (Excel shows them as made, not as "Use a formula"); data bars and icon sets are
// kept as such, evaluated, and written back.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { rulesToExcel } from '../core/io/xlsx-cf.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import type { DataBarRule, FormulaRule, IconSetRule } from '../core/rules/model.ts';
import { ruleDecorations } from '../core/rules/decorations.ts';
import { iconOf } from '../core/rules/icons.ts';
import { ruleObjects } from '../core/rules/hooks.ts';
import { ruleOverlay } from '../core/rules/effective.ts';
import { memoryWorkbook, put } from './helpers/memory-workbook.ts';
import { FIXTURES, importWithReport } from './helpers/excel-fidelity.ts';

const noSteps = async () => undefined;
const rulesOf = (xml: string) =>
  [...xml.matchAll(/<conditionalFormatting sqref="([^"]+)"><cfRule type="(\w+)"([^>]*)>/g)].map((m) => [m[1], m[2], /\b(?:operator|timePeriod)="(\w+)"/.exec(m[3]!)?.[1] ?? ''].join(' ').trim());

describe('conditional formats in xlsx', () => {
  it('moves the condition of a rule over several ranges to each range', async () => {
    const { wb } = await importWithReport(readFileSync(`${FIXTURES}features/phpspreadsheet/CellMatcher.xlsx`));
    const sheet = wb.findSheet('cellIs Expression')!;
    const rules = (sheet.meta.cond_formats ?? []).filter((r): r is FormulaRule => r.type === 'formula');
    // Excel: sqref="A12:D17 A20", formula $C12="USA" for A12; A20 reads its own row.
    expect(rules.filter((r) => /^=\$C\d+="USA"$/.test(r.formula)).map((r) => r.formula)).toEqual(['=$C12="USA"', '=$C20="USA"']);
  });

  it('writes cell-value and date-period rules back as those kinds', async () => {
    const { wb } = await importWithReport(readFileSync(`${FIXTURES}features/phpspreadsheet/CellMatcher.xlsx`));
    const bytes = await workbookToXlsx(wb, noSteps);
    const all = Array.from({ length: wb.sheets.length }, (_, i) => readZipEntry(bytes, `xl/worksheets/sheet${i + 1}.xml`)?.toString('utf8') ?? '').flatMap(rulesOf);
    expect(all).toEqual(expect.arrayContaining(['A24:B25 cellIs equal', 'A30:A37 cellIs greaterThan', 'B2:B19 timePeriod today', 'F2:F19 timePeriod lastWeek']));
    // Text rules as Excel writes them (exceljs wrote operator="containsBlanks", which Excel does not know).
    expect(all).toEqual(expect.arrayContaining(['A2:B4 beginsWith beginsWith', 'A8:B10 endsWith endsWith', 'A14:B16 containsText containsText', 'A2:B3 containsBlanks', 'A2:B3 notContainsBlanks', 'C2:C6 containsErrors', 'C2:C6 notContainsErrors']));
    // One Excel rule over several ranges goes back as one rule (split on import, each range with its own condition).
    expect(all).toEqual(expect.arrayContaining(['A12:D17 A20 expression']));
    expect(all.some((r) => /cellIs between/.test(r))).toBe(true);
  });

  it.each([
    ['AND(A2>=1,A2<=MAX(B2,")"))', { type: 'cellIs', operator: 'between', formulae: ['1', 'MAX(B2,")")'] }],
    ['OR(A2<1,A2>10)', { type: 'cellIs', operator: 'notBetween', formulae: ['1', '10'] }],
    ['A2<>"x"', { type: 'cellIs', operator: 'notEqual', formulae: ['"x"'] }],
    ['AND(ISNUMBER(A2),A2<=SMALL($A$2:$B$10,3))', { type: 'top10', rank: 3, percent: false, bottom: true }],
    ['AND(ISNUMBER(A2),A2>=LARGE($A$2:$B$10,MAX(1,INT(COUNT($A$2:$B$10)*10/100))))', { type: 'top10', rank: 10, percent: true, bottom: false }],
    ['AND(ISNUMBER(A2),A2<AVERAGE($A$2:$B$10))', { type: 'aboveAverage', aboveAverage: false }],
    ['RIGHT(A2,LEN("a""b"))="a""b"', { type: 'containsText', operator: 'endsWith', text: 'a"b' }],
    // Not the import's conditions: a compared value that is itself a comparison, another cell, spaces.
    ['A2>=1=2', { type: 'expression' }],
    ['A20>5', { type: 'expression' }],
    ['AND(ISNUMBER(A2),A2>=SMALL($A$2:$B$10,3))', { type: 'expression' }],
    ['RIGHT(A2,LEN("ab"))="abc"', { type: 'expression' }],
    ['A2 >5', { type: 'expression' }],
  ])('writes the condition %s back as Excel\'s kind %o', (formula, kind) => {
    const ws = new ExcelJS.Workbook().addWorksheet('S');
    rulesToExcel([{ id: 'r', type: 'formula', range: { r0: 1, r1: 9, c0: 0, c1: 1 }, formula: `=${formula}`, style: { bold: true }, apply_to_blank: true }], ws);
    const written = (ws as unknown as { conditionalFormattings: { rules: Record<string, unknown>[] }[] }).conditionalFormattings[0]!.rules[0]!;
    expect(written).toMatchObject(kind);
  });

  it('keeps a hatched fill (a pattern without colours) and writes it back', async () => {
    // Apache POI's file saved by Excel: cell-value rules whose format is a lightUp hatch alone.
    const { wb, warnings } = await importWithReport(readFileSync(`${FIXTURES}features/poi/FillWithoutColor.xlsx`));
    expect(warnings.join(' ')).not.toMatch(/conditional formats/);
    const rules = (wb.sheets[0]!.meta.cond_formats ?? []) as FormulaRule[];
    expect(rules).toHaveLength(9);
    expect(rules.every((r) => r.style.fill_pattern?.pattern === 'lightUp' && r.style.fill_pattern.color === '#000000' && r.style.fill_color === undefined)).toBe(true);
    // Each rule is "Stop If True" in Excel, and stays so.
    expect(rules.every((r) => r.stop_if_true === true)).toBe(true);
    const bytes = await workbookToXlsx(wb, noSteps);
    expect(readZipEntry(bytes, 'xl/worksheets/sheet1.xml')!.toString('utf8').match(/<cfRule [^>]*stopIfTrue="1"/g)).toHaveLength(4);
    const styles = readZipEntry(bytes, 'xl/styles.xml')!.toString('utf8');
    // The file's own format goes back as it was: the hatch with Excel's automatic colour.
    expect(styles).toMatch(/<dxf><fill><patternFill patternType="lightUp"\/><\/fill><\/dxf>/);
  });

  it('keeps data bars and icon sets, draws them from the numbers, and writes them back', async () => {
    // Apache POI's file saved by Excel: column E has a green data bar (min..max), H..S icon sets.
    const { wb, warnings } = await importWithReport(readFileSync(`${FIXTURES}features/poi/NewStyleConditionalFormattings.xlsx`));
    const sheet = wb.findSheet('CF')!;
    const rules = sheet.meta.cond_formats ?? [];
    const bar = rules.find((r): r is DataBarRule => r.type === 'data_bar')!;
    expect(bar).toMatchObject({ min: { value_type: 'min' }, max: { value_type: 'max' }, color: '#63C384', gradient: true, show_value: true });
    const sets = rules.filter((r): r is IconSetRule => r.type === 'icon_set').map((r) => r.icon_set);
    expect(sets).toEqual(expect.arrayContaining(['3TrafficLights1', '3Signs', '3Arrows', '4Rating', '5Rating', '5ArrowsGray', '3Stars']));
    // Every rule is kept: formula thresholds and custom mixes of icons included.
    expect(warnings.join('\n')).not.toMatch(/conditional formats/);

    // Bars grow with the number: E2..E17 hold 1, 10, 15, ... 50, 25, 0, -1 ... -10 (min -10, max 50).
    const deco = (await ruleDecorations(wb, sheet, { r0: 1, c0: 0, r1: 16, c1: 20 }))!;
    const lengths = [1, 2, 10].map((r) => deco(r, 4)!.bar!).map((b) => b.to - b.from);
    expect(lengths[0]).toBeLessThan(lengths[1]!);
    expect(lengths[2]).toBeCloseTo(50 / 60, 5); // 50 is the max: the bar from 0's axis at 10/60 to the end
    // 3Arrows over percent thresholds 0/33/67 of 1..50 and -10..: the lowest numbers get the red down arrow.
    const arrows = rules.find((r) => r.type === 'icon_set' && r.icon_set === '3Arrows')!;
    const col = arrows.range.c0;
    expect(deco(15, col)!.icon).toEqual(iconOf('3Arrows', 0));
    expect(deco(9, col)!.icon).toEqual(iconOf('3Arrows', 2));

    // T2:T17 (1, 10, 15, 20, ... -10): traffic lights at 0 and at a formula's value ($T$5: 20).
    const lights = rules.find((r): r is IconSetRule => r.type === 'icon_set' && r.icon_set === '3TrafficLights2')!;
    expect(lights.thresholds[2]).toEqual({ value_type: 'formula', formula: '=$T$5' });
    expect([deco(3, 19)!.icon, deco(4, 19)!.icon, deco(15, 19)!.icon]).toEqual([iconOf('3TrafficLights2', 1), iconOf('3TrafficLights2', 2), iconOf('3TrafficLights2', 0)]);

    const bytes = await workbookToXlsx(wb, noSteps);
    const xml = readZipEntry(bytes, 'xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(xml).toMatch(/<cfvo type="formula" val="\$T\$5"\/>/);
    // The formula follows the sheet: a row inserted above moves it to $T$6.
    ruleObjects.onStructure!(wb, sheet, { kind: 'insert', axis: 'row', at: 0, count: 1 });
    expect(lights.thresholds[2]).toEqual({ value_type: 'formula', formula: '=$T$6' });
    expect(xml).toMatch(/<cfRule type="dataBar"/);
    expect(xml).toMatch(/<iconSet iconSet="3Arrows"/);
    const again = (await importWithReport(bytes)).wb.findSheet('CF')!.meta.cond_formats ?? [];
    expect(again.filter((r) => r.type === 'icon_set').length).toBe(rules.filter((r) => r.type === 'icon_set').length);
    expect(again.find((r) => r.type === 'data_bar')).toMatchObject({ color: '#63C384', min: { value_type: 'min' } });
  });

  it('applies no later rule where a "Stop If True" rule holds', async () => {
    const wb = memoryWorkbook();
    await put(wb, 'Sheet1', 'A1', [[5], [50]]);
    const sheet = wb.sheet('Sheet1');
    const range = { r0: 0, c0: 0, r1: 1, c1: 0 };
    sheet.meta.cond_formats = [
      { id: 'big', type: 'formula', range, formula: '=A1>10', style: { bold: true }, apply_to_blank: true, stop_if_true: true },
      { id: 'any', type: 'formula', range, formula: '=A1>0', style: { fill_color: '#FFFF00' }, apply_to_blank: true },
    ];
    const overlay = await ruleOverlay(wb, sheet, range);
    expect(overlay.map((line) => line[0]!.style)).toEqual([{ fill_color: '#FFFF00' }, { bold: true }]);
  });

  it('keeps apply_to_blank false, and "Stop If True" on every rule kind, through export and import', async () => {
    const wb = memoryWorkbook();
    await put(wb, 'Sheet1', 'A1', [[5], [''], [50]]);
    const range = { r0: 0, c0: 0, r1: 2, c1: 0 };
    const bound = { value_type: 'min' as const }, top = { value_type: 'max' as const };
    wb.sheet('Sheet1').meta.cond_formats = [
      { id: 'a', type: 'formula', range, formula: '=A1<10', style: { bold: true }, apply_to_blank: false, stop_if_true: true },
      { id: 'b', type: 'formula', range, formula: '=A1>10', style: { italic: true }, apply_to_blank: true },
      { id: 'c', type: 'color_scale', range, thresholds: [{ ...bound, color: '#FF0000' }, { ...top, color: '#00FF00' }], auto_contrast_text: false, stop_if_true: true },
      { id: 'd', type: 'data_bar', range, min: bound, max: top, color: '#638EC6', gradient: true, show_value: true, stop_if_true: true },
      { id: 'e', type: 'icon_set', range, icon_set: '3Arrows', thresholds: [{ value_type: 'percent', value: 0 }, { value_type: 'percent', value: 33 }, { value_type: 'percent', value: 67 }], reverse: false, show_value: true, stop_if_true: true },
    ];
    const before = await ruleOverlay(wb, wb.sheet('Sheet1'), range);
    const bytes = await workbookToXlsx(wb, noSteps);
    expect(readZipEntry(bytes, 'xl/worksheets/sheet1.xml')!.toString('utf8').match(/<cfRule [^>]*stopIfTrue="1"/g)).toHaveLength(4);
    const { wb: back } = await importWithReport(bytes);
    const rules = back.sheets[0]!.meta.cond_formats!;
    expect(rules.map((r) => [r.type, r.stop_if_true ?? false, r.type === 'formula' ? [r.formula, r.apply_to_blank] : null])).toEqual([
      ['formula', true, ['=A1<10', false]],
      ['formula', false, ['=A1>10', true]],
      ['color_scale', true, null],
      ['data_bar', true, null],
      ['icon_set', true, null],
    ]);
    // The blank A2 is not bold after the trip either (Excel reads the condition as COUNTBLANK(A1)=0 and A1<10).
    expect((await ruleOverlay(back, back.sheets[0]!, range)).map((line) => line[0]?.style)).toEqual(before.map((line) => line[0]?.style));
  });

  it('keeps a custom mix of icons, draws each from its own set and writes it back as Excel wrote it', async () => {
    const { wb } = await importWithReport(readFileSync(`${FIXTURES}ironcalc/conditional_formatting/cf_tests.xlsx`));
    const sheet = wb.findSheet('IconSets')!;
    const mixed = (sheet.meta.cond_formats ?? []).find((r): r is IconSetRule => r.type === 'icon_set' && r.icon_set === '3TrafficLights2' && !!r.icons)!;
    expect(mixed.icons).toEqual([{ set: '4ArrowsGray', id: 1 }, { set: '3TrafficLights1', id: 1 }, { set: '3TrafficLights1', id: 2 }]);
    const deco = (await ruleDecorations(wb, sheet, mixed.range))!;
    const drawn = new Set<string>();
    for (let row = mixed.range.r0; row <= mixed.range.r1; row++) {
      for (let col = mixed.range.c0; col <= mixed.range.c1; col++) {
        const icon = deco(row, col)?.icon;
        if (icon) drawn.add(JSON.stringify(icon));
      }
    }
    expect(drawn.size).toBeGreaterThan(1);
    expect([...drawn].every((d) => mixed.icons!.some((c) => JSON.stringify(iconOf(c.set, c.id)) === d))).toBe(true);
    const bytes = await workbookToXlsx(wb, noSteps);
    const xml = readZipEntry(bytes, `xl/worksheets/sheet${wb.sheets.indexOf(sheet) + 1}.xml`)!.toString('utf8');
    expect(xml).toContain('<x14:iconSet iconSet="3TrafficLights2" custom="1"><x14:cfvo type="percent"><xm:f>0</xm:f></x14:cfvo><x14:cfvo type="percent"><xm:f>33</xm:f></x14:cfvo><x14:cfvo type="percent"><xm:f>67</xm:f></x14:cfvo><x14:cfIcon iconSet="4ArrowsGray" iconId="1"/><x14:cfIcon iconSet="3TrafficLights1" iconId="1"/><x14:cfIcon iconSet="3TrafficLights1" iconId="2"/></x14:iconSet>');
  });
});
