// Tasks (MCP 2025-11-25, experimental) for the ops that run long (OpDef.runsLong: imports,
// exports, waiting for code): a tools/call carrying `task` answers at once with the task while
// the work goes on; the client polls tasks/get, takes the result from tasks/result, or stops the
// work with tasks/cancel (a write that stops keeps nothing). Task state lives in the 1.x SDK's
// InMemoryTaskStore (TTL, pagination), one per connection, so a task is visible only there.
import { InMemoryTaskStore, isTerminal } from '@modelcontextprotocol/sdk/experimental/tasks/index.js';
import { RELATED_TASK_META_KEY, type CallToolResult, type Task } from '@modelcontextprotocol/sdk/types.js';

/** What the server advertises: tool calls may be tasks, which can be listed and cancelled. */
export const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
/** A long tool's `execution`: a client may call it as a task or plainly. */
export const TASK_EXECUTION = { taskSupport: 'optional' } as const;

/** A finished task's result is kept this long unless the client asks for less (an export link lasts as long). */
const DEFAULT_TTL_MS = 15 * 60_000;
const MAX_TTL_MS = 60 * 60_000;
const POLL_INTERVAL_MS = 500;

const INVALID_PARAMS = -32602;
const METHOD_NOT_FOUND = -32601;

/** A JSON-RPC error: both SDKs answer a thrown error's integer `code` as the error code. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const notATaskTool = (name: string) => new RpcError(METHOD_NOT_FOUND, `Tool '${name}' does not run as a task (no execution.taskSupport in tools/list); call it without 'task'.`);

export type Notify = (n: { method: string; params: Record<string, unknown> }) => Promise<void>;

interface Running {
  controller: AbortController;
  settled: Promise<void>;
}

export class ToolTasks {
  private readonly store = new InMemoryTaskStore();
  private readonly running = new Map<string, Running>();
  private requests = 0;

  /** `notify` sends outside any request (status changes after tools/call has answered). */
  constructor(private readonly notify?: Notify) {}

  /**
   * Creates the task and starts `work` with the task's own signal (tasks/cancel aborts it, the
   * tools/call request's does not: that request has ended). `work` answers as a plain call would.
   */
  async start(ttl: number | undefined, request: { method: string; params: Record<string, unknown> }, work: (signal: AbortSignal) => Promise<CallToolResult>): Promise<{ task: Task }> {
    const task = await this.store.createTask({ ttl: Math.min(Math.max(ttl ?? DEFAULT_TTL_MS, 1000), MAX_TTL_MS), pollInterval: POLL_INTERVAL_MS }, ++this.requests, request as never);
    const controller = new AbortController();
    const settled = work(controller.signal)
      .catch((err: unknown): CallToolResult => ({ content: [{ type: 'text', text: `The task failed: ${err instanceof Error ? err.message : String(err)}` }], isError: true }))
      .then((result) => this.finish(task.taskId, controller.signal, result))
      .finally(() => this.running.delete(task.taskId));
    this.running.set(task.taskId, { controller, settled });
    return { task };
  }

  /** An error result ends the task `failed` (its result says why); one that stopped on cancellation, `cancelled`. */
  private async finish(taskId: string, signal: AbortSignal, result: CallToolResult): Promise<void> {
    const now = await this.store.getTask(taskId);
    if (!now || isTerminal(now.status)) return;
    if (signal.aborted && result.isError) await this.store.updateTaskStatus(taskId, 'cancelled', 'Cancelled; nothing was kept.');
    else await this.store.storeTaskResult(taskId, result.isError ? 'failed' : 'completed', result);
    await this.sendStatus(taskId);
  }

  private async sendStatus(taskId: string): Promise<void> {
    const task = await this.store.getTask(taskId);
    if (task && this.notify) await this.notify({ method: 'notifications/tasks/status', params: { ...task } }).catch(() => undefined);
  }

  private async known(taskId: string): Promise<Task> {
    const task = await this.store.getTask(taskId);
    if (!task) throw new RpcError(INVALID_PARAMS, `No task ${taskId} on this connection (finished tasks are kept for their ttl).`);
    return task;
  }

  get(taskId: string): Promise<Task> {
    return this.known(taskId);
  }

  list(cursor?: string) {
    return this.store.listTasks(cursor).catch((err: unknown) => {
      throw new RpcError(INVALID_PARAMS, err instanceof Error ? err.message : String(err));
    });
  }

  /** Waits for the task to end (or the request to be cancelled), then answers with the tool's result. */
  async result(taskId: string, signal?: AbortSignal): Promise<CallToolResult> {
    const task = await this.known(taskId);
    if (!isTerminal(task.status)) await untilSettled(this.running.get(taskId)?.settled, signal);
    const done = await this.known(taskId);
    if (done.status === 'cancelled') throw new RpcError(INVALID_PARAMS, `Task ${taskId} was cancelled; it has no result and nothing of it was kept.`);
    const result = (await this.store.getTaskResult(taskId)) as CallToolResult;
    return { ...result, _meta: { ...result._meta, [RELATED_TASK_META_KEY]: { taskId } } };
  }

  /**
   * Stops the work and waits for it to end: an import or write that stops keeps nothing. A task
   * that finished before it could stop stays finished, and the cancel is refused.
   */
  async cancel(taskId: string): Promise<Task> {
    const task = await this.known(taskId);
    if (isTerminal(task.status)) throw new RpcError(INVALID_PARAMS, `Task ${taskId} has already ended (${task.status}).`);
    const run = this.running.get(taskId);
    run?.controller.abort(new Error('tasks/cancel'));
    await run?.settled;
    const after = await this.known(taskId);
    if (after.status === 'cancelled') return after;
    if (isTerminal(after.status)) throw new RpcError(INVALID_PARAMS, `Task ${taskId} finished (${after.status}) before it could be cancelled.`);
    await this.store.updateTaskStatus(taskId, 'cancelled', 'Cancelled.');
    await this.sendStatus(taskId);
    return this.known(taskId);
  }

  /** The connection ended: nobody can fetch these results, so running work stops (and keeps nothing). */
  close(): void {
    for (const run of this.running.values()) run.controller.abort(new Error('connection closed'));
    this.store.cleanup();
  }
}

function untilSettled(settled: Promise<void> | undefined, signal?: AbortSignal): Promise<void> {
  if (!settled) return Promise.resolve();
  if (!signal) return settled;
  return new Promise((resolve, reject) => {
    const stop = () => reject(new RpcError(INVALID_PARAMS, 'tasks/result was cancelled.'));
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    settled.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
