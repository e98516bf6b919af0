// Structured references (Excel table references) in imported formulas become cell references the
// engine computes; the tables come from the file's own table parts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTables } from '../core/io/xlsx-tables.ts';
import { resolveStructuredRefs } from '../core/formula/structured-refs.ts';
import type { BookTable } from '../core/io/book.ts';
import { FIXTURES } from './helpers/excel-fidelity.ts';

// Sales on sheet 'Data', A1:D6: a header row, rows 2-5 of data, a totals row 6.
const sales: BookTable = { name: 'Sales', sheet: 'Data', rect: { r0: 0, r1: 5, c0: 0, c1: 3 }, headerRows: 1, totalsRows: 1, columns: ['Region', 'Units', 'Unit Cost', 'Total [net]'] };
const at = { sheet: 'Data', row: 3 };

describe('structured references', () => {
  it.each([
    ['SUM(Sales[Units])', 'SUM($B$2:$B$5)'],
    ['SUM(sales[units])', 'SUM($B$2:$B$5)'],
    ['Sales[[#This Row],[Units]]*Sales[[#This Row],[Unit Cost]]', '$B4*$C4'],
    ['Sales[@Units]*2', '$B4*2'],
    ['SUM(Sales[[#This Row],[Units]:[Unit Cost]])', 'SUM($B4:$C4)'],
    ['SUM(Sales[#All])', 'SUM($A$1:$D$6)'],
    ['SUM(Sales[])', 'SUM($A$2:$D$5)'],
    ['CONCAT(Sales[#Headers])', 'CONCAT($A$1:$D$1)'],
    ['SUM(Sales[[#Totals],[Units]])', 'SUM($B$6)'],
    ['SUM(Sales[[#Headers],[#Data],[Units]])', 'SUM($B$1:$B$5)'],
    ["SUM(Sales[Total '[net']])", 'SUM($D$2:$D$5)'],
    ['"Sales[Units]"&Sales[@Region]', '"Sales[Units]"&$A4'],
  ])('%s reads as %s', (formula, a1) => {
    expect(resolveStructuredRefs(formula, [sales], at)).toBe(a1);
  });

  it('names the sheet of a table elsewhere', () => {
    expect(resolveStructuredRefs('SUM(Sales[Units])', [sales], { sheet: 'Report', row: 0 })).toBe("SUM(Data!$B$2:$B$5)");
  });

  it.each([
    ['an unknown column', 'SUM(Sales[Price])'],
    ['an unknown table', 'SUM(Other[Units])'],
    ['this row outside the data rows', 'Sales[@Units]'],
  ])('leaves the formula alone for %s', (_, formula) => {
    expect(resolveStructuredRefs(formula, [sales], formula === 'Sales[@Units]' ? { sheet: 'Data', row: 0 } : at)).toBeUndefined();
  });

  it("reads an Excel file's tables: name, range, header and totals rows, columns", () => {
    const tables = readTables(readFileSync(`${FIXTURES}ironcalc/calc_test_no_export/tables.xlsx`));
    expect(tables.find((t) => t.name === 'Table1')).toEqual({ name: 'Table1', sheet: 'WithHeaders', rect: { r0: 0, r1: 4, c0: 0, c1: 5 }, headerRows: 1, totalsRows: 1, columns: ['Jan', 'Feb', 'Mar', 'Apr', 'Dec', 'Year'], style: expect.objectContaining({ name: 'TableStyleMedium2' }) });
    expect(tables.length).toBe(9);
  });
});
