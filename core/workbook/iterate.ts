// Visits only the stored cells of a rectangle (tile by tile), so ops on whole columns or on
// sparse sheets cost what is there, not what the rectangle spans. Tiles must be loaded first.
import type { Rect } from '../a1.ts';
import type { Cell } from './cell.ts';
import type { SheetModel } from './sheet.ts';
import { TILE_COLS, TILE_ROWS, tileOf } from './tile.ts';

/** Calls fn for every non-empty stored cell in rect, in no particular order. */
export function forEachStoredCell(sheet: SheetModel, rect: Rect, fn: (row: number, col: number, cell: Cell) => void): void {
  for (const [key, tile] of [...sheet.loadedTiles()]) {
    const { tr, tc } = tileOf(key);
    const top = tr * TILE_ROWS, left = tc * TILE_COLS;
    if (top > rect.r1 || top + TILE_ROWS - 1 < rect.r0 || left > rect.c1 || left + TILE_COLS - 1 < rect.c0) continue;
    const rows = tile.rows;
    const rFrom = Math.max(0, rect.r0 - top), rTo = Math.min(rows.length - 1, rect.r1 - top);
    for (let r = rFrom; r <= rTo; r++) {
      const line = rows[r];
      if (!line) continue;
      const cFrom = Math.max(0, rect.c0 - left), cTo = Math.min(line.length - 1, rect.c1 - left);
      for (let c = cFrom; c <= cTo; c++) {
        const cell = line[c];
        if (cell !== null && cell !== undefined) fn(top + r, left + c, cell);
      }
    }
  }
}

/** The stored cells of rect in reading order (row by row, left to right). */
export function storedCellsInOrder(sheet: SheetModel, rect: Rect): { row: number; col: number; cell: Cell }[] {
  const out: { row: number; col: number; cell: Cell }[] = [];
  forEachStoredCell(sheet, rect, (row, col, cell) => out.push({ row, col, cell }));
  return out.sort((a, b) => a.row - b.row || a.col - b.col);
}
