// What agents pay before doing anything: every tool's text has a valid example and stays short,
// and tools/list fits its token budget on both surfaces. Tokens are counted by a stated rule:
// 1 token = 4 characters of the compact JSON of tools/list (o200k_base measured 3.8 characters per
// token on this JSON, so the rule is close; see docs/agents.md).
import { describe, expect, it } from 'vitest';
import { ops } from '../core/registry.ts';
import { compactGroups, signatureOf } from '../mcp/compact.ts';
import { toolOf } from '../mcp/tools.ts';
import { TOOL_TEXTS, exampleIn } from '../prompts/tool-texts.ts';

const CHARS_PER_TOKEN = 4;
const tokens = (v: unknown) => Math.ceil(JSON.stringify(v).length / CHARS_PER_TOKEN);

/** Budgets: the whole list, and per tool so one oversized tool is named as soon as it lands. */
const FULL_LIST_TOKENS = 12_000;
const COMPACT_LIST_TOKENS = 3_000;
/** A runaway tool fails at once; tools over the average a 70-op list can afford are listed. */
const TOOL_TOKENS = 1_200;
const TOOL_TOKENS_AFFORDABLE = 170;
const DESCRIPTION_CHARS = 450;

describe('tool texts', () => {
  it('every op has an entry in prompts/tool-texts.ts', () => {
    const missing = ops.filter((op) => TOOL_TEXTS[op.name] === undefined).map((op) => op.name);
    expect(missing, 'add an entry with an example to TOOL_TEXTS').toEqual([]);
  });

  it.each(ops.map((op) => [op.name, op] as const))('%s: its description holds a JSON example its own schema accepts', (_name, op) => {
    const description = toolOf(op).description!;
    const example = exampleIn(description);
    expect(example, `${op.name}: no "Example: {...}" in: ${description}`).toBeTypeOf('object');
    const parsed = op.input.safeParse(example);
    expect(parsed.success, `${op.name} example rejected: ${parsed.error?.message}`).toBe(true);
  });

  it('descriptions stay short', () => {
    const long = ops.map(toolOf).filter((t) => t.description!.length > DESCRIPTION_CHARS).map((t) => `${t.name}: ${t.description!.length} chars`);
    expect(long).toEqual([]);
  });
});

describe('tools/list budgets', () => {
  it(`full surface: one tool per op, each ≤ ${TOOL_TOKENS} tokens, all ≤ ${FULL_LIST_TOKENS}`, () => {
    const tools = ops.map(toolOf);
    const heavy = tools.filter((t) => tokens(t) > TOOL_TOKENS).map((t) => `${t.name}: ${tokens(t)} tokens`);
    expect(heavy).toEqual([]);
    const over = tools.filter((t) => tokens(t) > TOOL_TOKENS_AFFORDABLE * 2).map((t) => `${t.name} ${tokens(t)}`);
    if (over.length) console.log(`tools over ${TOOL_TOKENS_AFFORDABLE * 2} tokens (the full list affords ~${TOOL_TOKENS_AFFORDABLE} per tool at 70 ops): ${over.join(', ')}`);
    const total = tokens({ tools });
    console.log(`full tools/list: ${tools.length} tools, ${total} tokens (${Math.round(total / tools.length)} per tool)`);
    expect(total).toBeLessThanOrEqual(FULL_LIST_TOKENS);
  });

  it(`compact surface: at most 8 tools, ≤ ${COMPACT_LIST_TOKENS} tokens, every op reachable once`, () => {
    const groups = [...compactGroups(ops).values()];
    expect(groups.length).toBeLessThanOrEqual(8);
    const total = tokens({ tools: groups.map((g) => g.tool) });
    console.log(`compact tools/list: ${groups.length} tools, ${total} tokens for ${ops.length} actions`);
    expect(total).toBeLessThanOrEqual(COMPACT_LIST_TOKENS);
    const reachable = groups.flatMap((g) => g.ops.map((o) => o.name)).sort();
    expect(reachable).toEqual(ops.map((o) => o.name).sort());
    for (const g of groups) for (const op of g.ops) expect(g.tool.description).toContain(signatureOf(op));
  });
});
