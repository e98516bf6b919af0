// sort_range beyond plain columns: keys computed by a formula per row, and blocks of rows that
// move together (a five-row record sorted by its key: the block's first non-blank cell in the key
// column, so a record whose first row is blank there still sorts by its own value, and the reply
// names such blocks). Rows move as sortRows moves them: values, formulas re-pointed as if copied, formats.
import { indexToCol, type Rect } from '../a1.ts';
import { copiedContent, putBlock, readRect } from '../cells/range-edit.ts';
import { compareCells, sortsAsBlank } from '../tables/rows.ts';
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

/** How many of a list a warning names before "and N more". */
const NAMED = 5;

const listed = (items: string[]) => (items.length > NAMED ? `${items.slice(0, NAMED).join(', ')} and ${items.length - NAMED} more` : items.join(', '));

/**
 * Sorts the rows of `rect` in blocks of `block` rows. A block's key in each column (or computed
 * key) is its first non-blank cell there; `warnings` names the blocks whose first row is blank in
 * a key (where the key came from, or that it has none and sorts last). Returns the rows moved
 * (dry run: that would move).
 */
export async function sortBlocks(wb: Workbook, sheet: SheetModel, rect: Rect, by: BlockKey[], block: number, field: string, dryRun = false): Promise<{ moved: number; warnings: string[] }> {
  const rows = await readRect(wb, sheet, rect, field);
  const keys: Cell[][] = rows.map(() => []);
  for (const [k, key] of by.entries()) {
    if ('col' in key) rows.forEach((r, i) => (keys[i]![k] = r[key.col]));
    else (await perRow(wb, sheet, rect, key.formula, key.field)).forEach((v, i) => (keys[i]![k] = asCell(v)));
  }
  const starts = Array.from({ length: Math.ceil(rows.length / block) }, (_, b) => b * block);
  const warnings: string[] = [];
  // Each block's key: its first non-blank one per key (a block of one row keeps its own).
  const blockKeys = new Map<number, Cell[]>();
  for (const s of starts) blockKeys.set(s, keys[s]!.slice());
  if (block > 1) {
    for (const [k, key] of by.entries()) {
      const later: string[] = [], none: string[] = [];
      for (const s of starts) {
        if (!sortsAsBlank(keys[s]![k]!)) continue;
        const end = Math.min(s + block, rows.length);
        const first = keys.slice(s, end).findIndex((row) => !sortsAsBlank(row[k]!));
        const span = `${rect.r0 + s + 1}:${rect.r0 + end}`;
        if (first < 0) none.push(span);
        else {
          blockKeys.get(s)![k] = keys[s + first]![k]!;
          later.push(`${span} (key in row ${rect.r0 + s + first + 1})`);
        }
      }
      const name = 'col' in key ? `column ${indexToCol(rect.c0 + key.col)}` : key.field;
      if (later.length) warnings.push(`${name}: blocks ${listed(later)} start with a blank key cell; each sorted by its first non-blank cell there`);
      if (none.length) warnings.push(`${name}: blocks ${listed(none)} are blank there in every row; they sort last`);
    }
  }
  starts.sort((a, b) => {
    for (const [k, key] of by.entries()) {
      const d = compareCells(blockKeys.get(a)![k]!, blockKeys.get(b)![k]!, key.descending);
      if (d) return d;
    }
    return a - b;
  });
  const order = starts.flatMap((s) => Array.from({ length: Math.min(block, rows.length - s) }, (_, i) => s + i));
  const moved = order.filter((j, i) => i !== j).length;
  if (!moved || dryRun) return { moved, warnings };
  const contents = order.map((j, i) => rows[j]!.map((cell) => copiedContent(cell, i - j, 0)));
  const styles = order.map((j) => rows[j]!.map((cell) => styleOf(cell)));
  await putBlock(wb, sheet, rect.r0, rect.c0, contents, styles);
  return { moved, warnings };
}
