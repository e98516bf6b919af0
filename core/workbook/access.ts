// Workbooks: the one way ops reach a file. Checks the caller's rights, keeps live workbooks in an
// LRU keyed by file and version, serialises work on one file, and commits writes with the
// optimistic version guard (retrying when another process got there first).
import type { OpContext } from '../context.ts';
import { OpError, forbidden, notFound } from '../errors.ts';
import { VersionConflictError, type CommitSet, type FileRecord, type Store, type WorkbookRecord } from '../store.ts';
import { diffWorkbooks, touchedTiles, type ChangeSet } from '../files/diff.ts';
import type { EngineContext } from './functions/index.ts';
import type { WorkbookArea } from './area.ts';
import { catchUp, catchUpStats } from './catch-up.ts';
import { syncNames } from './defined-names.ts';
import { summarizeArgs } from './summarize.ts';
import { Workbook, type TileLoader } from './workbook.ts';

// A writer that lost the version race reloads and retries after a short random pause, so two
// processes hammering one file take turns instead of one starving the other.
const MAX_ATTEMPTS = 10;
const backoff = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 5 * 2 ** attempt)));

/** The file a write is for and, when the caller gave one, the version it expects (409 otherwise). Op inputs are targets as they are. */
export interface FileTarget {
  file_uuid: string;
  expected_version?: number;
}

/** Cells a dry run shows with their format; the others are counted (dry_run "full" shows each listed one). */
const FORMAT_EXAMPLES = 3;

export interface WriteOptions {
  expectedVersion?: number;
  /** Commit a new version even when nothing changed (an import into the shell it made: an empty file is still its version 1). */
  always?: boolean;
}

export class Workbooks {
  private readonly cache = new Map<string, Workbook>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: Store,
    private readonly maxCached: number,
    /** The clock formulas read (NOW, TODAY); the real clock when absent. */
    private readonly engineContext?: EngineContext,
    /** The areas every workbook opened here carries (core/areas.ts in the service). */
    private readonly areas: readonly WorkbookArea[] = [],
    /** history false: commits record no before-images (SHEETS_HISTORY_VERSIONS=0; docs/storage.md, Versions). */
    private readonly opts: { history?: boolean } = {},
  ) {}

  /** The file record if the caller may see it (404 outside the space, 403 another user's private file). */
  async file(ctx: OpContext, fileId: string, need: 'read' | 'write'): Promise<FileRecord> {
    const file = await this.store.getFile(fileId);
    if (!file) await deletedNotice(ctx, this.store, fileId);
    checkAccess(ctx, file, fileId, need);
    return file!;
  }

  async read<T>(ctx: OpContext, fileId: string, fn: (wb: Workbook) => Promise<T> | T): Promise<T> {
    if (ctx.session) return fn(this.sessionFor(ctx, fileId));
    return this.locked(fileId, async () => {
      const file = await this.file(ctx, fileId, 'read');
      return fn(await this.open(file));
    });
  }

  /**
   * Runs fn on the workbook and commits what it changed as one new version. A failure anywhere
   * leaves the stored file untouched and drops the in-memory copy.
   */
  async write<T>(ctx: OpContext, target: FileTarget | string, fn: (wb: Workbook) => Promise<T> | T, opts: WriteOptions = {}): Promise<{ result: T; version: number }> {
    const fileId = typeof target === 'string' ? target : target.file_uuid;
    const expected = opts.expectedVersion ?? (typeof target === 'string' ? undefined : target.expected_version);
    if (ctx.session) {
      const wb = this.sessionFor(ctx, fileId);
      checkExpected(wb.version, expected);
      return { result: await fn(wb), version: wb.version + 1 };
    }
    // Other processes dropping what they cached of the file is awaited once the file is free for
    // this process's next write: the reply still comes only after it.
    let settled: Promise<void> | undefined;
    const done = await this.locked(fileId, async () => {
      for (let attempt = 1; ; attempt++) {
        const file = await this.file(ctx, fileId, 'write');
        checkExpected(file.version, expected);
        const wb = await this.open(file);
        let result: T;
        try {
          wb.effects.reset();
          result = await fn(wb);
          if (ctx.dryRun && !wb.hasChanges()) ctx.dryRun.report = await this.preview(wb, ctx.dryRun.full);
          if (!wb.hasChanges() && !(opts.always && !ctx.dryRun)) return { result, version: wb.version };
          for (const h of wb.hooks) await h.beforeCommit?.(wb, ctx);
          if (ctx.dryRun) {
            // Nothing is committed: what the write did is compared with the file as stored, and the changed copy dropped.
            await syncNames(wb);
            ctx.dryRun.report = await this.preview(wb, ctx.dryRun.full);
            this.evict(fileId);
            return { result, version: wb.version };
          }
          const effects = ctx.reportEffects ? wb.effects.summary(wb, requeuedTasks(wb)) : undefined;
          // The areas' names (tables, named ranges) as they are now, before formulas are stored.
          await syncNames(wb);
          const at = ctx.services.clock.now();
          const set = wb.commitSet(at, { op: ctx.op.name, args: summarizeArgs(ctx.op.args), userId: ctx.caller.userId, tokenId: ctx.caller.tokenId });
          if (this.opts.history === false) set.history = false;
          const version = await this.store.commit(set, { detach: (p) => (settled = p) });
          wb.afterCommit(version, at);
          await runAfterCommit(ctx, wb, version);
          if (effects) ctx.reportEffects!(effects);
          return { result, version };
        } catch (err) {
          this.evict(fileId);
          if (err instanceof VersionConflictError && attempt < MAX_ATTEMPTS) {
            await backoff(attempt);
            continue;
          }
          if (err instanceof VersionConflictError) throw new OpError('version_conflict', 'The file kept changing under this write; retry.', { attempts: attempt });
          throw err;
        }
      }
    });
    await settled;
    return done;
  }

  /**
   * Commits a set built from the store rather than from a workbook (restoring an earlier version),
   * through the same guarded commit: under the file's lock, retried when another process wrote
   * first. `build` returns null when there is nothing to change. The cached workbook is dropped.
   */
  async commitBuilt<T>(ctx: OpContext, target: FileTarget, build: (file: FileRecord) => Promise<{ set: CommitSet | null; result: T }>): Promise<{ result: T; version: number }> {
    const fileId = target.file_uuid;
    return this.locked(fileId, async () => {
      for (let attempt = 1; ; attempt++) {
        const file = await this.file(ctx, fileId, 'write');
        checkExpected(file.version, target.expected_version);
        try {
          const { set, result } = await build(file);
          if (!set) return { result, version: file.version };
          // The set's base is the version it was built from: a commit in between fails the guard and is retried.
          const version = await this.store.commit(this.opts.history === false ? { ...set, history: false } : set);
          return { result, version };
        } catch (err) {
          if (err instanceof VersionConflictError && attempt < MAX_ATTEMPTS) {
            await backoff(attempt);
            continue;
          }
          if (err instanceof VersionConflictError) throw new OpError('version_conflict', 'The file kept changing under this write; retry.', { attempts: attempt });
          throw err;
        } finally {
          this.evict(fileId);
        }
      }
    });
  }

  /**
   * What a write did to `wb`, against the file as stored (a dry run's report): moved formats by
   * count and a few examples, or with `full` every listed cell's format.
   */
  async preview(wb: Workbook, full = false, limit = 20): Promise<ChangeSet> {
    const rec = await this.store.loadWorkbook(wb.file.id);
    if (!rec) throw notFound('file', wb.file.id);
    const stored = this.fresh(rec);
    return diffWorkbooks(stored, wb, { match: 'id', facets: new Set(['values', 'formulas', 'formats']), limit, touched: touchedTiles(wb), ...(full ? {} : { formatExamples: FORMAT_EXAMPLES }) });
  }

  /** A workbook of a record (no cache): a stored state to compare with. */
  fresh(rec: WorkbookRecord, loader: TileLoader = (sheetId, keys) => this.store.loadTiles(sheetId, keys)): Workbook {
    return new Workbook(rec, loader, { engineContext: this.engineContext, areas: this.areas });
  }

  /** Opens a batch session: fn gets a context whose reads and writes share one workbook, committed once. */
  async session<T>(ctx: OpContext, target: FileTarget, fn: (inner: OpContext) => Promise<T>, opts: WriteOptions = {}): Promise<{ result: T; version: number }> {
    const fileId = target.file_uuid;
    return this.write(ctx, target, (wb) => fn({ ...ctx, session: { fileId, wb } }), opts);
  }

  /** Drops the in-memory copy. No destroy(): an op on that file may still hold it; GC frees it. */
  evict(fileId: string): void {
    this.cache.delete(fileId);
  }

  clear(): void {
    for (const id of [...this.cache.keys()]) this.evict(id);
  }

  private sessionFor(ctx: OpContext, fileId: string): Workbook {
    if (ctx.session!.fileId !== fileId) throw new OpError('invalid_argument', `file_uuid: a batch works on one file (${ctx.session!.fileId}); this action names ${fileId}`, { field: 'file_uuid' });
    return ctx.session!.wb;
  }

  private async open(file: FileRecord): Promise<Workbook> {
    const cached = this.cache.get(file.id);
    if (cached && cached.version === file.version) {
      this.cache.delete(file.id);
      this.cache.set(file.id, cached);
      return cached;
    }
    if (cached && cached.version < file.version && (await this.follow(cached, file))) {
      this.cache.delete(file.id);
      this.cache.set(file.id, cached);
      return cached;
    }
    if (cached) this.evict(file.id);
    const rec = await this.store.loadWorkbook(file.id);
    if (!rec) throw notFound('file', file.id);
    const wb = new Workbook(rec, (sheetId, keys) => this.store.loadTiles(sheetId, keys), { engineContext: this.engineContext, areas: this.areas });
    this.cache.set(file.id, wb);
    while (this.cache.size > this.maxCached) this.evict(this.cache.keys().next().value!);
    return wb;
  }

  /**
   * Brings a workbook another process has moved on up to `file`'s version without rebuilding it
   * (catch-up.ts); false when it must be reloaded instead.
   */
  private async follow(wb: Workbook, file: FileRecord): Promise<boolean> {
    try {
      const changes = await this.store.changesSince(file.id, wb.version);
      const followed = changes !== null && changes.file.version === file.version && (await catchUp(wb, changes));
      catchUpStats[followed ? 'followed' : 'refused']++;
      return followed;
    } catch (err) {
      catchUpStats.refused++;
      process.emitWarning(`catching up with file ${file.id} failed; reloading it: ${String((err as Error)?.stack ?? err)}`);
      return false;
    }
  }

  private async locked<T>(fileId: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(fileId) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.locks.set(fileId, tail);
    try {
      return await run;
    } finally {
      if (this.locks.get(fileId) === tail) this.locks.delete(fileId);
    }
  }
}

/** A file in the trash is still a 404, but one that says how to get it back (to whoever may see it). */
async function deletedNotice(ctx: OpContext, store: Store, fileId: string): Promise<void> {
  const gone = await store.getDeletedFile(fileId).catch(() => null);
  if (!gone || gone.spaceId !== ctx.caller.spaceId || (gone.private && gone.creatorId !== ctx.caller.userId)) return;
  throw new OpError('not_found', `File ${fileId} ('${gone.name}') was deleted on ${gone.deletedAt.toISOString()}; restore_file brings it back until it is purged.`, { file_id: fileId, deleted: gone.deletedAt.toISOString() });
}

/** After-commit hooks see the write's change log; their failures cannot undo a commit, so they are reported, not thrown. */
async function runAfterCommit(ctx: OpContext, wb: Workbook, version: number): Promise<void> {
  for (const h of wb.hooks) {
    try {
      await h.afterCommit?.(ctx, wb, version);
    } catch (err) {
      process.emitWarning(`after-commit hook ${h.name} failed: ${String((err as Error)?.stack ?? err)}`);
    }
  }
  wb.changes.clear();
}

function checkExpected(current: number, expected: number | undefined): void {
  if (expected !== undefined && current !== expected) {
    throw new OpError('version_conflict', `expected_version: the file is at version ${current}, not ${expected}; read it again and retry`, { field: 'expected_version', current_version: current, expected_version: expected });
  }
}

export function checkAccess(ctx: OpContext, file: FileRecord | null, fileId: string, need: 'read' | 'write'): void {
  if (!file || file.spaceId !== ctx.caller.spaceId) throw notFound('file', fileId);
  if (file.private && file.creatorId !== ctx.caller.userId) throw forbidden(`File ${fileId} is private to its creator.`);
  if (need === 'write' && ctx.caller.role === 'viewer') throw forbidden('Your role on this space is viewer: it can read files but not change them.');
}

/** Code cells this write queued to run again (not the ones it set itself). */
function requeuedTasks(wb: Workbook): { label: string; id: string }[] {
  return (wb.changeset.outbox.tasks ?? []).flatMap((t) => {
    const p = t.payload as { label?: string; reason?: string };
    return p.reason !== 'set' && p.label ? [{ label: p.label, id: t.id }] : [];
  });
}
