// MCP tool definitions generated from the registry, one tool per op (the `full` surface): the op's
// zod schemas become slim JSON Schemas (mcp/schema-slim.ts) and its texts come from prompts/.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AnyOp, OpHints } from '../core/op.ts';
import { toolDescription } from '../prompts/tool-texts.ts';
import { findOp } from '../core/registry.ts';
import { FIELDS_AS } from '../prompts/field-texts.ts';
import { describedIn, slimInputSchema, slimOutputSchema } from './schema-slim.ts';
import { TASK_EXECUTION } from './tasks.ts';

export { jsonSchemaOf } from './schema-slim.ts';

/**
 * All four hints on every tool, stated rather than left to MCP's defaults (which assume a
 * destructive, open-world tool): clients decide on them whether to ask before a call. A write
 * that may overwrite or remove data is destructive unless the op says `destructive: false`
 * (create, add, append, insert). Hosts keep annotations and titles for their own UI and approval
 * prompts and do not hand them to the model, so they are outside the model's token budget.
 */
export function annotationsOf(hints: OpHints): NonNullable<Tool['annotations']> {
  return {
    readOnlyHint: hints.readOnly,
    destructiveHint: !hints.readOnly && hints.destructive !== false,
    idempotentHint: hints.readOnly || hints.idempotent === true,
    openWorldHint: hints.openWorld === true,
  };
}

/** One tool standing for several ops (the compact surface): read-only if all are, destructive or open-world if any is. */
export function groupAnnotations(members: readonly AnyOp[]): NonNullable<Tool['annotations']> {
  const each = members.map((o) => annotationsOf(o.hints));
  return {
    readOnlyHint: each.every((a) => a.readOnlyHint),
    destructiveHint: each.some((a) => a.destructiveHint),
    idempotentHint: each.every((a) => a.idempotentHint),
    openWorldHint: each.some((a) => a.openWorldHint),
  };
}

const ACRONYMS: Record<string, string> = { csv: 'CSV', xlsx: 'XLSX', pdf: 'PDF', me: 'me' };

/** A title for clients' menus and approval prompts: `export_pdf` → "Export PDF". */
export function titleOf(name: string): string {
  const words = name.split('_').map((w) => ACRONYMS[w] ?? w);
  const first = words[0]!;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...words.slice(1)].join(' ');
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
  const title = titleOf(op.name);
  return {
    name: op.name,
    title,
    description: toolDescription(op),
    inputSchema: inputSchemaOf(op),
    ...(opts.outputSchemas && !op.binary ? { outputSchema: slimOutputSchema(op.output) } : {}),
    annotations: { title, ...annotationsOf(op.hints) },
    ...(op.runsLong ? { execution: TASK_EXECUTION } : {}),
  };
}
