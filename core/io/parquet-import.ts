// Parquet import with hyparquet: a header row from the column names, then the rows, one row group
// at a time (a group is decoded whole, so reading it in slices would decode it again and again).
// The group's columns come as hyparquet decodes them (onChunk) and are typed column by column
// straight into the rows written, without hyparquet's own rows in between.
// Types follow the schema: integers and decimals become numbers (64-bit integers beyond 2^53 stay
// exact as text), dates and timestamps become date serials with a date format, text stays text.
import type { ColumnData, parquetMetadata } from 'hyparquet';
import { invalidArg } from '../errors.ts';
import { loadHyparquet } from '../libs.ts';
import type { Content } from '../workbook/workbook.ts';
import type { BlockWriter } from './block-writer.ts';

/**
 * Rows typed and written at a time (16 tile bands): short-lived enough to die in the young
 * generation. Slices of 65,536 rows outlived it and cost ~170 ms more of garbage collection in
 * a 1M-row import.
 */
const SLICE_ROWS = 4_096;
const MS_PER_DAY = 86_400_000;
/** Serial of 1970-01-01 when serials count days from 1899-12-30. */
const UNIX_EPOCH_SERIAL = 25_569;
const DATE_STYLE = { date_time: '%Y-%m-%d' };
const DATETIME_STYLE = { date_time: '%Y-%m-%d %H:%M:%S' };

interface Leaf {
  name: string;
  date: boolean;
}

export interface ParquetResult {
  rows: number;
  cols: number;
  columns: string[];
}

type Meta = ReturnType<typeof parquetMetadata>;

function leaves(meta: Meta): Leaf[] {
  // Top-level fields; a nested field (children) is one column holding JSON.
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

export function parquetValue(v: unknown, leaf: Leaf): Content {
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

/** Rows i0..i1 of the group, typed one column at a time. */
function rowsOf(columns: ArrayLike<unknown>[], leaves: Leaf[], i0: number, i1: number): Content[][] {
  const rows: Content[][] = [];
  for (let i = i0; i < i1; i++) rows.push(new Array<Content>(leaves.length));
  for (let j = 0; j < leaves.length; j++) {
    const col = columns[j]!, leaf = leaves[j]!;
    for (let i = i0; i < i1; i++) rows[i - i0]![j] = parquetValue(col[i], leaf);
  }
  return rows;
}

export async function importParquet(bytes: Buffer, writer: BlockWriter, step: (done: number, total: number) => Promise<void>): Promise<ParquetResult> {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const { parquetMetadata, parquetRead } = await loadHyparquet();
  let meta: Meta;
  try {
    meta = parquetMetadata(file);
  } catch (err) {
    throw invalidArg('file_data', `is not a readable Parquet file: ${(err as Error).message}`);
  }
  const cols = leaves(meta);
  const total = Number(meta.num_rows);
  await writer.write([cols.map((c) => c.name)]);
  const byName = new Map<string, number[]>();
  cols.forEach((c, j) => byName.set(c.name, [...(byName.get(c.name) ?? []), j]));
  let start = 0;
  for (const group of meta.row_groups) {
    const n = Number(group.num_rows);
    const chunks: ColumnData[][] = cols.map(() => []);
    try {
      await parquetRead({ file, metadata: meta, rowStart: start, rowEnd: start + n, onChunk: (c) => byName.get(c.columnName)?.forEach((j) => chunks[j]!.push(c)) });
    } catch (err) {
      throw invalidArg('file_data', `the Parquet data could not be read: ${(err as Error).message}`);
    }
    const columns = chunks.map((list) => columnOf(list, start, n));
    for (let i = 0; i < n; i += SLICE_ROWS) {
      await writer.write(rowsOf(columns, cols, i, Math.min(n, i + SLICE_ROWS)));
      await step(start + Math.min(i + SLICE_ROWS, n), total);
    }
    start += n;
  }
  return { rows: writer.rows, cols: writer.cols, columns: cols.map((c) => c.name) };
}
