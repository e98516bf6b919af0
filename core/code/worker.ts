// The worker pool: claims tasks from the database (FOR UPDATE SKIP LOCKED), runs up to
// `concurrency` at once, renews their leases until their results are committed, and on stop
// hands unfinished tasks back to the queue. A task whose worker died is claimed again once its
// lease lapses (and given up after SHEETS_TASK_MAX_ATTEMPTS claims); the attempt number fences
// the old worker out. A slot is free again once its run has ended: the next tasks run while the
// finished results are committed (so they join the next group), and at most HELD_PER_SLOT times
// `concurrency` tasks are held at once.
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
/** Tasks held per slot: running, or finished and waiting for their result's commit. */
const HELD_PER_SLOT = 2;

export interface WorkerOptions {
  concurrency?: number;
  log?: (msg: string, err?: unknown) => void;
}

export class WorkerPool {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly runners: Runners;
  /** Tasks this pool holds (their leases are renewed), from claim until the result is committed. */
  private readonly held = new Map<string, TaskRecord>();
  /** Held tasks not started yet: claimed together, started as slots free up. */
  private readonly waiting: TaskRecord[] = [];
  /** Held tasks whose run has started and not ended (each takes a slot). */
  private readonly executing = new Set<string>();
  private readonly concurrency: number;
  private readonly log: (msg: string, err?: unknown) => void;
  private stopped = false;
  private wake: (() => void) | undefined;
  /** Set when something happened while the loop was not idle: its next idle returns at once. */
  private nudged = false;
  private loopDone: Promise<void> | undefined;
  private timers: NodeJS.Timeout[] = [];
  private readonly onQueued = () => this.nudge();
  private readonly results: ResultCommits;

  constructor(private readonly services: Services, opts: WorkerOptions = {}) {
    this.concurrency = Math.max(1, opts.concurrency ?? services.config.code.workers);
    this.log = opts.log ?? ((msg, err) => process.emitWarning(`${msg}${err ? `: ${String((err as Error)?.stack ?? err)}` : ''}`));
    this.runners = createRunners(services.config.code);
    this.results = new ResultCommits(services, this.log, (fileId, tokenId) => {
      const ids: string[] = [];
      for (const id of this.executing) {
        const t = this.held.get(id);
        if (t && t.fileId === fileId && t.tokenId === tokenId) ids.push(id);
      }
      return ids;
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

  /** Stops claiming, hands back tasks not started, lets running tasks finish for `graceMs`, then hands the rest back. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    taskEvents.off('queued', this.onQueued);
    for (const t of this.timers) clearInterval(t);
    this.wake?.();
    await this.loopDone;
    for (const t of this.waiting.splice(0)) {
      this.held.delete(t.id);
      await this.release(t);
    }
    const deadline = Date.now() + graceMs;
    while (this.held.size && Date.now() < deadline) await sleep(20);
    for (const t of this.held.values()) await this.release(t);
    await closeRunners(this.runners);
  }

  get busy(): number {
    return this.held.size;
  }

  private async loop(): Promise<void> {
    const { pollMs, leaseMs } = this.services.config.code;
    const cap = this.concurrency * HELD_PER_SLOT;
    while (!this.stopped) {
      this.nudged = false;
      let claimed: TaskRecord[] = [];
      // One claim fills every free place at once (a claim is a round trip that sorts the queue);
      // the next is made once the tasks claimed before have all started.
      if (this.waiting.length === 0 && this.held.size < cap) {
        try {
          claimed = await this.services.store.claimTasks({ workerId: this.id, limit: cap - this.held.size, leaseMs, now: this.services.clock.now() });
        } catch (err) {
          if (!this.stopped) this.log('sheets worker: claiming tasks failed', err);
        }
        for (const task of claimed) this.held.set(task.id, task);
        this.waiting.push(...claimed);
        this.startWaiting();
      }
      if (this.stopped) break;
      if (claimed.length === 0 || this.waiting.length > 0 || this.held.size >= cap) await this.idle(pollMs);
    }
  }

  private nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  private idle(ms: number): Promise<void> {
    if (this.nudged) return Promise.resolve();
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

  /** Starts waiting tasks while a slot is free. */
  private startWaiting(): void {
    while (!this.stopped && this.waiting.length && this.executing.size < this.concurrency) this.execute(this.waiting.shift()!);
  }

  private execute(task: TaskRecord): void {
    this.executing.add(task.id);
    const ended = () => {
      if (!this.executing.delete(task.id)) return;
      this.startWaiting();
      this.nudge();
    };
    const run = { task, workerId: this.id, results: this.results, stopping: () => this.stopped, ended };
    runCodeTask(this.services, this.runners, run)
      .catch((err) => this.log(`sheets worker: task ${task.id} failed`, err))
      .finally(() => {
        this.held.delete(task.id);
        ended();
        this.nudge();
      });
  }

  private async release(t: TaskRecord): Promise<void> {
    await this.services.store.releaseTask({ id: t.id, workerId: this.id, attempt: t.attempts }).catch(() => undefined);
  }

  private async renew(): Promise<void> {
    const until = new Date(this.services.clock.now().getTime() + this.services.config.code.leaseMs);
    for (const t of this.held.values()) {
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
