// Splitting a print area into pages, as spreadsheet programs do: greedy bands of whole rows and
// columns that fit between the margins at the chosen scale, with the repeated title rows/columns
// in front of every band that starts after them, and manual breaks ending a band. "Fit to"
// picks the largest whole percent (10..100) that fits the page counts and, like Excel, ignores
// manual breaks.
import type { Rect } from '../../a1.ts';

export type Span = [number, number];

export interface Band {
  start: number;
  end: number;
  /** Repeated titles shown before this band (those before its start), or null. */
  prefix: Span | null;
}

export interface Axis {
  /** Size of line i in pixels. */
  size(i: number): number;
}

export interface SheetLayout {
  area: Rect;
  rows: Axis;
  cols: Axis;
  repeatRows?: Span;
  repeatCols?: Span;
  /** Zero-based lines after which a new page starts. */
  rowBreaks: Set<number>;
  colBreaks: Set<number>;
}

export type Scaling = { type: 'zoom'; percent: number } | { type: 'fitTo'; width: number | null; height?: number | null };

export interface Pagination {
  scale: number;
  rowBands: Band[];
  colBands: Band[];
}

/** Heading sizes in pixels: the row-number column and the column-letter row. */
export function headingSize(layout: SheetLayout): { w: number; h: number } {
  const digits = String(layout.area.r1 + 1).length;
  return { w: 14 + 7 * Math.max(digits, 2), h: 20 };
}

function sum(axis: Axis, a: number, b: number): number {
  let t = 0;
  for (let i = a; i <= b; i++) t += axis.size(i);
  return t;
}

export function bands(axis: Axis, from: number, to: number, room: number, repeat: Span | undefined, breaks: Set<number> | null): Band[] {
  const out: Band[] = [];
  let i = from;
  // The prefix for a band depends only on where it starts; cache its width across bands.
  let lastPrefix: Span | null = null, prefixPx = 0;
  while (i <= to) {
    const prefix: Span | null = repeat && repeat[0] < i ? [repeat[0], Math.min(repeat[1], i - 1)] : null;
    if (prefix && (!lastPrefix || prefix[0] !== lastPrefix[0] || prefix[1] !== lastPrefix[1])) prefixPx = sum(axis, prefix[0], prefix[1]);
    lastPrefix = prefix;
    const free = room - (prefix ? prefixPx : 0);
    let used = 0, j = i;
    while (j <= to) {
      const s = axis.size(j);
      if (j > i && used + s > free + 1e-6) break;
      used += s;
      j++;
      if (breaks?.has(j - 1)) break;
    }
    out.push({ start: i, end: j - 1, prefix });
    i = j;
  }
  return out;
}

/**
 * Bands for one sheet. `roomW`/`roomH` are the printable width and height in points; sizes are
 * pixels at 96 dpi (0.75 pt) times the scale.
 */
export function paginate(layout: SheetLayout, roomW: number, roomH: number, scaling: Scaling | undefined, headings: boolean): Pagination {
  const head = headings ? headingSize(layout) : { w: 0, h: 0 };
  const at = (scale: number, honourBreaks: boolean): Pagination => {
    const px = 0.75 * scale;
    return {
      scale,
      rowBands: bands(layout.rows, layout.area.r0, layout.area.r1, roomH / px - head.h, layout.repeatRows, honourBreaks ? layout.rowBreaks : null),
      colBands: bands(layout.cols, layout.area.c0, layout.area.c1, roomW / px - head.w, layout.repeatCols, honourBreaks ? layout.colBreaks : null),
    };
  };
  if (!scaling || scaling.type === 'zoom') return at((scaling?.percent ?? 100) / 100, true);
  const wide = scaling.width ?? Infinity, tall = scaling.height ?? Infinity;
  const fits = (p: Pagination) => p.colBands.length <= wide && p.rowBands.length <= tall;
  const full = at(1, false);
  if (fits(full)) return full;
  let lo = 10, hi = 99;
  if (!fits(at(lo / 100, false))) return at(lo / 100, false);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(at(mid / 100, false))) lo = mid;
    else hi = mid - 1;
  }
  return at(lo / 100, false);
}

export interface PageRef {
  row: Band;
  col: Band;
}

/** Pages in print order: down the row bands first (downThenOver, the default), or across first. */
export function pageOrder(p: Pagination, order: 'downThenOver' | 'overThenDown' = 'downThenOver'): PageRef[] {
  const out: PageRef[] = [];
  if (order === 'downThenOver') for (const col of p.colBands) for (const row of p.rowBands) out.push({ row, col });
  else for (const row of p.rowBands) for (const col of p.colBands) out.push({ row, col });
  return out;
}
