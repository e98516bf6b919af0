// What the range-editing ops (sort_range, remove_duplicates, fill, copy_paste, trim_whitespace,
// split_text_to_columns) and sort_table share: reading a rectangle's cells, carrying a cell to
// another place as a spreadsheet's copy does (relative references move, $-parts stay), writing
// contents with their styles, and naming a column by letter or header.
import { z } from 'zod';
import { cellToA1, colToIndex, indexToCol, rectToA1, type Rect } from '../a1.ts';
import { OpError, invalidArg } from '../errors.ts';
import { reanchor } from '../formula/move-refs.ts';
import { withFunctionPrefixes } from '../formula/prefixes.ts';
import { compareCells } from '../tables/rows.ts';
import { formulaOf, isRich, richRuns, styleOf, valueOf, withStyle, type Cell } from '../workbook/cell.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Content, Workbook } from '../workbook/workbook.ts';

export const HasHeader = z.boolean().default(false).describe('Header row: kept, names columns.');

export const cellCount = (r: Rect) => (r.r1 - r.r0 + 1) * (r.c1 - r.c0 + 1);

/** 413 when one call would change more cells than a write may. */
export function checkSize(rect: Rect, max: number, field: string): void {
  const n = cellCount(rect);
  if (n > max) throw new OpError('payload_too_large', `${field}: ${rectToA1(rect)} holds ${n} cells; one call may change at most ${max}. Use a smaller range.`, { field, limit: max });
}

/** Is the cell computed here rather than typed (a spilled result or a code cell's output)? */
export const isComputed = (c: Cell) => isRich(c) && (c.sp !== undefined || c.o !== undefined);

/**
 * The cells of a rectangle, row by row. With `refuse` (a field name), a spilled result or code
 * output inside is a 400: reordering it would fight the formula or code that writes it.
 */
export async function readRect(wb: Workbook, sheet: SheetModel, rect: Rect, refuse?: string): Promise<Cell[][]> {
  await wb.load(sheet, rect);
  const rows: Cell[][] = [];
  for (let r = rect.r0; r <= rect.r1; r++) {
    const line: Cell[] = [];
    for (let c = rect.c0; c <= rect.c1; c++) {
      const cell = sheet.get(r, c);
      if (refuse && isComputed(cell)) throw invalidArg(refuse, `${cellToA1({ row: r, col: c })} holds a computed result (spilled formula or code output); change its source instead`);
      line.push(cell);
    }
    rows.push(line);
  }
  return rows;
}

/**
 * A cell copied dr rows and dc columns away: its formula with relative references moved (and
 * Excel's text it keeps, Sales[[#This Row],[Units]] staying as it is, its newer functions with
 * Excel's prefixes), or its value.
 */
export function copiedContent(cell: Cell, dr: number, dc: number): Content {
  const f = formulaOf(cell);
  if (f !== undefined && !isComputed(cell)) return { f: reanchor(f, dr, dc), ...(isRich(cell) && cell.x !== undefined ? { x: withFunctionPrefixes(reanchor(cell.x, dr, dc)) } : {}) };
  if (isRich(cell) && cell.e !== undefined && cell.v === undefined) return cell.e;
  const runs = richRuns(cell);
  if (runs) return { v: valueOf(cell) as string, r: runs };
  return valueOf(cell);
}

/**
 * Writes contents from (r0, c0), then gives each cell the style in `styles` (undefined: the
 * cell keeps its own). Formula results are computed before this returns.
 */
export async function putBlock(wb: Workbook, sheet: SheetModel, r0: number, c0: number, contents: Content[][], styles?: (number | undefined)[][]): Promise<void> {
  await wb.writeCells(sheet, r0, c0, contents);
  if (styles) putStyles(wb, sheet, r0, c0, styles);
}

/** Sets styles only (contents untouched). */
export function putStyles(wb: Workbook, sheet: SheetModel, r0: number, c0: number, styles: (number | undefined)[][]): void {
  styles.forEach((line, i) =>
    line.forEach((s, j) => {
      if (s === undefined) return;
      const r = r0 + i, c = c0 + j;
      const cell = sheet.get(r, c);
      if (styleOf(cell) !== s) sheet.set(r, c, withStyle(cell, s));
    }),
  );
  if (styles.length && styles[0]!.length) wb.changes.add(sheet.id, { r0, c0, r1: r0 + styles.length - 1, c1: c0 + styles[0]!.length - 1 });
}

/**
 * A column of `rect` named by letter ("C", a sheet column inside the range) or, with headers, by
 * its header text (case-insensitive). Returns its index inside the rectangle.
 */
export function columnOf(key: string, rect: Rect, headers: Cell[] | undefined, field: string): number {
  if (headers) {
    const i = headers.findIndex((h) => String(valueOf(h) ?? '').trim().toLowerCase() === key.trim().toLowerCase());
    if (i >= 0) return i;
  }
  if (/^[A-Za-z]{1,3}$/.test(key)) {
    const c = colToIndex(key.toUpperCase());
    if (c >= rect.c0 && c <= rect.c1) return c - rect.c0;
  }
  const letters = `${indexToCol(rect.c0)}..${indexToCol(rect.c1)}`;
  const names = headers ? `, or a header: ${headers.map((h) => JSON.stringify(String(valueOf(h) ?? ''))).join(', ')}` : ' (with has_header: true, a header text)';
  throw invalidArg(field, `'${key}' is no column of ${rectToA1(rect)}; give a column letter ${letters}${names}`);
}

export interface SortKey {
  /** Index inside the rectangle. */
  col: number;
  descending: boolean;
}

/**
 * Reorders the rows of `rect` by the keys (spreadsheet order, blanks last, stable): values,
 * formulas (rewritten as if copied to their new row) and formats move with their row.
 * Returns how many rows changed place.
 */
export async function sortRows(wb: Workbook, sheet: SheetModel, rect: Rect, by: SortKey[], field: string): Promise<number> {
  if (rect.r1 <= rect.r0) return 0;
  const rows = await readRect(wb, sheet, rect, field);
  const order = rows.map((_, i) => i);
  order.sort((a, b) => {
    for (const k of by) {
      const d = compareCells(rows[a]![k.col], rows[b]![k.col], k.descending);
      if (d) return d;
    }
    return a - b;
  });
  const moved = order.filter((j, i) => i !== j).length;
  if (!moved) return 0;
  const contents = order.map((j, i) => rows[j]!.map((cell) => copiedContent(cell, i - j, 0)));
  const styles = order.map((j) => rows[j]!.map((cell) => styleOf(cell)));
  await putBlock(wb, sheet, rect.r0, rect.c0, contents, styles);
  return moved;
}
