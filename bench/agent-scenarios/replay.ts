// Replays scripted agent scenarios (bench/agent-scenarios/*.json) against a connected MCP client:
// each step is a tool call with the expected result (a partial match on structuredContent, a
// regex on the text the model reads, or an expected error). Values saved from earlier steps are
// substituted as ${name}. On the compact surface the same steps go through the grouped tools.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { findOp } from '../../core/registry.ts';
import { groupOf } from '../../mcp/compact.ts';
import { STRUCTURED_META, estimateTokens, gridCells } from '../../mcp/results.ts';

export interface Step {
  tool: string;
  args?: Record<string, unknown>;
  note?: string;
  /**
   * Partial match: objects may hold more keys, arrays match element by element and in length;
   * {"$regex": "..."} matches a string (timestamps under the fixed clock advance 1 ms per reading).
   */
  expect?: unknown;
  /** Regex the text content must match. */
  expect_text?: string;
  expect_error?: { code: string; message?: string };
  /** Variables to keep from structuredContent: {"file": "uuid", "first": "files.0.uuid"}. */
  save?: Record<string, string>;
}

export interface Scenario {
  name: string;
  description: string;
  steps: Step[];
}

export interface StepResult {
  scenario: string;
  step: number;
  tool: string;
  ok: boolean;
  why?: string;
  /** What the result cost: the text a model reads, and all a client receives (grid results: the text alone), in tokens as estimateTokens counts them. */
  tokens?: { text: number; wire: number };
}

export const SCENARIO_DIR = new URL('.', import.meta.url).pathname;

export function loadScenarios(dir = SCENARIO_DIR): Scenario[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Scenario);
}

function substitute(value: unknown, vars: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    const whole = /^\$\{(\w+)\}$/.exec(value);
    if (whole) {
      if (!(whole[1]! in vars)) throw new Error(`\${${whole[1]}} is not saved yet`);
      return vars[whole[1]!];
    }
    return value.replace(/\$\{(\w+)\}/g, (_, k: string) => String(vars[k]));
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, vars));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars)]));
  return value;
}

/** Where actual differs from the expected shape, as a path and a reason; undefined when it matches. */
export function mismatch(actual: unknown, expected: unknown, path = '$'): string | undefined {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${JSON.stringify(actual)}`;
    if (actual.length !== expected.length) return `${path}: expected ${expected.length} items, got ${actual.length}: ${JSON.stringify(actual).slice(0, 200)}`;
    for (let i = 0; i < expected.length; i++) {
      const m = mismatch(actual[i], expected[i], `${path}[${i}]`);
      if (m) return m;
    }
    return undefined;
  }
  if (expected && typeof expected === 'object' && typeof (expected as { $regex?: unknown }).$regex === 'string') {
    const re = new RegExp((expected as { $regex: string }).$regex);
    return typeof actual === 'string' && re.test(actual) ? undefined : `${path}: expected a string matching /${re.source}/, got ${JSON.stringify(actual)}`;
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return `${path}: expected an object, got ${JSON.stringify(actual)}`;
    for (const [k, v] of Object.entries(expected)) {
      const m = mismatch((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
      if (m) return m;
    }
    return undefined;
  }
  return Object.is(actual, expected) ? undefined : `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

function pick(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], data);
}

/** Runs one scenario on a client; stops at the first failing step (later steps depend on it). */
export async function replay(client: Client, scenario: Scenario, surface: 'full' | 'compact', report: (r: StepResult) => void): Promise<boolean> {
  const vars: Record<string, unknown> = {};
  for (const [i, step] of scenario.steps.entries()) {
    const result: StepResult = { scenario: scenario.name, step: i + 1, tool: step.tool, ok: false };
    try {
      const op = findOp(step.tool);
      if (!op) throw new Error(`no op named ${step.tool}`);
      const args = substitute(step.args ?? {}, vars) as Record<string, unknown>;
      // structuredContent is asked for on every call, grids included, to check `expect`; the cost
      // counted below is what a client receives without asking (grid results: the text alone).
      const meta = { _meta: { [STRUCTURED_META]: true } };
      const call = surface === 'compact' ? { name: groupOf(op.area), arguments: { action: step.tool, args }, ...meta } : { name: step.tool, arguments: args, ...meta };
      const textOf = (o: Awaited<ReturnType<Client['callTool']>>) => (o.content as { type: string; text?: string }[]).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
      let out = await client.callTool(call);
      // A well-behaved agent waits when rate-limited and tries again.
      for (let attempt = 0; attempt < 5 && out.isError && textOf(out).startsWith('Error (rate_limited)'); attempt++) {
        await new Promise((r) => setTimeout(r, 1000 * Number(/retry after (\d+)/i.exec(textOf(out))?.[1] ?? 1)));
        out = await client.callTool(call);
      }
      const text = textOf(out);
      const json = out.structuredContent && gridCells(out.structuredContent) === 0 ? estimateTokens(JSON.stringify(out.structuredContent)) : 0;
      result.tokens = { text: estimateTokens(text), wire: estimateTokens(text) + json };
      if (step.expect_error) {
        const m = /^Error \((\w+)\): ([\s\S]*)$/.exec(text);
        if (!out.isError || !m) throw new Error(`expected error ${step.expect_error.code}, got success: ${text.slice(0, 200)}`);
        if (m[1] !== step.expect_error.code) throw new Error(`expected error ${step.expect_error.code}, got ${m[1]}: ${m[2]}`);
        if (step.expect_error.message && !new RegExp(step.expect_error.message).test(m[2]!)) throw new Error(`error message ${JSON.stringify(m[2])} does not match /${step.expect_error.message}/`);
      } else {
        if (out.isError) throw new Error(text);
        if (step.expect !== undefined) {
          const m = mismatch(out.structuredContent, substitute(step.expect, vars));
          if (m) throw new Error(m);
        }
        if (step.expect_text && !new RegExp(step.expect_text).test(text)) throw new Error(`text does not match /${step.expect_text}/:\n${text.slice(0, 400)}`);
        for (const [name, path] of Object.entries(step.save ?? {})) vars[name] = pick(out.structuredContent, path);
      }
      result.ok = true;
    } catch (err) {
      result.why = (err as Error).message;
    }
    report(result);
    if (!result.ok) return false;
  }
  return true;
}
