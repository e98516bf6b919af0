// Tile rows written and deleted in a commit's transaction. Small sets go through unnest() in one
// statement; a bulk write (an import: ~48 MB of tile text for 1M x 5 cells) goes the fastest way
// each store takes it, measured in docs/storage.md: COPY from PGlite's /dev/blob, and on
// PostgreSQL multi-row VALUES (each tile's text a plain parameter) compressed with lz4.
import { sql } from 'drizzle-orm';
import type { CommitSet } from '../core/store.ts';
import type { Tx } from './db.ts';

type TileRow = CommitSet['tilesUpsert'][number];
type TileKey = CommitSet['tilesDelete'][number];

/** Rows per statement, and bytes: keeps one statement well under memory limits. */
const CHUNK_ROWS = 1000;
const CHUNK_BYTES = 16 * 1024 * 1024;
/** From this much tile text on, a commit takes the bulk path. */
const BULK_BYTES = 1024 * 1024;

/** PGlite's transaction, as drizzle holds it: its query() takes a Blob that COPY reads as /dev/blob. */
interface PgliteClient {
  query(text: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}

/** The driver's client under a drizzle transaction: PGlite's when it is the embedded store. */
function pgliteClient(tx: Tx): PgliteClient | undefined {
  const client = (tx as unknown as { _: { session: { client: unknown } } })._.session.client as Record<string, unknown>;
  // postgres.js clients have unsafe(); PGlite's transactions only query/exec.
  return typeof client.unsafe === 'function' ? undefined : (client as unknown as PgliteClient);
}

/** Consecutive slices of rows of at most CHUNK_ROWS rows and (unless one row alone is larger) CHUNK_BYTES. */
function* chunks(rows: TileRow[]): Generator<TileRow[]> {
  let start = 0;
  while (start < rows.length) {
    let end = start, bytes = 0;
    while (end < rows.length && end - start < CHUNK_ROWS && (bytes < CHUNK_BYTES || end === start)) bytes += rows[end++]!.data.length;
    yield rows.slice(start, end);
    start = end;
  }
}

export async function upsertTiles(tx: Tx, rows: TileRow[]): Promise<void> {
  let bytes = 0;
  for (const r of rows) bytes += r.data.length;
  if (bytes < BULK_BYTES) {
    for (const chunk of chunks(rows)) await upsertUnnest(tx, chunk);
    return;
  }
  const pglite = pgliteClient(tx);
  if (pglite) {
    // COPY cannot update: the tiles it replaces go first, in the same transaction.
    await deleteTiles(tx, rows);
    for (const chunk of chunks(rows)) await pglite.query('copy tiles (sheet_id, tr, tc, r0, r1, c0, c1, data) from \'/dev/blob\'', [], { blob: new Blob([copyText(chunk)]) });
    return;
  }
  // lz4 compresses ~3x faster than PostgreSQL's default pglz; only where the server was built with it.
  await tx.execute(sql`select set_config('default_toast_compression', 'lz4', true) from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)`);
  for (const chunk of chunks(rows)) {
    const values = sql.join(
      chunk.map((r) => sql`(${r.sheetId}::uuid, ${r.tr}::int, ${r.tc}::int, ${r.r0}::int2, ${r.r1}::int2, ${r.c0}::int2, ${r.c1}::int2, ${r.data}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      insert into tiles (sheet_id, tr, tc, r0, r1, c0, c1, data) values ${values}
      on conflict (sheet_id, tr, tc) do update set r0 = excluded.r0, r1 = excluded.r1, c0 = excluded.c0, c1 = excluded.c1, data = excluded.data`);
  }
}

async function upsertUnnest(tx: Tx, chunk: TileRow[]): Promise<void> {
  const col = <K extends keyof TileRow>(k: K) => sql.param(chunk.map((r) => r[k]));
  await tx.execute(sql`
    insert into tiles (sheet_id, tr, tc, r0, r1, c0, c1, data)
    select * from unnest(${col('sheetId')}::uuid[], ${col('tr')}::int[], ${col('tc')}::int[], ${col('r0')}::int2[], ${col('r1')}::int2[], ${col('c0')}::int2[], ${col('c1')}::int2[], ${col('data')}::text[])
    on conflict (sheet_id, tr, tc) do update set r0 = excluded.r0, r1 = excluded.r1, c0 = excluded.c0, c1 = excluded.c1, data = excluded.data`);
}

/** COPY's text format: tab-separated, one tile a line; backslash, tab and line breaks escaped. */
export function copyText(rows: TileRow[]): string {
  const lines: string[] = [];
  for (const r of rows) {
    const data = /[\\\t\n\r]/.test(r.data) ? r.data.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : r.data;
    lines.push(`${r.sheetId}\t${r.tr}\t${r.tc}\t${r.r0}\t${r.r1}\t${r.c0}\t${r.c1}\t${data}\n`);
  }
  return lines.join('');
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export async function deleteTiles(tx: Tx, rows: TileKey[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const chunk = rows.slice(i, i + CHUNK_ROWS);
    await tx.execute(sql`
      delete from tiles t using unnest(${sql.param(chunk.map((r) => r.sheetId))}::uuid[], ${sql.param(chunk.map((r) => r.tr))}::int[], ${sql.param(chunk.map((r) => r.tc))}::int[]) as k(sheet_id, tr, tc)
      where t.sheet_id = k.sheet_id and t.tr = k.tr and t.tc = k.tc`);
  }
}
