// MCP tool definitions generated from the registry, one tool per op (the `full` surface): the op's
// zod schemas become slim JSON Schemas (mcp/schema-slim.ts) and its texts come from prompts/.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AnyOp, OpHints } from '../core/op.ts';
import { toolDescription } from '../prompts/tool-texts.ts';
import { findOp } from '../core/registry.ts';
import { FIELDS_AS } from '../prompts/field-texts.ts';
import { describedIn, slimInputSchema, slimOutputSchema } from './schema-slim.ts';

export { jsonSchemaOf } from './schema-slim.ts';

/**
 * Only what differs from MCP's defaults (a write that may destroy): readOnlyHint for reads,
 * destructiveHint: false for purely additive writes. A write that overwrites cells is destructive
 * in MCP's sense ("may perform destructive updates"), so it carries no annotations at all.
 * idempotentHint is left out: no client we know acts on it.
 */
export function annotationsOf(hints: OpHints): Tool['annotations'] | undefined {
  if (hints.readOnly) return { readOnlyHint: true };
  return hints.destructive === false ? { destructiveHint: false } : undefined;
}

/** The op's input schema as the full surface lists it: a field repeated from FIELDS_AS[op] is described there. */
function inputSchemaOf(op: AnyOp): Tool['inputSchema'] {
  const schema = slimInputSchema(op.input, op.name);
  const base = FIELDS_AS[op.name] ? findOp(FIELDS_AS[op.name]!) : undefined;
  return base ? describedIn(schema, slimInputSchema(base.input, base.name)) : schema;
}

export interface ToolOptions {
  /** Advertise each result's top-level fields as outputSchema (SHEETS_MCP_OUTPUT_SCHEMAS=fields). */
  outputSchemas?: boolean;
}

export function toolOf(op: AnyOp, opts: ToolOptions = {}): Tool {
  const annotations = annotationsOf(op.hints);
  return {
    name: op.name,
    description: toolDescription(op),
    inputSchema: inputSchemaOf(op),
    ...(opts.outputSchemas && !op.binary ? { outputSchema: slimOutputSchema(op.output) } : {}),
    ...(annotations ? { annotations } : {}),
  };
}
