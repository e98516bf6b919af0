// Token-thrifty JSON Schemas for tools/list (decisions and figures: docs/agents.md). Inputs keep
// every field, type, enum, required marker, default worth saying and format an agent cannot guess,
// but lose what agents do not need: guard caps and id patterns the 400 names anyway,
// additionalProperties: false, texts said once elsewhere; nested objects become one-line
// signatures. Output schemas are opt-in (SHEETS_MCP_OUTPUT_SCHEMAS=fields).
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { SCHEMA_SHORTHANDS, SELF_EVIDENT, SHORT_FIELD_TEXTS } from '../prompts/field-texts.ts';
import { flattenObject } from './schema-signature.ts';

type Json = Record<string, unknown>;

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

/** Caps from these up are guards against abuse, not something an agent plans around (the 400 names them). */
const NOISE_CAPS: Record<string, number> = { maxLength: 0, maxItems: 10, maximum: 1000 };

const SELF_EVIDENT_SET = new Set<string>(SELF_EVIDENT);

/** Fields whose name says they hold an id (id, file_uuid, file_uuids, task_id, connection_ids): their format and pattern are guards the 400 names. */
const ID_NAME = /^id$|_(uuids?|ids?)$/;
/** A storage guard, not a format an agent has to know. */
const NO_CONTROL_CHARS = '^[^\\p{Cc}]+$';

/** Defaults an agent assumes anyway: an omitted list is empty, an omitted flag is off. */
const isNoiseDefault = (v: unknown) => v === false || v === null || (Array.isArray(v) && v.length === 0);

interface SlimOptions {
  /** Write objects nested below the top level as one-line signatures (mcp/schema-signature.ts). */
  flatten?: boolean;
}

/** The #RRGGBB patterns of colour fields: every colour is written that way, and a 400 names the form. */
const HEX_COLOUR = /^\^#\(?(?:\?:)?\[0-9A-Fa-f\]\{6\}/;

function slimNode(node: unknown, field?: string, opts: SlimOptions = {}, depth = 0): unknown {
  if (Array.isArray(node)) return node.map((n) => slimNode(n, field, opts, depth));
  if (!node || typeof node !== 'object') return node;
  const src = node as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === 'pattern' && (typeof src.format === 'string' || (field && ID_NAME.test(field)) || v === NO_CONTROL_CHARS || HEX_COLOUR.test(String(v)))) continue;
    if (k in NOISE_CAPS && typeof v === 'number' && v >= NOISE_CAPS[k]!) continue;
    if ((k === 'minLength' || k === 'minItems') && v === 1) continue;
    if (k === 'minimum' && typeof v === 'number' && (v <= -1e15 || v === 0 || v === 1)) continue; // z.int()'s safe-integer floor; counts and sizes are positive
    // The field's name says it is an id; the server names a malformed one in its 400.
    if (k === 'format' && v === 'uuid' && field && ID_NAME.test(field)) continue;
    if (k === 'additionalProperties' && v === false) continue; // unknown fields get a 400 naming them
    if (k === 'default' && isNoiseDefault(v)) continue;
    // z.record(z.unknown()) gives {}: spell "any value" as true, which every client reads alike.
    if (k === 'additionalProperties' && v && typeof v === 'object' && Object.keys(v).length === 0) {
      out[k] = true;
      continue;
    }
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([name, p]) => [name, slimNode(p, name, opts, depth + 1)]));
    } else out[k] = slimNode(v, k === 'items' ? field : undefined, opts, depth);
  }
  collapseNullable(out);
  collapseTypeUnion(out);
  if (field && SELF_EVIDENT_SET.has(field)) delete out.description;
  // "Default 5." next to "default": 5 says it twice.
  if (out.default !== undefined && typeof out.description === 'string' && /^Default:? /.test(out.description) && out.description.replace(/^Default:? "?|"?\.$/g, '') === String(out.default)) delete out.description;
  const short = field ? SHORT_FIELD_TEXTS[field] : undefined;
  if (short && out.description === short.long) {
    if (short.short) out.description = short.short;
    else delete out.description;
  }
  // A list's own text says what its items are: "Several ranges." needs no "A1 range ..." per item.
  const items = out.items as Json | undefined;
  if (typeof out.description === 'string' && items && typeof items.description === 'string' && items.type !== 'object') delete items.description;
  if (opts.flatten && depth > 0 && out.properties && typeof out.properties === 'object') return flattenObject(out);
  return out;
}

/** {anyOf: [{type: "number"}, {type: "string"}]} -> {type: ["number", "string"]}: a union of bare types, said once. */
function collapseTypeUnion(node: Json): void {
  const any = node.anyOf;
  if (!Array.isArray(any) || any.length < 2 || 'type' in node) return;
  if (!any.every((a) => a && typeof a === 'object' && typeof (a as Json).type === 'string' && Object.keys(a as Json).length === 1)) return;
  delete node.anyOf;
  node.type = any.map((a) => (a as Json).type as string);
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

/**
 * The input schema as tools/list shows it; with an op name, that op's shorthands apply and nested
 * objects become signatures (the full surface). Without one (compact help, signatures), the whole
 * schema in JSON.
 */
export function slimInputSchema(schema: z.ZodType, shorthandsOf?: string): Tool['inputSchema'] {
  const out = slimNode(jsonSchemaOf(schema, 'input'), undefined, { flatten: shorthandsOf !== undefined }) as Json;
  // Every write takes expected_version and dry_run; the server instructions say so once instead of ~50 tools.
  // They also say space_uuid is never needed (a token has one space), so the tools that take it need not list it.
  if (shorthandsOf !== undefined && out.properties) {
    delete (out.properties as Json).expected_version;
    delete (out.properties as Json).dry_run;
    if (!((out.required as string[] | undefined) ?? []).includes('space_uuid')) delete (out.properties as Json).space_uuid;
  }
  for (const [path, replacement] of Object.entries((shorthandsOf && SCHEMA_SHORTHANDS[shorthandsOf]) || {})) {
    const keys = path.split('.');
    const parent = keys.slice(0, -1).reduce<Json | undefined>((node, k) => node?.[k] as Json | undefined, out);
    if (!parent || !(keys.at(-1)! in parent)) throw new Error(`SCHEMA_SHORTHANDS: ${shorthandsOf} has no ${path}`);
    parent[keys.at(-1)!] = replacement;
  }
  return out as Tool['inputSchema'];
}

const withoutTexts = (node: unknown): unknown =>
  Array.isArray(node)
    ? node.map(withoutTexts)
    : node && typeof node === 'object'
      ? Object.fromEntries(Object.entries(node).filter(([k, v]) => !(k === 'description' && typeof v === 'string')).map(([k, v]) => [k, k === 'properties' ? Object.fromEntries(Object.entries(v as Json).map(([n, p]) => [n, withoutTexts(p)])) : withoutTexts(v)]))
      : node;

/** Properties of `schema` that equal `base`'s but for their texts lose the texts (FIELDS_AS in prompts/field-texts.ts). */
export function describedIn(schema: Tool['inputSchema'], base: Tool['inputSchema']): Tool['inputSchema'] {
  const props = (schema.properties ?? {}) as Json;
  const baseProps = (base.properties ?? {}) as Json;
  const out = Object.fromEntries(
    Object.entries(props).map(([name, p]) => {
      const bare = withoutTexts(p);
      return [name, name in baseProps && JSON.stringify(bare) === JSON.stringify(withoutTexts(baseProps[name])) ? bare : p];
    }),
  );
  return { ...schema, properties: out as Record<string, object> };
}

/**
 * The output schema advertised with SHEETS_MCP_OUTPUT_SCHEMAS=fields: the result's top-level fields
 * (types and nesting are in OpenAPI). additionalProperties stays open, so the truncated /
 * next_range(s) a cut adds (mcp/results.ts) still validate. By default tools/list carries none:
 * hosts hand models the name, description and input schema only, so output schemas cost every
 * connection ~2,000 tokens of the list (or ~550 as a bare {type: "object"}) and told no model
 * anything; results carry structuredContent either way.
 */
export function slimOutputSchema(schema: z.ZodType): Tool['outputSchema'] {
  const full = jsonSchemaOf(schema, 'output');
  const props = Object.fromEntries(Object.keys((full.properties ?? {}) as Json).map((name) => [name, {}]));
  return { type: 'object', properties: props } as Tool['outputSchema'];
}
