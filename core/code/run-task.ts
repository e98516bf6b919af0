// Runs one claimed code-cell task. The worker acts for the caller who queued it: that token must
// still be valid and its rights on the file are checked again for every read and for the result
// write. The result commits (with the other results of its file that finish together,
// result-commits.ts) only while this worker still holds the task (fenced by attempt).
import type { Caller, OpContext, Services } from '../context.ts';
import { asOpError } from '../errors.ts';
import type { TaskFinish, TaskRecord } from '../store.ts';
import { secretBox } from '../connections/secret.ts';
import { findCodeCell, type CodeCell, type ReadEdge } from './model.ts';
import type { ResultCommits } from './result-commits.ts';
import type { CodeTaskPayload } from './queue.ts';
import { addEdge, readForCode, ReadError } from './reader.ts';
import type { Runners } from './runners.ts';
import { failure, type RunRequest, type RunResult } from './sandbox/types.ts';
import type { Outcome } from './spill.ts';

export interface TaskRun {
  task: TaskRecord;
  workerId: string;
  /** Where the result goes: committed with the other results of its file that finish together. */
  results: ResultCommits;
  /** Set when the worker is stopping: the task goes back to the queue instead of finishing. */
  stopping(): boolean;
  /** The run is over and its result is handed to `results`: the worker's slot is free while it commits. */
  ended?(): void;
}

export async function runCodeTask(services: Services, runners: Runners, run: TaskRun): Promise<void> {
  const { task, workerId } = run;
  const payload = task.payload as CodeTaskPayload;
  const fence = { id: task.id, attempt: task.attempts, workerId };
  const finish = (status: TaskFinish['status'], error?: string) => services.store.finishTask({ ...fence, status, error, at: services.clock.now(), claimed: task });

  const caller = await resolveCaller(services, task);
  if (typeof caller === 'string') return void (await finish('error', caller));
  const ctx: OpContext = { caller, services, op: { name: 'code_cell_run', args: { task_id: task.id } } };

  if (task.attempts > task.maxAttempts) {
    const msg = `The worker running this code cell stopped (crashed or was killed) ${task.maxAttempts} times; the run was given up. Rerun it to try again.`;
    return writeOutcome(services, ctx, run, { result: failure(msg), reads: [], durationMs: 0, at: services.clock.now() }, finish);
  }

  let cc: CodeCell | undefined;
  try {
    cc = await services.workbooks.read(ctx, task.fileId, (wb) => {
      const found = findCodeCell(wb, payload.sheet_id, payload.cell_id);
      return found ? structuredClone(found.cc) : undefined;
    });
  } catch (err) {
    return void (await finish('error', `Not run: ${asOpError(err).message}`));
  }
  if (!cc) return void (await finish('cancelled', 'The code cell was removed before it ran.'));
  if (cc.task_id !== task.id) return void (await finish('cancelled', `Superseded by a newer run of this code cell (task ${cc.task_id}).`));

  const reads: ReadEdge[] = [];
  const seen: { version?: number } = {};
  const started = performance.now();
  const result = await execute(services, runners, ctx, task, payload, cc, reads, seen);
  if (run.stopping()) {
    await services.store.releaseTask(fence);
    return;
  }
  const outcome: Outcome = { result, reads, readVersion: seen.version, durationMs: performance.now() - started, at: services.clock.now() };
  await writeOutcome(services, ctx, run, outcome, finish);
}

/** `seen.version`: the file version of the first read (what changed after it makes the result stale, read-log.ts). */
async function execute(services: Services, runners: Runners, ctx: OpContext, task: TaskRecord, payload: CodeTaskPayload, cc: CodeCell, reads: ReadEdge[], seen: { version?: number }): Promise<RunResult> {
  const maxRead = services.config.limits.cellsPerRead;
  const req: RunRequest = {
    language: cc.language,
    code: cc.code,
    label: payload.label,
    scope: `${task.fileId} ${task.tokenId}`,
    read: async (ref, single) =>
      services.workbooks.read(ctx, task.fileId, async (wb) => {
        seen.version ??= wb.version;
        const home = wb.sheets.find((s) => s.id === payload.sheet_id);
        if (!home) throw new ReadError('the sheet of this code cell was deleted');
        const { values, edge } = await readForCode(wb, home, ref, single, maxRead);
        addEdge(reads, edge);
        return values;
      }),
  };
  // A language this machine cannot run fails at once with what to install, not after a timeout.
  const missing = await services.capabilities.unavailable(cc.language);
  if (missing) return failure(missing);
  if (cc.language === 'connection') {
    const conn = cc.connection_id ? await services.store.getConnection(cc.connection_id) : null;
    if (!conn || conn.spaceId !== task.spaceId) return failure('The database connection of this SQL cell no longer exists in this space; set the cell again with a connection_uuid from list_connections.');
    try {
      req.connection = { type: conn.type, url: secretBox(services.config).open(conn.secret, conn.keyId) };
    } catch (err) {
      return failure(asOpError(err).message);
    }
  }
  try {
    return await runners[cc.language].run(req);
  } catch (err) {
    return failure(`The ${cc.language} runner failed: ${(err as Error).message}`);
  }
}

async function writeOutcome(services: Services, ctx: OpContext, run: TaskRun, outcome: Outcome, finish: (s: TaskFinish['status'], e?: string) => Promise<boolean>): Promise<void> {
  const committed = run.results.submit({ task: run.task, workerId: run.workerId, ctx, outcome, finish });
  run.ended?.();
  await committed;
}

/** The caller a task acts for, or why it can no longer act. */
async function resolveCaller(services: Services, task: TaskRecord): Promise<Caller | string> {
  const info = await services.store.tokenById(task.tokenId);
  const now = services.clock.now();
  if (!info || info.spaceId !== task.spaceId) return 'Not run: the token that queued this task no longer exists.';
  if (info.revokedAt) return 'Not run: the token that queued this task was revoked.';
  if (info.expiresAt && info.expiresAt <= now) return 'Not run: the token that queued this task has expired.';
  return { tokenId: info.tokenId, userId: info.userId, userName: info.userName, spaceId: info.spaceId, spaceName: info.spaceName, role: info.role };
}
