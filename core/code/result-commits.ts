// Results of code cells on one file that finish together commit together: one write, one version,
// for a group. A result that arrives while its file's previous group is being written joins the
// next one, so nothing waits on purpose and a busy file commits once per round trip instead of
// once per cell. Each task's finish is fenced in the same transaction; a group holding a task
// whose lease another worker took over is written again without it.
import type { OpContext, Services } from '../context.ts';
import { asOpError } from '../errors.ts';
import { TaskLeaseLostError, type TaskFinish, type TaskRecord } from '../store.ts';
import { findCodeCell } from './model.ts';
import type { CodeTaskPayload } from './queue.ts';
import { RESULT_OP, type ResultArgs } from './reruns.ts';
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

export class ResultCommits {
  private readonly queues = new Map<string, Waiting[]>();

  /**
   * `running(fileId, tokenId)`: tasks of that file and caller this pool is running now (those
   * already submitted included). A group waits (at most GATHER_MS) while some have not
   * submitted: a lone result (the latency path) never waits.
   */
  constructor(
    private readonly services: Services,
    private readonly log: (msg: string, err?: unknown) => void = () => undefined,
    private readonly running: (fileId: string, tokenId: string) => number = () => 0,
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
      if (first) {
        const until = performance.now() + GATHER_MS;
        while (this.running(first.fileId, first.tokenId) > queue.length && performance.now() < until) await new Promise((r) => setTimeout(r, 1));
      }
      const group = queue.splice(0);
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
      await services.workbooks.write(ctx, live[0]!.task.fileId, async (wb) => {
        applied.clear();
        const finishes: TaskFinish[] = [];
        for (const e of live) {
          const payload = e.task.payload as CodeTaskPayload;
          const found = findCodeCell(wb, payload.sheet_id, payload.cell_id);
          if (!found || found.cc.task_id !== e.task.id) continue;
          await applyOutcome(wb, found.sheet, found.cc, e.outcome, services.config.code.maxResultCells);
          const ok = found.cc.status === 'done';
          finishes.push({ id: e.task.id, attempt: e.task.attempts, workerId: e.workerId, status: ok ? 'done' : 'error', error: ok ? undefined : found.cc.error, result: { duration_ms: Math.round(e.outcome.durationMs) }, at: services.clock.now() });
          applied.add(e);
        }
        if (finishes.length) wb.changeset.outbox.finish = finishes;
      });
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
