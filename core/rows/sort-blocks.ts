// sort_range beyond plain columns: keys computed by a formula per row, and blocks of rows that
// move together (a five-row record sorted by its first row's key). Rows move as sortRows moves
// them: values, formulas re-pointed as if copied, formats.
import type { Rect } from '../a1.ts';
import { copiedContent, putBlock, readRect } from '../cells/range-edit.ts';
import { compareCells } from '../tables/rows.ts';
import { styleOf, type Cell } from '../workbook/cell.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { perRow } from './condition.ts';

export type BlockKey = { col: number; descending: boolean } | { formula: string; descending: boolean; field: string };

/** A computed key as a cell compareCells reads: errors sort last, as error cells do. */
function asCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  const e = (v as { value?: unknown }).value;
  return { e: typeof e === 'string' ? e : '#VALUE!' };
}

/** Sorts the rows of `rect` in blocks of `block` rows by the keys of each block's first row; returns rows moved (dry run: that would move). */
export async function sortBlocks(wb: Workbook, sheet: SheetModel, rect: Rect, by: BlockKey[], block: number, field: string, dryRun = false): Promise<number> {
  const rows = await readRect(wb, sheet, rect, field);
  const keys: Cell[][] = rows.map(() => []);
  for (const [k, key] of by.entries()) {
    if ('col' in key) rows.forEach((r, i) => (keys[i]![k] = r[key.col]));
    else (await perRow(wb, sheet, rect, key.formula, key.field)).forEach((v, i) => (keys[i]![k] = asCell(v)));
  }
  const starts = Array.from({ length: Math.ceil(rows.length / block) }, (_, b) => b * block);
  starts.sort((a, b) => {
    for (const [k, key] of by.entries()) {
      const d = compareCells(keys[a]![k], keys[b]![k], key.descending);
      if (d) return d;
    }
    return a - b;
  });
  const order = starts.flatMap((s) => Array.from({ length: Math.min(block, rows.length - s) }, (_, i) => s + i));
  const moved = order.filter((j, i) => i !== j).length;
  if (!moved || dryRun) return moved;
  const contents = order.map((j, i) => rows[j]!.map((cell) => copiedContent(cell, i - j, 0)));
  const styles = order.map((j) => rows[j]!.map((cell) => styleOf(cell)));
  await putBlock(wb, sheet, rect.r0, rect.c0, contents, styles);
  return moved;
}
