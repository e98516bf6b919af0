// In-process notices about the task queue: tasks queued or finished through this process's store
// wake a worker in this process at once, and wait_task returns at once. Other processes poll.
import { EventEmitter } from 'node:events';
import type { Store, TaskFinish, TaskRecord } from '../store.ts';

class TaskEvents extends EventEmitter {
  queued(): void {
    this.emit('queued');
  }

  /** `record`: the task as now stored, when known (listeners of `finished:<id>` get it). */
  finished(taskId: string, record?: TaskRecord): void {
    this.emit(`finished:${taskId}`, record);
    this.emit('finished');
  }
}

/** The row a fenced finish leaves, from the task as claimed (what getTask would read back). */
function finishedRecord(f: TaskFinish, version?: number): TaskRecord | undefined {
  if (!f.claimed) return undefined;
  const result = version === undefined ? (f.result ?? null) : { ...(f.result ?? {}), version };
  return { ...f.claimed, status: f.status, finished: f.at, error: f.error ?? null, result, leaseUntil: null };
}

export const taskEvents = new TaskEvents();
taskEvents.setMaxListeners(0);

/**
 * The store as core uses it: once a commit or a queue change is durable, local workers and
 * waiters hear of it (db/ knows nothing of these events). Other processes poll.
 */
export function announcing<S extends Store>(store: S): S {
  const out = Object.create(store) as S;
  out.commit = async (set, opts) => {
    const version = await store.commit(set, opts);
    if (set.outbox?.tasks?.length) taskEvents.queued();
    for (const f of set.outbox?.finish ?? []) taskEvents.finished(f.id, finishedRecord(f, version));
    return version;
  };
  out.enqueueTasks = async (rows) => {
    await store.enqueueTasks(rows);
    if (rows.length) taskEvents.queued();
  };
  out.finishTask = async (f) => {
    const ok = await store.finishTask(f);
    if (ok) taskEvents.finished(f.id, finishedRecord(f));
    return ok;
  };
  out.releaseTask = async (q) => {
    const ok = await store.releaseTask(q);
    if (ok) taskEvents.queued();
    return ok;
  };
  return out;
}
