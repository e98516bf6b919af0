// What wait_task waits on. A task finished through this process's store wakes its waiters at once
// (task-events.ts); for one another process finishes (a `sheets worker` on PostgreSQL), a single
// query every POLL_MS asks which of all the awaited tasks have finished, however many requests
// wait: 200 waiters polling a task each every 250 ms were 800 queries a second.
import type { TaskQueueStore, TaskRecord } from '../store.ts';
import { taskEvents } from './task-events.ts';

const POLL_MS = 250;

class TaskWatch {
  private readonly waiters = new Map<string, Set<(record?: TaskRecord) => void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly store: TaskQueueStore) {}

  /**
   * Resolves once the task has finished (here: at once; elsewhere: by the next poll), after `ms`,
   * or on abort; with the finished task when this process finished it and knew it.
   */
  until(taskId: string, ms: number, signal?: AbortSignal): Promise<TaskRecord | undefined> {
    return new Promise((resolve) => {
      const event = `finished:${taskId}`;
      let set = this.waiters.get(taskId);
      if (!set) this.waiters.set(taskId, (set = new Set()));
      const waiters = set;
      const done = (record?: TaskRecord) => {
        clearTimeout(timer);
        taskEvents.off(event, done);
        signal?.removeEventListener('abort', aborted);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiters.get(taskId) === waiters) this.waiters.delete(taskId);
        resolve(record);
      };
      const aborted = () => done();
      const timer = setTimeout(aborted, ms);
      taskEvents.on(event, done);
      signal?.addEventListener('abort', aborted);
      waiters.add(done);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.timer || this.waiters.size === 0) return;
    this.timer = setTimeout(() => void this.poll(), POLL_MS);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    try {
      const finished = await this.store.finishedTasks([...this.waiters.keys()]);
      // Read back by the waiter: the record of a task finished elsewhere is not known here.
      for (const id of finished) for (const wake of [...(this.waiters.get(id) ?? [])]) wake();
    } catch {
      // The next poll asks again; each waiter's own timeout still ends its wait.
    } finally {
      this.timer = undefined;
      this.schedule();
    }
  }
}

const watches = new WeakMap<TaskQueueStore, TaskWatch>();

/** The one watch of this store in this process. */
export function taskWatch(store: TaskQueueStore): TaskWatch {
  let w = watches.get(store);
  if (!w) watches.set(store, (w = new TaskWatch(store)));
  return w;
}
