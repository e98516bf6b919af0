// Builds an op's raw input from an HTTP request: path params, query string and JSON body merged.
// Query strings carry only text, so values are coerced by the op's own zod shape (numbers,
// booleans, arrays); the op's schema then validates as for every other door.
import type { z } from 'zod';
import { OpError } from '../core/errors.ts';
import type { AnyOp } from '../core/op.ts';

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType };

function baseType(schema: z.ZodType | undefined): string | undefined {
  let s = schema as unknown as { _zod?: { def: Def } } | undefined;
  for (let i = 0; s?._zod && i < 10; i++) {
    const def = s._zod.def;
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault' || def.type === 'readonly') s = def.innerType as never;
    else if (def.type === 'pipe') s = def.in as never;
    else return def.type;
  }
  return undefined;
}

function coerce(type: string | undefined, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (type === 'number' || type === 'int') return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  if (type === 'boolean') return value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
  return value;
}

export function queryInput(op: AnyOp, query: Record<string, unknown>): Record<string, unknown> {
  const shape = op.input.shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(query)) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const type = baseType(shape[key]);
    if (type === 'array') out[key] = (Array.isArray(value) ? value : [value]).map((v) => coerce(baseType((shape[key] as unknown as { _zod: { def: Def } })._zod.def.element), v));
    else out[key] = coerce(type, Array.isArray(value) ? value[value.length - 1] : value);
  }
  return out;
}

export function requestInput(op: AnyOp, params: Record<string, string>, query: Record<string, unknown>, body: unknown): Record<string, unknown> {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new OpError('invalid_argument', '(body): the request body must be a JSON object', { field: '(body)' });
  }
  const merged: Record<string, unknown> = { ...queryInput(op, query), ...((body as Record<string, unknown>) ?? {}) };
  for (const [k, v] of Object.entries(params)) {
    if (merged[k] !== undefined && merged[k] !== v) throw new OpError('invalid_argument', `${k}: given in the path as ${v} and in the request as ${String(merged[k])}; give it once`, { field: k });
    merged[k] = v;
  }
  return merged;
}
