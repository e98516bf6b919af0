// One sheet in memory: its metadata, the index of stored tiles (with occupied bounds) and the
// tiles loaded so far. Tiles are fetched lazily by Workbook.load(); a write marks them dirty.
// The meta (name, position, sizes, merges and every area's objects) is compared with what was
// stored when a write commits, so no change to it can be forgotten: nothing marks it dirty by hand.
import type { Rect } from '../a1.ts';
import type { SheetRecord, TileBounds } from '../store.ts';
import type { Cell } from './cell.ts';
import type { SheetMeta } from './sheet-meta.ts';
import { Tile, TILE_COLS, TILE_ROWS, tileKey, tileOf, type Bounds } from './tile.ts';

export class SheetModel {
  readonly id: string;
  name: string;
  position: number;
  meta: SheetMeta;
  /** Every tile that exists (stored or created), with its occupied bounds; null bounds = empty. */
  readonly index = new Map<number, Bounds | null>();
  readonly tiles = new Map<number, Tile>();
  readonly dirtyTiles = new Set<number>();
  /** The record as stored (JSON), or undefined for a sheet the store does not have yet. */
  private stored: string | undefined;
  /** Bounds of dirty tiles are recomputed on demand. */
  private staleBounds = new Set<number>();

  /** `isNew`: the sheet is not in the store yet (added or copied by this write). */
  constructor(rec: SheetRecord, tiles: TileBounds[] = [], isNew = false) {
    this.id = rec.id;
    this.name = rec.name;
    this.position = rec.position;
    this.meta = rec.meta ?? {};
    for (const t of tiles) this.index.set(tileKey(t.tr, t.tc), { r0: t.r0, r1: t.r1, c0: t.c0, c1: t.c1 });
    if (!isNew) this.markStored();
  }

  /** Keys of existing tiles overlapping the rectangle that are not loaded yet. */
  missingTiles(rect: Rect): number[] {
    const out: number[] = [];
    const tr0 = Math.floor(rect.r0 / TILE_ROWS), tr1 = Math.floor(Math.min(rect.r1, 1e9) / TILE_ROWS);
    const tc0 = Math.floor(rect.c0 / TILE_COLS), tc1 = Math.floor(Math.min(rect.c1, 1e9) / TILE_COLS);
    const area = (tr1 - tr0 + 1) * (tc1 - tc0 + 1);
    if (area > this.index.size) {
      for (const key of this.index.keys()) {
        const { tr, tc } = tileOf(key);
        if (tr >= tr0 && tr <= tr1 && tc >= tc0 && tc <= tc1 && !this.tiles.has(key)) out.push(key);
      }
      return out;
    }
    for (let tr = tr0; tr <= tr1; tr++) {
      for (let tc = tc0; tc <= tc1; tc++) {
        const key = tileKey(tr, tc);
        if (this.index.has(key) && !this.tiles.has(key)) out.push(key);
      }
    }
    return out;
  }

  allMissingTiles(): number[] {
    return [...this.index.keys()].filter((k) => !this.tiles.has(k));
  }

  addLoaded(key: number, tile: Tile): void {
    this.tiles.set(key, tile);
  }

  /**
   * The cells of `row` in tile column `tc` (cell col is at col % TILE_COLS), undefined or null when
   * it has none: one tile lookup for a run of cells (a read). The tile must be loaded if it exists.
   */
  rowCells(row: number, tc: number): readonly Cell[] | null | undefined {
    const key = tileKey(Math.floor(row / TILE_ROWS), tc);
    const tile = this.tiles.get(key);
    if (!tile) {
      if (this.index.has(key)) throw new Error(`tile ${key} of sheet ${this.name} read before load`);
      return undefined;
    }
    return tile.rows[row % TILE_ROWS];
  }

  /** The cell at (row, col). The tile must be loaded if it exists (Workbook.load). */
  get(row: number, col: number): Cell {
    const key = tileKey(Math.floor(row / TILE_ROWS), Math.floor(col / TILE_COLS));
    const tile = this.tiles.get(key);
    if (!tile) {
      if (this.index.has(key)) throw new Error(`tile ${key} of sheet ${this.name} read before load`);
      return null;
    }
    return tile.get(row % TILE_ROWS, col % TILE_COLS);
  }

  set(row: number, col: number, cell: Cell): void {
    const key = tileKey(Math.floor(row / TILE_ROWS), Math.floor(col / TILE_COLS));
    let tile = this.tiles.get(key);
    if (!tile) {
      if (this.index.has(key)) throw new Error(`tile ${key} of sheet ${this.name} written before load`);
      if (cell === null || cell === undefined) return;
      tile = new Tile();
      this.tiles.set(key, tile);
      this.index.set(key, null);
    }
    tile.set(row % TILE_ROWS, col % TILE_COLS, cell);
    this.dirtyTiles.add(key);
    this.staleBounds.add(key);
  }

  /** The tile at (tr, tc) for a bulk write (imports): created when absent, marked dirty; it must be loaded if it exists. */
  tileForWrite(tr: number, tc: number): Tile {
    const key = tileKey(tr, tc);
    let tile = this.tiles.get(key);
    if (!tile) {
      if (this.index.has(key)) throw new Error(`tile ${key} of sheet ${this.name} written before load`);
      tile = new Tile();
      this.tiles.set(key, tile);
      this.index.set(key, null);
    }
    this.dirtyTiles.add(key);
    this.staleBounds.add(key);
    return tile;
  }

  /** Empties every tile, loaded or not, before the sheet's content is rewritten wholesale. */
  clearAll(): void {
    for (const key of this.index.keys()) {
      this.tiles.set(key, new Tile());
      this.dirtyTiles.add(key);
      this.staleBounds.add(key);
    }
  }

  /** Rows and columns in use: (max row + 1, max col + 1) over all tiles; 0 x 0 when empty. */
  usedExtent(): { rows: number; cols: number } {
    this.refreshBounds();
    let rows = 0, cols = 0;
    for (const [key, b] of this.index) {
      if (!b) continue;
      const { tr, tc } = tileOf(key);
      rows = Math.max(rows, tr * TILE_ROWS + b.r1 + 1);
      cols = Math.max(cols, tc * TILE_COLS + b.c1 + 1);
    }
    return { rows, cols };
  }

  /** Used rectangle (top-left may be beyond A1), or null when the sheet is empty. */
  usedRect(): Rect | null {
    this.refreshBounds();
    let r0 = Infinity, c0 = Infinity, r1 = -1, c1 = -1;
    for (const [key, b] of this.index) {
      if (!b) continue;
      const { tr, tc } = tileOf(key);
      r0 = Math.min(r0, tr * TILE_ROWS + b.r0);
      c0 = Math.min(c0, tc * TILE_COLS + b.c0);
      r1 = Math.max(r1, tr * TILE_ROWS + b.r1);
      c1 = Math.max(c1, tc * TILE_COLS + b.c1);
    }
    return r1 < 0 ? null : { r0, c0, r1, c1 };
  }

  /** Tile bounds as stored (for the commit set). */
  boundsOf(key: number): Bounds | null {
    this.refreshBounds();
    return this.index.get(key) ?? null;
  }

  private refreshBounds(): void {
    if (this.staleBounds.size === 0) return;
    for (const key of this.staleBounds) {
      const tile = this.tiles.get(key);
      if (tile) this.index.set(key, tile.bounds());
    }
    this.staleBounds.clear();
  }

  /** Forgets all tiles (used before a sheet's content is rewritten wholesale). */
  loadedTiles(): IterableIterator<[number, Tile]> {
    return this.tiles.entries();
  }

  toRecord(): SheetRecord {
    return { id: this.id, name: this.name, position: this.position, meta: this.meta };
  }

  /** The record to store when the name, position or meta differ from what is stored; else undefined. */
  changedRecord(): SheetRecord | undefined {
    const rec = this.toRecord();
    return this.stored === undefined || JSON.stringify(rec) !== this.stored ? rec : undefined;
  }

  /** Is the sheet in the store (false for one this write added or copied)? */
  isStored(): boolean {
    return this.stored !== undefined;
  }

  /** The record another process committed: its meta is now what is stored. */
  followStored(rec: SheetRecord): void {
    this.meta = rec.meta ?? {};
    this.markStored();
  }

  /** After a commit: what is in memory is what is stored. */
  markStored(): void {
    this.stored = JSON.stringify(this.toRecord());
  }
}
