// Tasks for 2026-07-28 clients: the tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663).
// A request whose client capabilities name the extension may get `resultType: "task"` for a long
// op (OpDef.runsLong) instead of the result; the client polls `tasks/get`, which carries the
// result inline once the task has completed, and may stop the work with `tasks/cancel` (a write
// that stops keeps nothing). `tasks/update` is acknowledged: this service asks nothing of clients,
// so no task ever waits for input. Every 2026-07-28 request builds and closes its own server, so
// the tasks live in one store for the whole process, each visible only to the token that made it.
// The extension's wire shapes are re-declared here (the ones we read and write), not imported.
import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { RpcError } from './tasks.ts';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** tasks/get and tasks/cancel params. */
export const TaskIdParams = z.object({ taskId: z.string() });
/**
 * tasks/update params: answers to input requests (this service never makes any). The SDK lifts
 * `inputResponses` out of every request's params (multi round-trip requests), so it is not here.
 */
export const UpdateTaskParams = z.object({ taskId: z.string() });

/** Whether a request's client capabilities (the `io.modelcontextprotocol/clientCapabilities` envelope) name the extension. */
export function announcesTasks(capabilities: unknown): boolean {
  const extensions = (capabilities as { extensions?: unknown } | undefined)?.extensions;
  if (!extensions || typeof extensions !== 'object' || Array.isArray(extensions)) return false;
  const own = (extensions as Record<string, unknown>)[TASKS_EXTENSION];
  // The extension's capability is an empty object; anything else does not enable it.
  return !!own && typeof own === 'object' && !Array.isArray(own) && Object.keys(own).length === 0;
}

type Status = 'working' | 'completed' | 'failed' | 'cancelled';

/** A task as the extension's tasks/get answers it: the result inline once completed, the error once failed. */
export interface DetailedTask {
  taskId: string;
  status: Status;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number | null;
  pollIntervalMs?: number;
  result?: CallToolResult;
  error?: { code: number; message: string };
}

interface Entry {
  owner: string;
  task: DetailedTask;
  controller: AbortController;
  settled: Promise<void>;
  expiry?: NodeJS.Timeout;
}

/** A finished task is kept this long (an export's download link lasts as long). */
const TTL_MS = 15 * 60_000;
const POLL_INTERVAL_MS = 500;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
/** Tasks one token may have at once, finished ones included (each holds a result until its ttl). */
const MAX_PER_TOKEN = 200;

const isTerminal = (s: Status): boolean => s !== 'working';

export class ExtensionTasks {
  private readonly tasks = new Map<string, Entry>();

  /**
   * Creates a task owned by `owner` (a token id) and starts `work` on the task's own signal: the
   * tools/call request that created it has answered. `work` answers as the plain call would.
   */
  start(owner: string, work: (signal: AbortSignal) => Promise<CallToolResult>): DetailedTask & { resultType: 'task' } {
    if ([...this.tasks.values()].filter((e) => e.owner === owner).length >= MAX_PER_TOKEN) throw new RpcError(INVALID_PARAMS, `This token has ${MAX_PER_TOKEN} tasks kept; call without the tasks extension, or wait for finished ones to expire.`);
    const now = new Date().toISOString();
    const task: DetailedTask = { taskId: randomUUID(), status: 'working', createdAt: now, lastUpdatedAt: now, ttlMs: TTL_MS, pollIntervalMs: POLL_INTERVAL_MS };
    const controller = new AbortController();
    const entry: Entry = { owner, task, controller, settled: Promise.resolve() };
    this.tasks.set(task.taskId, entry);
    entry.settled = work(controller.signal).then(
      (result) => this.finish(entry, controller.signal.aborted && result.isError ? { status: 'cancelled', statusMessage: 'Cancelled; nothing was kept.' } : { status: 'completed', result }),
      (err: unknown) => this.finish(entry, controller.signal.aborted ? { status: 'cancelled', statusMessage: 'Cancelled; nothing was kept.' } : { status: 'failed', error: { code: INTERNAL_ERROR, message: err instanceof Error ? err.message : String(err) } }),
    );
    return { ...copy(task), resultType: 'task' };
  }

  /**
   * A tool's error result (isError) completes the task with that result, as the plain call answers
   * it; `failed` is for work that threw. The task is dropped its ttl after it ends.
   */
  private finish(entry: Entry, end: Partial<DetailedTask> & { status: Status }): void {
    if (isTerminal(entry.task.status)) return;
    Object.assign(entry.task, end, { lastUpdatedAt: new Date().toISOString() });
    entry.expiry = setTimeout(() => this.tasks.delete(entry.task.taskId), entry.task.ttlMs ?? TTL_MS);
    entry.expiry.unref();
  }

  private known(owner: string, taskId: string): Entry {
    const entry = this.tasks.get(taskId);
    // Another token's task is as unknown as one that never was.
    if (!entry || entry.owner !== owner) throw new RpcError(INVALID_PARAMS, `No task ${taskId} for this token (finished tasks are kept for their ttlMs).`);
    return entry;
  }

  get(owner: string, taskId: string): DetailedTask {
    return copy(this.known(owner, taskId).task);
  }

  /** Acknowledged for a known task; no task of this service waits for input, so the responses are not used. */
  update(owner: string, taskId: string): Record<string, never> {
    this.known(owner, taskId);
    return {};
  }

  /**
   * Stops the work and waits for it to end: an import or write that stops keeps nothing. A task
   * that has ended (or finished before it could stop) is refused.
   */
  async cancel(owner: string, taskId: string): Promise<Record<string, never>> {
    const entry = this.known(owner, taskId);
    if (isTerminal(entry.task.status)) throw new RpcError(INVALID_PARAMS, `Task ${taskId} has already ended (${entry.task.status}).`);
    entry.controller.abort(new Error('tasks/cancel'));
    await entry.settled;
    const after: Status = entry.task.status;
    if (after !== 'cancelled') throw new RpcError(INVALID_PARAMS, `Task ${taskId} finished (${after}) before it could be cancelled.`);
    return {};
  }

  /** The process ends: running work stops (and keeps nothing). */
  close(): void {
    for (const entry of this.tasks.values()) {
      entry.controller.abort(new Error('server closing'));
      clearTimeout(entry.expiry);
    }
    this.tasks.clear();
  }
}

function copy(task: DetailedTask): DetailedTask {
  return { ...task };
}

/** The tasks of every 2026-07-28 request of this process. */
export const extensionTasks = new ExtensionTasks();
