// Writes imported rows into a sheet's tiles in bulk. When the file has no formulas (nothing to
// recompute) rows go straight into the tiles, a tile band at a time; otherwise each chunk goes
// through Workbook.writeCells so the engine sees every change. Existing cell styles are kept.
import { MAX_COLS, MAX_ROWS } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import { isRich, styleOf, type Cell } from '../workbook/cell.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Style } from '../workbook/style.ts';
import { Tile, TILE_COLS, TILE_ROWS, tileKey } from '../workbook/tile.ts';
import type { Content, Workbook } from '../workbook/workbook.ts';
import type { GroupTiles } from './parquet-rows.ts';

export class BlockWriter {
  /** Rows and columns written so far (relative to the origin). */
  rows = 0;
  cols = 0;
  private readonly direct: boolean;
  /** Base style id -> the typed value's implied format (shared objects from the typing cache) -> style id. */
  private readonly autoStyles = new Map<number, Map<Partial<Style>, number>>();
  /** Tiles this import created (none of their cells has a style to keep). */
  private readonly created = new Set<number>();

  constructor(
    private readonly wb: Workbook,
    readonly sheet: SheetModel,
    readonly row0: number,
    readonly col0: number,
    /** Field names in messages (cell for CSV/Parquet). */
    private readonly field = 'cell',
  ) {
    this.direct = !wb.engine && !wb.hasFormulas();
  }

  /** Appends rows of contents below what was written so far. */
  async write(lines: Content[][]): Promise<void> {
    if (!lines.length) return;
    const width = lines.reduce((m, l) => Math.max(m, l.length), 0);
    const first = this.row0 + this.rows;
    const last = first + lines.length - 1;
    this.fits(lines.length, width);
    if (!this.direct) await this.wb.writeCells(this.sheet, first, this.col0, lines);
    else {
      await this.wb.load(this.sheet, { r0: first, c0: this.col0, r1: last, c1: this.col0 + Math.max(width, 1) - 1 });
      for (let i = 0; i < lines.length; i++) this.putRow(first + i, lines[i]!);
      this.sealBands(Math.floor(first / TILE_ROWS), Math.floor((last + 1) / TILE_ROWS) - 1, width);
    }
    if (width) this.wb.changes.add(this.sheet.id, { r0: first, c0: this.col0, r1: last, c1: this.col0 + width - 1 });
    this.rows += lines.length;
    this.cols = Math.max(this.cols, width);
  }

  /** Throws the 400 when `rows` more rows of `width` columns do not fit below what was written. */
  fits(rows: number, width: number): void {
    if (this.row0 + this.rows + rows - 1 >= MAX_ROWS) throw invalidArg(this.field, `the data has more rows than fit from row ${this.row0 + 1} (the last row is ${MAX_ROWS}); start higher or split the file`);
    if (this.col0 + width > MAX_COLS) throw invalidArg(this.field, `the data has ${width} columns; from column ${this.col0 + 1} they run past the last column (XFD)`);
  }

  /** Nothing written yet, the sheet holds no tile and nothing recomputes: tiles can be laid down whole (adopt). */
  blank(): boolean {
    return this.direct && this.rows === 0 && this.sheet.index.size === 0 && this.sheet.tiles.size === 0;
  }

  /** The style id of a typed value's implied format (a date) over the default style. */
  autoStyle(auto: Partial<Style>): number {
    return this.styleFor(0, auto);
  }

  /**
   * Lays down rows first..first+n-1 (sheet rows) of `width` columns, as groupTiles laid them out:
   * the whole tiles as they are, the rows of shared bands cell by cell. Groups may come in any
   * order; the sheet was blank() when the import began.
   */
  adopt(group: GroupTiles, first: number, n: number, width: number): void {
    for (const t of group.tiles) {
      this.sheet.tileForWrite(t.tr, t.tc);
      this.sheet.tiles.set(tileKey(t.tr, t.tc), Tile.sealed(t.text, t.bounds));
    }
    for (const { row, cells } of group.edges) {
      const tr = Math.floor(row / TILE_ROWS), rr = row % TILE_ROWS;
      for (let j = 0; j < cells.length; j++) {
        const c = this.col0 + j;
        if (cells[j] !== null) this.sheet.tileForWrite(tr, Math.floor(c / TILE_COLS)).set(rr, c % TILE_COLS, cells[j]!);
      }
    }
    if (width && n) this.wb.changes.add(this.sheet.id, { r0: first, c0: this.col0, r1: first + n - 1, c1: this.col0 + width - 1 });
    this.rows = Math.max(this.rows, first + n - this.row0);
    this.cols = Math.max(this.cols, width);
  }

  /** Tile bands this import has finished writing are kept encoded (Tile.sealed) until the commit. */
  private sealBands(tr0: number, tr1: number, width: number): void {
    const tc0 = Math.floor(this.col0 / TILE_COLS), tc1 = Math.floor((this.col0 + Math.max(width, this.cols, 1) - 1) / TILE_COLS);
    for (let tr = tr0; tr <= tr1; tr++) {
      for (let tc = tc0; tc <= tc1; tc++) {
        const key = tileKey(tr, tc);
        const tile = this.sheet.tiles.get(key);
        if (tile) this.sheet.tiles.set(key, Tile.sealed(tile.encode(), tile.bounds()));
      }
    }
  }

  private putRow(r: number, line: Content[]): void {
    const tr = Math.floor(r / TILE_ROWS), rr = r % TILE_ROWS;
    if (this.col0 % TILE_COLS === 0 && line.length <= TILE_COLS && this.adoptRow(tr, rr, line)) return;
    let tile: Tile | undefined;
    let tc = -1;
    for (let j = 0; j < line.length; j++) {
      const c = this.col0 + j;
      const ctc = Math.floor(c / TILE_COLS);
      const content = line[j]!;
      if (ctc !== tc) {
        tc = ctc;
        tile = undefined;
      }
      if (!tile) {
        if (content === null && !this.sheet.tiles.has(tileKey(tr, tc))) continue;
        tile = this.sheet.tileForWrite(tr, tc);
      }
      const old = tile.get(rr, c % TILE_COLS);
      const s = old === null || old === undefined || !isRich(old) ? 0 : styleOf(old);
      tile.set(rr, c % TILE_COLS, this.toCell(content, s));
    }
  }

  /**
   * A row that fills one tile column of a tile this import created becomes that tile's row itself,
   * its contents turned into cells in place: no second array per row. False: the tile existed.
   */
  private adoptRow(tr: number, rr: number, line: Content[]): boolean {
    const tc = Math.floor(this.col0 / TILE_COLS), key = tileKey(tr, tc);
    if (!this.created.has(key)) {
      if (this.sheet.index.has(key)) return false;
      if (line.every((v) => v === null)) return true;
      this.created.add(key);
    }
    const cells = line as Cell[];
    for (let j = 0; j < line.length; j++) cells[j] = this.toCell(line[j]!, 0);
    this.sheet.tileForWrite(tr, tc).rows[rr] = cells;
    return true;
  }

  private toCell(content: Content, s: number): Cell {
    if (content === null) return s ? { s } : null;
    if (typeof content !== 'object') return s ? { v: content, s } : content;
    if ('f' in content) throw new Error('BlockWriter writes literals only');
    if ('r' in content) return s ? { v: content.v, r: content.r, s } : { v: content.v, r: content.r };
    const id = this.styleFor(s, content.auto);
    return id ? { v: content.v, s: id } : content.v;
  }

  /** The style of a typed value (a date, a percentage) over the cell's own style, unless that sets a number format. */
  private styleFor(s: number, auto: Partial<Style>): number {
    let byAuto = this.autoStyles.get(s);
    if (!byAuto) this.autoStyles.set(s, (byAuto = new Map()));
    let id = byAuto.get(auto);
    if (id === undefined) {
      const base = this.wb.styles.get(s);
      id = base.number_format !== undefined || base.date_time !== undefined || base.format_code !== undefined ? s : this.wb.styles.patch(s, auto);
      byAuto.set(auto, id);
    }
    return id;
  }
}

/** Stores one prepared cell (imports of whole sheets into emptied sheets), keeping the formula count. */
export function putImported(sheet: SheetModel, row: number, col: number, cell: Cell): void {
  if (cell === null || cell === undefined) return;
  if (isRich(cell) && cell.f !== undefined) {
    sheet.meta.formulas = (sheet.meta.formulas ?? 0) + 1;
  }
  sheet.tileForWrite(Math.floor(row / TILE_ROWS), Math.floor(col / TILE_COLS)).set(row % TILE_ROWS, col % TILE_COLS, cell);
}
