// Token-thrifty tool results: structuredContent is the op's JSON (as REST returns it), and the
// text the model reads is a compact rendering (grids as typed CSV, render.ts). Big grids are cut
// past a cell budget with truncated + next_range, and every result is held under a token ceiling:
// never silently, the cut is always stated in the result.
//
// One copy of a grid. A client hands its model one of the two copies, never both: Claude Code
// and VS Code pass JSON.stringify(structuredContent) whenever it is present, most others (Claude
// on the web, ChatGPT, Cursor...) the text, and without structuredContent every client passes the
// text. So a result that carries grid values has only the text (typed CSV), which every
// model then reads, and the page holds as many rows as the ceiling allows for that one copy. A
// client that wants the JSON asks: `_meta: {"sheets/structured": true}` on the call, or
// SHEETS_MCP_OUTPUT_SCHEMAS=fields (tools that declare an output schema must return it).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { A1Error, parseCell, parseRange, qualified, rectToA1 } from '../core/a1.ts';
import { renderText } from './render.ts';

export interface ResultLimits {
  /** Cells of grid values one result carries (SHEETS_MCP_MAX_CELLS). */
  maxCells: number;
  /** Result ceiling in tokens (SHEETS_MCP_MAX_RESULT_TOKENS), as estimateTokens counts them. */
  maxTokens: number;
}

/**
 * Characters per token where only a length is at hand (binary exports as base64). Text results
 * are counted with estimateTokens.
 */
export const RESULT_CHARS_PER_TOKEN = 3;

/** The `_meta` key of a tools/call request that asks for structuredContent on grid results too. */
export const STRUCTURED_META = 'sheets/structured';

/**
 * Tokens of a result's text as a BPE tokenizer counts them, within about 5% of o200k_base on
 * CSV, markdown tables, JSON grids, formulas and prose (docs/agents.md has the calibration). A
 * flat characters-per-token rate cannot do this: numbers split into 3-digit tokens, so a CSV of
 * figures runs at 2 characters per token and prose at 4.
 */
export function estimateTokens(text: string): number {
  // Runs of one class: digits (3 per token), ASCII letters (a word is a token, 8 letters each),
  // other letters (4 per token; CJK about 0.7 tokens each), white space (a line break is a token,
  // a space joins the next word), ASCII punctuation (3 per token), other symbols (one each).
  let n = 0, kind = -1, len = 0, newline = false;
  const close = () => {
    if (kind === DIGIT || kind === PUNCT) n += Math.ceil(len / 3);
    else if (kind === LETTER) n += Math.ceil(len / 8);
    else if (kind === ALPHA) n += Math.ceil(len / 4);
    else if (kind === WIDE) n += Math.ceil(len * 0.7);
    else if (kind === SYMBOL) n += len;
    else if (kind === SPACE) n += newline ? 1 : Math.floor((len - 1) / 4);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const k = c >= 48 && c <= 57 ? DIGIT : (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? LETTER : c === 32 || c === 10 || c === 13 || c === 9 ? SPACE : c < 128 ? PUNCT : wideOrAlpha(c, text[i]!);
    if (k !== kind) {
      close();
      kind = k;
      len = 0;
      newline = false;
    }
    len++;
    if (c === 10) newline = true;
  }
  close();
  return n;
}
const DIGIT = 0, LETTER = 1, ALPHA = 2, WIDE = 3, SPACE = 4, PUNCT = 5, SYMBOL = 6;
const IS_LETTER = /\p{L}/u;
/** CJK ideographs, kana and Hangul; other letters; anything else (emoji, symbols, surrogates). */
function wideOrAlpha(c: number, ch: string): number {
  if ((c >= 0x2e80 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff00 && c <= 0xffef)) return WIDE;
  return IS_LETTER.test(ch) ? ALPHA : SYMBOL;
}

type Obj = Record<string, unknown>;
interface Block extends Obj {
  range: string;
  values: unknown[][];
  errors?: { cell: string }[];
  sheet?: string;
  typed?: unknown[][];
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
  const typed = Array.isArray(block.typed) ? { typed: block.typed.slice(0, keep) } : {};
  return { block: { ...block, values: block.values.slice(0, keep), ...typed, ...(errors ? { errors } : {}) }, next, left, cells: keep * cols };
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
        kept.push({ ...item, values: [], ...(item.typed ? { typed: [] } : {}), ...(item.errors ? { errors: [] } : {}) });
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
export function gridCells(out: unknown): number {
  const of = (b: Block) => b.values.length * ((b.values[0] as unknown[] | undefined)?.length ?? 0);
  if (!isObj(out)) return 0;
  if (isBlock(out)) return of(out);
  return Object.values(out).reduce<number>((n, v) => n + (Array.isArray(v) ? v.filter(isBlock).reduce((m, b) => m + of(b), 0) : 0), 0);
}

function size(v: unknown): number {
  return JSON.stringify(v)?.length ?? 0;
}

function tokensOf(v: unknown): number {
  return estimateTokens(JSON.stringify(v) ?? '');
}

/** Halves the largest array or string until the value fits; a last resort behind cutGrids. */
function shrink(value: unknown, maxTokens: number): { value: unknown; cut: boolean } {
  const v = structuredClone(value);
  let cut = false;
  for (let i = 0; i < 60 && tokensOf(v) > maxTokens; i++) {
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
  if (estimateTokens(text) <= limits.maxTokens) return text;
  const shrunk = shrink(value, limits.maxTokens - 50);
  return JSON.stringify(isObj(shrunk.value) ? { ...shrunk.value, truncated: true } : shrunk.value);
}

/** Keeps the start of a text within maxTokens. */
function cutText(text: string, maxTokens: number): string {
  let lo = 0, hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (estimateTokens(text.slice(0, mid)) <= maxTokens) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo);
}

/**
 * The MCP result of a successful op call. `structured`: the caller asked for structuredContent
 * on grid results too (see the top of this file); other results always carry it.
 */
export function toolResult(out: unknown, limits: ResultLimits, opts: { structured: boolean } = { structured: false }): CallToolResult {
  const max = limits.maxTokens;
  const inGrids = gridCells(out);
  const structured = opts.structured || inGrids === 0;
  let cells = limits.maxCells;
  let data = cutGrids(out, cells);
  let text = renderText(data);
  // Each copy sent is held under the ceiling on its own: a client passes its model one of them.
  const largest = () => Math.max(estimateTokens(text), structured ? tokensOf(data) : 0);
  // Grids are cut at whole rows, so next_range stays exact: fewer cells until the page fits.
  if (inGrids > 0) {
    cells = Math.min(cells, inGrids);
    for (let i = 0, now = largest(); i < 8 && cells > 1 && now > max; i++, now = largest()) {
      cells = Math.max(1, Math.floor(cells * (max / now) * 0.95));
      data = cutGrids(out, cells);
      text = renderText(data);
    }
  }
  if (largest() > max) {
    const share = max - 70;
    const shrunk = shrink(data, share);
    data = isObj(shrunk.value) ? { ...shrunk.value, truncated: true } : shrunk.value;
    text = renderText(data);
    if (estimateTokens(text) > share) text = `${cutText(text, share)}…`;
    text += `\n[cut to stay under ${max} tokens: narrow the request (a smaller range, a lower limit) to see the rest]`;
  }
  return structured && isObj(data) ? { content: [{ type: 'text', text }], structuredContent: data } : { content: [{ type: 'text', text }] };
}
