// MCP tool definitions generated from the registry, one tool per op (the `full` surface): the op's
// zod schemas become slim JSON Schemas (mcp/schema-slim.ts) and its texts come from prompts/.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AnyOp, OpHints } from '../core/op.ts';
import { toolDescription } from '../prompts/tool-texts.ts';
import { slimInputSchema, slimOutputSchema } from './schema-slim.ts';

export { jsonSchemaOf } from './schema-slim.ts';

/** MCP's default for a write is destructive, so say otherwise; read-only tools need no more. */
export function annotationsOf(hints: OpHints): Tool['annotations'] {
  if (hints.readOnly) return { readOnlyHint: true };
  return { destructiveHint: hints.destructive ?? false, ...(hints.idempotent ? { idempotentHint: true } : {}) };
}

export function toolOf(op: AnyOp): Tool {
  return {
    name: op.name,
    description: toolDescription(op),
    inputSchema: slimInputSchema(op.input, op.name),
    ...(op.binary ? {} : { outputSchema: slimOutputSchema() }),
    annotations: annotationsOf(op.hints),
  };
}
