// The MCP door on the v2 SDK: its low-level Server answering with the same core handlers as the
// 2025 sessions (mcp/core.ts), built per request for 2026-07-28 (the per-request `_meta`
// envelope, `server/discover`, the MCP-Protocol-Version / Mcp-Method / Mcp-Name headers checked
// against the body by the SDK), and per connection over stdio, where one factory serves a client
// of either era (`serveStdio` pins the era of the connection's first message).
import { CLIENT_CAPABILITIES_META_KEY, LOG_LEVEL_META_KEY, Server, isTaskAugmentedRequestParams, type LoggingLevel, type ServerContext } from '@modelcontextprotocol/server';
import { CAPABILITIES, SERVER_INFO, mcpCore, type Extra, type McpOptions } from './core.ts';
import { TASKS_EXTENSION, TaskIdParams, UpdateTaskParams, announcesTasks, extensionTasks } from './tasks-ext.ts';

/** A 2026-07-28 server also offers the tasks extension (mcp/tasks-ext.ts); 2025 clients have core tasks. */
const MODERN_CAPABILITIES = { ...CAPABILITIES, extensions: { ...CAPABILITIES.extensions, [TASKS_EXTENSION]: {} } };

/** The lists do not change while a server runs: a 2026-07-28 client may keep them a while. */
const LIST_TTL_MS = 10 * 60_000;
const CACHE_HINTS = {
  'tools/list': { ttlMs: LIST_TTL_MS, cacheScope: 'private' },
  'prompts/list': { ttlMs: LIST_TTL_MS, cacheScope: 'private' },
  'resources/templates/list': { ttlMs: LIST_TTL_MS, cacheScope: 'private' },
} as const;

/**
 * A v2 Server for one era. `modern`: one 2026-07-28 request (or a stdio connection pinned to
 * 2026-07-28), whose log level is the request's own; otherwise a 2025 stdio connection with
 * `logging/setLevel` and its code cells' outcomes logged as their runs finish.
 */
export function buildModernServer(opts: McpOptions, era: 'modern' | 'legacy'): Server {
  let server: Server | undefined = undefined;
  const legacy = era === 'legacy';
  const core = mcpCore(opts, legacy ? (params) => server!.sendLoggingMessage(params) : undefined, legacy ? (n) => server!.notification(n as never) : undefined);
  server = new TaskServer(SERVER_INFO, { capabilities: legacy ? CAPABILITIES : MODERN_CAPABILITIES, instructions: core.instructions, cacheHints: CACHE_HINTS });
  const s = server;
  core.register({
    on: (method, handler) => {
      // 2026-07-28 deprecates logging/setLevel (SEP-2577): a request names its level in _meta.
      if (era === 'modern' && method === 'logging/setLevel') return;
      s.setRequestHandler(method as 'tools/call', ((req: never, ctx: ServerContext) => handler(req, extraOf(ctx, era))) as never);
    },
  });
  if (era === 'modern') {
    // The extension's methods, on its own schemas (the SDK dispatches tasks/get and tasks/cancel in
    // the 2026-07-28 era only so); each answers for the caller's token only.
    const owner = async (ctx: ServerContext) => (await opts.caller(extraOf(ctx, era))).tokenId;
    s.setRequestHandler('tasks/get', { params: TaskIdParams }, async (p, ctx) => extensionTasks.get(await owner(ctx), p.taskId) as never);
    s.setRequestHandler('tasks/update', { params: UpdateTaskParams }, async (p, ctx) => extensionTasks.update(await owner(ctx), p.taskId));
    s.setRequestHandler('tasks/cancel', { params: TaskIdParams }, async (p, ctx) => extensionTasks.cancel(await owner(ctx), p.taskId));
  }
  const closed = s.onclose;
  s.onclose = () => {
    core.close();
    closed?.();
  };
  return s;
}

/**
 * A Server whose tools/call may answer with a task: the SDK checks every tools/call result against
 * CallToolResult, which neither a 2025 CreateTaskResult (mcp/tasks.ts) nor a 2026-07-28
 * `resultType: "task"` (mcp/tasks-ext.ts) is. A 2025 task-augmented call passes through unchecked;
 * a 2026-07-28 call keeps the SDK's request check, and a task answer is handed back past the result check.
 */
class TaskServer extends Server {
  protected override _wrapHandler(method: string, handler: Parameters<Server['_wrapHandler']>[1]): ReturnType<Server['_wrapHandler']> {
    if (method !== 'tools/call') return super._wrapHandler(method, handler);
    const tasks = new WeakMap<object, Awaited<ReturnType<typeof handler>>>();
    const checked = super._wrapHandler(method, async (req, ctx) => {
      const result = await handler(req, ctx);
      if (result.resultType !== 'task') return result;
      tasks.set(req, result);
      return { content: [] };
    });
    return async (req, ctx) => {
      if (isTaskAugmentedRequestParams(req.params)) return handler(req, ctx);
      const result = await checked(req, ctx);
      return tasks.get(req) ?? result;
    };
  }
}

function extraOf(ctx: ServerContext, era: 'modern' | 'legacy'): Extra {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const level = envelope?.[LOG_LEVEL_META_KEY] as LoggingLevel | undefined;
  return {
    authInfo: ctx.http?.authInfo as Extra['authInfo'],
    signal: ctx.mcpReq.signal,
    sendNotification: ctx.mcpReq.notify as Extra['sendNotification'],
    ...(era === 'modern' ? { logLevel: level ?? null, taskExtension: announcesTasks(envelope?.[CLIENT_CAPABILITIES_META_KEY]) } : {}),
  };
}
