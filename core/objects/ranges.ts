// Ranges kept by sheet objects (charts, rules, tables, pivots). Whole columns and rows stay open
// (they grow with the data), stored with the sheet's last row/column as the end because JSON has
// no Infinity; they are clamped to the used extent only when read.
import { MAX_COLS, MAX_ROWS, cellToA1, indexToCol, parseRange, qualified, rectToA1, type Rect } from '../a1.ts';
import { randomBytes } from 'node:crypto';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';

export const LAST_ROW = MAX_ROWS - 1;
export const LAST_COL = MAX_COLS - 1;

/** A rectangle on a sheet, by sheet id (names change; ids do not). */
export interface SheetRect {
  sheet: string;
  rect: Rect;
}

/** Open ends (Infinity) become the sheet's last row/column, so the rect survives JSON. */
export function storable(rect: Rect): Rect {
  return { r0: rect.r0, c0: rect.c0, r1: Math.min(rect.r1, LAST_ROW), c1: Math.min(rect.c1, LAST_COL) };
}

/** A1 text that keeps whole columns (A:C) and whole rows (2:5) as such. */
export function rangeText(rect: Rect): string {
  const wholeCols = rect.r0 === 0 && rect.r1 >= LAST_ROW;
  const wholeRows = rect.c0 === 0 && rect.c1 >= LAST_COL;
  if (wholeCols && !wholeRows) return `${indexToCol(rect.c0)}:${indexToCol(rect.c1)}`;
  if (wholeRows && !wholeCols) return `${rect.r0 + 1}:${rect.r1 + 1}`;
  return rectToA1({ r0: rect.r0, c0: rect.c0, r1: Math.min(rect.r1, LAST_ROW), c1: Math.min(rect.c1, LAST_COL) });
}

/** The rect cut down to the sheet's used extent (null when nothing of it is in use). */
export function clampToUsed(sheet: SheetModel, rect: Rect): Rect | null {
  const used = sheet.usedExtent();
  const r1 = Math.min(rect.r1, used.rows - 1);
  const c1 = Math.min(rect.c1, used.cols - 1);
  if (r1 < rect.r0 || c1 < rect.c0) return null;
  return { r0: rect.r0, c0: rect.c0, r1, c1 };
}

/** Open ends (whole columns/rows) cut to the used extent; explicit ends kept. Null when empty. */
export function clampOpen(sheet: SheetModel, rect: Rect): Rect | null {
  const used = sheet.usedExtent();
  const r1 = rect.r1 >= LAST_ROW ? used.rows - 1 : rect.r1;
  const c1 = rect.c1 >= LAST_COL ? used.cols - 1 : rect.c1;
  if (r1 < rect.r0 || c1 < rect.c0) return null;
  return { r0: rect.r0, c0: rect.c0, r1, c1 };
}

/** Parses an A1 range for a sheet object: the sheet it names (or the given/first one) and an open-ended rect. */
export function objectRange(wb: Workbook, sheetParam: string | undefined, ref: string, field: string): { sheet: SheetModel; rect: Rect; qualified: boolean } {
  const parsed = parseRange(ref);
  const sheet = wb.sheetFor(sheetParam, parsed.sheet, field);
  return { sheet, rect: storable(parsed.rect), qualified: parsed.sheet !== undefined };
}

/** "Sheet2!A1:B5" when the range is on another sheet than `home`, else "A1:B5". */
export function sheetRangeText(wb: Workbook, ref: SheetRect, home?: SheetModel): string {
  const sheet = wb.sheets.find((s) => s.id === ref.sheet);
  const text = rangeText(ref.rect);
  if (!sheet) return `#REF!`;
  return home && home.id === sheet.id ? text : qualified(sheet.name, text);
}

export function anchorText(at: { row: number; col: number }): string {
  return cellToA1(at);
}

/** Short random ids: readable in tool calls, unique enough within one file. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

export function sheetById(wb: Workbook, id: string): SheetModel | undefined {
  return wb.sheets.find((s) => s.id === id);
}
