// The MCP door on the v2 SDK: its low-level Server answering with the same core handlers as the
// 2025 sessions (mcp/core.ts), built per request for 2026-07-28 (the per-request `_meta`
// envelope, `server/discover`, the MCP-Protocol-Version / Mcp-Method / Mcp-Name headers checked
// against the body by the SDK), and per connection over stdio, where one factory serves a client
// of either era (`serveStdio` pins the era of the connection's first message).
import { LOG_LEVEL_META_KEY, Server, isTaskAugmentedRequestParams, type LoggingLevel, type ServerContext } from '@modelcontextprotocol/server';
import { CAPABILITIES, SERVER_INFO, mcpCore, type Extra, type McpOptions } from './core.ts';

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
  server = new (legacy ? TaskServer : Server)(SERVER_INFO, { capabilities: CAPABILITIES, instructions: core.instructions, cacheHints: CACHE_HINTS });
  const s = server;
  core.register({
    on: (method, handler) => {
      // 2026-07-28 deprecates logging/setLevel (SEP-2577): a request names its level in _meta.
      if (era === 'modern' && method === 'logging/setLevel') return;
      s.setRequestHandler(method as 'tools/call', ((req: never, ctx: ServerContext) => handler(req, extraOf(ctx, era))) as never);
    },
  });
  const closed = s.onclose;
  s.onclose = () => {
    core.close();
    closed?.();
  };
  return s;
}

/**
 * A 2025 connection's Server, whose tools/call may answer with a task (mcp/tasks.ts): the SDK
 * checks every tools/call result against CallToolResult, which a CreateTaskResult is not.
 */
class TaskServer extends Server {
  protected override _wrapHandler(method: string, handler: Parameters<Server['_wrapHandler']>[1]): ReturnType<Server['_wrapHandler']> {
    const checked = super._wrapHandler(method, handler);
    if (method !== 'tools/call') return checked;
    return (req, ctx) => (isTaskAugmentedRequestParams(req.params) ? handler(req, ctx) : checked(req, ctx));
  }
}

function extraOf(ctx: ServerContext, era: 'modern' | 'legacy'): Extra {
  const level = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[LOG_LEVEL_META_KEY] as LoggingLevel | undefined;
  return {
    authInfo: ctx.http?.authInfo as Extra['authInfo'],
    signal: ctx.mcpReq.signal,
    sendNotification: ctx.mcpReq.notify as Extra['sendNotification'],
    ...(era === 'modern' ? { logLevel: level ?? null } : {}),
  };
}
