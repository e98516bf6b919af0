// What differs between two states of a workbook, cell by cell (values, formulas, formats) and per
// sheet (added, removed, renamed, and each per-sheet object slice: charts, tables, merges, ...).
// diff_file compares a file with an earlier version or another file; a dry run compares the file
// as stored with the file after the op (docs/agents.md, Dry runs and diffs).
import { z } from 'zod';
import { cellToA1, quoteSheet, type Rect } from '../a1.ts';
import { lazyContext, shownFormulaOf, type FormulaContext } from '../io/excel-text.ts';
import { formulaOf, styleOf, valueOf, type Cell } from '../workbook/cell.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { TILE_COLS, TILE_ROWS, tileOf } from '../workbook/tile.ts';
import type { Workbook } from '../workbook/workbook.ts';

export type Facet = 'values' | 'formulas' | 'formats';

const CellSide = z.object({ v: z.unknown().optional(), f: z.string().optional(), e: z.string().optional(), fmt: z.unknown().optional() }).describe('v value (null: empty), f formula, e error, fmt the cell\'s format.');

export const ChangeSet = z.object({
  cells_changed: z.number().int(),
  values: z.number().int().describe('Cells whose value differs (formula results included).'),
  formulas: z.number().int().describe('Cells whose formula text differs (added, removed or edited).'),
  recomputed: z.number().int().describe('Formulas unchanged whose result differs.'),
  formats: z.number().int(),
  sheets: z.object({ added: z.array(z.string()), removed: z.array(z.string()), renamed: z.array(z.object({ from: z.string(), to: z.string() })) }),
  objects: z.array(z.object({ sheet: z.string(), part: z.string(), before: z.number().int(), after: z.number().int() })).describe('Per-sheet state that differs: charts, tables, merges, sizes, ... with their counts.'),
  changes: z.array(z.object({ cell: z.string(), before: CellSide, after: CellSide })).describe('The first `limit` changed cells, in sheet, row, column order.'),
  truncated: z.boolean().describe('More cells changed than `changes` lists.'),
  note: z.string().optional().describe('What a dry run summarised: formats shown on a few cells, the rest counted.'),
});
export type ChangeSet = z.infer<typeof ChangeSet>;

export interface DiffOptions {
  /** Sheets pair by id (two states of one file) or by name (two files). */
  match: 'id' | 'name';
  facets: ReadonlySet<Facet>;
  limit: number;
  /** Only these sheets (names on the `after` side, or the `before` side for a removed one), optionally only these rectangles. */
  only?: Map<string, Rect[] | null>;
  /**
   * Show `fmt` on this many changed cells only (a dry run's examples); a cell whose only change is
   * its format is then counted in `formats` but not listed. Absent: every listed cell's format.
   */
  formatExamples?: number;
  /** Only these tiles per sheet id of `after` (what a write touched); absent: every tile either side holds. */
  touched?: Map<string, Set<number>>;
}

interface Pair {
  before?: SheetModel;
  after?: SheetModel;
}

/** Entries of an object slice (charts, merges, sizes), or 1 for a plain setting. */
const count = (v: unknown): number => (Array.isArray(v) ? v.length : v && typeof v === 'object' ? Object.keys(v).length : v === undefined ? 0 : 1);

export async function diffWorkbooks(before: Workbook, after: Workbook, opts: DiffOptions): Promise<ChangeSet> {
  const out: ChangeSet = { cells_changed: 0, values: 0, formulas: 0, recomputed: 0, formats: 0, sheets: { added: [], removed: [], renamed: [] }, objects: [], changes: [], truncated: false };
  const key = (s: SheetModel) => (opts.match === 'id' ? s.id : s.name.toLowerCase());
  const pairs = new Map<string, Pair>();
  const tally: FormatTally = { shown: 0, folded: 0 };
  for (const s of before.sheets) pairs.set(key(s), { before: s });
  for (const s of after.sheets) pairs.set(key(s), { ...pairs.get(key(s)), after: s });
  // In the order of `after`, removed sheets last.
  const ordered = [...pairs.values()].sort((a, b) => (a.after?.position ?? 1e9 + (a.before?.position ?? 0)) - (b.after?.position ?? 1e9 + (b.before?.position ?? 0)));
  for (const pair of ordered) {
    const name = (pair.after ?? pair.before)!.name;
    let wanted: Rect[] | null = null;
    if (opts.only) {
      const names = [pair.after?.name, pair.before?.name].flatMap((n) => (n === undefined ? [] : [n.toLowerCase()]));
      const hit = names.find((n) => opts.only!.has(n));
      if (hit === undefined) continue;
      wanted = opts.only.get(hit)!;
    }
    if (!pair.before) out.sheets.added.push(name);
    else if (!pair.after) out.sheets.removed.push(name);
    else if (pair.before.name !== pair.after.name) out.sheets.renamed.push({ from: pair.before.name, to: pair.after.name });
    if (!wanted) diffMeta(pair, name, out);
    await diffCells({ before, after, texts: { before: lazyContext(before), after: lazyContext(after) }, tally }, pair, wanted ?? null, opts, out);
  }
  if (tally.folded) {
    // A sort or a row delete moves every format under it: a few examples say what moves, the count how much.
    out.note = `${out.formats} cells would change format; fmt is shown on the first ${tally.shown} listed, and cells whose only change is their format are counted, not listed (dry_run: "full" lists them with their formats)`;
  }
  return out;
}

function diffMeta(pair: Pair, sheet: string, out: ChangeSet): void {
  const a = (pair.before?.meta ?? {}) as Record<string, unknown>;
  const b = (pair.after?.meta ?? {}) as Record<string, unknown>;
  for (const part of new Set([...Object.keys(a), ...Object.keys(b)])) {
    // The formula count follows the cells, which are reported themselves.
    if (part === 'formulas' || JSON.stringify(a[part]) === JSON.stringify(b[part])) continue;
    out.objects.push({ sheet, part, before: count(a[part]), after: count(b[part]) });
  }
}

/** Tile keys to compare: touched ones, or every tile either side holds, within the rectangles when given. */
function tilesOf(pair: Pair, rects: Rect[] | null, opts: DiffOptions): number[] {
  const keys = new Set<number>();
  const touched = pair.after ? opts.touched?.get(pair.after.id) : undefined;
  if (opts.touched && pair.after && pair.before) for (const k of touched ?? []) keys.add(k);
  else for (const s of [pair.before, pair.after]) for (const [k, b] of s?.index ?? []) if (b) keys.add(k);
  if (!rects) return [...keys].sort((x, y) => x - y);
  return [...keys].filter((k) => {
    const { tr, tc } = tileOf(k);
    return rects.some((r) => r.r0 <= tr * TILE_ROWS + TILE_ROWS - 1 && r.r1 >= tr * TILE_ROWS && r.c0 <= tc * TILE_COLS + TILE_COLS - 1 && r.c1 >= tc * TILE_COLS);
  }).sort((x, y) => x - y);
}

/** The two workbooks, and what their formulas' Excel text is read against. */
interface Sides {
  before: Workbook;
  after: Workbook;
  texts: { before: () => FormulaContext; after: () => FormulaContext };
  tally: FormatTally;
}

/** Changed formats listed with their `fmt`, and those only counted (DiffOptions.formatExamples). */
interface FormatTally {
  shown: number;
  folded: number;
}

async function diffCells(sides: Sides, pair: Pair, rects: Rect[] | null, opts: DiffOptions, out: ChangeSet): Promise<void> {
  const { before, after } = sides;
  const sameStyles = opts.match === 'id';
  const label = (pair.after ?? pair.before)!.name;
  for (const k of tilesOf(pair, rects, opts)) {
    const { tr, tc } = tileOf(k);
    const rect = { r0: tr * TILE_ROWS, c0: tc * TILE_COLS, r1: tr * TILE_ROWS + TILE_ROWS - 1, c1: tc * TILE_COLS + TILE_COLS - 1 };
    if (pair.before) await before.load(pair.before, rect);
    if (pair.after) await after.load(pair.after, rect);
    const a = pair.before?.tiles.get(k);
    const b = pair.after?.tiles.get(k);
    // Two states of one file share untouched tiles' text: nothing to compare cell by cell.
    if (sameStyles && a && b && a.encode() === b.encode()) continue;
    for (let r = rect.r0; r <= rect.r1; r++) {
      if (rects && !rects.some((x) => r >= x.r0 && r <= x.r1)) continue;
      for (let c = rect.c0; c <= rect.c1; c++) {
        if (rects && !rects.some((x) => r >= x.r0 && r <= x.r1 && c >= x.c0 && c <= x.c1)) continue;
        const x = a ? a.get(r - rect.r0, c - rect.c0) : null;
        const y = b ? b.get(r - rect.r0, c - rect.c0) : null;
        if (x === y || (x == null && y == null)) continue;
        const fx = shownOf(sides.texts.before, pair.before?.name, r, x), fy = shownOf(sides.texts.after, pair.after?.name, r, y);
        compareCell(before, after, { x, y, fx, fy }, `${quoteSheet(label)}!${cellToA1({ row: r, col: c })}`, opts, out, sides.tally);
      }
    }
  }
}

/** A cell's formula as everyone reads it (Excel's text), or undefined for a cell without one. */
function shownOf(ctx: () => FormulaContext, sheet: string | undefined, row: number, c: Cell): string | undefined {
  return formulaOf(c) === undefined || sheet === undefined ? undefined : shownFormulaOf(ctx, sheet, row, c);
}

function compareCell(before: Workbook, after: Workbook, pair: { x: Cell; y: Cell; fx?: string; fy?: string }, cell: string, opts: DiffOptions, out: ChangeSet, tally: FormatTally): void {
  const { x, y, fx, fy } = pair;
  const vx = valueOf(x), vy = valueOf(y);
  const ex = errorOf(x), ey = errorOf(y);
  const sx = canonical(before.styles.get(styleOf(x))), sy = canonical(after.styles.get(styleOf(y)));
  const value = vx !== vy || ex !== ey;
  const formula = fx !== fy;
  const format = sx !== sy;
  const shown = (opts.facets.has('values') && value) || (opts.facets.has('formulas') && formula) || (opts.facets.has('formats') && format);
  if (!shown) return;
  out.cells_changed++;
  if (value) out.values++;
  if (formula) out.formulas++;
  else if (value && fx !== undefined) out.recomputed++;
  if (format) out.formats++;
  if (out.changes.length >= opts.limit) {
    out.truncated = true;
    return;
  }
  const showFormat = opts.facets.has('formats') && format && (opts.formatExamples === undefined || tally.shown < opts.formatExamples);
  if (format && !showFormat && opts.formatExamples !== undefined) {
    // Past the examples a format is counted; a cell that changes nothing else is not listed.
    tally.folded++;
    if (!(opts.facets.has('values') && value) && !(opts.facets.has('formulas') && formula)) {
      out.truncated = true;
      return;
    }
  }
  if (showFormat) tally.shown++;
  const side = (v: unknown, e: string | undefined, f: string | undefined, s: string, c: Cell) => ({
    ...(opts.facets.has('values') ? { v } : {}),
    ...(opts.facets.has('values') && e ? { e } : {}),
    ...(opts.facets.has('formulas') && f ? { f } : {}),
    ...(showFormat && styleOf(c) ? { fmt: JSON.parse(s) as unknown } : {}),
  });
  out.changes.push({ cell, before: side(vx, ex, fx, sx, x), after: side(vy, ey, fy, sy, y) });
}

/**
 * A format as JSON with its keys in order: a style re-interned by an edit (a row delete rewrites
 * the facing border of the row above) may list the same fields in another order.
 */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x));
}

function errorOf(c: Cell): string | undefined {
  return typeof c === 'object' && c !== null ? c.e : undefined;
}

/** Tile keys a write touched, per sheet id (its dirty tiles). */
export function touchedTiles(wb: Workbook): Map<string, Set<number>> {
  return new Map(wb.sheets.map((s) => [s.id, new Set(s.dirtyTiles)]));
}
