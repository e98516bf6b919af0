// Results of code cells on one file that finish together commit together: one write, one version,
// for a group. A result that arrives while its file's previous group is being written joins the
// next one, so nothing waits on purpose and a busy file commits once per round trip instead of
// once per cell. Each task's finish is fenced in the same transaction; a group holding a task
// whose lease another worker took over is written again without it.
import type { OpContext, Services } from '../context.ts';
import { asOpError } from '../errors.ts';
import { TaskLeaseLostError, type TaskFinish, type TaskRecord } from '../store.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { MAX_ITEMS } from '../workbook/summarize.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { findCodeCell, type CodeCell } from './model.ts';
import type { CodeTaskPayload } from './queue.ts';
import { changedSince, noteGroup, since, snapshot, touchedBy, type Touched } from './read-log.ts';
import { RESULT_OP, rerun, type ResultArgs } from './reruns.ts';
import { applyOutcome, type Outcome } from './spill.ts';

export interface ResultEntry {
  task: TaskRecord;
  workerId: string;
  /** Acts for the caller who queued the task. */
  ctx: OpContext;
  outcome: Outcome;
  /** Ends the task outside a commit (when its result cannot be written). */
  finish: (status: TaskFinish['status'], error?: string) => Promise<boolean>;
}

interface Waiting {
  entry: ResultEntry;
  done: () => void;
}

/** Longest a group waits for results of its file still running in this pool. */
const GATHER_MS = 20;
/** Results per group: the operations log lists every result of a write, and keeps this many items of an array. */
const MAX_GROUP = MAX_ITEMS;

export class ResultCommits {
  private readonly queues = new Map<string, Waiting[]>();

  /**
   * `running(fileId, tokenId)`: ids of the tasks of that file and caller this pool is running
   * now, results not yet submitted. A group waits (at most GATHER_MS) for those running when it
   * began, not for ones claimed since: a lone result (the latency path) never waits.
   */
  constructor(
    private readonly services: Services,
    private readonly log: (msg: string, err?: unknown) => void = () => undefined,
    private readonly running: (fileId: string, tokenId: string) => string[] = () => [],
  ) {}

  /** Resolves once the result is committed, or the task ended otherwise. */
  submit(entry: ResultEntry): Promise<void> {
    // One group per file and caller: the write acts for one token.
    const key = `${entry.task.fileId}\u0000${entry.task.tokenId}`;
    return new Promise((done) => {
      const queue = this.queues.get(key);
      if (queue) queue.push({ entry, done });
      else {
        this.queues.set(key, [{ entry, done }]);
        void this.drain(key);
      }
    });
  }

  private async drain(key: string): Promise<void> {
    for (;;) {
      const queue = this.queues.get(key)!;
      const first = queue[0]?.entry.task;
      if (first && queue.length < MAX_GROUP) {
        const until = performance.now() + GATHER_MS;
        const awaited = new Set(this.running(first.fileId, first.tokenId));
        while (awaited.size && queue.length < MAX_GROUP && performance.now() < until) {
          await new Promise((r) => setTimeout(r, 1));
          const still = new Set(this.running(first.fileId, first.tokenId));
          for (const id of awaited) if (!still.has(id)) awaited.delete(id);
        }
      }
      const group = queue.splice(0, MAX_GROUP);
      if (group.length === 0) {
        this.queues.delete(key);
        return;
      }
      try {
        await writeGroup(this.services, group.map((w) => w.entry));
      } catch (err) {
        this.log('sheets worker: writing code results failed', err);
      }
      for (const w of group) w.done();
    }
  }
}

async function writeGroup(services: Services, entries: ResultEntry[]): Promise<void> {
  let live = entries;
  while (live.length) {
    const args: ResultArgs = {
      results: live.map((e) => {
        const p = e.task.payload as CodeTaskPayload;
        return { task_id: e.task.id, cell: p.label, cell_id: p.cell_id, chain: p.chain };
      }),
    };
    const ctx: OpContext = { ...live[0]!.ctx, op: { name: RESULT_OP, args } };
    const applied = new Set<ResultEntry>();
    try {
      await services.workbooks.write(ctx, live[0]!.task.fileId, (wb) => applyGroup(services, wb, live, applied));
    } catch (err) {
      // Another worker holds that task now: write the rest without it.
      if (err instanceof TaskLeaseLostError) {
        live = live.filter((e) => e.task.id !== err.taskId);
        continue;
      }
      for (const e of live) await e.finish('error', `The result could not be written: ${asOpError(err).message}`);
      return;
    }
    for (const e of live) if (!applied.has(e)) await e.finish('cancelled', 'Superseded by a newer run of this code cell.');
    return;
  }
}

/**
 * Lands each result whose task is still its cell's latest, each with its fenced finish. A run
 * that read cells changed after it read them (by a write committed since, or by another result
 * of this group) is run again (read-log.ts).
 */
async function applyGroup(services: Services, wb: Workbook, live: ResultEntry[], applied: Set<ResultEntry>): Promise<void> {
  applied.clear();
  const maxCells = services.config.code.maxResultCells;
  const finishes: TaskFinish[] = [];
  const landed: { e: ResultEntry; sheet: SheetModel; cc: CodeCell; touched: Touched; stale: string[] | undefined }[] = [];
  for (const e of live) {
    const payload = e.task.payload as CodeTaskPayload;
    const found = findCodeCell(wb, payload.sheet_id, payload.cell_id);
    if (!found || found.cc.task_id !== e.task.id) continue;
    const { readVersion, reads } = e.outcome;
    const stale = readVersion === undefined ? undefined : changedSince(wb, readVersion, reads, payload.chain);
    const before = snapshot(wb.changes);
    await applyOutcome(wb, found.sheet, found.cc, e.outcome, maxCells);
    landed.push({ e, ...found, touched: since(before, wb.changes, [...payload.chain, payload.cell_id]), stale });
    const ok = found.cc.status === 'done';
    finishes.push({ id: e.task.id, attempt: e.task.attempts, workerId: e.workerId, status: ok ? 'done' : 'error', error: ok ? undefined : found.cc.error, result: { duration_ms: Math.round(e.outcome.durationMs) }, at: services.clock.now(), claimed: e.task });
    applied.add(e);
  }
  for (const l of landed) {
    const chain = l.stale ?? touchedBy(landed.filter((o) => o !== l).map((o) => o.touched), l.e.outcome.reads);
    if (chain) await rerun(wb, l.e.ctx, l.sheet, l.cc, chain, maxCells);
  }
  noteGroup(wb, landed.map((l) => l.touched));
  if (finishes.length) wb.changeset.outbox.finish = finishes;
}
