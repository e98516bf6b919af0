// Which formulas show #SPILL! right now, so they can be entered again once the cells blocking
// them are emptied (HyperFormula does not recompute them by itself: hyperformula#1287).
import { isRich, type RichCell } from './cell.ts';
import type { SheetModel } from './sheet.ts';
import { TILE_COLS, TILE_ROWS, tileOf } from './tile.ts';

export class BlockedSpills {
  private readonly keys = new Set<string>();

  /** Records whether the formula cell at (row, col) is blocked after its latest result. */
  note(sheetId: string, row: number, col: number, cell: RichCell): void {
    const key = `${sheetId}\t${row}\t${col}`;
    if (cell.e === '#SPILL!') this.keys.add(key);
    else this.keys.delete(key);
  }

  forget(sheetId: string, row: number, col: number): void {
    this.keys.delete(`${sheetId}\t${row}\t${col}`);
  }

  clearAll(): void {
    this.keys.clear();
  }

  /** Re-learns a sheet's blocked formulas after its cells moved. */
  rescan(sheet: SheetModel): void {
    for (const key of [...this.keys]) if (key.startsWith(`${sheet.id}\t`)) this.keys.delete(key);
    forEachFormula(sheet, (row, col, cell) => {
      if (cell.e === '#SPILL!') this.keys.add(`${sheet.id}\t${row}\t${col}`);
    });
  }

  /** A snapshot, so callers may note and forget while they walk it. */
  entries(): { sheetId: string; row: number; col: number }[] {
    return [...this.keys].map((key) => {
      const [sheetId, r, c] = key.split('\t');
      return { sheetId: sheetId!, row: Number(r), col: Number(c) };
    });
  }
}

/** Calls fn for every formula cell in the sheet's loaded tiles. */
export function forEachFormula(sheet: SheetModel, fn: (row: number, col: number, cell: RichCell & { f: string }) => void): void {
  for (const [key, tile] of sheet.loadedTiles()) {
    const { tr, tc } = tileOf(key);
    tile.rows.forEach((line, r) => {
      line?.forEach((cell, c) => {
        if (isRich(cell) && cell.f !== undefined) fn(tr * TILE_ROWS + r, tc * TILE_COLS + c, cell as RichCell & { f: string });
      });
    });
  }
}
