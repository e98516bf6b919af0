// Compacts many cell references into few A1 ranges (B1, B2, B3 -> B1:B3; A1:A9 and B1:B9 ->
// A1:B9), for dependency lists and the /context summary. Whole columns/rows keep open ends.
import { MAX_COLS, cellToA1, indexToCol, qualified, type Rect } from '../a1.ts';

/** Rectangles at most this wide are split into columns so that neighbours can merge. */
const SPLIT_WIDTH = 64;

export function compactRects(rects: Iterable<Rect>): Rect[] {
  const byCol = new Map<number, [number, number][]>();
  const wide: Rect[] = [];
  for (const r of rects) {
    if (r.c1 === Infinity || r.c1 - r.c0 + 1 > SPLIT_WIDTH) {
      wide.push(r);
      continue;
    }
    for (let c = r.c0; c <= r.c1; c++) {
      let list = byCol.get(c);
      if (!list) byCol.set(c, (list = []));
      list.push([r.r0, r.r1]);
    }
  }
  // Per column: sorted, merged row intervals.
  const cols = [...byCol.keys()].sort((a, b) => a - b);
  const merged = new Map<number, [number, number][]>();
  for (const c of cols) {
    const list = byCol.get(c)!.sort((a, b) => a[0] - b[0]);
    const out: [number, number][] = [];
    for (const [a, b] of list) {
      const last = out[out.length - 1];
      if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
      else out.push([a, b]);
    }
    merged.set(c, out);
  }
  // Neighbouring columns with the same intervals become one rectangle.
  const out: Rect[] = [];
  let open: Rect[] = [];
  let prevCol = -2;
  let prevKey = '';
  for (const c of cols) {
    const intervals = merged.get(c)!;
    const key = JSON.stringify(intervals);
    if (c === prevCol + 1 && key === prevKey) for (const r of open) r.c1 = c;
    else {
      out.push(...open);
      open = intervals.map(([r0, r1]) => ({ r0, r1, c0: c, c1: c }));
    }
    prevCol = c;
    prevKey = key;
  }
  out.push(...open);
  const seen = new Set<string>();
  for (const r of wide) {
    const k = `${r.r0},${r.r1},${r.c0},${r.c1}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(r);
    }
  }
  return out.sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0);
}

/** A1 text of a rectangle, with whole columns as A:C and whole rows as 2:5. */
export function rangeText(r: Rect): string {
  // Open ends (from whole-column / whole-row references): widen to whole columns or rows.
  if (r.r1 === Infinity) return `${indexToCol(r.c0)}:${indexToCol(Math.min(r.c1, MAX_COLS - 1))}`;
  if (r.c1 === Infinity) return `${r.r0 + 1}:${r.r1 + 1}`;
  const a = cellToA1({ row: r.r0, col: r.c0 });
  if (r.r0 === r.r1 && r.c0 === r.c1) return a;
  return `${a}:${cellToA1({ row: r.r1, col: r.c1 })}`;
}

export function boundingRect(rects: Rect[]): Rect | null {
  if (!rects.length) return null;
  return rects.reduce((b, r) => ({ r0: Math.min(b.r0, r.r0), c0: Math.min(b.c0, r.c0), r1: Math.max(b.r1, r.r1), c1: Math.max(b.c1, r.c1) }));
}

/** Sheet-qualified A1 when the sheet differs from `home` (compared without case). */
export function refOn(sheet: string, r: Rect, home: string): string {
  return sheet.toLowerCase() === home.toLowerCase() ? rangeText(r) : qualified(sheet, rangeText(r));
}
