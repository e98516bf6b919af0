// A formula evaluated once per row, as a conditional format's condition is per cell: written for
// the first row it applies to (=LEFT(K2,2)="PC" for data from row 2), relative references move
// with the row. Shared by delete_rows_where and sort_range's expression keys.
import type { Rect } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import { evaluateAt, isTruthy } from '../rules/hf-eval.ts';
import { checkCellFormula } from '../workbook/formula-check.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';

/** The value of `formula` at each row r0..r1 of `rect` (first column), index 0 for row r0. */
export async function perRow(wb: Workbook, sheet: SheetModel, rect: Rect, formula: string, field: string): Promise<unknown[]> {
  const checked = checkCellFormula(formula, field);
  await wb.load(sheet, { ...rect, c0: 0 });
  const engine = await wb.prepareFor(sheet, [checked]);
  const out: unknown[] = new Array(rect.r1 - rect.r0 + 1).fill(null);
  const rows = Array.from({ length: rect.r1 - rect.r0 + 1 }, (_, i) => ({ row: rect.r0 + i, col: rect.c0 }));
  const ok = evaluateAt(engine.hf, engine.hfId(sheet), checked, { row: rect.r0, col: rect.c0 }, rows, (row, _col, value) => {
    out[row - rect.r0] = Array.isArray(value) ? value[0]?.[0] : value;
  });
  if (!ok) throw invalidArg(field, `'${formula}' is not a formula the engine reads; write it for the first data row, e.g. =LEFT(K2,2)="PC"`);
  return out;
}

/** Rows (indices from r0) where the condition holds: TRUE or a non-zero number. */
export async function rowsWhere(wb: Workbook, sheet: SheetModel, rect: Rect, condition: string, field: string): Promise<boolean[]> {
  return (await perRow(wb, sheet, rect, condition, field)).map(isTruthy);
}
