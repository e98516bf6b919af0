// Before-images of every commit, read back as a file's state at an earlier version, and named
// checkpoints (docs/storage.md, Versions). A commit records, in its own transaction, each tile,
// sheet record and style table it replaces; the file at version V is the current state overlaid,
// per part, with the before-image of the earliest version after V that touched that part.
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { CheckpointRecord, CommitSet, StateAt, TileRecord } from '../core/store.ts';
import type { SheetMeta } from '../core/workbook/sheet-meta.ts';
import { checkpoints, files, users, versionHistory } from './schema.ts';
import { rowsOf, type Db, type Tx } from './db.ts';

/**
 * Raises the file's version from the commit's base (the guard: nothing happens when another commit
 * got there first) and records what the commit replaces, before anything is written: one
 * statement, whose parts all see the file as it was. Tiles of deleted sheets go too (the sheet's
 * delete cascades to them); the style table before the commit when the commit changes it. The new
 * version, or undefined when the guard failed.
 */
export async function bumpVersion(tx: Tx, set: CommitSet): Promise<number | undefined> {
  const assign = [sql`modified = ${set.at.toISOString()}::timestamptz`, sql`version = version + 1`];
  if (set.name !== undefined) assign.push(sql`name = ${set.name}`);
  if (set.styles !== undefined) assign.push(sql`styles = ${JSON.stringify(set.styles)}::jsonb`);
  const bump = sql`update files set ${sql.join(assign, sql`, `)} where id = ${set.fileId} and version = ${set.baseVersion} returning version`;
  const history = set.history === false ? sql`` : beforeImages(set);
  const rows = rowsOf<{ version: number }>(await tx.execute(sql`with b as (${bump})${history} select version from b`));
  return rows[0]?.version;
}

/** The parts of bumpVersion's statement that copy the replaced rows, at the version `b` returns. */
function beforeImages(set: CommitSet) {
  const keys = [...set.tilesUpsert, ...set.tilesDelete];
  const sheetIds = [...new Set([...set.sheetsUpsert.map((s) => s.id), ...set.sheetsDelete])];
  const styles = set.styles === undefined ? sql`null::jsonb` : sql`(select styles from files where id = ${set.fileId})`;
  const versionInsert = sql`, v as (insert into version_history (file_id, version, styles) select ${set.fileId}::uuid, b.version, ${styles} from b)`;
  const tileInsert = keys.length
    ? sql`, t as (insert into tile_history (file_id, version, sheet_id, tr, tc, r0, r1, c0, c1, data)
        select ${set.fileId}::uuid, b.version, k.sheet_id, k.tr, k.tc, t.r0, t.r1, t.c0, t.c1, t.data
        from b cross join unnest(${sql.param(keys.map((k) => k.sheetId))}::uuid[], ${sql.param(keys.map((k) => k.tr))}::int[], ${sql.param(keys.map((k) => k.tc))}::int[]) as k(sheet_id, tr, tc)
        left join tiles t on t.sheet_id = k.sheet_id and t.tr = k.tr and t.tc = k.tc
        on conflict do nothing)`
    : sql``;
  const goneInsert = set.sheetsDelete.length
    ? sql`, g as (insert into tile_history (file_id, version, sheet_id, tr, tc, r0, r1, c0, c1, data)
        select ${set.fileId}::uuid, b.version, t.sheet_id, t.tr, t.tc, t.r0, t.r1, t.c0, t.c1, t.data
        from b cross join tiles t where t.sheet_id = any(${sql.param(set.sheetsDelete)}::uuid[])
        on conflict do nothing)`
    : sql``;
  const sheetInsert = sheetIds.length
    ? sql`, s as (insert into sheet_history (file_id, version, sheet_id, name, position, meta)
        select ${set.fileId}::uuid, b.version, k.id, s.name, s.position, s.meta
        from b cross join unnest(${sql.param(sheetIds)}::uuid[]) as k(id) left join sheets s on s.id = k.id)`
    : sql``;
  return sql`${versionInsert}${tileInsert}${goneInsert}${sheetInsert}`;
}

/** Deletes before-images older than `keepVersions` versions of their file that no checkpoint needs. */
export async function pruneHistory(db: Db, keepVersions: number): Promise<number> {
  let removed = 0;
  for (const table of ['tile_history', 'sheet_history', 'version_history']) {
    const rows = rowsOf<{ n: number }>(
      await db.execute(sql`with d as (delete from ${sql.identifier(table)} h using files f
        where h.file_id = f.id and h.version <= f.version - ${keepVersions}
          and not exists (select 1 from checkpoints c where c.file_id = h.file_id and c.version < h.version)
        returning 1) select count(*)::int as n from d`),
    );
    removed += rows[0]?.n ?? 0;
  }
  return removed;
}

export class PgHistoryStore {
  constructor(readonly db: Db) {}

  async stateAt(fileId: string, version: number): Promise<StateAt | null> {
    return this.db.transaction(
      async (tx) => {
        const [file] = await tx.select({ version: files.version }).from(files).where(eq(files.id, fileId));
        if (!file || version > file.version) return null;
        const kept = await tx.select({ version: versionHistory.version, styles: versionHistory.styles }).from(versionHistory).where(and(eq(versionHistory.fileId, fileId), gt(versionHistory.version, version))).orderBy(versionHistory.version);
        if (kept.length !== file.version - version) return null;
        const styled = kept.find((k) => k.styles !== null);
        const sheetRows = rowsOf<{ sheet_id: string; name: string | null; position: number | null; meta: SheetMeta | null }>(
          await tx.execute(sql`select distinct on (sheet_id) sheet_id, name, position, meta from sheet_history
            where file_id = ${fileId} and version > ${version} order by sheet_id, version`),
        );
        const tileRows = rowsOf<{ sheet_id: string; tr: number; tc: number; r0: number | null; r1: number | null; c0: number | null; c1: number | null; data: string | null }>(
          await tx.execute(sql`select distinct on (sheet_id, tr, tc) sheet_id, tr, tc, r0, r1, c0, c1, data from tile_history
            where file_id = ${fileId} and version > ${version} order by sheet_id, tr, tc, version`),
        );
        return {
          current: file.version,
          ...(styled ? { styles: styled.styles as unknown[] } : {}),
          sheets: sheetRows.map((s) => ({ id: s.sheet_id, record: s.name === null ? null : { id: s.sheet_id, name: s.name, position: s.position!, meta: s.meta ?? {} } })),
          tiles: tileRows.map((t) => ({ sheetId: t.sheet_id, tr: t.tr, tc: t.tc, tile: t.data === null ? null : ({ tr: t.tr, tc: t.tc, r0: t.r0!, r1: t.r1!, c0: t.c0!, c1: t.c1!, data: t.data } satisfies TileRecord) })),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** Creates or moves the named checkpoint; true when it existed (and was moved). */
  async setCheckpoint(c: { fileId: string; name: string; version: number; userId: string; at: Date }): Promise<boolean> {
    const rows = rowsOf<{ existed: boolean }>(
      await this.db.execute(sql`insert into checkpoints (file_id, name, version, user_id, at) values (${c.fileId}, ${c.name}, ${c.version}, ${c.userId}, ${c.at.toISOString()})
        on conflict (file_id, name) do update set version = excluded.version, user_id = excluded.user_id, at = excluded.at
        returning (xmax <> 0) as existed`),
    );
    return Boolean(rows[0]?.existed);
  }

  async listCheckpoints(fileId: string): Promise<CheckpointRecord[]> {
    return this.db
      .select({ name: checkpoints.name, version: checkpoints.version, userId: checkpoints.userId, userName: users.name, at: checkpoints.at })
      .from(checkpoints)
      .leftJoin(users, eq(users.id, checkpoints.userId))
      .where(eq(checkpoints.fileId, fileId))
      .orderBy(desc(checkpoints.version), checkpoints.name);
  }

  async getCheckpoint(fileId: string, name: string): Promise<CheckpointRecord | null> {
    const [row] = await this.db
      .select({ name: checkpoints.name, version: checkpoints.version, userId: checkpoints.userId, userName: users.name, at: checkpoints.at })
      .from(checkpoints)
      .leftJoin(users, eq(users.id, checkpoints.userId))
      .where(and(eq(checkpoints.fileId, fileId), eq(checkpoints.name, name)));
    return row ?? null;
  }
}
