// Writes imported rows into a sheet's tiles in bulk. When the file has no formulas (nothing to
// recompute) rows go straight into the tiles, a tile band at a time; otherwise each chunk goes
// through Workbook.writeCells so the engine sees every change. Existing cell styles are kept.
import { MAX_COLS, MAX_ROWS } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import { isRich, styleOf, type Cell } from '../workbook/cell.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Style } from '../workbook/style.ts';
import { TILE_COLS, TILE_ROWS, tileKey, type Tile } from '../workbook/tile.ts';
import type { Content, Workbook } from '../workbook/workbook.ts';

export class BlockWriter {
  /** Rows and columns written so far (relative to the origin). */
  rows = 0;
  cols = 0;
  private readonly direct: boolean;
  private readonly autoStyles = new Map<string, number>();

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
    if (last >= MAX_ROWS) throw invalidArg(this.field, `the data has more rows than fit from row ${this.row0 + 1} (the last row is ${MAX_ROWS}); start higher or split the file`);
    if (this.col0 + width > MAX_COLS) throw invalidArg(this.field, `the data has ${width} columns; from column ${this.col0 + 1} they run past the last column (XFD)`);
    if (!this.direct) await this.wb.writeCells(this.sheet, first, this.col0, lines);
    else {
      await this.wb.load(this.sheet, { r0: first, c0: this.col0, r1: last, c1: this.col0 + Math.max(width, 1) - 1 });
      for (let i = 0; i < lines.length; i++) this.putRow(first + i, lines[i]!);
    }
    if (width) this.wb.changes.add(this.sheet.id, { r0: first, c0: this.col0, r1: last, c1: this.col0 + width - 1 });
    this.rows += lines.length;
    this.cols = Math.max(this.cols, width);
  }

  private putRow(r: number, line: Content[]): void {
    const tr = Math.floor(r / TILE_ROWS), rr = r % TILE_ROWS;
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

  private toCell(content: Content, s: number): Cell {
    if (content === null) return s ? { s } : null;
    if (typeof content !== 'object') return s ? { v: content, s } : content;
    if ('f' in content) throw new Error('BlockWriter writes literals only');
    const id = this.styleFor(s, content.auto);
    return id ? { v: content.v, s: id } : content.v;
  }

  /** The style of a typed value (a date, a percentage) over the cell's own style, unless that sets a number format. */
  private styleFor(s: number, auto: Partial<Style>): number {
    const key = `${s}\t${JSON.stringify(auto)}`;
    let id = this.autoStyles.get(key);
    if (id === undefined) {
      const base = this.wb.styles.get(s);
      id = base.number_format !== undefined || base.date_time !== undefined || base.format_code !== undefined ? s : this.wb.styles.patch(s, auto);
      this.autoStyles.set(key, id);
    }
    return id;
  }
}

/** Stores one prepared cell (imports of whole sheets into emptied sheets), keeping the formula count. */
export function putImported(sheet: SheetModel, row: number, col: number, cell: Cell): void {
  if (cell === null || cell === undefined) return;
  if (isRich(cell) && cell.f !== undefined) {
    sheet.meta.formulas = (sheet.meta.formulas ?? 0) + 1;
    sheet.metaDirty = true;
  }
  sheet.tileForWrite(Math.floor(row / TILE_ROWS), Math.floor(col / TILE_COLS)).set(row % TILE_ROWS, col % TILE_COLS, cell);
}
