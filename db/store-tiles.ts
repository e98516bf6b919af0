// Tile rows written and deleted in a commit's transaction. Small sets go through unnest() in one
// statement; a bulk write (an import: ~51 MB of tile text for 1M x 5 cells) goes the fastest way
// each store takes it, measured in docs/storage.md: on PGlite a binary COPY from a file in its
// in-memory file system, and on PostgreSQL multi-row VALUES (each tile's text a plain parameter)
// compressed with lz4.
import type { PGlite } from '@electric-sql/pglite';
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

/**
 * Where a bulk write's COPY data goes in PGlite's own file system (in memory, not the data
 * directory). One transaction at a time runs on a PGlite instance, so one path serves all.
 */
const COPY_FILE = '/tmp/sheets-tiles.copy';

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

/** A tile that exists is replaced, bounds and text. */
const REPLACE = sql`on conflict (sheet_id, tr, tc) do update set r0 = excluded.r0, r1 = excluded.r1, c0 = excluded.c0, c1 = excluded.c1, data = excluded.data`;

/** `pglite`: the embedded store's instance, whose transaction `tx` is. */
export async function upsertTiles(tx: Tx, rows: TileRow[], pglite?: PGlite): Promise<void> {
  let bytes = 0;
  for (const r of rows) bytes += r.data.length;
  if (bytes < BULK_BYTES) {
    for (const chunk of chunks(rows)) await upsertUnnest(tx, chunk);
    return;
  }
  if (pglite) {
    // COPY cannot update: the tiles it replaces go first, in the same transaction. The binary
    // format takes each tile's text as it is, where the text format escapes and scans it; the
    // file is handed over without a copy (canOwn) and PGlite's reads of it are block copies.
    await deleteTiles(tx, rows);
    const fs = pglite.Module.FS;
    try {
      for (const chunk of chunks(rows)) {
        fs.writeFile(COPY_FILE, copyBinary(chunk), { canOwn: true });
        await tx.execute(sql.raw(`copy tiles (sheet_id, tr, tc, r0, r1, c0, c1, data) from '${COPY_FILE}' with (format binary)`));
      }
    } finally {
      if (fs.analyzePath(COPY_FILE).exists) fs.unlink(COPY_FILE);
    }
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
      insert into tiles (sheet_id, tr, tc, r0, r1, c0, c1, data) values ${values} ${REPLACE}`);
  }
}

async function upsertUnnest(tx: Tx, chunk: TileRow[]): Promise<void> {
  const col = <K extends keyof TileRow>(k: K) => sql.param(chunk.map((r) => r[k]));
  await tx.execute(sql`
    insert into tiles (sheet_id, tr, tc, r0, r1, c0, c1, data)
    select * from unnest(${col('sheetId')}::uuid[], ${col('tr')}::int[], ${col('tc')}::int[], ${col('r0')}::int2[], ${col('r1')}::int2[], ${col('c0')}::int2[], ${col('c1')}::int2[], ${col('data')}::text[])
    ${REPLACE}`);
}

/** COPY's binary file header: signature, flags, header extension length. */
const BINARY_HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
/** Per tile before its text: field count, uuid, two int4, four int2, the text's length. */
const ROW_FIXED = 2 + (4 + 16) + 2 * (4 + 4) + 4 * (4 + 2) + 4;

/** COPY's binary format: a header, each tile a tuple of its eight fields, a trailer (-1). */
export function copyBinary(rows: TileRow[]): Buffer {
  let size = BINARY_HEADER.length + 2;
  const lengths = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) size += ROW_FIXED + (lengths[i] = Buffer.byteLength(rows[i]!.data, 'utf8'));
  const out = Buffer.allocUnsafe(size);
  let at = BINARY_HEADER.copy(out, 0);
  let uuidOf = '', uuid = Buffer.alloc(16);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (r.sheetId !== uuidOf) uuid = Buffer.from((uuidOf = r.sheetId).replace(/-/g, ''), 'hex');
    if (uuid.length !== 16) throw new Error(`not a uuid: ${r.sheetId}`);
    at = out.writeInt16BE(8, at);
    at = out.writeInt32BE(16, at);
    at += uuid.copy(out, at);
    for (const v of [r.tr, r.tc]) at = out.writeInt32BE(v, out.writeInt32BE(4, at));
    for (const v of [r.r0, r.r1, r.c0, r.c1]) at = out.writeInt16BE(v, out.writeInt32BE(2, at));
    at = out.writeInt32BE(lengths[i]!, at);
    at += out.write(r.data, at, 'utf8');
  }
  at = out.writeInt16BE(-1, at);
  if (at !== size) throw new Error(`binary COPY data: wrote ${at} of ${size} bytes`);
  return out;
}

export async function deleteTiles(tx: Tx, rows: TileKey[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const chunk = rows.slice(i, i + CHUNK_ROWS);
    await tx.execute(sql`
      delete from tiles t using unnest(${sql.param(chunk.map((r) => r.sheetId))}::uuid[], ${sql.param(chunk.map((r) => r.tr))}::int[], ${sql.param(chunk.map((r) => r.tc))}::int[]) as k(sheet_id, tr, tc)
      where t.sheet_id = k.sheet_id and t.tr = k.tr and t.tc = k.tc`);
  }
}
