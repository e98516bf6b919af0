// What agents pay before doing anything: every tool's text has a valid example and stays short,
// and tools/list fits its token budget on both surfaces. Tokens are counted by a stated rule:
// 1 token = 4 characters of the compact JSON of tools/list (o200k_base measured 3.8 characters per
// token on this JSON, so the rule is close; see docs/agents.md).
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ops } from '../core/registry.ts';
import { compactGroups, signatureOf } from '../mcp/compact.ts';
import { showSheetTool } from '../mcp/app.ts';
import { toolOf } from '../mcp/tools.ts';
import { exampleIn, textOf } from '../prompts/tool-texts.ts';

const CHARS_PER_TOKEN = 4;
const tokens = (v: unknown) => Math.ceil(JSON.stringify(v).length / CHARS_PER_TOKEN);
/**
 * What a host hands its model of a tool: name, description and schemas. Title, annotations and
 * execution (whether it may run as a task) stay with the client (menus, approval prompts, how it
 * calls); they are counted apart, per tool.
 */
const forModel = ({ name, description, inputSchema, outputSchema }: Tool): Tool => ({ name, description, inputSchema, ...(outputSchema ? { outputSchema } : {}) });
const CLIENT_TOKENS = 50;
const clientPart = ({ title, annotations, execution }: Tool) => ({ title, annotations, ...(execution ? { execution } : {}) });

/** Budgets: the whole list, and per tool so one oversized tool is named as soon as it lands. */
// Issue "Agents solve real spreadsheet tasks" gives the full surface 14k for its new ops (row
// operations, versions, outline groups); wording moves into examples and help before it grows.
const FULL_LIST_TOKENS = 14_000;
const COMPACT_LIST_TOKENS = 3_000;
/** A runaway tool fails at once; tools over the average a 70-op list can afford are listed. */
const TOOL_TOKENS = 1_200;
const TOOL_TOKENS_AFFORDABLE = 170;
const DESCRIPTION_CHARS = 450;

/** Where the tokens go, largest tool first: what the model reads of the tool, its description, input schema (and the part of it that is field texts), output schema; then title and annotations, which the client keeps. */
function costTable(tools: Tool[]): string {
  const fieldTexts = (node: unknown): number => {
    if (!node || typeof node !== 'object') return 0;
    const own = typeof (node as { description?: unknown }).description === 'string' ? JSON.stringify({ description: (node as { description: string }).description }).length - 1 : 0;
    return own + Object.values(node).reduce<number>((sum, v) => sum + fieldTexts(v), 0);
  };
  const rows = tools
    .map((t) => [t.name, tokens(forModel(t)), tokens(t.description), tokens(t.inputSchema), Math.ceil(fieldTexts(t.inputSchema.properties) / CHARS_PER_TOKEN), t.outputSchema ? tokens(t.outputSchema) : 0, tokens(clientPart(t))] as const)
    .sort((a, b) => b[1] - a[1]);
  const head = ['tool', 'model', 'description', 'input', '(field texts)', 'output', 'client (title, annotations)'];
  const width = Math.max(...rows.map((r) => r[0].length));
  const line = (cells: readonly (string | number)[]) => cells.map((c, i) => (i === 0 ? String(c).padEnd(width) : String(c).padStart(head[i]!.length))).join('  ');
  const sums = head.slice(1).map((_, i) => rows.reduce((s, r) => s + (r[i + 1] as number), 0));
  return [line(head), ...rows.map(line), line(['(sum of tools)', ...sums])].join('\n');
}

describe('tool texts', () => {
  it('every op has a tool text, its own or in prompts/tool-texts.ts', () => {
    const missing = ops.filter((op) => textOf(op) === undefined).map((op) => op.name);
    expect(missing, 'give the op a text (OpDef.text) or an entry in TOOL_TEXTS').toEqual([]);
  });

  it.each(ops.map((op) => [op.name, op] as const))('%s: its description holds a JSON example its own schema accepts', (_name, op) => {
    const description = toolOf(op).description!;
    // No example shown means the tool needs nothing but its file (or nothing at all).
    const example = exampleIn(description, 'file_uuid' in op.input.shape) ?? ('file_uuid' in op.input.shape ? { file_uuid: '00000000-0000-4000-8000-000000000000' } : {});
    const entry = textOf(op)!;
    if (!/Example: \{/.test(description)) expect(typeof entry === 'string' ? ['(text)'] : Object.keys(entry.example).filter((k) => k !== 'file_uuid'), `${op.name} has an example to show`).toEqual([]);
    expect(example, `${op.name}: no "Example: {...}" in: ${description}`).toBeTypeOf('object');
    const parsed = op.input.safeParse(example);
    expect(parsed.success, `${op.name} example rejected: ${parsed.error?.message}`).toBe(true);
  });

  it('descriptions stay short', () => {
    const long = ops.map((op) => toolOf(op)).filter((t) => t.description!.length > DESCRIPTION_CHARS).map((t) => `${t.name}: ${t.description!.length} chars`);
    expect(long).toEqual([]);
  });
});

describe('tools/list budgets', () => {
  it(`full surface: one tool per op, each ≤ ${TOOL_TOKENS} tokens, all ≤ ${FULL_LIST_TOKENS}`, () => {
    // What tools/list sends: a tool per op and show_sheet (the MCP App, mcp/app.ts).
    const wire = [...ops.map((op) => toolOf(op)), showSheetTool];
    const tools = wire.map(forModel);
    const chatty = wire.filter((t) => tokens(clientPart(t)) > CLIENT_TOKENS).map((t) => t.name);
    expect(chatty, `title, annotations and execution over ${CLIENT_TOKENS} tokens`).toEqual([]);
    const heavy = tools.filter((t) => tokens(t) > TOOL_TOKENS).map((t) => `${t.name}: ${tokens(t)} tokens`);
    expect(heavy).toEqual([]);
    const over = tools.filter((t) => tokens(t) > TOOL_TOKENS_AFFORDABLE * 2).map((t) => `${t.name} ${tokens(t)}`);
    if (over.length) console.log(`tools over ${TOOL_TOKENS_AFFORDABLE * 2} tokens (the full list affords ~${TOOL_TOKENS_AFFORDABLE} per tool at 70 ops): ${over.join(', ')}`);
    const total = tokens({ tools });
    console.log(`full tools/list: ${tools.length} tools, ${total} tokens for the model (${Math.round(total / tools.length)} per tool), ${tokens({ tools: wire })} on the wire with titles and annotations\n${costTable(wire)}`);
    expect(total).toBeLessThanOrEqual(FULL_LIST_TOKENS);
  });

  it(`compact surface: at most 8 tools, ≤ ${COMPACT_LIST_TOKENS} tokens, every op reachable once`, () => {
    const groups = [...compactGroups(ops).values()];
    expect(groups.length + 1).toBeLessThanOrEqual(8);
    const total = tokens({ tools: [...groups.map((g) => g.tool), showSheetTool].map(forModel) });
    console.log(`compact tools/list: ${groups.length} tools, ${total} tokens for ${ops.length} actions`);
    expect(total).toBeLessThanOrEqual(COMPACT_LIST_TOKENS);
    const reachable = groups.flatMap((g) => g.ops.map((o) => o.name)).sort();
    expect(reachable).toEqual(ops.map((o) => o.name).sort());
    for (const g of groups) for (const op of g.ops) expect(g.tool.description).toContain(signatureOf(op));
  });
});
