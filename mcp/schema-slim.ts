// Token-thrifty JSON Schemas for tools/list. Inputs keep every field, type, enum, default and
// description, but lose what agents do not need (uuid regexes beside format: uuid, storage-guard
// length caps, the long shared field texts). Outputs keep the top-level fields and their types:
// enough to know what comes back and for clients to validate structuredContent.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { SCHEMA_SHORTHANDS, SHORT_FIELD_TEXTS } from '../prompts/field-texts.ts';

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
  collapseNullable(out);
  const short = field ? SHORT_FIELD_TEXTS[field] : undefined;
  if (short && out.description === short.long) {
    if (short.short) out.description = short.short;
    else delete out.description;
  }
  return out;
}

/** {anyOf: [{type: "string", enum: [...]}, {type: "null"}]} -> {type: ["string", "null"], enum: [..., null]}: same meaning, fewer tokens. */
function collapseNullable(node: Json): void {
  const any = node.anyOf;
  if (!Array.isArray(any) || any.length !== 2) return;
  const nullIdx = any.findIndex((a) => (a as Json)?.type === 'null' && Object.keys(a as Json).length === 1);
  const other = any[1 - nullIdx] as Json | undefined;
  if (nullIdx < 0 || !other || typeof other.type !== 'string' || 'anyOf' in other) return;
  delete node.anyOf;
  Object.assign(node, other, { type: [other.type, 'null'] });
  if (Array.isArray(other.enum)) node.enum = [...other.enum, null];
}

/** The input schema as tools/list shows it; with an op name, that op's shorthands apply. */
export function slimInputSchema(schema: z.ZodType, shorthandsOf?: string): Tool['inputSchema'] {
  const out = slimNode(jsonSchemaOf(schema, 'input')) as Json;
  for (const [path, replacement] of Object.entries((shorthandsOf && SCHEMA_SHORTHANDS[shorthandsOf]) || {})) {
    const keys = path.split('.');
    const parent = keys.slice(0, -1).reduce<Json | undefined>((node, k) => node?.[k] as Json | undefined, out);
    if (!parent || !(keys.at(-1)! in parent)) throw new Error(`SCHEMA_SHORTHANDS: ${shorthandsOf} has no ${path}`);
    parent[keys.at(-1)!] = replacement;
  }
  return out as Tool['inputSchema'];
}

/**
 * Output schemas name the top-level fields only: what comes back is what an agent plans with, the
 * types it sees in the result (and OpenAPI has them in full). additionalProperties stays open, so the truncated / next_range(s) a cut adds (mcp/results.ts)
 * still validate.
 */
export function slimOutputSchema(schema: z.ZodType): Tool['outputSchema'] {
  const full = jsonSchemaOf(schema, 'output');
  const props = Object.fromEntries(Object.keys((full.properties ?? {}) as Json).map((name) => [name, {}]));
  return { type: 'object', properties: props } as Tool['outputSchema'];
}
