// Runs one op for any door: validates the input with the op's schema, calls the handler, and turns
// every failure into an OpError. REST, MCP and batch all come through here.
import { z } from 'zod';
import { A1Error } from './a1.ts';
import type { OpContext } from './context.ts';
import { OpError, asOpError } from './errors.ts';
import type { AnyOp } from './op.ts';
import { didYouMean } from './suggest.ts';
import type { Effects } from './workbook/effects.ts';
import type { ChangeSet } from './files/diff.ts';

/** Tests set this so every output is checked against the op's declared output schema. */
const CHECK_OUTPUT = process.env.SHEETS_CHECK_OUTPUT === '1';

export interface FieldIssue {
  path: string;
  message: string;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType>; options?: z.ZodType[]; getter?: () => z.ZodType };

/** The field names of the object(s) `schema` holds at `path` (all branches of a union). */
function fieldsAt(schema: z.ZodType | undefined, path: readonly PropertyKey[]): string[] {
  const out = new Set<string>();
  const walk = (s: z.ZodType | undefined, i: number, depth: number): void => {
    const def = (s as unknown as { _zod?: { def: Def } } | undefined)?._zod?.def;
    if (!def || depth > 40) return;
    if (['optional', 'default', 'nullable', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)) return walk(def.innerType, i, depth + 1);
    if (def.type === 'pipe') return walk(def.in, i, depth + 1);
    if (def.type === 'lazy' && def.getter) return walk(def.getter(), i, depth + 1);
    if (def.type === 'union') return def.options?.forEach((o) => walk(o, i, depth + 1));
    if (def.type === 'array') return typeof path[i] === 'number' ? walk(def.element, i + 1, depth + 1) : undefined;
    if (def.type === 'object' && def.shape) {
      if (i === path.length) for (const k of Object.keys(def.shape)) out.add(k);
      else if (typeof path[i] === 'string') walk(def.shape[path[i] as string], i + 1, depth + 1);
    }
  };
  walk(schema, 0, 0);
  return [...out];
}

/** Readable issues: "values[2][1]: expected string, got number"; `schema` lets unknown fields name the nearest known one. */
export function formatIssues(error: z.ZodError, schema?: z.ZodType): FieldIssue[] {
  return error.issues.flatMap((iss) => {
    const path = pathText(iss.path);
    if (iss.code === 'unrecognized_keys') {
      const known = fieldsAt(schema, iss.path);
      return iss.keys.map((k) => {
        const hint = didYouMean(k, known);
        return { path: path ? `${path}.${k}` : k, message: hint ? `unknown field${hint}` : 'unknown field; remove it (see the tool schema for valid fields)' };
      });
    }
    if (iss.code === 'invalid_type') {
      const input = (iss as { input?: unknown }).input;
      if (input === undefined) return [{ path: path || '(body)', message: `is required (expected ${iss.expected})` }];
      const got = input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input;
      const custom = !iss.message.startsWith('Invalid input');
      return [{ path: path || '(body)', message: custom ? `${iss.message}; got ${got}` : `expected ${iss.expected}, got ${got}` }];
    }
    if (iss.code === 'invalid_value' && 'values' in iss) {
      // A message the schema wrote itself says more than the list.
      if (!iss.message.startsWith('Invalid')) return [{ path: path || '(body)', message: iss.message }];
      const values = iss.values as unknown[];
      const hint = didYouMean((iss as { input?: unknown }).input, values.filter((v): v is string => typeof v === 'string'));
      return [{ path: path || '(body)', message: `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}${hint}` }];
    }
    return [{ path: path || '(body)', message: iss.message }];
  });
}

function pathText(path: PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

export function invalidInput(error: z.ZodError, schema?: z.ZodType): OpError {
  const issues = formatIssues(error, schema);
  const shown = issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`).join('; ');
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return new OpError('invalid_argument', `${shown}${more}`, { field: issues[0]?.path, issues });
}

/**
 * The first string (or object key) in `value` that is not well-formed Unicode — a lone surrogate,
 * which no store, sandbox or file format accepts — as a field path, or null.
 */
export function malformedText(value: unknown, path = ''): { path: string; at: number } | null {
  if (typeof value === 'string') return value.isWellFormed() ? null : { path: path || '(body)', at: firstLoneSurrogate(value) };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = malformedText(value[i], `${path}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const here = path ? `${path}.${k}` : k;
      if (!k.isWellFormed()) return { path: here, at: firstLoneSurrogate(k) };
      const bad = malformedText(v, here);
      if (bad) return bad;
    }
  }
  return null;
}

function firstLoneSurrogate(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    else if (c >= 0xd800 && c <= 0xdfff) return i;
  }
  return -1;
}

export function parseInput<T extends z.ZodType>(op: { input: T }, raw: unknown): z.output<T> {
  let bad: ReturnType<typeof malformedText>;
  try {
    bad = malformedText(raw);
  } catch (err) {
    // Input nested deeper than the stack: nothing an op accepts is shaped like that.
    if (err instanceof RangeError) throw new OpError('invalid_argument', '(body): the input is nested too deeply', { field: '(body)' });
    throw err;
  }
  if (bad) {
    const message = `is not well-formed Unicode text: a lone surrogate at character ${bad.at}; send text as valid UTF-8 (or UTF-16 with paired surrogates)`;
    throw new OpError('invalid_argument', `${bad.path}: ${message}`, { field: bad.path, issues: [{ path: bad.path, message }] });
  }
  let input = raw ?? {};
  let parsed = op.input.safeParse(input, { reportInput: true });
  // Agents often quote numbers ("limit": "50"): a number field given a string that is exactly a
  // number (or a boolean field given "true"/"false") takes its value, as a query string would. A
  // choice given in another case or in the plural ("formulas" for "formula") is that choice.
  for (let round = 0; !parsed.success && round < 3; round++) {
    const fixes = parsed.error.issues.flatMap((iss): { path: PropertyKey[]; value: unknown }[] => {
      const given = (iss as { input?: unknown }).input;
      if (iss.code === 'invalid_value' && 'values' in iss && typeof given === 'string' && iss.path.length > 0) {
        const value = sameChoice(given, iss.values as unknown[]);
        return value === undefined ? [] : [{ path: iss.path, value }];
      }
      if (iss.code !== 'invalid_type' || typeof given !== 'string' || iss.path.length === 0) return [];
      const value = iss.expected === 'number' || iss.expected === 'int' ? numericText(given) : iss.expected === 'boolean' ? (given === 'true' ? true : given === 'false' ? false : undefined) : undefined;
      return value === undefined ? [] : [{ path: iss.path, value }];
    });
    if (fixes.length === 0) break;
    input = structuredClone(input);
    for (const { path, value } of fixes) setAt(input, path, value);
    parsed = op.input.safeParse(input, { reportInput: true });
  }
  if (!parsed.success) throw invalidInput(parsed.error, op.input);
  return parsed.data;
}

/** The one option `given` names but for case or a plural "s" ("Formulas" for "formula", "value" for "values"), or undefined. */
function sameChoice(given: string, options: unknown[]): string | undefined {
  const g = given.toLowerCase();
  const same = (o: string) => o === g || `${o}s` === g || o === `${g}s`;
  const hits = options.filter((o): o is string => typeof o === 'string' && same(o.toLowerCase()));
  return hits.length === 1 ? hits[0] : undefined;
}

/** The number a string spells exactly ("42", "-1.5", "1e3"), or undefined ("", " 4", "0x10", "Infinity"). */
function numericText(text: string): number | undefined {
  if (!/^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

function setAt(root: unknown, path: readonly PropertyKey[], value: unknown): void {
  let node = root as Record<PropertyKey, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<PropertyKey, unknown>;
  node[path[path.length - 1]!] = value;
}

/** The reply of a dry run: nothing was committed; `version` is the file's version, unchanged. */
function dryRunReply(op: AnyOp, out: unknown, report: ChangeSet | undefined): unknown {
  if (!report) throw new Error(`${op.name} accepted dry_run but wrote without reporting what it would change`);
  const { version, ...rest } = (out && typeof out === 'object' ? out : {}) as { version?: number };
  return { dry_run: true, ...(version !== undefined ? { version } : {}), changes: report, result: rest };
}

export async function runOp(op: AnyOp, ctx: OpContext, raw: unknown): Promise<unknown> {
  const input = parseInput(op, raw);
  let effects: Effects | undefined;
  // Ops with a dry run of their own (delete_rows_where, sort_range, ...) see dry_run as any field.
  const asked = (input as { dry_run?: boolean | 'full' }).dry_run;
  const dry = op.genericDryRun === true && (asked === true || asked === 'full');
  if (dry && ctx.session) throw new OpError('invalid_argument', 'dry_run: give it on run_batch itself, not on one of its actions', { field: 'dry_run' });
  // Their own dry run commits nothing either, whatever opening the file left to store.
  const own = !dry && op.genericDryRun !== true && (input as { dry_run?: boolean }).dry_run === true && !ctx.session;
  const inner: OpContext = { ...ctx, op: { name: op.name, args: input }, reportEffects: (e) => (effects = e), dryRun: dry || own ? { full: asked === 'full' } : undefined };
  try {
    let out = await op.handler(inner, input);
    // A dry run's reply has one shape for every op (docs/agents.md): what would change, and the op's own reply.
    if (dry) return dryRunReply(op, out, inner.dryRun!.report);
    // What else a write changed (formulas elsewhere, spills, code reruns) rides on its reply.
    if (effects && out && typeof out === 'object' && !Array.isArray(out) && !op.binary) out = { ...out, effects };
    if (CHECK_OUTPUT && !op.binary) {
      const checked = op.output.safeParse(out);
      if (!checked.success) throw new Error(`${op.name} returned output that does not match its schema: ${JSON.stringify(formatIssues(checked.error))}`);
    }
    return out;
  } catch (err) {
    if (err instanceof A1Error) throw new OpError('invalid_argument', err.message);
    throw asOpError(err);
  }
}
