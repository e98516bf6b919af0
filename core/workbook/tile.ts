// A tile is a TILE_ROWS x TILE_COLS block of one sheet, stored as one database row. The shape is
// chosen with bench/tiles.ts (docs/storage.md): tall and narrow enough that a 5-column import
// fills tiles densely, small enough that a one-cell edit rewrites ~10 KB.
import type { Cell } from './cell.ts';

export const TILE_ROWS = 256;
export const TILE_COLS = 32;

export interface Bounds {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
}

export class Tile {
  private decoded: (Cell[] | null | undefined)[] | undefined;
  /** A sealed tile's encoded text and bounds, until something reads its cells. */
  private text: string | undefined;
  /** Bounds of the sealed text; undefined: not known yet (computed on demand). */
  private textBounds: Bounds | null | undefined = null;

  constructor(rows: (Cell[] | null | undefined)[] = []) {
    this.decoded = rows;
  }

  /** rows[r][c]; missing rows and trailing cells are empty. */
  get rows(): (Cell[] | null | undefined)[] {
    if (this.decoded === undefined) {
      this.decoded = JSON.parse(this.text!) as (Cell[] | null)[];
      this.text = undefined;
    }
    return this.decoded;
  }

  set rows(rows: (Cell[] | null | undefined)[]) {
    this.decoded = rows;
    this.text = undefined;
  }

  /**
   * A tile kept as its encoded text (bulk imports write millions of cells that nothing reads
   * before the commit): far less for the garbage collector to trace; decoded on first read.
   */
  static sealed(text: string, bounds: Bounds | null | undefined): Tile {
    const t = new Tile();
    t.decoded = undefined;
    t.text = text;
    t.textBounds = bounds;
    return t;
  }

  get(r: number, c: number): Cell {
    return this.rows[r]?.[c] ?? null;
  }

  set(r: number, c: number, cell: Cell): void {
    let row = this.rows[r];
    if (cell === null || cell === undefined) {
      if (!row || c >= row.length) return;
      row[c] = null;
      return;
    }
    if (!row) {
      row = [];
      this.rows[r] = row;
    }
    while (row.length < c) row.push(null);
    row[c] = cell;
  }

  /** Occupied offsets, or null when the tile holds nothing. */
  /** The cells without keeping them decoded (a one-pass read of a sealed tile, such as an export). */
  peekRows(): (Cell[] | null | undefined)[] {
    return this.decoded ?? (JSON.parse(this.text!) as (Cell[] | null)[]);
  }

  bounds(): Bounds | null {
    if (this.text !== undefined && this.textBounds !== undefined) return this.textBounds;
    let r0 = Infinity, r1 = -1, c0 = Infinity, c1 = -1;
    for (let r = 0; r < this.rows.length; r++) {
      const row = this.rows[r];
      if (!row) continue;
      for (let c = 0; c < row.length; c++) {
        const cell = row[c];
        if (cell === null || cell === undefined) continue;
        if (r < r0) r0 = r;
        r1 = r;
        if (c < c0) c0 = c;
        if (c > c1) c1 = c;
      }
    }
    return r1 < 0 ? null : { r0, r1, c0, c1 };
  }

  encode(): string {
    if (this.text !== undefined) return this.text;
    const rows: (Cell[] | null)[] = [];
    let last = -1;
    for (let r = 0; r < this.rows.length; r++) {
      const row = this.rows[r];
      let end = row ? row.length : 0;
      while (end > 0 && (row![end - 1] === null || row![end - 1] === undefined)) end--;
      rows.push(end === 0 ? null : end === row!.length ? row! : row!.slice(0, end));
      if (end > 0) last = r;
    }
    rows.length = last + 1;
    return JSON.stringify(rows);
  }

  /** A stored tile; its text is parsed when a cell is first read. */
  static decode(data: string): Tile {
    return Tile.sealed(data, undefined);
  }
}

export function tileKey(tr: number, tc: number): number {
  return tr * 1024 + tc;
}

export function tileOf(key: number): { tr: number; tc: number } {
  return { tr: Math.floor(key / 1024), tc: key % 1024 };
}
