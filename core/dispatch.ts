// Runs one op for any door: validates the input with the op's schema, calls the handler, and turns
// every failure into an OpError. REST, MCP and batch all come through here.
import { z } from 'zod';
import { A1Error } from './a1.ts';
import type { OpContext } from './context.ts';
import { OpError, asOpError } from './errors.ts';
import type { AnyOp } from './op.ts';

/** Tests set this so every output is checked against the op's declared output schema. */
const CHECK_OUTPUT = process.env.SHEETS_CHECK_OUTPUT === '1';

export interface FieldIssue {
  path: string;
  message: string;
}

/** Readable issues: "values[2][1]: expected string, got number". */
export function formatIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((iss) => {
    const path = pathText(iss.path);
    if (iss.code === 'unrecognized_keys') {
      return iss.keys.map((k) => ({ path: path ? `${path}.${k}` : k, message: 'unknown field; remove it (see the tool schema for valid fields)' }));
    }
    if (iss.code === 'invalid_type') {
      const input = (iss as { input?: unknown }).input;
      if (input === undefined) return [{ path: path || '(body)', message: `is required (expected ${iss.expected})` }];
      const got = input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input;
      const custom = !iss.message.startsWith('Invalid input');
      return [{ path: path || '(body)', message: custom ? `${iss.message}; got ${got}` : `expected ${iss.expected}, got ${got}` }];
    }
    if (iss.code === 'invalid_value' && 'values' in iss) {
      return [{ path: path || '(body)', message: `must be one of ${(iss.values as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` }];
    }
    return [{ path: path || '(body)', message: iss.message }];
  });
}

function pathText(path: PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

export function invalidInput(error: z.ZodError): OpError {
  const issues = formatIssues(error);
  const shown = issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`).join('; ');
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return new OpError('invalid_argument', `${shown}${more}`, { field: issues[0]?.path, issues });
}

export function parseInput<T extends z.ZodType>(op: { input: T }, raw: unknown): z.output<T> {
  const parsed = op.input.safeParse(raw ?? {}, { reportInput: true });
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

export async function runOp(op: AnyOp, ctx: OpContext, raw: unknown): Promise<unknown> {
  const input = parseInput(op, raw);
  const inner: OpContext = { ...ctx, op: { name: op.name, args: input } };
  try {
    const out = await op.handler(inner, input);
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
