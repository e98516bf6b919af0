// A file at an earlier version, rebuilt from its before-images (FileStore.stateAt), and the commit
// that makes that state the file's next version (restore_version, undo). docs/storage.md, Versions.
import { OpError } from '../errors.ts';
import { VersionConflictError, type CommitSet, type FileRecord, type HistoryEntry, type LogEntry, type StateAt, type Store, type TileRecord } from '../store.ts';
import { tileKey } from '../workbook/tile.ts';
import type { Workbooks } from '../workbook/access.ts';
import type { Workbook } from '../workbook/workbook.ts';
import type { OpContext } from '../context.ts';
import type { FileTarget } from '../workbook/access.ts';
import { diffWorkbooks } from './diff.ts';

/** The state at `version`, or a 409 saying how far back the file's before-images reach. */
export async function stateAt(store: Store, file: FileRecord, version: number, field: string): Promise<StateAt> {
  if (!Number.isInteger(version) || version < 1 || version > file.version) throw new OpError('invalid_argument', `${field}: must be a version from 1 to ${file.version} (the current one)`, { field, current_version: file.version });
  const state = await store.stateAt(file.id, version);
  if (!state) throw new OpError('conflict', `${field}: version ${version} can no longer be rebuilt: the before-images of a later version were pruned (SHEETS_HISTORY_VERSIONS keeps the last versions of each file; a checkpoint keeps them back to it) or predate them`, { field, version });
  return state;
}

/** A read-only workbook of the file as it was at the state's version (`current`: the record the overlay applies to). */
export function workbookAt(workbooks: Workbooks, store: Store, current: Awaited<ReturnType<Store['loadWorkbook']>> & object, state: StateAt, version: number): Workbook {
  const over = new Map<string, TileRecord | null>(state.tiles.map((t) => [`${t.sheetId}:${t.tr}:${t.tc}`, t.tile]));
  const sheets = new Map(current.sheets.map((s) => [s.id, s]));
  for (const { id, record } of state.sheets) {
    if (record) sheets.set(id, { ...record, tiles: sheets.get(id)?.tiles ?? [] });
    else sheets.delete(id);
  }
  const recs = [...sheets.values()].map((s) => {
    const mine = state.tiles.filter((t) => t.sheetId === s.id);
    const kept = s.tiles.filter((b) => !over.has(`${s.id}:${b.tr}:${b.tc}`));
    return { ...s, tiles: [...kept, ...mine.flatMap((t) => (t.tile ? [{ tr: t.tr, tc: t.tc, r0: t.tile.r0, r1: t.tile.r1, c0: t.tile.c0, c1: t.tile.c1 }] : []))] };
  });
  recs.sort((a, b) => a.position - b.position);
  return workbooks.fresh({ file: { ...current.file, version }, styles: state.styles ?? current.styles, sheets: recs }, async (sheetId, keys) => {
    const rest = keys.filter((k) => !over.has(`${sheetId}:${k.tr}:${k.tc}`));
    const mine = keys.flatMap((k) => {
      const t = over.get(`${sheetId}:${k.tr}:${k.tc}`);
      return t ? [t] : [];
    });
    return [...mine, ...(await store.loadTiles(sheetId, rest))];
  });
}

/** The commit that turns the file (as the state's `current` version) back into the state's version; null when nothing differs. */
export function restoreSet(file: FileRecord, sheetIdsNow: Set<string>, state: StateAt, at: Date, log: LogEntry): CommitSet | null {
  const atV = new Map(state.sheets.map((s) => [s.id, s.record]));
  const existsAtV = (id: string) => (atV.has(id) ? atV.get(id) !== null : sheetIdsNow.has(id));
  const set: CommitSet = {
    fileId: file.id,
    baseVersion: state.current,
    at,
    sheetsDelete: state.sheets.filter((s) => s.record === null && sheetIdsNow.has(s.id)).map((s) => s.id),
    sheetsUpsert: state.sheets.flatMap((s) => (s.record ? [s.record] : [])),
    tilesUpsert: state.tiles.flatMap((t) => (t.tile && existsAtV(t.sheetId) ? [{ sheetId: t.sheetId, ...t.tile }] : [])),
    tilesDelete: state.tiles.filter((t) => !t.tile && existsAtV(t.sheetId) && sheetIdsNow.has(t.sheetId)).map(({ sheetId, tr, tc }) => ({ sheetId, tr, tc })),
    log,
  };
  if (state.styles) set.styles = state.styles;
  const empty = !set.styles && !set.sheetsDelete.length && !set.sheetsUpsert.length && !set.tilesUpsert.length && !set.tilesDelete.length;
  return empty ? null : set;
}

/**
 * Which version undo goes back to: the state before the newest write that is not itself an undo
 * (an undo's own entry names the version it restored, so undoing again steps further back). With
 * onlyMine, every write from that one on must be the caller's: else a 409 names who wrote since.
 */
export function undoTarget(log: HistoryEntry[], current: number, userId: string, onlyMine: boolean): { target: number; undone: HistoryEntry } {
  const byVersion = new Map(log.map((e) => [e.version, e]));
  let cursor = current;
  const seen: HistoryEntry[] = [];
  for (;;) {
    const entry = byVersion.get(cursor);
    if (!entry) throw new OpError('conflict', `undo_write: the log of version ${cursor} is not available; use restore_version with an explicit version`, { version: cursor });
    seen.push(entry);
    const to = entry.op === 'undo_write' ? (entry.args as { to_version?: unknown }).to_version : undefined;
    if (typeof to === 'number' && to < cursor) {
      cursor = to;
      continue;
    }
    if (cursor <= 1) throw new OpError('conflict', `undo_write: nothing to undo: version ${cursor} is the file's first (${entry.op})`, { version: cursor });
    if (onlyMine) {
      const other = seen.find((e) => e.userId !== userId);
      if (other) throw new OpError('conflict', `undo_write: version ${other.version} (${other.op}) was written by ${other.userName ?? 'another user'} after your last write; pass only_mine: false to undo it anyway, or restore_version to a version of your choice`, { version: other.version, user: other.userName });
    }
    return { target: cursor - 1, undone: entry };
  }
}

/**
 * Makes the file's state at the version `pick` chooses its next version, through the guarded
 * commit (a dry run reports the change instead). `pick` runs on each attempt, on the file as it is.
 */
export async function restoreTo<R extends object>(ctx: OpContext, target: FileTarget, field: string, pick: (file: FileRecord) => Promise<{ to: number; args: Record<string, unknown>; reply: R }>): Promise<R & { restored_to: number; version: number }> {
  const { workbooks, store, clock } = ctx.services;
  const { result, version } = await workbooks.commitBuilt(ctx, target, async (file) => {
    const { to, args, reply } = await pick(file);
    const state = await stateAt(store, file, to, field);
    const current = await store.loadWorkbook(file.id);
    if (!current || current.file.version !== state.current || state.current !== file.version) throw new VersionConflictError(file.id);
    const out = { ...reply, restored_to: to };
    if (ctx.dryRun) {
      const touched = new Map<string, Set<number>>();
      for (const t of state.tiles) {
        let keys = touched.get(t.sheetId);
        if (!keys) touched.set(t.sheetId, (keys = new Set()));
        keys.add(tileKey(t.tr, t.tc));
      }
      ctx.dryRun.report = await diffWorkbooks(workbooks.fresh(current), workbookAt(workbooks, store, current, state, to), { match: 'id', facets: new Set(['values', 'formulas', 'formats']), limit: 20, touched });
      return { set: null, result: out };
    }
    const set = restoreSet(file, new Set(current.sheets.map((s) => s.id)), state, clock.now(), { op: ctx.op.name, args: { to_version: to, ...args }, userId: ctx.caller.userId, tokenId: ctx.caller.tokenId });
    return { set, result: out };
  });
  return { ...result, version };
}
