// The MCP door: a low-level SDK Server whose tools are generated from the registry — one per op
// (`full`) or a few grouped by area (`compact`, mcp/compact.ts). Validation and errors are ours
// (core/dispatch.ts), results are token-thrifty (mcp/results.ts), progress notifications and
// cancellation reach ops as ctx.progress / ctx.signal, and files are readable as resources.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Caller, OpContext } from '../core/context.ts';
import { runOp } from '../core/dispatch.ts';
import { OpError, asOpError, errorBody } from '../core/errors.ts';
import type { AnyOp, BinaryResult } from '../core/op.ts';
import { findOp, ops } from '../core/registry.ts';
import type { AppServices } from '../core/services.ts';
import { instructionsText, type ToolRef } from '../prompts/instructions.ts';
import { groupOf, compactGroups, resolveCompact } from './compact.ts';
import { ExportShelf } from './exports.ts';
import { registerCompletions } from './completions.ts';
import { SessionLog, noticesOf, queuedCode, type ReadCodeCell } from './logging.ts';
import { registerPrompts } from './prompts.ts';
import { registerResources } from './resources.ts';
import { RESULT_CHARS_PER_TOKEN, STRUCTURED_META, toolResult, type ResultLimits } from './results.ts';
import { toolOf } from './tools.ts';

export const SERVER_INFO = { name: 'sheets', version: '0.1.0' };

export type ToolSurface = 'full' | 'compact';
export type Extra = { authInfo?: { extra?: Record<string, unknown> }; signal?: AbortSignal; sendNotification?: (n: never) => Promise<void> };

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

/**
 * Runs one op as the request's caller, under the per-token rate limit: a call over the rate waits
 * for room (up to SHEETS_MCP_RATE_WAIT_MS) and reports the wait through `waited`.
 */
export type OpRunner = (extra: Extra, op: AnyOp, args: unknown, progress?: OpContext['progress'], waited?: (ms: number) => void) => Promise<unknown>;

const PROGRESS_EVERY_MS = 50;

export function buildMcpServer(opts: McpOptions): Server {
  const surface = opts.tools ?? opts.services.config.mcp.tools;
  const limits: ResultLimits = { maxCells: opts.services.config.mcp.maxCells, maxTokens: opts.services.config.mcp.maxResultTokens };
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false }, logging: {}, completions: {} },
    instructions: instructionsText(toolRef(surface)),
  });
  const groups = compactGroups(ops);
  // Built on the first tools/list, not before the handshake (JSON Schema for every op takes a while).
  let tools: Tool[] | undefined;
  const toolList = () => (tools ??= surface === 'compact' ? [...groups.values()].map((g) => g.tool) : ops.map((op) => toolOf(op, { outputSchemas: opts.services.config.mcp.outputSchemas === 'fields' })));
  const shelf = new ExportShelf();
  const session = new SessionLog(server);
  const closed = server.onclose;
  server.onclose = () => {
    session.close();
    closed?.();
  };

  const run: OpRunner = async (extra, op, args, progress, waited) => {
    const caller = await opts.caller(extra);
    const rate = await opts.services.rateLimits.take(caller.tokenId, { waitMs: opts.services.config.mcp.rateWaitMs, signal: extra.signal });
    if (rate.waitedMs > 0) waited?.(rate.waitedMs);
    try {
      const ctx: OpContext = { caller, services: opts.services, op: { name: op.name, args: undefined }, signal: extra.signal, progress, ...(opts.linkBase ? { origin: opts.linkBase } : {}), ...(opts.localDirs?.length ? { localDirs: opts.localDirs } : {}) };
      return await runOp(op, ctx, args);
    } finally {
      opts.services.rateLimits.release(caller.tokenId);
    }
  };

  // Tools that declare an output schema must return structuredContent, grids included.
  const structuredAlways = surface === 'full' && opts.services.config.mcp.outputSchemas === 'fields';
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList() }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra): Promise<CallToolResult> => {
    const name = req.params.name;
    let op: AnyOp | undefined;
    let args: unknown = req.params.arguments ?? {};
    let compactHint = '';
    try {
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
      const out = await run(extra as Extra, op, args, progressSender(req.params._meta?.progressToken, extra.sendNotification as Notify), (ms) => (waitedMs = ms));
      if (!op.binary) await tellSession(session, run, extra as Extra, op.name, args, out);
      const base = opts.linkBase;
      const link = base ? (item: { name: string; mimeType: string; body: Buffer }) => { const l = opts.services.exportLinks.put(item); return { url: `${base}${l.path}`, expires: l.expires }; } : undefined;
      const result = op.binary ? shelf.result(op, out as BinaryResult, limits.maxTokens * RESULT_CHARS_PER_TOKEN, link) : toolResult(out, limits, { structured: structuredAlways || req.params._meta?.[STRUCTURED_META] === true });
      return waitedMs ? withRateNote(result, waitedMs, opts.services.config.rate.perSec, toolRef(surface)('run_batch')) : result;
    } catch (err) {
      const e = asOpError(err);
      if (e.code === 'internal') opts.log?.(e.cause ?? e);
      return errorResult(e, e.code === 'invalid_argument' ? compactHint : '');
    }
  });
  registerResources(server, { run, limits, shelf });
  registerPrompts(server, { run, ref: toolRef(surface), limits });
  registerCompletions(server, { run });
  return server;
}

/** Log notices of one call to its session (on the call's stream), and follows the code cells it queued. */
async function tellSession(session: SessionLog, run: OpRunner, extra: Extra, op: string, args: unknown, out: unknown): Promise<void> {
  await session.tell(noticesOf(op, out), extra.sendNotification as never);
  const file = (args as { file_uuid?: unknown } | undefined)?.file_uuid;
  const queued = queuedCode(out);
  if (typeof file !== 'string' || !queued.length) return;
  // Later reads run as the same caller, outside this request (its signal ends with it).
  const later: Extra = { authInfo: extra.authInfo };
  const read: ReadCodeCell = async (file_uuid, sheet, cell) => (await run(later, findOp('get_code_cell')!, { file_uuid, cell, ...(sheet ? { sheet } : {}) })) as never;
  session.follow(file, queued, read);
}

/** Names an op as the connection's surface exposes it. */
export function toolRef(surface: ToolSurface): ToolRef {
  return (name) => {
    const op = findOp(name);
    if (!op) return '';
    return surface === 'compact' ? `${groupOf(op.area)}(action "${name}")` : name;
  };
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

/** Says in the result that the call waited for its token's rate limit (text for the model, _meta for clients). */
function withRateNote(result: CallToolResult, waitedMs: number, perSec: number, batchTool: string): CallToolResult {
  const note = `(This call waited ${(waitedMs / 1000).toFixed(1)} s for the token's rate limit of ${perSec} requests/s; group calls with ${batchTool} or use larger ranges to avoid the wait.)`;
  return { ...result, content: [...result.content, { type: 'text', text: note }], _meta: { ...result._meta, 'sheets/rate_limit_waited_ms': waitedMs } };
}

/** A tool error: the text a model reads, and the same structured error REST answers with. */
export function errorResult(e: OpError, hint = ''): CallToolResult {
  const retry = e.code === 'rate_limited' && !e.message.includes('retry after') ? ` Retry after ${String(e.details.retry_after)} s.` : '';
  const body = errorBody(e, `${e.message}${retry}${hint}`);
  const { code, message, details } = body.error;
  return {
    isError: true,
    content: [{ type: 'text', text: `Error (${code}): ${message}${Object.keys(details).length ? `\nDetails: ${JSON.stringify(details)}` : ''}` }],
    structuredContent: body as unknown as Record<string, unknown>,
  };
}
