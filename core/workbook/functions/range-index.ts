// Lookups over the same range share what they read from it, as spreadsheet programs do: 3,000
// VLOOKUPs into one 4,000-row table read its key column once, not 3,000 times, and find each key
// in a hash instead of a scan; SUMIFS and COUNTIFS with an equality criterion ("North", 42, a
// cell holding one) take the rows holding that value from a hash of the criteria range. What is
// kept belongs to the engine (its dependency graph) and to the range, and stays valid while no
// value in the range's rows changed (the change marks of hf-range-values.ts, which every value
// change passes) and no row or column was inserted, removed or moved (the engine's transformation
// version). Within one recalculation the engine computes a range's cells before the formulas that
// read it, and a cell it computes later again marks its rows, so nothing stale is read.
import { CellError, EmptyValue, SimpleRangeValue } from 'hyperformula';
import { changeClock, rowsChangedSince } from '../hf-range-values.ts';
import { rawNumber, type InternalScalarValue } from './shared.ts';

type V = InternalScalarValue;

interface Rect {
  sheet: number;
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}
interface Graph {
  lazilyTransformingAstService: { version(): number };
  getCellValue(at: { sheet: number; row: number; col: number }): unknown;
}
interface Kept {
  value: unknown;
  at: number;
  version: number;
}

/** Entries kept per engine before the cache starts again. */
const MAX_KEPT = 20_000;
const kept = new WeakMap<Graph, Map<string, Kept>>();
/** How often a kept value was reused and how often one was built (read by tests and benches). */
export const indexStats = { reused: 0, built: 0 };

/** The cells a range value reads, when it is a reference of at least `min` cells (smaller ones are cheaper to scan). */
function rectOf(v: SimpleRangeValue, min: number): Rect | undefined {
  const range = v.range as unknown as { start: { sheet: number; row: number; col: number } } | undefined;
  if (!range || v.width() * v.height() < min) return undefined;
  const { sheet, row, col } = range.start;
  return { sheet, r0: row, c0: col, r1: row + v.height() - 1, c1: col + v.width() - 1 };
}

/** A value computed from one range, kept while none of its rows changed. */
function keep<T>(graph: Graph, kind: string, r: Rect, build: () => T): T {
  return keepOver(graph, `${kind}|${r.sheet}|${r.r0}|${r.c0}|${r.r1}|${r.c1}`, [r], build);
}

/** A value computed from several ranges, kept while none of their rows changed (SUMIFS' result for one set of criteria). */
function keepOver<T>(graph: Graph, key: string, rects: Rect[], build: () => T): T {
  let cache = kept.get(graph);
  if (!cache) kept.set(graph, (cache = new Map()));
  const version = graph.lazilyTransformingAstService.version();
  const found = cache.get(key);
  if (found && found.version === version && rects.every((r) => !rowsChangedSince(r.sheet, r.r0, r.r1, found.at))) {
    indexStats.reused++;
    return found.value as T;
  }
  indexStats.built++;
  const at = changeClock();
  const value = build();
  if (cache.size >= MAX_KEPT) cache.clear();
  cache.set(key, { value, at, version });
  return value;
}

/** A criterion's value as a key: its type and value (42 and "42" differ; errors by their type). */
function valueKey(v: V): string {
  if (v instanceof CellError) return `e${v.type}`;
  if (v === EmptyValue) return 'z';
  if (typeof v === 'string') return `s${v}`;
  if (typeof v === 'boolean') return v ? 'b1' : 'b0';
  return `n${rawNumber(v) ?? String(v)}`;
}

/**
 * A criteria function's result (SUMIFS, COUNTIFS & co) for one set of criterion values over the
 * same ranges, computed once while the ranges' rows are unchanged: 3,000 SUMIFS that ask for one
 * of five regions compute five sums. Every range must be a reference, else it is computed each time.
 */
export function criteriaResult<T>(graph: unknown, name: string, ranges: (SimpleRangeValue | undefined)[], criteria: V[], compute: () => T): T {
  const rects: Rect[] = [];
  for (const v of ranges) {
    const r = v ? rectOf(v, 64) : undefined;
    if (!r) return compute();
    rects.push(r);
  }
  const key = `result|${name}|${rects.map((r) => `${r.sheet},${r.r0},${r.c0},${r.r1},${r.c1}`).join('|')}|${criteria.map(valueKey).join('\u0000')}`;
  return keepOver(graph as Graph, key, rects, compute);
}

function read(graph: Graph, sheet: number, row: number, col: number): V {
  const x = graph.getCellValue({ sheet, row, col });
  return x instanceof SimpleRangeValue ? (x.data[0]?.[0] ?? EmptyValue) : (x as V);
}

/** A range's cells as rows of values, read once per range and change (SUMIFS' ranges, MATCH's line). */
export function gridOf(graph: unknown, v: SimpleRangeValue): V[][] {
  const r = rectOf(v, 64);
  if (!r) return v.data;
  return keep(graph as Graph, 'grid', r, () => {
    const out: V[][] = [];
    for (let row = r.r0; row <= r.r1; row++) {
      const line: V[] = new Array(r.c1 - r.c0 + 1);
      for (let col = r.c0; col <= r.c1; col++) line[col - r.c0] = read(graph as Graph, r.sheet, row, col);
      out.push(line);
    }
    return out;
  });
}

/** One line of a range (a column, or a row when `across`) at offset `at`, read once per range and change. */
export function lineOf(graph: unknown, v: SimpleRangeValue, across: boolean, at = 0): V[] | undefined {
  const whole = rectOf(v, 64);
  if (!whole) return undefined;
  const r = across ? { ...whole, r0: whole.r0 + at, r1: whole.r0 + at } : { ...whole, c0: whole.c0 + at, c1: whole.c0 + at };
  return keep(graph as Graph, 'line', r, () => {
    const out: V[] = [];
    if (across) for (let col = r.c0; col <= r.c1; col++) out.push(read(graph as Graph, r.sheet, r.r0, col));
    else for (let row = r.r0; row <= r.r1; row++) out.push(read(graph as Graph, r.sheet, row, r.c0));
    return out;
  });
}

/**
 * The key an item has for an exact match as lookups compare (compareValues in xlookup.ts):
 * numbers to 15 significant digits, text without case, logical values; none for blank cells and
 * errors. Numbers below 1 in size have none either: compareValues takes two of them within
 * 2.2E-16 as equal, which no hash can tell.
 */
export function exactKey(v: V): string | undefined {
  if (typeof v === 'string') return `s${v.toUpperCase()}`;
  if (typeof v === 'boolean') return v ? 'b1' : 'b0';
  const n = rawNumber(v);
  if (n === undefined) return undefined;
  const x = Number(n.toPrecision(15));
  return x === 0 || Math.abs(x) >= 1 ? `n${x}` : undefined;
}

interface ExactIndex {
  first: Map<string, number>;
  last: Map<string, number>;
}

/**
 * Where `key` first (or last) is in a line, by exact match, from a hash of the line; undefined
 * when the hash cannot answer (a key without one: the caller scans as before).
 */
export function exactPosition(graph: unknown, v: SimpleRangeValue, items: V[], key: V, last: boolean, across: boolean, at = 0): number | undefined {
  const k = exactKey(key);
  const whole = rectOf(v, 64);
  if (k === undefined || !whole) return undefined;
  const r = across ? { ...whole, r0: whole.r0 + at, r1: whole.r0 + at } : { ...whole, c0: whole.c0 + at, c1: whole.c0 + at };
  const index = keep(graph as Graph, 'exact', r, (): ExactIndex => {
    const first = new Map<string, number>(), lastAt = new Map<string, number>();
    items.forEach((item, i) => {
      if (item instanceof CellError || item === EmptyValue) return;
      const ik = exactKey(item);
      if (ik === undefined) return;
      if (!first.has(ik)) first.set(ik, i);
      lastAt.set(ik, i);
    });
    return { first, last: lastAt };
  });
  return (last ? index.last : index.first).get(k) ?? -1;
}

/** Positions (row * width + column) of a range's cells by the value they hold, for equality criteria. */
export type CriteriaIndex = Map<string, number[]>;

/** The keys a cell answers to in an equality criterion (criteria.ts): its text, its number, or both for numeric text. */
export function criterionKeys(v: V, numericText: (s: string) => number | undefined): string[] {
  if (typeof v === 'string') {
    // A long s matches "s" in a criterion, as Unicode's case folding says (the Kelvin sign's lower case is k already).
    const t = `t${v.toLowerCase().replaceAll('\u017f', 's')}`;
    const n = numericText(v);
    return n === undefined ? [t] : [t, `n${n}`];
  }
  if (typeof v === 'boolean') return [];
  const n = rawNumber(v);
  return n === undefined ? [] : [`n${n}`];
}

export function criteriaIndexOf(graph: unknown, v: SimpleRangeValue, grid: V[][], numericText: (s: string) => number | undefined): CriteriaIndex | undefined {
  const r = rectOf(v, 64);
  if (!r) return undefined;
  return keep(graph as Graph, 'criteria', r, () => {
    const index: CriteriaIndex = new Map();
    const width = r.c1 - r.c0 + 1;
    grid.forEach((line, row) =>
      line.forEach((cell, col) => {
        for (const k of criterionKeys(cell, numericText)) {
          const list = index.get(k);
          if (list) list.push(row * width + col);
          else index.set(k, [row * width + col]);
        }
      }),
    );
    return index;
  });
}
