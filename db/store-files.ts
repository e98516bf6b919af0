// Files, their sheets and tiles, the operations log and file copies on Drizzle. Tiles move in bulk
// (db/store-tiles.ts) so an import of thousands of tiles is a handful of statements.
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { VersionConflictError, type CommitDelta, type CommitOptions, type CommitSet, type DeletedFile, type FileChanges, type FileRecord, type FileStore, type HistoryEntry, type SheetRecord, type TileRecord, type WorkbookRecord } from '../core/store.ts';
import type { SheetMeta } from '../core/workbook/sheet-meta.ts';
import { files, opsLog, sheets, tiles, users } from './schema.ts';
import type { CacheKey, CacheSync } from './cache-sync.ts';
import { rowsOf, type Db, type Tx } from './db.ts';
import { applyOutbox } from './store-tasks.ts';
import { deleteTiles, upsertTiles } from './store-tiles.ts';
import { bumpVersion, pruneHistory } from './store-history.ts';

/** Past this many versions behind, a process reloads a file rather than following each version. */
const MAX_FOLLOWED_VERSIONS = 500;

export class PgFileStore implements FileStore {
  /**
   * File records read by id are kept in memory while `fileCaches` says they may be
   * (db/cache-sync.ts): always on the embedded store, which one process holds alone; on
   * PostgreSQL while this process hears what the others change. A commit or a delete here drops
   * or replaces the record at once, before anyone else has heard of it.
   */
  constructor(
    readonly db: Db,
    private readonly fileCaches: CacheSync,
    /** The embedded store's instance: bulk tile writes go into its file system for COPY. */
    private readonly pgliteInstance?: PGlite,
  ) {
    fileCaches.onDrop((key) => {
      if (key === '*') this.filesChanged();
      else if (key.startsWith('f:')) this.fileChanged(key.slice(2));
    });
  }

  private readonly fileCache = new Map<string, FileRecord>();
  /** Bumped on every change to a file: a read that began before it does not fill the cache. */
  private fileGeneration = 0;

  private fileChanged(id: string): void {
    this.fileGeneration++;
    this.fileCache.delete(id);
  }

  private filesChanged(): void {
    this.fileGeneration++;
    this.fileCache.clear();
  }

  async listFiles(q: { spaceId: string; userId: string; limit: number; offset: number }): Promise<FileRecord[]> {
    return this.db
      .select(fileColumns)
      .from(files)
      .where(and(eq(files.spaceId, q.spaceId), isNull(files.deletedAt), or(eq(files.private, false), eq(files.creatorId, q.userId))))
      .orderBy(desc(files.modified), desc(files.id))
      .limit(q.limit)
      .offset(q.offset);
  }

  async createFile(input: { spaceId: string; creatorId: string; name: string; private: boolean; at: Date; sheets: SheetRecord[]; shell?: boolean }): Promise<FileRecord> {
    const id = randomUUID();
    return this.db.transaction(async (tx) => {
      const [file] = await tx.insert(files).values({ id, spaceId: input.spaceId, creatorId: input.creatorId, name: input.name, private: input.private, version: input.shell ? 0 : 1, created: input.at, modified: input.at }).returning(fileColumns);
      if (input.sheets.length) await tx.insert(sheets).values(input.sheets.map((s) => ({ id: s.id, fileId: id, name: s.name, position: s.position, meta: s.meta })));
      if (!input.shell) await tx.insert(opsLog).values({ fileId: id, version: 1, op: 'create_file', args: { name: input.name, private: input.private }, userId: input.creatorId, at: input.at });
      return file!;
    });
  }

  async deleteFile(id: string): Promise<void> {
    this.fileChanged(id);
    let settled: Promise<void> | undefined;
    try {
      ({ settled } = await this.fileCaches.transaction(this.db, async (tx, announce) => {
        await tx.delete(files).where(eq(files.id, id));
        announce([`f:${id}`]);
      }));
    } finally {
      this.fileChanged(id);
      await settled;
    }
  }

  // ---- the trash ---------------------------------------------------------------------------

  /** Sets or clears deleted_at; every process drops its cached record (a deleted file 404s at once). */
  private async setDeleted(id: string, at: Date | null): Promise<void> {
    this.fileChanged(id);
    let settled: Promise<void> | undefined;
    try {
      ({ settled } = await this.fileCaches.transaction(this.db, async (tx, announce) => {
        await tx.update(files).set({ deletedAt: at }).where(eq(files.id, id));
        announce([`f:${id}`]);
      }));
    } finally {
      this.fileChanged(id);
      await settled;
    }
  }

  trashFile(id: string, at: Date): Promise<void> {
    return this.setDeleted(id, at);
  }

  restoreFile(id: string): Promise<void> {
    return this.setDeleted(id, null);
  }

  async getDeletedFile(id: string): Promise<DeletedFile | null> {
    const [row] = await this.db.select({ ...fileColumns, deletedAt: files.deletedAt }).from(files).where(and(eq(files.id, id), isNotNull(files.deletedAt)));
    return row ? { ...row, deletedAt: row.deletedAt! } : null;
  }

  async listDeletedFiles(q: { spaceId: string; userId: string; limit: number; offset: number }): Promise<DeletedFile[]> {
    const rows = await this.db
      .select({ ...fileColumns, deletedAt: files.deletedAt })
      .from(files)
      .where(and(eq(files.spaceId, q.spaceId), isNotNull(files.deletedAt), or(eq(files.private, false), eq(files.creatorId, q.userId))))
      .orderBy(desc(files.deletedAt), desc(files.id))
      .limit(q.limit)
      .offset(q.offset);
    return rows.map((r) => ({ ...r, deletedAt: r.deletedAt! }));
  }

  async purge(q: { deletedBefore: Date; keepVersions: number }): Promise<{ files: number; history: number }> {
    const gone = await this.db.delete(files).where(and(isNotNull(files.deletedAt), lt(files.deletedAt, q.deletedBefore))).returning({ id: files.id });
    for (const { id } of gone) this.fileChanged(id);
    return { files: gone.length, history: await pruneHistory(this.db, q.keepVersions) };
  }

  /** Read on every request that names a file: built once and prepared. */
  private fileByIdQuery?: { execute(values: { id: string }): Promise<FileRecord[]> };

  async getFile(id: string): Promise<FileRecord | null> {
    const cached = this.fileCaches.usable ? this.fileCache.get(id) : undefined;
    // A copy: callers may change what they are given.
    if (cached) return { ...cached };
    this.fileByIdQuery ??= this.db.select(fileColumns).from(files).where(and(eq(files.id, sql.placeholder('id')), isNull(files.deletedAt))).prepare('file_by_id') as unknown as { execute(values: { id: string }): Promise<FileRecord[]> };
    const generation = this.fileGeneration;
    const [row] = await this.fileByIdQuery.execute({ id });
    if (row && this.fileCaches.usable && generation === this.fileGeneration) {
      if (this.fileCache.size >= 10_000) this.fileCache.clear();
      this.fileCache.set(id, { ...row });
    }
    return row ?? null;
  }

  // ---- workbooks ------------------------------------------------------------------------------

  async loadWorkbook(fileId: string): Promise<WorkbookRecord | null> {
    const [file] = await this.db.select({ ...fileColumns, styles: files.styles }).from(files).where(eq(files.id, fileId));
    if (!file) return null;
    const sheetRows = await this.db.select({ id: sheets.id, name: sheets.name, position: sheets.position, meta: sheets.meta }).from(sheets).where(eq(sheets.fileId, fileId)).orderBy(sheets.position);
    const bounds = sheetRows.length
      ? await this.db.select({ sheetId: tiles.sheetId, tr: tiles.tr, tc: tiles.tc, r0: tiles.r0, r1: tiles.r1, c0: tiles.c0, c1: tiles.c1 }).from(tiles).where(inArray(tiles.sheetId, sheetRows.map((s) => s.id)))
      : [];
    const { styles, ...rec } = file;
    return {
      file: rec,
      styles: styles as unknown[],
      sheets: sheetRows.map((s) => ({ ...s, meta: s.meta as SheetMeta, tiles: bounds.filter((b) => b.sheetId === s.id) })),
    };
  }

  async loadTiles(sheetId: string, keys: { tr: number; tc: number }[]): Promise<TileRecord[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.execute(sql`
      select t.tr, t.tc, t.r0, t.r1, t.c0, t.c1, t.data from tiles t
      join unnest(${sql.param(keys.map((k) => k.tr))}::int[], ${sql.param(keys.map((k) => k.tc))}::int[]) as k(tr, tc)
        on t.tr = k.tr and t.tc = k.tc
      where t.sheet_id = ${sheetId}`);
    return rowsOf<TileRecord>(rows);
  }

  async changesSince(fileId: string, version: number): Promise<FileChanges | null> {
    // One snapshot: the file's version, the log up to it and the tiles as of that version.
    return this.db.transaction(
      async (tx) => {
        const [file] = await tx.select({ ...fileColumns, styles: files.styles }).from(files).where(eq(files.id, fileId));
        if (!file || file.version < version || file.version - version > MAX_FOLLOWED_VERSIONS) return null;
        const log = await tx.select({ version: opsLog.version, delta: opsLog.delta }).from(opsLog).where(and(eq(opsLog.fileId, fileId), sql`${opsLog.version} > ${version}`)).orderBy(opsLog.version);
        // Exactly one delta per version in between, or the file is reloaded whole.
        if (log.length !== file.version - version || log.some((l, i) => l.version !== version + 1 + i || !l.delta)) return null;
        const sheetIds = new Set<string>();
        const keys = new Map<string, { sheetId: string; tr: number; tc: number }>();
        let styled = false;
        for (const { delta } of log) {
          const d = delta as CommitDelta;
          for (const id of d.sheets) sheetIds.add(id);
          for (const [sheetId, list] of Object.entries(d.tiles)) for (const [tr, tc] of list) keys.set(`${sheetId}:${tr}:${tc}`, { sheetId, tr, tc });
          styled ||= d.styles === true;
        }
        const sheetRows = sheetIds.size ? await tx.select({ id: sheets.id, name: sheets.name, position: sheets.position, meta: sheets.meta }).from(sheets).where(inArray(sheets.id, [...sheetIds])) : [];
        const wanted = [...keys.values()];
        const tileRows = wanted.length
          ? rowsOf<TileRecord & { sheet_id: string }>(
              await tx.execute(sql`
                select t.sheet_id, t.tr, t.tc, t.r0, t.r1, t.c0, t.c1, t.data from tiles t
                join unnest(${sql.param(wanted.map((k) => k.sheetId))}::uuid[], ${sql.param(wanted.map((k) => k.tr))}::int[], ${sql.param(wanted.map((k) => k.tc))}::int[]) as k(sheet_id, tr, tc)
                  on t.sheet_id = k.sheet_id and t.tr = k.tr and t.tc = k.tc`),
            )
          : [];
        const found = new Map(tileRows.map((t) => [`${t.sheet_id}:${t.tr}:${t.tc}`, t]));
        const { styles, ...rec } = file;
        return {
          file: rec,
          styles: styled ? (styles as unknown[]) : undefined,
          sheets: sheetRows.map((s) => ({ ...s, meta: s.meta as SheetMeta })),
          tiles: wanted.map(({ sheetId, tr, tc }) => {
            const t = found.get(`${sheetId}:${tr}:${tc}`);
            return { sheetId, tr, tc, tile: t ? { tr: t.tr, tc: t.tc, r0: t.r0, r1: t.r1, c0: t.c0, c1: t.c1, data: t.data } : null };
          }),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  async commit(set: CommitSet, opts: CommitOptions = {}): Promise<number> {
    // Dropped before (no read in between fills it with the old version) and after (one that did
    // is gone). A commit that succeeds knows the new record: the next request need not read it.
    // It returns once every other process has dropped the old one (db/cache-sync-pg.ts), or hands
    // that wait to the caller.
    const before = this.fileCaches.usable ? this.fileCache.get(set.fileId) : undefined;
    this.fileChanged(set.fileId);
    let version: number | undefined;
    let settled: Promise<void> | undefined;
    try {
      ({ result: version, settled } = await this.fileCaches.transaction(this.db, (tx, announce) => commitTx(tx, set, announce, this.pgliteInstance)));
      return version;
    } finally {
      this.fileChanged(set.fileId);
      if (before?.version === set.baseVersion && version === set.baseVersion + 1 && this.fileCaches.usable) this.fileCache.set(set.fileId, { ...before, version, modified: set.at, name: set.name ?? before.name });
      if (opts.detach && settled) opts.detach(settled);
      else await settled;
    }
  }

  async history(fileId: string, q: { limit: number; offset: number }): Promise<HistoryEntry[]> {
    return this.db
      .select({ version: opsLog.version, op: opsLog.op, args: opsLog.args, userId: opsLog.userId, userName: users.name, at: opsLog.at })
      .from(opsLog)
      .leftJoin(users, eq(users.id, opsLog.userId))
      .where(eq(opsLog.fileId, fileId))
      .orderBy(desc(opsLog.version), desc(opsLog.id))
      .limit(q.limit)
      .offset(q.offset);
  }

  // ---- harness support (agents area) -----------------------------------------------------------

  async copyFile(input: { sourceId: string; spaceId: string; creatorId: string; name: string; private: boolean; at: Date }) {
    return this.db.transaction(async (tx) => {
      // FOR SHARE holds off commits to the source (they update this row) until the copy is done.
      const [src] = await tx.select({ version: files.version, styles: files.styles }).from(files).where(eq(files.id, input.sourceId)).for('share');
      if (!src) throw new Error(`copyFile: no file ${input.sourceId}`);
      const id = randomUUID();
      const [file] = await tx.insert(files).values({ id, spaceId: input.spaceId, creatorId: input.creatorId, name: input.name, private: input.private, version: 1, created: input.at, modified: input.at, styles: src.styles }).returning(fileColumns);
      const srcSheets = await tx.select({ id: sheets.id, name: sheets.name, position: sheets.position, meta: sheets.meta }).from(sheets).where(eq(sheets.fileId, input.sourceId)).orderBy(sheets.position);
      const ids = srcSheets.map(() => randomUUID());
      if (srcSheets.length) {
        await tx.insert(sheets).values(srcSheets.map((s, i) => ({ id: ids[i]!, fileId: id, name: s.name, position: s.position, meta: s.meta })));
        await tx.execute(sql`
          insert into tiles (sheet_id, tr, tc, r0, r1, c0, c1, data)
          select m.new_id, t.tr, t.tc, t.r0, t.r1, t.c0, t.c1, t.data
          from tiles t join unnest(${sql.param(srcSheets.map((s) => s.id))}::uuid[], ${sql.param(ids)}::uuid[]) as m(old_id, new_id) on t.sheet_id = m.old_id`);
      }
      await tx.insert(opsLog).values({ fileId: id, version: 1, op: 'copy_file', args: { source: input.sourceId, source_version: src.version, name: input.name }, userId: input.creatorId, at: input.at });
      return { file: file!, sourceVersion: src.version, sheets: srcSheets.map((s) => s.name) };
    });
  }
}

const fileColumns = {
  id: files.id,
  spaceId: files.spaceId,
  creatorId: files.creatorId,
  name: files.name,
  private: files.private,
  version: files.version,
  created: files.created,
  modified: files.modified,
};

/** One commit's statements; the version guard makes a stale base fail before anything is written. */
async function commitTx(tx: Tx, set: CommitSet, announce: (keys: CacheKey[]) => void, pglite?: PGlite): Promise<number> {
  // The version bump and the before-images of what the commit replaces are one statement.
  const version = await bumpVersion(tx, set);
  if (version === undefined) throw new VersionConflictError(set.fileId);
  if (set.sheetsDelete.length) await tx.delete(sheets).where(inArray(sheets.id, set.sheetsDelete));
  if (set.sheetsUpsert.length) {
    await tx
      .insert(sheets)
      .values(set.sheetsUpsert.map((s) => ({ id: s.id, fileId: set.fileId, name: s.name, position: s.position, meta: s.meta })))
      .onConflictDoUpdate({ target: sheets.id, set: { name: sql`excluded.name`, position: sql`excluded.position`, meta: sql`excluded.meta` } });
  }
  await deleteTiles(tx, set.tilesDelete);
  await upsertTiles(tx, set.tilesUpsert, pglite);
  await tx.insert(opsLog).values({ fileId: set.fileId, version, op: set.log.op, args: set.log.args ?? {}, userId: set.log.userId, tokenId: set.log.tokenId, at: set.at, delta: set.delta ?? null });
  await applyOutbox(tx, set.outbox, version);
  announce([`f:${set.fileId}`]);
  return version;
}
