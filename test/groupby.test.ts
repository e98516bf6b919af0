// GROUPBY and PIVOTBY (core/workbook/functions/groupby.ts, pivot-grid.ts) on a small sales table,
// functions passed by name (BYROW(..., SUM)), the re-spill when the data changes, and Excel's
// stored form of a function passed by name (_xleta.SUM) through xlsx import and export.
import { describe, expect, it } from 'vitest';
import { areas } from '../core/areas.ts';
import type { Book } from '../core/io/book.ts';
import { applyBook } from '../core/io/excel-apply.ts';
import { readXlsx } from '../core/io/xlsx-read.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { checkCellFormula } from '../core/workbook/formula-check.ts';
import type { Workbook } from '../core/workbook/workbook.ts';
import { formulas, memoryWorkbook, put, shown } from './helpers/memory-workbook.ts';

const SALES = [
  ['Region', 'Product', 'Year', 'Sales'],
  ['East', 'Apple', 2023, 10],
  ['West', 'Pear', 2023, 20],
  ['East', 'Pear', 2024, 5],
  ['West', 'Apple', 2024, 7],
  ['East', 'Apple', 2024, 3],
  ['North', 'Pear', 2023, 3],
];

async function sheet(): Promise<Workbook> {
  const wb = memoryWorkbook(['S'], areas);
  await put(wb, 'S', 'A1', SALES);
  return wb;
}

/** Enters a typed formula at F1 and gives the rows it spills (trailing blank rows and columns cut). */
async function spill(wb: Workbook, formula: string, at = 'F1'): Promise<string[][]> {
  await put(wb, 'S', at, [[checkCellFormula(formula, 'formula')]]);
  const row = Number(at.slice(1));
  const rows = shown(wb, 'S', `F${row}:K${row + 14}`);
  while (rows.length && rows[rows.length - 1]!.every((v) => v === '')) rows.pop();
  const width = Math.max(...rows.map((r) => r.findLastIndex((v) => v !== '') + 1));
  return rows.map((r) => r.slice(0, width));
}

describe('GROUPBY', () => {
  it.each<[string, string, string[][]]>([
    ['sums by region, sorted, with a grand total', '=GROUPBY(A2:A7,D2:D7,SUM)', [['East', '18'], ['North', '3'], ['West', '27'], ['Total', '48']]],
    ['averages', '=GROUPBY(A2:A7,D2:D7,AVERAGE)', [['East', '6'], ['North', '3'], ['West', '13.5'], ['Total', '8']]],
    ['counts', '=GROUPBY(A2:A7,D2:D7,COUNT)', [['East', '3'], ['North', '1'], ['West', '2'], ['Total', '6']]],
    ['headers found and left out', '=GROUPBY(A1:A7,D1:D7,SUM)', [['East', '18'], ['North', '3'], ['West', '27'], ['Total', '48']]],
    ['headers shown', '=GROUPBY(A1:A7,D1:D7,SUM,3)', [['Region', 'Sales'], ['East', '18'], ['North', '3'], ['West', '27'], ['Total', '48']]],
    ['headers generated', '=GROUPBY(A2:A7,D2:D7,MAX,2,0)', [['Row Field 1', 'Value 1'], ['East', '10'], ['North', '3'], ['West', '20']]],
    ['no totals', '=GROUPBY(A2:A7,D2:D7,SUM,0,0)', [['East', '18'], ['North', '3'], ['West', '27']]],
    ['the total at the top', '=GROUPBY(A2:A7,D2:D7,SUM,0,-1)', [['Total', '48'], ['East', '18'], ['North', '3'], ['West', '27']]],
    ['sorted by the values, descending', '=GROUPBY(A2:A7,D2:D7,SUM,,,-2)', [['West', '27'], ['East', '18'], ['North', '3'], ['Total', '48']]],
    ['sorted by the field, descending', '=GROUPBY(A2:A7,D2:D7,SUM,,,-1)', [['West', '27'], ['North', '3'], ['East', '18'], ['Total', '48']]],
    ['filtered', '=GROUPBY(A2:A7,D2:D7,SUM,,,,C2:C7=2024)', [['East', '8'], ['West', '7'], ['Total', '15']]],
    ['a LAMBDA', '=GROUPBY(A2:A7,D2:D7,LAMBDA(v,MAX(v)-MIN(v)))', [['East', '7'], ['North', '0'], ['West', '13'], ['Total', '17']]],
    ['several functions across, labelled by name', '=GROUPBY(A2:A7,D2:D7,HSTACK(SUM,COUNT))', [['', 'SUM', 'COUNT'], ['East', '18', '3'], ['North', '3', '1'], ['West', '27', '2'], ['Total', '48', '6']]],
    ['several functions with labels given', '=GROUPBY(A2:A7,D2:D7,VSTACK(HSTACK(SUM,MAX),{"Sales","Best"}),,0)', [['', 'Sales', 'Best'], ['East', '18', '10'], ['North', '3', '3'], ['West', '27', '20']]],
    ['several functions down', '=GROUPBY(A2:A3,D2:D3,VSTACK(SUM,COUNT),,0)', [['East', 'SUM', '10'], ['', 'COUNT', '1'], ['West', 'SUM', '20'], ['', 'COUNT', '1']]],
    ['text joined', '=GROUPBY(A2:A7,B2:B7,ARRAYTOTEXT,,0)', [['East', 'Apple, Pear, Apple'], ['North', 'Pear'], ['West', 'Pear, Apple']]],
    ['distinct keys when there are no values', '=GROUPBY(A2:A7,,)', [['East'], ['North'], ['West']]],
    ['empty rows in the range make a blank group, last', '=GROUPBY(A2:A9,D2:D9,SUM)', [['East', '18'], ['North', '3'], ['West', '27'], ['', '0'], ['Total', '48']]],
  ])('%s: %s', async (_name, formula, expected) => {
    expect(await spill(await sheet(), formula)).toEqual(expected);
  });

  it('subtotals two fields, below or above each group', async () => {
    const wb = await sheet();
    const below = [['East', 'Apple', '13'], ['East', 'Pear', '5'], ['East', '', '18'], ['North', 'Pear', '3'], ['North', '', '3'], ['West', 'Apple', '7'], ['West', 'Pear', '20'], ['West', '', '27'], ['Total', '', '48']];
    expect(await spill(wb, '=GROUPBY(A2:B7,D2:D7,SUM,0,2)')).toEqual(below);
    // Automatic: grand total and subtotals.
    expect(await spill(wb, '=GROUPBY(A2:B7,D2:D7,SUM,0)')).toEqual(below);
    expect(await spill(wb, '=GROUPBY(A2:B7,D2:D7,SUM,0,-2)')).toEqual([['Total', '', '48'], ['East', '', '18'], ['East', 'Apple', '13'], ['East', 'Pear', '5'], ['North', '', '3'], ['North', 'Pear', '3'], ['West', '', '27'], ['West', 'Apple', '7'], ['West', 'Pear', '20']]);
    expect(await spill(wb, '=GROUPBY(A2:B7,D2:D7,SUM,0,1)')).toEqual([['East', 'Apple', '13'], ['East', 'Pear', '5'], ['North', 'Pear', '3'], ['West', 'Apple', '7'], ['West', 'Pear', '20'], ['Total', '', '48']]);
    // Sorted by the values within the hierarchy: groups by their totals, then each group's rows.
    expect(await spill(wb, '=GROUPBY(A2:B7,D2:D7,SUM,0,2,-3)')).toEqual([['West', 'Pear', '20'], ['West', 'Apple', '7'], ['West', '', '27'], ['East', 'Apple', '13'], ['East', 'Pear', '5'], ['East', '', '18'], ['North', 'Pear', '3'], ['North', '', '3'], ['Total', '', '48']]);
    // As a table: rows sorted on their own, no subtotals.
    expect(await spill(wb, '=GROUPBY(A2:B7,D2:D7,SUM,0,2,-3,,1)')).toEqual([['West', 'Pear', '20'], ['East', 'Apple', '13'], ['West', 'Apple', '7'], ['East', 'Pear', '5'], ['North', 'Pear', '3'], ['Total', '', '48']]);
  });

  it('gives Excel\'s errors for arguments it cannot use', async () => {
    const wb = await sheet();
    for (const f of ['=GROUPBY(A2:A7,D2:D6,SUM)', '=GROUPBY(A2:A7,D2:D7,SUM,7)', '=GROUPBY(A2:A7,D2:D7,SUM,,,9)', '=GROUPBY(A2:A7,D2:D7,SUM,,,,C2:C6=2024)', '=GROUPBY(A2:A7,D2:D7,A1)', '=GROUPBY(A2:A7,D2:D7,SUM,,,,C2:C7=1999)']) {
      expect(await spill(wb, f), f).toEqual([['#VALUE!']]);
    }
    expect(await spill(wb, '=GROUPBY(A2:A7,D2:D7,NoSuchFn)')).toEqual([['#NAME?']]);
  });

  it('re-spills when the data changes', async () => {
    const wb = await sheet();
    expect(await spill(wb, '=GROUPBY(A2:A7,D2:D7,SUM)')).toEqual([['East', '18'], ['North', '3'], ['West', '27'], ['Total', '48']]);
    await put(wb, 'S', 'A7', [['East']]);
    expect(shown(wb, 'S', 'F1:G4')).toEqual([['East', '21'], ['West', '27'], ['Total', '48'], ['', '']]);
    await put(wb, 'S', 'A6', [['South']]);
    expect(shown(wb, 'S', 'F1:G5')).toEqual([['East', '18'], ['South', '3'], ['West', '27'], ['Total', '48'], ['', '']]);
  });
});

describe('PIVOTBY', () => {
  it.each<[string, string, string[][]]>([
    ['regions by years, with totals', '=PIVOTBY(A2:A7,C2:C7,D2:D7,SUM)', [['', '2023', '2024', 'Total'], ['East', '10', '8', '18'], ['North', '3', '', '3'], ['West', '20', '7', '27'], ['Total', '33', '15', '48']]],
    ['headers shown', '=PIVOTBY(A1:A7,C1:C7,D1:D7,SUM,3,0,,0)', [['', 'Year', ''], ['Region', '2023', '2024'], ['East', '10', '8'], ['North', '3', ''], ['West', '20', '7']]],
    ['columns sorted descending, totals first', '=PIVOTBY(A2:A7,C2:C7,D2:D7,COUNT,,0,,-1,-1)', [['', 'Total', '2024', '2023'], ['East', '3', '2', '1'], ['North', '1', '', '1'], ['West', '2', '1', '1']]],
    ['shares of each row (relative_to 1)', '=PIVOTBY(A2:A3,C2:C3,D2:D3,PERCENTOF,,0,,0,,,1)', [['', '2023'], ['East', '1'], ['West', '1']]],
    ['shares of each column (the default)', '=PIVOTBY(A2:A7,C2:C7,D2:D7,PERCENTOF,,0,,0)', [['', '2023', '2024'], ['East', '0.303030303', '0.533333333'], ['North', '0.090909091', ''], ['West', '0.606060606', '0.466666667']]],
  ])('%s: %s', async (_name, formula, expected) => {
    expect(await spill(await sheet(), formula)).toEqual(expected);
  });
});

describe('functions passed by name', () => {
  it('are called by the LAMBDA helpers, and read back as typed', async () => {
    const wb = await sheet();
    expect(await spill(wb, '=BYROW(C2:D3, SUM)')).toEqual([['2033'], ['2043']]);
    expect(await spill(wb, '=BYCOL(C2:D3,MAX)')).toEqual([['2023', '20']]);
    expect(await spill(wb, '=REDUCE(0,D2:D7,SUM)')).toEqual([['48']]);
    expect(await spill(wb, '=SCAN(0,D2:D4,SUM)')).toEqual([['10'], ['30'], ['35']]);
    expect(await spill(wb, '=MAP(D2:D3,D2:D3,PRODUCT)')).toEqual([['100'], ['400']]);
    expect(await spill(wb, '=MAKEARRAY(2,2,PRODUCT)')).toEqual([['1', '2'], ['2', '4']]);
    expect(await spill(wb, '=LAMBDA(x,BYROW(x,sum))(C2:D2)')).toEqual([['2033']]);
    await put(wb, 'S', 'F1', [[checkCellFormula('=BYROW(C2:D3, SUM)', 'formula')]]);
    expect(formulas(wb, 'S', 'F1')).toEqual([['=BYROW(C2:D3, SUM)']]);
  });
});

describe("Excel's _xleta. prefix", () => {
  const book = (): Book => ({
    sheets: [
      {
        name: 'S',
        merges: [],
        colWidths: {},
        rowHeights: {},
        forEachCell(fn) {
          SALES.forEach((line, row) => line.forEach((value, col) => fn({ row, col, value })));
          fn({ row: 0, col: 5, formula: '_xlfn.GROUPBY(A2:A7,D2:D7,_xleta.SUM)', value: 'East', array: true, arrayRef: 'F1:G4' });
          fn({ row: 0, col: 8, formula: '_xlfn.BYROW(C2:D3,_xleta.SUM)', value: 2033, array: true, arrayRef: 'I1:I2' });
        },
      },
    ],
    warnings: [],
  });

  it('is read, computed, shown as Excel writes it and written back', async () => {
    const wb = memoryWorkbook(['S'], areas);
    const out = await applyBook(wb, book(), async () => undefined);
    await wb.rebuildEngine();
    expect(out.unsupported).toEqual([]);
    expect(shown(wb, 'S', 'F1:G4')).toEqual([['East', '18'], ['North', '3'], ['West', '27'], ['Total', '48']]);
    expect(shown(wb, 'S', 'I1:I2')).toEqual([['2033'], ['2043']]);
    expect(formulas(wb, 'S', 'F1')).toEqual([['=GROUPBY(A2:A7,D2:D7,SUM)']]);
    // A typed one is written with the prefixes too.
    await put(wb, 'S', 'K1', [[checkCellFormula('=BYCOL(C2:D3, MAX)', 'formula')]]);

    const back = await readXlsx(await workbookToXlsx(wb, async () => undefined));
    const cells: Record<string, unknown> = {};
    back.sheets[0]!.forEachCell((c) => void (c.formula !== undefined && (cells[`${c.row},${c.col}`] = c.formula)));
    expect(cells).toEqual({ '0,5': '_xlfn.GROUPBY(A2:A7,D2:D7,_xleta.SUM)', '0,8': '_xlfn.BYROW(C2:D3,_xleta.SUM)', '0,10': '_xlfn.BYCOL(C2:D3, _xleta.MAX)' });
  });
});
