// MCP tool definitions generated from the registry: the same zod schemas become the tools'
// input and output JSON Schemas (zod 4's own toJSONSchema; see docs/dependencies.md).
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AnyOp } from '../core/op.ts';
import { toolDescription } from '../prompts/tool-texts.ts';

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Tool['inputSchema'] {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  return out as Tool['inputSchema'];
}

export function toolOf(op: AnyOp): Tool {
  return {
    name: op.name,
    title: op.summary.split(/[.:;]/)[0],
    description: toolDescription(op),
    inputSchema: jsonSchemaOf(op.input, 'input'),
    ...(op.binary ? {} : { outputSchema: jsonSchemaOf(op.output, 'output') as Tool['outputSchema'] }),
    annotations: {
      readOnlyHint: op.hints.readOnly,
      idempotentHint: op.hints.idempotent ?? op.hints.readOnly,
      destructiveHint: op.hints.destructive ?? false,
      openWorldHint: false,
    },
  };
}
