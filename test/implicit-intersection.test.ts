// Implicit intersection: formulas Excel evaluated the pre-dynamic-array way (an .xls, or an .xlsx
// formula not stored as an array formula) compute what Excel showed, read with Excel's @, and go
// back into an xlsx as Excel wrote them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areas } from '../core/areas.ts';
import { applyBook } from '../core/io/excel-apply.ts';
import { readXlsx } from '../core/io/xlsx-read.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { registerFunctions } from '../core/workbook/functions/index.ts';
import { atAsSingle, explicitIntersections, implicitIntersections, legacyFormula, singleAsAt } from '../core/workbook/implicit-intersection.ts';
import { withParameterPrefixes } from '../core/formula/prefixes.ts';
import { FIXTURES } from './helpers/excel-fidelity.ts';
import { formulas, memoryWorkbook, shown } from './helpers/memory-workbook.ts';

registerFunctions();

// [legacy formula as the file has it, what the engine computes]
const LEGACY: [string, string][] = [
  ['A3:A14', 'SINGLE(A3:A14)'],
  ['L:L', 'SINGLE(L:L)'],
  ['CEILING.MATH($A97,$47:$47)', 'CEILING.MATH($A97,SINGLE($47:$47))'],
  ['ROUND(J2:J7, 2)', 'ROUND(SINGLE(J2:J7), 2)'],
  ['SUM(A1:A3)', 'SUM(A1:A3)'],
  ['SUM(A1:A3*2)', 'SUM(SINGLE(A1:A3)*2)'],
  ['SUMPRODUCT((A1:A3>1)*B1:B3)', 'SUMPRODUCT((A1:A3>1)*B1:B3)'],
  ['IF(A1:A3>1,B1:B3,0)', 'IF(SINGLE(A1:A3)>1,SINGLE(B1:B3),0)'],
  ['SUM(CHOOSE(2,A1:A3,B1:B3))', 'SUM(CHOOSE(2,A1:A3,B1:B3))'],
  ['VLOOKUP(A1:A3,B:C,2,FALSE)', 'VLOOKUP(SINGLE(A1:A3),B:C,2,FALSE)'],
  ['INDEX(A1:C3,0,1)', 'SINGLE(INDEX(A1:C3,0,1))'],
  ['ROW(A1:A3)', 'SINGLE(ROW(A1:A3))'],
  ['ROW(A1)+COLUMN()', 'ROW(A1)+COLUMN()'],
  ['SUMPRODUCT(1/COUNTIF(A1:A3,A1:A3))', 'SUMPRODUCT(1/COUNTIF(A1:A3,A1:A3))'],
  ['CHOOSE(A1:A3,1,2)', 'CHOOSE(SINGLE(A1:A3),1,2)'],
  ['SUMIF(A:A,"x",B:B)', 'SUMIF(A:A,"x",B:B)'],
  ['COUNTIF(A:A,B1:B3)', 'COUNTIF(A:A,SINGLE(B1:B3))'],
  ['MULTINOMIAL(A3:A5,3)', 'MULTINOMIAL(A3:A5,3)'],
  ["-'My sheet'!A1:A3", "-SINGLE('My sheet'!A1:A3)"],
  ['"a"&A1:A3', '"a"&SINGLE(A1:A3)'],
  ['A1:A1*2', 'A1:A1*2'],
  ['{1,2;3,4}', '{1,2;3,4}'],
  // Read as they are: table references and the intersection operator.
  ['SUM(Table1[x])', 'SUM(Table1[x])'],
  ['A1:C3 B1:B4', 'A1:C3 B1:B4'],
];

describe('implicit intersection', () => {
  it.each(LEGACY)('%s is computed as %s and written back unchanged', (legacy, engine) => {
    expect(explicitIntersections(legacy)).toBe(engine);
    expect(implicitIntersections(engine)).toBe(legacy);
  });

  it('a one-cell range and a range of the same shape are told apart', () => {
    expect(explicitIntersections('A1:A1*2')).toBe('A1:A1*2');
    expect(explicitIntersections('A1:A3*2')).toBe('SINGLE(A1:A3)*2');
    expect(explicitIntersections('B7:B7+1')).toBe('B7:B7+1');
    expect(explicitIntersections('B7:B9+1')).toBe('SINGLE(B7:B9)+1');
  });

  it.each([
    ['=@A1:A3', '=SINGLE(A1:A3)'],
    ['=SUM(@A1:A3*2)', '=SUM(SINGLE(A1:A3)*2)'],
    ['=@INDEX(A1:C3,0,1)+1', '=SINGLE(INDEX(A1:C3,0,1))+1'],
    ['="a@b"&@B:B', '="a@b"&SINGLE(B:B)'],
    ["=@'My s'!A1:A3", "=SINGLE('My s'!A1:A3)"],
    ['=@(A1:A3+1)', '=SINGLE((A1:A3+1))'],
  ])('Excel\'s %s is the engine\'s %s, and shows as it was written', (excel, engine) => {
    expect(atAsSingle(excel)).toBe(engine);
    expect(singleAsAt(engine)).toBe(excel);
  });

  it.each([
    // Excel's own intersection gives these back: written without SINGLE (issue 33).
    ['C7+SINGLE(G7:J7)', 'C7+G7:J7'],
    ['SINGLE(K7:L10)&D7&F7', 'K7:L10&D7&F7'],
    ['SINGLE(G7:J7)>=SINGLE(G7:J7)', 'G7:J7>=G7:J7'],
    ['ROUND(SINGLE(B:B),2)', 'ROUND(B:B,2)'],
    ['SUM(A1:A3)', 'SUM(A1:A3)'],
    // An @ where Excel would not intersect by itself stays, written _xlfn.SINGLE by the export.
    ['SUM(SINGLE(A1:A3))', 'SUM(SINGLE(A1:A3))'],
    ['SINGLE(A1)+1', 'SINGLE(A1)+1'],
    ['SUM(SINGLE(A1:A3))+SINGLE(B1:B3)', 'SUM(SINGLE(A1:A3))+SINGLE(B1:B3)'],
  ])('the engine\'s %s goes into a cell that is not an array formula as %s', (engine, stored) => {
    expect(legacyFormula(engine)).toBe(stored);
  });

  it('an Excel workbook of legacy formulas computes as Excel did and exports them as Excel wrote them', async () => {
    const bytes = readFileSync(`${FIXTURES}ironcalc/calc_tests/MATH_AND_TRIGONOMETRY/ROUND.xlsx`);
    const wb = memoryWorkbook(['__init__'], areas);
    await applyBook(wb, await readXlsx(bytes), async () => undefined);
    await wb.rebuildEngine();
    // L4 is ROUND(J2:J7, 2) in row 4: Excel rounded J4 (1.745).
    expect(shown(wb, 'Sheet1', 'L4')).toEqual([['1.75']]);
    expect(formulas(wb, 'Sheet1', 'L4')).toEqual([['=ROUND(@J2:J7, 2)']]);
    const out = await workbookToXlsx(wb, async () => undefined);
    const xml = [1, 2, 3].map((n) => readZipEntry(out, `xl/worksheets/sheet${n}.xml`)?.toString('utf8') ?? '').join('');
    expect(xml).toContain('<f>ROUND(J2:J7, 2)</f>');
  });

  it.each([
    ['LET(x, 2, y, x*3, x+y)', 'LET(_xlpm.x, 2, _xlpm.y, _xlpm.x*3, _xlpm.x+_xlpm.y)'],
    ['MAP(A1:A3, LAMBDA(v, v*2))', 'MAP(A1:A3, LAMBDA(_xlpm.v, _xlpm.v*2))'],
    ['REDUCE(0, A1:A3, LAMBDA(acc, v, acc+v))+x', 'REDUCE(0, A1:A3, LAMBDA(_xlpm.acc, _xlpm.v, _xlpm.acc+_xlpm.v))+x'],
    ['SUM(A1:A3)', 'SUM(A1:A3)'],
  ])('xlsx export writes %s with its parameters prefixed: %s', (formula, file) => {
    expect(withParameterPrefixes(formula)).toBe(file);
  });
});
