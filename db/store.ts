// The Store on Drizzle: identical code for PGlite and PostgreSQL. Tiles move in bulk through
// unnest() so an import of thousands of tiles is a handful of statements.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { ROLE_RANK } from '../core/context.ts';
import { VersionConflictError, type CommitSet, type FileRecord, type HistoryEntry, type IdempotentAnswer, type Role, type SheetRecord, type Store, type TileRecord, type TokenInfo, type TokenListing, type WorkbookRecord } from '../core/store.ts';
import type { SheetMeta } from '../core/workbook/sheet-meta.ts';
import { files, idempotencyKeys, memberships, opsLog, sheets, spaces, tiles, tokens, users } from './schema.ts';
import type * as schema from './schema.ts';
import { announceOutbox, applyOutbox, TaskStore } from './store-tasks.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<any, typeof schema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Migrations the code expects (db/migrations/meta/_journal.json). */
const MIGRATION_COUNT = (JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] }).entries.length;

/** Rows per unnest() statement, and bytes: keeps one statement well under memory limits. */
const TILE_CHUNK_ROWS = 1000;
const TILE_CHUNK_BYTES = 16 * 1024 * 1024;

export class PgStore implements Store {
  private readonly taskStore: TaskStore;

  constructor(
    readonly db: Db,
    readonly kind: 'pglite' | 'postgres',
    private readonly closer: () => Promise<void>,
    readonly pglite?: PGlite,
  ) {
    this.taskStore = new TaskStore(db);
  }

  close(): Promise<void> {
    return this.closer();
  }

  async ping(): Promise<void> {
    const rows = rowsOf<{ n: number }>(await this.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    const applied = rows[0]?.n ?? 0;
    if (applied < MIGRATION_COUNT) throw new Error(`${applied} of ${MIGRATION_COUNT} migrations applied`);
  }

  // ---- spaces, users, tokens -----------------------------------------------------------------

  async countSpaces(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(spaces);
    return row?.n ?? 0;
  }

  async createSpace(name: string, at: Date) {
    const id = randomUUID();
    await this.db.insert(spaces).values({ id, name, created: at });
    return { id, name };
  }

  async getSpace(id: string) {
    const [row] = await this.db.select({ id: spaces.id, name: spaces.name }).from(spaces).where(eq(spaces.id, id));
    return row ?? null;
  }

  async firstSpaceId(): Promise<string> {
    const [row] = await this.db.select({ id: spaces.id }).from(spaces).orderBy(spaces.created).limit(1);
    if (!row) throw new Error('no space exists yet');
    return row.id;
  }

  async createToken(input: { spaceId: string; userName: string; role: Role; hash: string; expiresAt: Date | null; at: Date }) {
    return this.db.transaction(async (tx) => {
      const [member] = await tx
        .select({ userId: users.id, role: memberships.role })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.spaceId, input.spaceId), eq(users.name, input.userName)));
      let userId = member?.userId;
      if (!userId) {
        userId = randomUUID();
        await tx.insert(users).values({ id: userId, name: input.userName, created: input.at });
        await tx.insert(memberships).values({ spaceId: input.spaceId, userId, role: input.role });
      } else if (ROLE_RANK[input.role] > ROLE_RANK[member!.role]) {
        await tx.update(memberships).set({ role: input.role }).where(and(eq(memberships.spaceId, input.spaceId), eq(memberships.userId, userId)));
      }
      const tokenId = randomUUID();
      await tx.insert(tokens).values({ id: tokenId, hash: input.hash, spaceId: input.spaceId, userId, role: input.role, created: input.at, expiresAt: input.expiresAt });
      return { tokenId, userId, userName: input.userName };
    });
  }

  async tokenByHash(hash: string): Promise<TokenInfo | null> {
    const [row] = await this.db
      .select({ tokenId: tokens.id, userId: users.id, userName: users.name, spaceId: spaces.id, spaceName: spaces.name, role: tokens.role, expiresAt: tokens.expiresAt, revokedAt: tokens.revokedAt })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .innerJoin(spaces, eq(spaces.id, tokens.spaceId))
      .where(eq(tokens.hash, hash));
    return row ?? null;
  }

  async tokenById(tokenId: string): Promise<TokenInfo | null> {
    const [row] = await this.db
      .select({ tokenId: tokens.id, userId: users.id, userName: users.name, spaceId: spaces.id, spaceName: spaces.name, role: tokens.role, expiresAt: tokens.expiresAt, revokedAt: tokens.revokedAt })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .innerJoin(spaces, eq(spaces.id, tokens.spaceId))
      .where(eq(tokens.id, tokenId));
    return row ?? null;
  }

  async touchToken(tokenId: string, at: Date): Promise<void> {
    await this.db.update(tokens).set({ lastUsed: at }).where(eq(tokens.id, tokenId));
  }

  async listTokens(spaceId: string): Promise<TokenListing[]> {
    const rows = await this.db
      .select({ tokenId: tokens.id, userId: users.id, userName: users.name, role: tokens.role, created: tokens.created, lastUsed: tokens.lastUsed, expiresAt: tokens.expiresAt, revokedAt: tokens.revokedAt })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .where(eq(tokens.spaceId, spaceId))
      .orderBy(tokens.created);
    return rows.map((r) => ({ tokenId: r.tokenId, user: { uuid: r.userId, name: r.userName }, role: r.role, created: r.created, lastUsed: r.lastUsed, expiresAt: r.expiresAt, revoked: r.revokedAt !== null }));
  }

  async revokeToken(tokenId: string, at: Date, spaceId?: string): Promise<boolean> {
    const where = spaceId ? and(eq(tokens.id, tokenId), eq(tokens.spaceId, spaceId)) : eq(tokens.id, tokenId);
    const rows = await this.db.update(tokens).set({ revokedAt: at }).where(where).returning({ id: tokens.id });
    return rows.length > 0;
  }

  async revokeTokenByHash(hash: string, at: Date): Promise<boolean> {
    const rows = await this.db.update(tokens).set({ revokedAt: at }).where(eq(tokens.hash, hash)).returning({ id: tokens.id });
    return rows.length > 0;
  }

  // ---- files ----------------------------------------------------------------------------------

  async listFiles(q: { spaceId: string; userId: string; limit: number; offset: number }): Promise<FileRecord[]> {
    return this.db
      .select(fileColumns)
      .from(files)
      .where(and(eq(files.spaceId, q.spaceId), or(eq(files.private, false), eq(files.creatorId, q.userId))))
      .orderBy(desc(files.modified), desc(files.id))
      .limit(q.limit)
      .offset(q.offset);
  }

  async createFile(input: { spaceId: string; creatorId: string; name: string; private: boolean; at: Date; sheets: SheetRecord[] }): Promise<FileRecord> {
    const id = randomUUID();
    return this.db.transaction(async (tx) => {
      const [file] = await tx.insert(files).values({ id, spaceId: input.spaceId, creatorId: input.creatorId, name: input.name, private: input.private, version: 1, created: input.at, modified: input.at }).returning(fileColumns);
      if (input.sheets.length) await tx.insert(sheets).values(input.sheets.map((s) => ({ id: s.id, fileId: id, name: s.name, position: s.position, meta: s.meta })));
      await tx.insert(opsLog).values({ fileId: id, version: 1, op: 'create_file', args: { name: input.name, private: input.private }, userId: input.creatorId, at: input.at });
      return file!;
    });
  }

  async deleteFile(id: string): Promise<void> {
    await this.db.delete(files).where(eq(files.id, id));
  }

  async getFile(id: string): Promise<FileRecord | null> {
    const [row] = await this.db.select(fileColumns).from(files).where(eq(files.id, id));
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

  async commit(set: CommitSet): Promise<number> {
    const version = await this.db.transaction(async (tx) => {
      const patch: Partial<typeof files.$inferInsert> = { modified: set.at };
      if (set.name !== undefined) patch.name = set.name;
      if (set.styles !== undefined) patch.styles = set.styles;
      const bumped = await tx
        .update(files)
        .set({ ...patch, version: sql`${files.version} + 1` })
        .where(and(eq(files.id, set.fileId), eq(files.version, set.baseVersion)))
        .returning({ version: files.version });
      if (bumped.length === 0) throw new VersionConflictError(set.fileId);
      const version = bumped[0]!.version;
      if (set.sheetsDelete.length) await tx.delete(sheets).where(inArray(sheets.id, set.sheetsDelete));
      if (set.sheetsUpsert.length) {
        await tx
          .insert(sheets)
          .values(set.sheetsUpsert.map((s) => ({ id: s.id, fileId: set.fileId, name: s.name, position: s.position, meta: s.meta })))
          .onConflictDoUpdate({ target: sheets.id, set: { name: sql`excluded.name`, position: sql`excluded.position`, meta: sql`excluded.meta` } });
      }
      await deleteTiles(tx, set.tilesDelete);
      await upsertTiles(tx, set.tilesUpsert);
      await tx.insert(opsLog).values({ fileId: set.fileId, version, op: set.log.op, args: set.log.args ?? {}, userId: set.log.userId, tokenId: set.log.tokenId, at: set.at });
      await applyOutbox(tx, set.outbox, version);
      return version;
    });
    announceOutbox(set.outbox);
    return version;
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
  // ---- tasks and connections (store-tasks.ts) --------------------------------------------------

  enqueueTasks: TaskStore['enqueueTasks'] = (rows) => this.taskStore.enqueueTasks(rows);
  getTask: TaskStore['getTask'] = (id) => this.taskStore.getTask(id);
  claimTasks: TaskStore['claimTasks'] = (q) => this.taskStore.claimTasks(q);
  renewLease: TaskStore['renewLease'] = (q) => this.taskStore.renewLease(q);
  finishTask: TaskStore['finishTask'] = (f) => this.taskStore.finishTask(f);
  releaseTask: TaskStore['releaseTask'] = (q) => this.taskStore.releaseTask(q);
  pruneTasks: TaskStore['pruneTasks'] = (before) => this.taskStore.pruneTasks(before);
  listConnections: TaskStore['listConnections'] = (spaceId) => this.taskStore.listConnections(spaceId);
  getConnection: TaskStore['getConnection'] = (id) => this.taskStore.getConnection(id);
  addConnection: TaskStore['addConnection'] = (c) => this.taskStore.addConnection(c);
  deleteConnection: TaskStore['deleteConnection'] = (id, spaceId) => this.taskStore.deleteConnection(id, spaceId);
  setConnectionSchema: TaskStore['setConnectionSchema'] = (id, schema, at) => this.taskStore.setConnectionSchema(id, schema, at);

  // ---- idempotency ----------------------------------------------------------------------------

  async getIdempotent(tokenId: string, key: string, notBefore: Date): Promise<IdempotentAnswer | null> {
    const [row] = await this.db
      .select({ fingerprint: idempotencyKeys.fingerprint, status: idempotencyKeys.status, body: idempotencyKeys.body, contentType: idempotencyKeys.contentType, created: idempotencyKeys.created })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.tokenId, tokenId), eq(idempotencyKeys.key, key), gte(idempotencyKeys.created, notBefore)));
    return row ?? null;
  }

  async putIdempotent(tokenId: string, key: string, a: IdempotentAnswer): Promise<void> {
    await this.db
      .insert(idempotencyKeys)
      .values({ tokenId, key, fingerprint: a.fingerprint, status: a.status, body: a.body, contentType: a.contentType, created: a.created })
      .onConflictDoUpdate({ target: [idempotencyKeys.tokenId, idempotencyKeys.key], set: { fingerprint: a.fingerprint, status: a.status, body: a.body, contentType: a.contentType, created: a.created } });
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

async function upsertTiles(tx: Tx, rows: CommitSet['tilesUpsert']): Promise<void> {
  let start = 0;
  while (start < rows.length) {
    let end = start, bytes = 0;
    while (end < rows.length && end - start < TILE_CHUNK_ROWS && (bytes < TILE_CHUNK_BYTES || end === start)) bytes += rows[end++]!.data.length;
    const chunk = rows.slice(start, end);
    const col = <K extends keyof (typeof chunk)[number]>(k: K) => sql.param(chunk.map((r) => r[k]));
    await tx.execute(sql`
      insert into tiles (sheet_id, tr, tc, r0, r1, c0, c1, data)
      select * from unnest(${col('sheetId')}::uuid[], ${col('tr')}::int[], ${col('tc')}::int[], ${col('r0')}::int2[], ${col('r1')}::int2[], ${col('c0')}::int2[], ${col('c1')}::int2[], ${col('data')}::text[])
      on conflict (sheet_id, tr, tc) do update set r0 = excluded.r0, r1 = excluded.r1, c0 = excluded.c0, c1 = excluded.c1, data = excluded.data`);
    start = end;
  }
}

async function deleteTiles(tx: Tx, rows: CommitSet['tilesDelete']): Promise<void> {
  for (let i = 0; i < rows.length; i += TILE_CHUNK_ROWS) {
    const chunk = rows.slice(i, i + TILE_CHUNK_ROWS);
    await tx.execute(sql`
      delete from tiles t using unnest(${sql.param(chunk.map((r) => r.sheetId))}::uuid[], ${sql.param(chunk.map((r) => r.tr))}::int[], ${sql.param(chunk.map((r) => r.tc))}::int[]) as k(sheet_id, tr, tc)
      where t.sheet_id = k.sheet_id and t.tr = k.tr and t.tc = k.tc`);
  }
}

/** drizzle's execute() returns rows directly on postgres-js and {rows} on PGlite. */
function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}
