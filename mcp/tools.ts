// MCP tool definitions generated from the registry, one tool per op (the `full` surface): the op's
// zod schemas become slim JSON Schemas (mcp/schema-slim.ts) and its texts come from prompts/.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AnyOp, OpHints } from '../core/op.ts';
import { toolDescription } from '../prompts/tool-texts.ts';
import { findOp } from '../core/registry.ts';
import { FIELDS_AS } from '../prompts/field-texts.ts';
import { describedIn, slimInputSchema, slimOutputSchema } from './schema-slim.ts';

export { jsonSchemaOf } from './schema-slim.ts';

/** MCP's default for a write is destructive, so say otherwise; read-only tools need no more. */
export function annotationsOf(hints: OpHints): Tool['annotations'] {
  if (hints.readOnly) return { readOnlyHint: true };
  return { destructiveHint: hints.destructive ?? false, ...(hints.idempotent ? { idempotentHint: true } : {}) };
}

/** The op's input schema as the full surface lists it: a field repeated from FIELDS_AS[op] is described there. */
function inputSchemaOf(op: AnyOp): Tool['inputSchema'] {
  const schema = slimInputSchema(op.input, op.name);
  const base = FIELDS_AS[op.name] ? findOp(FIELDS_AS[op.name]!) : undefined;
  return base ? describedIn(schema, slimInputSchema(base.input, base.name)) : schema;
}

export function toolOf(op: AnyOp): Tool {
  return {
    name: op.name,
    description: toolDescription(op),
    inputSchema: inputSchemaOf(op),
    ...(op.binary ? {} : { outputSchema: slimOutputSchema() }),
    annotations: annotationsOf(op.hints),
  };
}
