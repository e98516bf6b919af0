// Token-thrifty tool results: structuredContent is the op's JSON (as REST returns it), and the
// text the model reads is a compact rendering (grids as small tables). Big grids are cut past a
// cell budget with truncated + next_range, and every result is held under a token ceiling: never
// silently, the cut is always stated in both the text and the structured result.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { A1Error, parseCell, parseRange, qualified, rectToA1 } from '../core/a1.ts';
import { renderText } from './render.ts';

export interface ResultLimits {
  /** Cells of grid values one result carries (SHEETS_MCP_MAX_CELLS). */
  maxCells: number;
  /** Result ceiling in tokens (SHEETS_MCP_MAX_RESULT_TOKENS), counted as characters / CHARS_PER_TOKEN. */
  maxTokens: number;
}

/**
 * Results are dense (digits, punctuation, short strings), so they are counted at 3 characters per
 * token — more tokens per character than tools/list's prose-like JSON (4, test/agent-budgets.test.ts).
 */
export const RESULT_CHARS_PER_TOKEN = 3;

type Obj = Record<string, unknown>;
interface Block extends Obj {
  range: string;
  values: unknown[][];
  errors?: { cell: string }[];
  sheet?: string;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBlock = (v: unknown): v is Block => isObj(v) && typeof v.range === 'string' && Array.isArray(v.values) && v.values.every(Array.isArray);

/** Keeps the first rows of a block within budget; returns the range still unread, if any. */
function cutBlock(block: Block, budget: number): { block: Block; next?: string; left?: number; cells: number } {
  const rows = block.values.length;
  const cols = (block.values[0] as unknown[] | undefined)?.length ?? 0;
  const cells = rows * cols;
  if (cells <= budget) return { block, cells };
  const keep = Math.max(0, Math.floor(budget / Math.max(cols, 1)));
  let next: string | undefined;
  let left: number | undefined;
  let stopRow = Infinity;
  try {
    const ref = parseRange(block.range);
    stopRow = ref.rect.r0 + keep;
    let r1 = ref.rect.r0 + rows - 1;
    // An op that pages itself (next_range right below this block) keeps its continuation: the
    // range to read next runs on to its end.
    if (typeof block.next_range === 'string') {
      const more = parseRange(block.next_range);
      if (more.rect.r0 === r1 + 1 && more.rect.c0 === ref.rect.c0 && more.rect.c1 === ref.rect.c1 && (more.sheet ?? '') === (ref.sheet ?? '')) r1 = more.rect.r1;
    }
    next = qualified(ref.sheet, rectToA1({ ...ref.rect, r0: stopRow, r1 }));
    left = r1 - stopRow + 1;
  } catch (err) {
    if (!(err instanceof A1Error)) throw err;
  }
  const errors = block.errors?.filter((e) => {
    try {
      return parseCell(e.cell).addr.row < stopRow;
    } catch {
      return true;
    }
  });
  return { block: { ...block, values: block.values.slice(0, keep), ...(errors ? { errors } : {}) }, next, left, cells: keep * cols };
}

/** Cuts grid values ({range, values} at the top or in a top-level array such as ranges[]) to maxCells. */
export function cutGrids(out: unknown, maxCells: number): unknown {
  if (!isObj(out)) return out;
  if (isBlock(out)) {
    const { block, next, left } = cutBlock(out, maxCells);
    return next === undefined ? block : { ...block, truncated: true, next_range: next, ...(left !== undefined ? { rows_left: left } : {}) };
  }
  let budget = maxCells;
  let result: Obj = out;
  for (const [key, value] of Object.entries(out)) {
    if (!Array.isArray(value) || !value.some(isBlock)) continue;
    const kept: unknown[] = [];
    const pending: string[] = [];
    for (const item of value) {
      if (!isBlock(item)) {
        kept.push(item);
        continue;
      }
      // Blocks past the budget stay in place with no values, so positions (batch results[i],
      // ranges[i]) still line up with the request; their ranges are listed to read next.
      if (pending.length) {
        kept.push({ ...item, values: [], ...(item.errors ? { errors: [] } : {}) });
        pending.push(item.range);
        continue;
      }
      const { block, next, cells } = cutBlock(item, budget);
      budget -= cells;
      kept.push(block);
      if (next !== undefined) pending.push(next);
    }
    if (pending.length) result = { ...result, [key]: kept, truncated: true, next_ranges: pending };
  }
  return result;
}

/** Cells of grid values in a result (a block at the top, or blocks in a top-level array). */
function gridCells(out: unknown): number {
  const of = (b: Block) => b.values.length * ((b.values[0] as unknown[] | undefined)?.length ?? 0);
  if (!isObj(out)) return 0;
  if (isBlock(out)) return of(out);
  return Object.values(out).reduce<number>((n, v) => n + (Array.isArray(v) ? v.filter(isBlock).reduce((m, b) => m + of(b), 0) : 0), 0);
}

function size(v: unknown): number {
  return JSON.stringify(v)?.length ?? 0;
}

/** Halves the largest array or string until the value fits; a last resort behind cutGrids. */
function shrink(value: unknown, maxChars: number): { value: unknown; cut: boolean } {
  const v = structuredClone(value);
  let cut = false;
  for (let i = 0; i < 60 && size(v) > maxChars; i++) {
    let best: { holder: Obj | unknown[]; key: string | number; len: number } | undefined;
    const visit = (holder: Obj | unknown[], key: string | number, x: unknown) => {
      const len = typeof x === 'string' ? x.length : Array.isArray(x) ? size(x) : 0;
      if ((typeof x === 'string' || Array.isArray(x)) && (!best || len > best.len)) best = { holder, key, len };
      if (Array.isArray(x)) x.forEach((y, j) => visit(x, j, y));
      else if (isObj(x)) for (const [k, y] of Object.entries(x)) visit(x, k, y);
    };
    if (isObj(v)) for (const [k, y] of Object.entries(v)) visit(v, k, y);
    if (!best) break;
    const target = (best.holder as Record<string | number, unknown>)[best.key];
    (best.holder as Record<string | number, unknown>)[best.key] = typeof target === 'string' ? `${target.slice(0, Math.floor(target.length / 2))}… (cut)` : (target as unknown[]).slice(0, Math.floor((target as unknown[]).length / 2));
    cut = true;
  }
  return { value: v, cut };
}

/** A JSON value held under the result ceiling (for resources and prompts that embed op output). */
export function fitJson(value: unknown, limits: ResultLimits): string {
  const text = JSON.stringify(value);
  const maxChars = limits.maxTokens * RESULT_CHARS_PER_TOKEN;
  if (text.length <= maxChars) return text;
  const shrunk = shrink(value, maxChars - 100);
  return JSON.stringify(isObj(shrunk.value) ? { ...shrunk.value, truncated: true } : shrunk.value);
}

/** The MCP result of a successful op call. */
export function toolResult(out: unknown, limits: ResultLimits, opts: { structured: boolean } = { structured: true }): CallToolResult {
  const maxChars = limits.maxTokens * RESULT_CHARS_PER_TOKEN;
  let cells = limits.maxCells;
  let data = cutGrids(out, cells);
  let text = renderText(data);
  // A model reads one of the two copies: most clients forward the text, some (Claude Code) only
  // structuredContent, as JSON. So each copy on its own is held under the ceiling.
  const largest = () => Math.max(text.length, opts.structured ? size(data) : 0);
  // Grids are cut at whole rows, so next_range stays exact: fewer cells until the page fits.
  const inGrids = gridCells(out);
  if (inGrids > 0) {
    cells = Math.min(cells, inGrids);
    for (let i = 0; i < 8 && cells > 1 && largest() > maxChars; i++) {
      cells = Math.max(1, Math.floor(cells * (maxChars / largest()) * 0.9));
      data = cutGrids(out, cells);
      text = renderText(data);
    }
  }
  if (largest() > maxChars) {
    const share = maxChars - 200;
    const shrunk = shrink(data, share);
    data = isObj(shrunk.value) ? { ...shrunk.value, truncated: true } : shrunk.value;
    text = renderText(data);
    if (text.length > share) text = `${text.slice(0, share)}…`;
    text += `\n[cut to stay under ${limits.maxTokens} tokens: narrow the request (a smaller range, a lower limit) to see the rest]`;
  }
  return opts.structured && isObj(data) ? { content: [{ type: 'text', text }], structuredContent: data } : { content: [{ type: 'text', text }] };
}
