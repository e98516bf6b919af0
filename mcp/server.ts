// The MCP door: a low-level SDK Server whose tools/list and tools/call are loops over the
// registry. Validation and errors are ours (core/dispatch.ts), worded for agents, and a rate
// limit hit is an error result that says when to retry.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Caller, OpContext } from '../core/context.ts';
import { runOp } from '../core/dispatch.ts';
import { OpError, asOpError } from '../core/errors.ts';
import type { AnyOp, BinaryResult } from '../core/op.ts';
import { findOp, ops } from '../core/registry.ts';
import type { AppServices } from '../core/services.ts';
import { toolOf } from './tools.ts';

export const SERVER_INFO = { name: 'sheets', version: '0.1.0' };

const INSTRUCTIONS = 'Spreadsheets for agents. Start with list_files / create_file, then get_context on a file before reading or editing. Cells use A1 notation (A1, B2:D10, Sheet2!A:C). write_cells writes strings typed like spreadsheet input; set_formula sets one formula and returns its value; run_batch applies several ops atomically.';

export interface McpOptions {
  services: AppServices;
  /** The caller of a tool call: fixed for stdio, per HTTP request otherwise. */
  caller: (extra: { authInfo?: { extra?: Record<string, unknown> } }) => Caller;
  log?: (err: unknown) => void;
}

export function buildMcpServer(opts: McpOptions): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  const tools = ops.map(toolOf);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra): Promise<CallToolResult> => {
    const op = findOp(req.params.name);
    if (!op) return errorResult(new OpError('not_found', `No tool named '${req.params.name}'. Call tools/list for the tools.`));
    let caller: Caller;
    try {
      caller = opts.caller(extra);
    } catch (err) {
      return errorResult(asOpError(err));
    }
    try {
      await opts.services.rateLimits.take(caller.tokenId);
    } catch (err) {
      return errorResult(asOpError(err));
    }
    try {
      const ctx: OpContext = { caller, services: opts.services, op: { name: op.name, args: undefined }, signal: extra.signal };
      const out = await runOp(op, ctx, req.params.arguments ?? {});
      return op.binary ? binaryResult(op, out as BinaryResult) : { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out as Record<string, unknown> };
    } catch (err) {
      const e = asOpError(err);
      if (e.code === 'internal') opts.log?.(e.cause ?? e);
      return errorResult(e);
    } finally {
      opts.services.rateLimits.release(caller.tokenId);
    }
  });
  return server;
}

function errorResult(e: OpError): CallToolResult {
  const message = e.code === 'internal' ? 'Internal error; it has been logged.' : e.message;
  const retry = e.code === 'rate_limited' ? ` Retry after ${String(e.details.retry_after)} s.` : '';
  const details = e.code === 'internal' ? {} : e.details;
  return { isError: true, content: [{ type: 'text', text: `Error (${e.code}): ${message}${retry && !message.includes('retry after') ? retry : ''}${Object.keys(details).length ? `\nDetails: ${JSON.stringify(details)}` : ''}` }] };
}

function binaryResult(op: AnyOp, out: BinaryResult): CallToolResult {
  const name = out.fileName ?? op.name;
  return {
    content: [
      { type: 'text', text: `${name} (${out.contentType}, ${out.body.length} bytes)` },
      { type: 'resource', resource: { uri: `sheets://export/${encodeURIComponent(name)}`, mimeType: out.contentType, blob: out.body.toString('base64') } },
    ],
  };
}
