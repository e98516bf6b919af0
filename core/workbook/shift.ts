// How a rectangle follows a structural edit, as spreadsheets move references: inserting lines
// before or inside it grows/shifts it; deleting lines shrinks it, and deleting all of it
// removes it (null). Used for merges, charts, rules, tables, pivots and code cells alike.
import type { Rect } from '../a1.ts';

export type StructureEdit =
  | { kind: 'insert'; axis: 'row' | 'col'; at: number; count: number }
  | { kind: 'delete'; axis: 'row' | 'col'; at: number; count: number }
  /** Lines [from, from+count) cut and inserted before line `to` (in pre-move numbering). */
  | { kind: 'move'; axis: 'row' | 'col'; from: number; count: number; to: number };

/** Where one line index goes; null when it is deleted. */
export function shiftIndex(i: number, e: StructureEdit): number | null {
  if (e.kind === 'insert') return i >= e.at ? i + e.count : i;
  if (e.kind === 'delete') {
    if (i < e.at) return i;
    if (i < e.at + e.count) return null;
    return i - e.count;
  }
  const { from, count, to } = e;
  if (to >= from && to <= from + count) return i;
  if (i >= from && i < from + count) return to < from ? to + (i - from) : to - count + (i - from);
  if (to < from && i >= to && i < from) return i + count;
  if (to > from && i >= from + count && i < to) return i - count;
  return i;
}

function span(a: number, b: number, e: StructureEdit): [number, number] | null {
  if (b === Infinity) {
    const s = shiftIndex(a, e);
    return [s ?? (e.kind === 'delete' ? e.at : a), Infinity];
  }
  if (e.kind === 'insert') return [a >= e.at ? a + e.count : a, b >= e.at ? b + e.count : b];
  if (e.kind === 'delete') {
    const end = e.at + e.count - 1;
    if (a >= e.at && b <= end) return null;
    const na = a < e.at ? a : a <= end ? e.at : a - e.count;
    const nb = b < e.at ? b : b <= end ? e.at - 1 : b - e.count;
    return [na, nb];
  }
  // Lines shuffled entirely inside a span leave it whole (moving the last row of a summed block
  // to its top keeps SUM(B2:B5)). Otherwise each end follows its line: a span moving as a whole
  // moves, an untouched one stays, and one that only partly moves keeps its ends where they land.
  if (a <= Math.min(e.from, e.to) && b >= Math.max(e.from + e.count, e.to) - 1) return [a, b];
  const na = shiftIndex(a, e)!;
  const nb = shiftIndex(b, e)!;
  return [Math.min(na, nb), Math.max(na, nb)];
}

/** The rectangle after the edit, or null when every line of it was deleted. */
export function shiftRect(r: Rect, e: StructureEdit): Rect | null {
  if (e.axis === 'row') {
    const s = span(r.r0, r.r1, e);
    return s ? { ...r, r0: s[0], r1: s[1] } : null;
  }
  const s = span(r.c0, r.c1, e);
  return s ? { ...r, c0: s[0], c1: s[1] } : null;
}
