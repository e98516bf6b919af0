// What the MCP door writes around results, the same from either SDK: a tool error as a model
// reads it (with REST's structured error beside it), the note on a call that waited for its
// token's rate limit, and how an op is named on a tool surface.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorBody, type OpError } from '../core/errors.ts';
import { findOp } from '../core/registry.ts';
import type { ToolRef } from '../prompts/instructions.ts';
import { groupOf } from './compact.ts';

export type ToolSurface = 'full' | 'compact';

/** Names an op as the connection's surface exposes it. */
export function toolRef(surface: ToolSurface): ToolRef {
  return (name) => {
    const op = findOp(name);
    if (!op) return '';
    return surface === 'compact' ? `${groupOf(op.area)}(action "${name}")` : name;
  };
}

/** Says in the result that the call waited for its token's rate limit (text for the model, _meta for clients). */
export function withRateNote(result: CallToolResult, waitedMs: number, perSec: number, batchTool: string): CallToolResult {
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
