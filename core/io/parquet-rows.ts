// Parquet values into cells, shared by the import on the main thread and its worker threads
// (parquet-worker.ts): the columns of the file's schema, each value typed by its column, and a
// row group's rows laid out as the sheet's tiles. Types follow the schema: integers and decimals
// become numbers (64-bit integers beyond 2^53 stay exact as text), dates and timestamps become
// date serials with a date format, text stays text, anything nested is JSON.
// Imports nothing but types and the tile layout: a worker bundles this file alone.
import type { ColumnData, parquetMetadata, parquetRead } from 'hyparquet';
import type { Cell } from '../workbook/cell.ts';
import { Tile, TILE_COLS, TILE_ROWS, type Bounds } from '../workbook/tile.ts';
import type { Content } from '../workbook/workbook.ts';

const MS_PER_DAY = 86_400_000;
/** Serial of 1970-01-01 when serials count days from 1899-12-30. */
const UNIX_EPOCH_SERIAL = 25_569;
export const DATE_STYLE = { date_time: '%Y-%m-%d' };
export const DATETIME_STYLE = { date_time: '%Y-%m-%d %H:%M:%S' };

export interface Leaf {
  name: string;
  date: boolean;
}

type Meta = ReturnType<typeof parquetMetadata>;

/** Top-level fields; a nested field (children) is one column holding JSON. */
export function leaves(meta: Meta): Leaf[] {
  const out: Leaf[] = [];
  const schema = meta.schema;
  let i = 1;
  while (i < schema.length) {
    const el = schema[i]!;
    const date = el.converted_type === 'DATE' || el.logical_type?.type === 'DATE';
    out.push({ name: el.name, date });
    i += 1 + countDescendants(schema, i);
  }
  return out;
}

function countDescendants(schema: Meta['schema'], at: number): number {
  const n = schema[at]!.num_children ?? 0;
  let total = 0, i = at + 1;
  for (let k = 0; k < n; k++) {
    const sub = 1 + countDescendants(schema, i);
    total += sub;
    i += sub;
  }
  return total;
}

function json(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));
}

/** A value as the import types it: a literal, or a date serial with the format it implies. */
export type Typed = Exclude<Content, { f: string }>;

export function parquetValue(v: unknown, leaf: Leaf): Typed {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'number':
      return Number.isFinite(v) ? v : String(v);
    case 'bigint':
      return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
    case 'string':
      return v === '' ? null : v;
    case 'boolean':
      return v;
  }
  if (v instanceof Date) {
    const t = v.getTime();
    if (Number.isNaN(t)) return null;
    return { v: t / MS_PER_DAY + UNIX_EPOCH_SERIAL, auto: leaf.date ? DATE_STYLE : DATETIME_STYLE };
  }
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  return json(v);
}

/** One column's values for rows start..start+n of the file (a chunk may hold rows outside them). */
function columnOf(list: ColumnData[], start: number, n: number): ArrayLike<unknown> {
  const only = list[0];
  if (list.length === 1 && only!.rowStart === start && only!.columnData.length >= n) return only!.columnData;
  const out = new Array<unknown>(n);
  for (const c of list) {
    for (let q = Math.max(0, start - c.rowStart); q < c.columnData.length && c.rowStart + q < start + n; q++) out[c.rowStart + q - start] = c.columnData[q];
  }
  return out;
}

/**
 * Style ids of the two date formats over the default style, made by the main thread beforehand
 * for the kinds of date the schema has (dateKinds).
 */
export interface DateStyles {
  date?: number;
  datetime?: number;
}

/** Which date formats the file's values can need: DATE columns, and timestamps (INT96 included). */
export function dateKinds(meta: Meta): { date: boolean; datetime: boolean } {
  const out = { date: false, datetime: false };
  const schema = meta.schema;
  for (let i = 1; i < schema.length; i += 1 + countDescendants(schema, i)) {
    const el = schema[i]!;
    if (el.num_children) continue;
    if (el.converted_type === 'DATE' || el.logical_type?.type === 'DATE') out.date = true;
    else if (el.converted_type === 'TIMESTAMP_MILLIS' || el.converted_type === 'TIMESTAMP_MICROS' || el.logical_type?.type === 'TIMESTAMP' || (!el.converted_type && el.type === 'INT96')) out.datetime = true;
  }
  return out;
}

/** A tile this group fills whole, encoded. */
export interface SealedTile {
  tr: number;
  tc: number;
  text: string;
  bounds: Bounds | null;
}

/** A row of a tile band the group shares with its neighbours (or the header): placed by the main thread. */
export interface EdgeRow {
  row: number;
  cells: Cell[];
}

export interface GroupTiles {
  tiles: SealedTile[];
  edges: EdgeRow[];
}

/**
 * Rows 0..n-1 of a row group's columns as the cells of sheet rows row..row+n-1 from column col0:
 * the tile bands the group fills whole come encoded, the rows of bands it fills in part come as
 * cells. The sheet's tiles there must be new (no styles to keep).
 */
export function groupTiles(columns: ArrayLike<unknown>[], cols: Leaf[], row: number, n: number, col0: number, styles: DateStyles): GroupTiles {
  const out: GroupTiles = { tiles: [], edges: [] };
  const cellOf = (v: unknown, leaf: Leaf): Cell => {
    const c = parquetValue(v, leaf);
    if (c === null || typeof c !== 'object' || !('auto' in c)) return c;
    const s = c.auto === DATE_STYLE ? styles.date : styles.datetime;
    if (s === undefined) throw new Error(`column ${leaf.name} holds a date its schema does not declare`);
    return { v: c.v, s };
  };
  /** Row i of the group as cells of columns col0.. (a fresh array per row: tiles keep it). */
  const cellsOf = (i: number): Cell[] => {
    const cells = new Array<Cell>(cols.length);
    for (let j = 0; j < cols.length; j++) cells[j] = cellOf(columns[j]![i], cols[j]!);
    return cells;
  };
  const last = row + n - 1;
  for (let tr = Math.floor(row / TILE_ROWS); tr <= Math.floor(last / TILE_ROWS); tr++) {
    const b0 = tr * TILE_ROWS, b1 = b0 + TILE_ROWS - 1;
    if (b0 < row || b1 > last) {
      for (let r = Math.max(b0, row); r <= Math.min(b1, last); r++) out.edges.push({ row: r, cells: cellsOf(r - row) });
      continue;
    }
    const band: Cell[][] = [];
    for (let r = b0; r <= b1; r++) band.push(cellsOf(r - row));
    for (let tc = Math.floor(col0 / TILE_COLS); tc <= Math.floor((col0 + Math.max(cols.length, 1) - 1) / TILE_COLS); tc++) {
      // The band's cells that fall in tile column tc, at their offsets in the tile.
      const from = Math.max(col0, tc * TILE_COLS), to = Math.min(col0 + cols.length - 1, tc * TILE_COLS + TILE_COLS - 1);
      const lead = from - tc * TILE_COLS;
      const rows = band.map((cells) => {
        const part = from === col0 && to === col0 + cols.length - 1 ? cells : cells.slice(from - col0, to - col0 + 1);
        return lead ? [...new Array<Cell>(lead).fill(null), ...part] : part;
      });
      const tile = new Tile(rows);
      const bounds = tile.bounds();
      if (bounds) out.tiles.push({ tr, tc, text: tile.encode(), bounds });
    }
  }
  return out;
}

/** Where in the file each row group starts, and its rows. */
export function groupsOf(meta: Meta): { start: number; rows: number }[] {
  let start = 0;
  return meta.row_groups.map((g) => {
    const rows = Number(g.num_rows);
    const out = { start, rows };
    start += rows;
    return out;
  });
}

/** A row group decoded: each column's values, as hyparquet hands them over (onChunk). */
export async function decodeGroup(read: typeof parquetRead, file: ArrayBuffer, meta: Meta, cols: Leaf[], start: number, n: number): Promise<ArrayLike<unknown>[]> {
  const byName = new Map<string, number[]>();
  cols.forEach((c, j) => byName.set(c.name, [...(byName.get(c.name) ?? []), j]));
  const chunks: ColumnData[][] = cols.map(() => []);
  await read({ file, metadata: meta, rowStart: start, rowEnd: start + n, onChunk: (c) => byName.get(c.columnName)?.forEach((j) => chunks[j]!.push(c)) });
  return chunks.map((list) => columnOf(list, start, n));
}
