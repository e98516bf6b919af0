// A block is one contiguous rectangle of cells placed on a page: the band of a page, or the
// repeated title rows/columns beside it. Positions are in points; cells outside the block (the
// rest of a merge that crosses its edge) are placed from the sheet's offsets.
import type { Rect } from '../../a1.ts';
import { cellKey } from './geometry.ts';
import type { PrintSheet } from './plan.ts';

export interface Block {
  sheet: PrintSheet;
  r0: number;
  r1: number;
  c0: number;
  c1: number;
  /** Top-left corner of cell (r0, c0) on the page, points. */
  x: number;
  y: number;
  /** Points per sheet pixel (0.75 x scale). */
  k: number;
  /** Edges of the block's columns and rows in points: xs[i] is the left of column c0 + i; one extra at the end. */
  xs: number[];
  ys: number[];
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function makeBlock(sheet: PrintSheet, r0: number, r1: number, c0: number, c1: number, x: number, y: number, k: number): Block {
  const xs = [x], ys = [y];
  for (let c = c0; c <= c1; c++) xs.push(xs[xs.length - 1]! + sheet.layout.cols.size(c) * k);
  for (let r = r0; r <= r1; r++) ys.push(ys[ys.length - 1]! + sheet.layout.rows.size(r) * k);
  return { sheet, r0, r1, c0, c1, x, y, k, xs, ys };
}

export function colX(b: Block, c: number): number {
  if (c >= b.c0 && c <= b.c1 + 1) return b.xs[c - b.c0]!;
  return b.x + (b.sheet.colOffset(c) - b.sheet.colOffset(b.c0)) * b.k;
}

export function rowY(b: Block, r: number): number {
  if (r >= b.r0 && r <= b.r1 + 1) return b.ys[r - b.r0]!;
  return b.y + (b.sheet.rowOffset(r) - b.sheet.rowOffset(b.r0)) * b.k;
}

export function blockBox(b: Block): Box {
  return { x: b.x, y: b.y, w: b.xs[b.xs.length - 1]! - b.x, h: b.ys[b.ys.length - 1]! - b.y };
}

export function rectBox(b: Block, r: Rect): Box {
  const x = colX(b, r.c0), y = rowY(b, r.r0);
  return { x, y, w: colX(b, r.c1 + 1) - x, h: rowY(b, r.r1 + 1) - y };
}

/**
 * Cells of the block to draw, in row order: every cell with content or style that is not hidden
 * under a merge, plus the anchors of merges that reach into the block from outside.
 */
export function* blockCells(b: Block): Generator<{ r: number; c: number; key: number; merge?: Rect }> {
  const { cells, merges } = b.sheet.snapshot;
  const seen = new Set<number>();
  for (let r = b.r0; r <= b.r1; r++) {
    for (let c = b.c0; c <= b.c1; c++) {
      const key = cellKey(r, c);
      const anchor = merges.covered.get(key);
      if (anchor !== undefined) {
        if (seen.has(anchor)) continue;
        seen.add(anchor);
        const m = merges.anchors.get(anchor)!;
        yield { r: m.r0, c: m.c0, key: anchor, merge: m };
        continue;
      }
      const m = merges.anchors.get(key);
      if (m) {
        seen.add(key);
        yield { r, c, key, merge: m };
      } else if (cells.has(key)) yield { r, c, key };
    }
  }
}
