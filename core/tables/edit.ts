// Changing a table's cells: sort its rows in place (values, formulas and formats move with their
// row; formulas are rewritten as if copied to the new row) and append rows under it (calculated
// columns and the last row's formats carry on, as in spreadsheet tables).
import { invalidArg } from '../errors.ts';
import { formulaOf, hasContent, isRich, styleOf, withStyle } from '../workbook/cell.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Content, Workbook } from '../workbook/workbook.ts';
import type { CellInputValue } from '../cells/write-input.ts';
import { cellToA1, rectToA1 } from '../a1.ts';
import { reanchor } from '../formula/move-refs.ts';
import { bodyOf } from './columns.ts';
import { checkNoOverlap } from './create.ts';
import type { TableSpec } from './model.ts';
import { sortRows } from '../cells/range-edit.ts';

export async function sortTable(wb: Workbook, sheet: SheetModel, table: TableSpec, by: { column: number; descending: boolean }[]): Promise<void> {
  await sortRows(wb, sheet, bodyOf(table), by.map((k) => ({ col: k.column, descending: k.descending })), 'table');
}

/** Appends rows under the table (the cells there must be empty) and grows it. */
export async function appendRows(wb: Workbook, sheet: SheetModel, table: TableSpec, grid: Content[][], raw: CellInputValue[][]): Promise<void> {
  const { r1, c0, c1 } = table.rect;
  const width = c1 - c0 + 1;
  const target = { r0: r1 + 1, c0, r1: r1 + grid.length, c1 };
  await wb.load(sheet, { ...target, r0: r1 });
  for (let r = target.r0; r <= target.r1; r++) {
    for (let c = c0; c <= c1; c++) {
      if (hasContent(sheet.get(r, c))) throw invalidArg('rows', `the rows under table '${table.name}' (${rectToA1(target)}) are not empty: ${cellToA1({ row: r, col: c })} holds a value; move it or append fewer rows`);
    }
  }
  checkNoOverlap(sheet, target, 'rows', table);
  const hasBody = r1 >= bodyOf(table).r0;
  // Calculated columns: an empty value under a formula column gets the formula, shifted down.
  const full: Content[][] = grid.map((line, i) =>
    Array.from({ length: width }, (_, j) => {
      const given = j < line.length ? line[j]! : null;
      const cell = hasBody ? sheet.get(r1, c0 + j) : undefined;
      const above = formulaOf(cell);
      const x = isRich(cell) ? cell.x : undefined;
      return given === null && (raw[i]?.[j] ?? '') === '' && above !== undefined ? { f: reanchor(above, i + 1, 0), ...(x !== undefined ? { x: reanchor(x, i + 1, 0) } : {}) } : given;
    }),
  );
  if (hasBody) {
    for (let r = target.r0; r <= target.r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const s = styleOf(sheet.get(r1, c));
        if (s) sheet.set(r, c, withStyle(sheet.get(r, c), s));
      }
    }
  }
  await wb.writeCells(sheet, target.r0, c0, full);
  table.rect = { ...table.rect, r1: target.r1 };
}
