// Merged ranges of a sheet, kept in sheet.meta.merges as A1 rectangles ("A1:C3"). Helpers to read
// them as rectangles, write them back, and find the ones a rectangle touches.
import { parseRange, rectToA1, rectsIntersect, type Rect } from '../a1.ts';
import type { SheetModel } from './sheet.ts';

export function mergeRects(sheet: SheetModel): Rect[] {
  return (sheet.meta.merges ?? []).map((a1) => parseRange(a1).rect);
}

/** Stores merges (dropping single cells, which are no merge at all), in reading order. */
export function setMerges(sheet: SheetModel, rects: Rect[]): void {
  const kept = rects.filter((r) => r.r1 > r.r0 || r.c1 > r.c0).sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0);
  const next = kept.map(rectToA1);
  const before = sheet.meta.merges ?? [];
  if (next.length === before.length && next.every((m, i) => m === before[i])) return;
  if (next.length) sheet.meta.merges = next;
  else delete sheet.meta.merges;
}

export function contains(outer: Rect, inner: Rect): boolean {
  return inner.r0 >= outer.r0 && inner.r1 <= outer.r1 && inner.c0 >= outer.c0 && inner.c1 <= outer.c1;
}

export function sameRect(a: Rect, b: Rect): boolean {
  return a.r0 === b.r0 && a.r1 === b.r1 && a.c0 === b.c0 && a.c1 === b.c1;
}

/** Merges that overlap `rect` without lying wholly inside it: a block edge cuts through them. */
export function cutMerges(sheet: SheetModel, rect: Rect): Rect[] {
  return mergeRects(sheet).filter((m) => rectsIntersect(m, rect) && !contains(rect, m));
}
