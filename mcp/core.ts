// The MCP door's one core, apart from any SDK: tools generated from the registry — one per op
// (`full`) or a few grouped by area (`compact`, mcp/compact.ts) — resources, prompts,
// completions and logging, as handlers keyed by method. Both SDKs serve them: the 1.x `Server`
// for 2025 sessions over HTTP and SSE (mcp/server.ts), the v2 `Server` for 2026-07-28 requests
// and stdio (mcp/modern.ts). Validation and errors are ours (core/dispatch.ts), results are
// token-thrifty (mcp/results.ts), progress and cancellation reach ops as ctx.progress / ctx.signal.
// A client may run a long op as a task: core tasks for 2025-11-25 (mcp/tasks.ts), the tasks
// extension for 2026-07-28 (mcp/tasks-ext.ts).
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Caller, OpContext } from '../core/context.ts';
import { runOp } from '../core/dispatch.ts';
import { OpError, asOpError } from '../core/errors.ts';
import type { AnyOp, BinaryResult } from '../core/op.ts';
import { findOp, ops } from '../core/registry.ts';
import type { AppServices } from '../core/services.ts';
import { instructionsText } from '../prompts/instructions.ts';
import { SHOW_SHEET, UI_EXTENSION, appResource, readApp, showSheet, showSheetTool, type WithCtx } from './app.ts';
import { groupOf, compactGroups, resolveCompact, type CompactGroup } from './compact.ts';
import { registerCompletions } from './completions.ts';
import { ExportShelf } from './exports.ts';
import { SessionLog, noticesOf, queuedCode, type Notice, type ReadCodeCell } from './logging.ts';
import { registerPrompts } from './prompts.ts';
import { registerResources } from './resources.ts';
import { RESULT_CHARS_PER_TOKEN, STRUCTURED_META, toolResult, type ResultLimits } from './results.ts';
import { errorResult, toolRef, withRateNote, type ToolSurface } from './texts.ts';
import { TASKS_CAPABILITY, ToolTasks, notATaskTool, type Notify as SendAny } from './tasks.ts';
import { extensionTasks } from './tasks-ext.ts';
import { toolOf } from './tools.ts';

export const SERVER_INFO = { name: 'sheets', version: '0.1.0' };
// The MCP Apps extension (show_sheet's app, mcp/app.ts) is advertised under extensions. Core tasks
// are 2025-11-25's; the v2 SDK leaves them (and tools' `execution`) out of its 2026-07-28 answers,
// where the tasks extension stands instead (mcp/modern.ts adds it, mcp/tasks-ext.ts).
export const CAPABILITIES = { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false }, logging: {}, completions: {}, tasks: TASKS_CAPABILITY, extensions: { [UI_EXTENSION]: {} } };

import type { Extra, Handler, OpRunner, Registrar } from './handler-types.ts';

export type { Extra, Handler, McpMethod, OpRunner, Registrar, TaskMethod } from './handler-types.ts';

export interface McpOptions {
  services: AppServices;
  /** The caller of a request: fixed for stdio (known once the store is open), per HTTP request otherwise. */
  caller: (extra: { authInfo?: { extra?: Record<string, unknown> } }) => Caller | Promise<Caller>;
  /** Tool surface of this connection; default from SHEETS_MCP_TOOLS. */
  tools?: ToolSurface;
  log?: (err: unknown) => void;
  /** stdio only: directories whose files import tools may read by `path`. */
  localDirs?: readonly string[];
  /** HTTP only: this server's origin as the client reached it; exports become download links there. */
  linkBase?: string;
}

export interface McpCore {
  instructions: string;
  register(r: Registrar): void;
  /** Stops following code cells (the connection ended). */
  close(): void;
}

const PROGRESS_EVERY_MS = 50;

// Built on the first tools/list of the process, not per connection or request (JSON Schema for
// every op takes a while; a 2026-07-28 server is built per request).
const toolLists = new Map<string, Tool[]>();
let groupsOnce: Map<string, CompactGroup> | undefined;
const groupsOf = () => (groupsOnce ??= compactGroups(ops));
const instructionsBy = new Map<ToolSurface, string>();

/**
 * The core of one connection (2025) or one request (2026-07-28). `outOfBand` sends a log
 * notification outside any request (the code cells a call queued finish later); without it,
 * as for a 2026-07-28 request, those outcomes are read with get_code_cell. `notify` sends any
 * notification outside a request; given, tool calls may be tasks (a 2025 connection).
 */
export function mcpCore(opts: McpOptions, outOfBand?: (params: Notice) => Promise<void>, notify?: SendAny): McpCore {
  const surface = opts.tools ?? opts.services.config.mcp.tools;
  const limits: ResultLimits = { maxCells: opts.services.config.mcp.maxCells, maxTokens: opts.services.config.mcp.maxResultTokens };
  const outputSchemas = opts.services.config.mcp.outputSchemas === 'fields';
  const groups = groupsOf();
  const toolList = () => {
    const key = `${surface}:${outputSchemas}`;
    let tools = toolLists.get(key);
    if (!tools) toolLists.set(key, (tools = [...(surface === 'compact' ? [...groups.values()].map((g) => g.tool) : ops.map((op) => toolOf(op, { outputSchemas }))), showSheetTool]));
    return tools;
  };
  let instructions = instructionsBy.get(surface);
  if (instructions === undefined) instructionsBy.set(surface, (instructions = instructionsText(toolRef(surface))));
  const shelf = new ExportShelf();
  const session = new SessionLog(outOfBand);
  const tasks = notify ? new ToolTasks(notify) : undefined;

  const asCaller = async <T>(extra: Extra, name: string, fn: (ctx: OpContext) => Promise<T>, progress?: OpContext['progress'], waited?: (ms: number) => void): Promise<T> => {
    const caller = await opts.caller(extra);
    const rate = await opts.services.rateLimits.take(caller.tokenId, { waitMs: opts.services.config.mcp.rateWaitMs, signal: extra.signal });
    if (rate.waitedMs > 0) waited?.(rate.waitedMs);
    try {
      const ctx: OpContext = { caller, services: opts.services, op: { name, args: undefined }, signal: extra.signal, progress, ...(opts.linkBase ? { origin: opts.linkBase } : {}), ...(opts.localDirs?.length ? { localDirs: opts.localDirs } : {}) };
      return await fn(ctx);
    } finally {
      opts.services.rateLimits.release(caller.tokenId);
    }
  };
  const run: OpRunner = (extra, op, args, progress, waited) => asCaller(extra, op.name, (ctx) => runOp(op, ctx, args), progress, waited);
  const withCtx: WithCtx = (extra, fn) => asCaller(extra, SHOW_SHEET, fn);

  // Tools that declare an output schema must return structuredContent, grids included.
  const structuredAlways = surface === 'full' && outputSchemas;
  const execute: Handler = async (req, extra): Promise<CallToolResult> => {
    const name: string = req.params.name;
    let op: AnyOp | undefined;
    let args: unknown = req.params.arguments ?? {};
    let compactHint = '';
    try {
      if (name === SHOW_SHEET) return await showSheet(withCtx, extra, args);
      if (surface === 'compact') {
        const group = groups.get(name);
        if (!group) {
          const byName = findOp(name);
          if (byName) throw new OpError('not_found', `'${name}' is an action of the '${groupOf(byName.area)}' tool here: call ${groupOf(byName.area)} with {"action": "${name}", "args": {...}}.`);
          throw new OpError('not_found', `No tool named '${name}'; the tools are ${[...groups.keys()].join(', ')}.`);
        }
        const resolved = resolveCompact(group, req.params.arguments);
        if (resolved.kind === 'help') return { content: [{ type: 'text', text: resolved.text }], structuredContent: resolved.data };
        op = resolved.op;
        args = resolved.args;
        compactHint = ` (for ${op.name}'s fields call action "help" with args {"action": "${op.name}"})`;
      } else {
        op = findOp(name);
        if (!op) throw new OpError('not_found', `No tool named '${name}'. Call tools/list for the tools.`);
      }
      let waitedMs = 0;
      const out = await run(extra, op, args, progressSender(req.params._meta?.progressToken, extra.sendNotification as Notify), (ms) => (waitedMs = ms));
      if (!op.binary) await tellSession(session, run, extra, op.name, args, out);
      const base = opts.linkBase;
      const link = base ? (item: { name: string; mimeType: string; body: Buffer }) => { const l = opts.services.exportLinks.put(item); return { url: `${base}${l.path}`, expires: l.expires }; } : undefined;
      const result = op.binary ? shelf.result(op, out as BinaryResult, limits.maxTokens * RESULT_CHARS_PER_TOKEN, link) : toolResult(out, limits, { structured: structuredAlways || req.params._meta?.[STRUCTURED_META] === true });
      return waitedMs ? withRateNote(result, waitedMs, opts.services.config.rate.perSec, toolRef(surface)('run_batch')) : result;
    } catch (err) {
      const e = asOpError(err);
      if (e.code === 'internal') opts.log?.(e.cause ?? e);
      return errorResult(e, e.code === 'invalid_argument' ? compactHint : '');
    }
  };
  // A task runs as the plain call would, on its own signal, telling progress and log notices
  // outside the tools/call request (which has answered with the task).
  // A 2026-07-28 client that announced the tasks extension gets a task for a long op (the server
  // decides there; the client does not ask per call), run as the caller's token outside the request.
  const callTool: Handler = async (req, extra) => {
    if (extra.taskExtension && toolList().find((t) => t.name === req.params.name)?.execution?.taskSupport) {
      const caller = await opts.caller(extra);
      return extensionTasks.start(caller.tokenId, (signal) => execute(req, { authInfo: extra.authInfo, signal, logLevel: null }));
    }
    if (!tasks || !req.params.task) return execute(req, extra);
    if (!toolList().find((t) => t.name === req.params.name)?.execution?.taskSupport) throw notATaskTool(req.params.name);
    // The store keeps the request with the task: its name only, not the arguments (an import's bytes).
    return tasks.start(req.params.task.ttl, { method: 'tools/call', params: { name: req.params.name } }, (signal) => execute(req, { authInfo: extra.authInfo, signal, sendNotification: notify as never }));
  };

  return {
    instructions,
    register(r) {
      r.on('tools/list', async () => ({ tools: toolList() }));
      r.on('tools/call', callTool);
      r.on('logging/setLevel', async (req) => {
        session.setLevel(req.params.level);
        return {};
      });
      registerResources(r, { run, limits, shelf, app: { resource: appResource, read: readApp } });
      registerPrompts(r, { run, ref: toolRef(surface), limits });
      registerCompletions(r, { run });
      if (!tasks) return;
      r.on('tasks/get', async (req) => tasks.get(req.params.taskId));
      r.on('tasks/result', async (req, extra) => tasks.result(req.params.taskId, extra.signal));
      r.on('tasks/list', async (req) => tasks.list(req.params?.cursor));
      r.on('tasks/cancel', async (req) => tasks.cancel(req.params.taskId));
    },
    close: () => {
      session.close();
      tasks?.close();
    },
  };
}

/** Log notices of one call (on the call's stream, at its level), and follows the code cells it queued. */
async function tellSession(session: SessionLog, run: OpRunner, extra: Extra, op: string, args: unknown, out: unknown): Promise<void> {
  await session.tell(noticesOf(op, out), extra.sendNotification as never, extra.logLevel);
  const file = (args as { file_uuid?: unknown } | undefined)?.file_uuid;
  const queued = queuedCode(out);
  if (typeof file !== 'string' || !queued.length || extra.logLevel !== undefined) return;
  // Later reads run as the same caller, outside this request (its signal ends with it).
  const later: Extra = { authInfo: extra.authInfo };
  const read: ReadCodeCell = async (file_uuid, sheet, cell) => (await run(later, findOp('get_code_cell')!, { file_uuid, cell, ...(sheet ? { sheet } : {}) })) as never;
  session.follow(file, queued, read);
}

type Notify = (n: { method: 'notifications/progress'; params: Record<string, unknown> }) => Promise<void>;

/** ctx.progress for a call that carried a progressToken: monotonic, at most one notification per 50 ms but always the last. */
function progressSender(token: string | number | undefined, send: Notify | undefined): OpContext['progress'] {
  if (token === undefined || !send) return undefined;
  let last = -Infinity;
  let lastAt = 0;
  return (done, total, message) => {
    const now = performance.now();
    const final = total !== undefined && done >= total;
    if (done <= last || (!final && last !== -Infinity && now - lastAt < PROGRESS_EVERY_MS)) return;
    last = done;
    lastAt = now;
    const params = { progressToken: token, progress: done, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}) };
    send({ method: 'notifications/progress', params }).catch(() => undefined);
  };
}
