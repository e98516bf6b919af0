// Token-thrifty JSON Schemas for tools/list. Inputs keep every field, type, enum, default and
// description, but lose what agents do not need (uuid regexes beside format: uuid, storage-guard
// length caps, the long shared field texts). Outputs keep the top-level fields and their types:
// enough to know what comes back and for clients to validate structuredContent.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { SHORT_FIELD_TEXTS } from '../prompts/field-texts.ts';

type Json = Record<string, unknown>;

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

/** Caps above these are guards against abuse, not something an agent plans around. */
const NOISE_CAPS: Record<string, number> = { maxLength: 100, maxItems: 1000, maximum: 1e6 };

function slimNode(node: unknown, field?: string): unknown {
  if (Array.isArray(node)) return node.map((n) => slimNode(n));
  if (!node || typeof node !== 'object') return node;
  const src = node as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === 'pattern' && typeof src.format === 'string') continue;
    if (k in NOISE_CAPS && typeof v === 'number' && v >= NOISE_CAPS[k]!) continue;
    if ((k === 'minLength' || k === 'minItems') && v === 1) continue;
    if (k === 'minimum' && typeof v === 'number' && v <= -1e15) continue; // z.int()'s safe-integer floor
    // z.record(z.unknown()) gives {}: spell "any value" as true, which every client reads alike.
    if (k === 'additionalProperties' && v && typeof v === 'object' && Object.keys(v).length === 0) {
      out[k] = true;
      continue;
    }
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([name, p]) => [name, slimNode(p, name)]));
    } else out[k] = slimNode(v);
  }
  const short = field ? SHORT_FIELD_TEXTS[field] : undefined;
  if (short && out.description === short.long) {
    if (short.short) out.description = short.short;
    else delete out.description;
  }
  return out;
}

export function slimInputSchema(schema: z.ZodType): Tool['inputSchema'] {
  return slimNode(jsonSchemaOf(schema, 'input')) as Tool['inputSchema'];
}

/** The JSON types a schema node admits, or undefined when it admits anything. */
function typesOf(node: Json): string[] | undefined {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type as string[];
  const branches = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  if (!branches) return undefined;
  const all = new Set<string>();
  for (const b of branches) {
    const t = typesOf(b);
    if (!t) return undefined;
    t.forEach((x) => all.add(x));
  }
  return [...all];
}

/**
 * Fields the MCP door may add to any result when it has to cut it (see mcp/results.ts). Output
 * schemas leave additionalProperties open, so they validate without being listed per tool.
 */
export const CUT_FIELDS = ['truncated', 'next_range', 'next_ranges'] as const;

export function slimOutputSchema(schema: z.ZodType): Tool['outputSchema'] {
  const full = jsonSchemaOf(schema, 'output');
  const props: Json = {};
  for (const [name, p] of Object.entries((full.properties ?? {}) as Record<string, Json>)) {
    const t = typesOf(p);
    // One type, or none: a type array (nullable fields) is legal but not portable to every client.
    props[name] = t?.length === 1 ? { type: t[0] } : {};
  }
  return { type: 'object', properties: props } as Tool['outputSchema'];
}
