// The worker pool: claims tasks from the database (FOR UPDATE SKIP LOCKED), runs up to
// `concurrency` at once, renews their leases while they run, and on stop hands unfinished tasks
// back to the queue. A task whose worker died is claimed again once its lease lapses (and given
// up after SHEETS_TASK_MAX_ATTEMPTS claims); the attempt number fences the old worker out.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Services } from '../context.ts';
import type { TaskRecord } from '../store.ts';
import { ResultCommits } from './result-commits.ts';
import { runCodeTask } from './run-task.ts';
import { closeRunners, createRunners, type Runners } from './runners.ts';
import { taskEvents } from './task-events.ts';

const KEEP_FINISHED_MS = 7 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
const STOP_GRACE_MS = 2000;

export interface WorkerOptions {
  concurrency?: number;
  log?: (msg: string, err?: unknown) => void;
}

export class WorkerPool {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly runners: Runners;
  private readonly running = new Map<string, TaskRecord>();
  private readonly concurrency: number;
  private readonly log: (msg: string, err?: unknown) => void;
  private stopped = false;
  private wake: (() => void) | undefined;
  private loopDone: Promise<void> | undefined;
  private timers: NodeJS.Timeout[] = [];
  private readonly onQueued = () => this.wake?.();
  private readonly results: ResultCommits;

  constructor(private readonly services: Services, opts: WorkerOptions = {}) {
    this.concurrency = Math.max(1, opts.concurrency ?? services.config.code.workers);
    this.log = opts.log ?? ((msg, err) => process.emitWarning(`${msg}${err ? `: ${String((err as Error)?.stack ?? err)}` : ''}`));
    this.runners = createRunners(services.config.code);
    this.results = new ResultCommits(services, this.log, (fileId, tokenId) => {
      let n = 0;
      for (const t of this.running.values()) if (t.fileId === fileId && t.tokenId === tokenId) n++;
      return n;
    });
  }

  start(): this {
    taskEvents.on('queued', this.onQueued);
    const lease = this.services.config.code.leaseMs;
    this.timers.push(setInterval(() => void this.renew(), Math.max(50, Math.floor(lease / 3))));
    this.timers.push(setInterval(() => void this.prune(), PRUNE_EVERY_MS));
    for (const t of this.timers) t.unref();
    this.loopDone = this.loop();
    return this;
  }

  /** Stops claiming, lets running tasks finish for `graceMs`, then hands the rest back to the queue. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    taskEvents.off('queued', this.onQueued);
    for (const t of this.timers) clearInterval(t);
    this.wake?.();
    await this.loopDone;
    const deadline = Date.now() + graceMs;
    while (this.running.size && Date.now() < deadline) await sleep(20);
    for (const t of this.running.values()) await this.services.store.releaseTask({ id: t.id, workerId: this.id, attempt: t.attempts }).catch(() => undefined);
    await closeRunners(this.runners);
  }

  get busy(): number {
    return this.running.size;
  }

  private async loop(): Promise<void> {
    const { pollMs, leaseMs } = this.services.config.code;
    while (!this.stopped) {
      let claimed: TaskRecord[] = [];
      const free = this.concurrency - this.running.size;
      if (free > 0) {
        try {
          claimed = await this.services.store.claimTasks({ workerId: this.id, limit: free, leaseMs, now: this.services.clock.now() });
        } catch (err) {
          if (!this.stopped) this.log('sheets worker: claiming tasks failed', err);
        }
        for (const task of claimed) this.execute(task);
      }
      if (this.stopped) break;
      if (claimed.length === 0 || this.running.size >= this.concurrency) await this.idle(pollMs);
    }
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  private execute(task: TaskRecord): void {
    this.running.set(task.id, task);
    const run = { task, workerId: this.id, results: this.results, stopping: () => this.stopped };
    runCodeTask(this.services, this.runners, run)
      .catch((err) => this.log(`sheets worker: task ${task.id} failed`, err))
      .finally(() => {
        this.running.delete(task.id);
        this.wake?.();
      });
  }

  private async renew(): Promise<void> {
    const until = new Date(this.services.clock.now().getTime() + this.services.config.code.leaseMs);
    for (const t of this.running.values()) {
      await this.services.store.renewLease({ id: t.id, workerId: this.id, attempt: t.attempts, until }).catch(() => undefined);
    }
  }

  private async prune(): Promise<void> {
    await this.services.store.pruneTasks(new Date(this.services.clock.now().getTime() - KEEP_FINISHED_MS)).catch(() => undefined);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
