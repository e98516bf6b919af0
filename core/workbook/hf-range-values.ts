// HyperFormula's SUM, AVERAGE, MIN, MAX, COUNT... read a range through
// AbsoluteCellRange.addresses(), which builds one address object per cell first, and read every
// cell of the range again whenever any one of them changes. A SUM over a 100k-row column, edited
// one cell at a time, re-read 100k cells on each edit: most of a warm one-cell edit.
//
// This is the same walk (a cached smaller range first, then the rest, row by row) with one address
// object reused, and with long ranges cut into blocks of BLOCK rows whose reduced value (the sum,
// the count, the first error...) is kept between recalculations. A block's value stays valid until
// a cell in its rows changes. Every change of a cell's value passes through HyperFormula's
// ContentChanges.add (edits, recalculated formulas, spills, cleared sheets), so that is where
// blocks are marked. Structural edits (rows or columns inserted, removed or moved, sheets removed
// or merged) shift addresses; each one bumps the engine's transformation version, which drops
// every block the engine kept. HyperFormula itself combines partial results the same way for a
// range that extends a smaller one, so each function's reduction already accepts a partial value.
// Patched once into the plugin class, which every engine shares.
import { CellError, HyperFormula } from 'hyperformula';

/** Rows per cached block, and the fewest whole blocks a range needs before blocks are used. */
export const BLOCK = 1024;
const MIN_BLOCKS = 4;
/** Blocks kept per engine before the cache starts again (each is one small record). */
const MAX_BLOCKS = 200_000;

interface Address {
  sheet: number;
  row: number;
  col: number;
}
interface Range {
  start: Address;
  effectiveEndRow(graph: unknown): number;
  effectiveEndColumn(graph: unknown): number;
}
interface RangeVertex {
  range: Range;
  getFunctionValue(name: string): unknown;
}
interface Graph {
  rangeMapping: { findSmallerRange(range: Range): { smallerRangeVertex?: RangeVertex; restRange: Range } };
  lazilyTransformingAstService: { version(): number };
  existsEdge(from: unknown, to: unknown): boolean;
  getScalarValue(at: Address): unknown;
}
type Reducer = (acc: unknown, value: unknown) => unknown;
interface Aggregation {
  dependencyGraph: Graph;
  interpreter: { namedExpressions: { nearestNamedExpression(name: string, sheet: number): { address: unknown } | undefined } };
  reduce(args: NameAst[], state: { formulaAddress: Address }, ...rest: unknown[]): unknown;
  /** The reduction of the evaluateRange call in progress, for getRangeValues below. */
  reduction?: { init: unknown; reduce: Reducer };
  evaluateRange(ast: unknown, state: unknown, init: unknown, name: string, reduce: Reducer, map: (v: unknown) => unknown, coerce: (v: unknown) => unknown): unknown;
  getRangeValues(name: string, range: Range, vertex: RangeVertex, map: (v: unknown) => unknown, coerce: (v: unknown) => unknown): unknown[];
}
interface NameAst {
  type: string;
  expressionName?: string;
  start?: { type?: string };
  end?: { type?: string };
}

/** The range a name argument stands for, when it is one range with fixed ends (Data!$D$2:$D$4001) whose vertex the engine has. */
function namedRange(plugin: Aggregation, arg: NameAst, state: { formulaAddress: Address }): NameAst | undefined {
  if (arg.type !== 'NAMED_EXPRESSION' || !arg.expressionName) return undefined;
  const named = plugin.interpreter.namedExpressions.nearestNamedExpression(arg.expressionName, state.formulaAddress.sheet);
  const vertex = named ? (plugin.dependencyGraph as unknown as { getCell(a: unknown): { getFormula?(s: unknown): NameAst } | undefined }).getCell(named.address) : undefined;
  const formula = vertex?.getFormula?.(plugin.dependencyGraph.lazilyTransformingAstService);
  if (formula?.type !== 'CELL_RANGE' || formula.start?.type !== 'CELL_REFERENCE_ABSOLUTE' || formula.end?.type !== 'CELL_REFERENCE_ABSOLUTE') return undefined;
  return formula;
}

interface Change {
  value: unknown;
}
interface ContentChangesProto {
  add(address: Address, change: Change): void;
}

// Change marks, shared by every engine in the process: a mark from another engine only costs
// that block one recalculation, and a change in any engine is never missed.
let clock = 0;
/** The last change whose extent is not known (an error that may be a spill losing its space). */
let everything = 0;
const marks = new Map<number, number>();
const markKey = (sheet: number, block: number) => sheet * 1_048_576 + block;

function markRows(sheet: number, from: number, to: number): void {
  clock++;
  for (let b = Math.floor(from / BLOCK); b <= Math.floor(to / BLOCK); b++) marks.set(markKey(sheet, b), clock);
}

/** The change clock now: a value kept with it stays valid while rowsChangedSince() says no. */
export const changeClock = () => clock;

/** Has a value in these rows of the sheet changed since the clock read `at` (or one of unknown extent)? */
export function rowsChangedSince(sheet: number, r0: number, r1: number, at: number): boolean {
  if (everything > at) return true;
  for (let b = Math.floor(r0 / BLOCK), last = Math.floor(r1 / BLOCK); b <= last; b++) if ((marks.get(markKey(sheet, b)) ?? 0) > at) return true;
  return false;
}

interface Block {
  value: unknown;
  at: number;
  version: number;
}
const blocksOf = new WeakMap<Graph, Map<string, Block>>();
/** How many block values were reused and how many computed (read by tests and benches). */
export const blockStats = { reused: 0, computed: 0 };

let patched = false;

export function patchRangeValues(): void {
  if (patched) return;
  patched = true;
  markChanges();
  const plugin = HyperFormula.getFunctionPlugin('SUM') as unknown as { prototype: Aggregation } | undefined;
  if (!plugin) return;
  const evaluateRange = plugin.prototype.evaluateRange;
  plugin.prototype.evaluateRange = function (this: Aggregation, ast, state, init, name, reduce, map, coerce) {
    // evaluateRange calls getRangeValues before anything else is evaluated: no other call can
    // replace the reduction in between.
    this.reduction = { init, reduce };
    return evaluateRange.call(this, ast, state, init, name, reduce, map, coerce);
  };
  // SUM(Sales[Amount]) reaches its range through a name (a table's column is one): the engine
  // read every cell again for each such formula, where a range written in place is reduced once
  // per range vertex and change. A name that stands for a fixed range is handed on as that range.
  const reduce = plugin.prototype.reduce;
  plugin.prototype.reduce = function (this: Aggregation, args, state, ...rest) {
    return reduce.call(this, args.map((arg) => namedRange(this, arg, state) ?? arg), state, ...rest);
  };
  plugin.prototype.getRangeValues = function (this: Aggregation, name, range, vertex, map, coerce) {
    const graph = this.dependencyGraph;
    const reduction = this.reduction;
    const out: unknown[] = [];
    const at: Address = { sheet: range.start.sheet, row: 0, col: 0 };
    const walkRows = (from: number, to: number, c0: number, c1: number) => {
      for (let row = from; row <= to; row++) {
        for (let col = c0; col <= c1; col++) {
          at.row = row;
          at.col = col;
          const v = coerce(graph.getScalarValue(at));
          if (v instanceof CellError) out.push(v);
          else if (v !== undefined) out.push(map(v));
        }
      }
    };
    const blockValue = (sheet: number, block: number, c0: number, c1: number, cache: Map<string, Block>, version: number) => {
      const key = `${name}|${sheet}|${c0}|${c1}|${block}`;
      const kept = cache.get(key);
      if (kept && kept.version === version && kept.at >= everything && kept.at >= (marks.get(markKey(sheet, block)) ?? 0)) {
        blockStats.reused++;
        return kept.value;
      }
      blockStats.computed++;
      // The first error in the block is its value, as HyperFormula's reduction keeps the first.
      let acc = reduction!.init;
      cells: for (let row = block * BLOCK, end = row + BLOCK; row < end; row++) {
        for (let col = c0; col <= c1; col++) {
          at.row = row;
          at.col = col;
          const v = coerce(graph.getScalarValue(at));
          if (v instanceof CellError) {
            acc = v;
            break cells;
          }
          if (v !== undefined) acc = reduction!.reduce(acc, map(v));
        }
      }
      if (cache.size >= MAX_BLOCKS) cache.clear();
      cache.set(key, { value: acc, at: clock, version });
      return acc;
    };
    const walk = (r: Range) => {
      const first = r.start.row, last = r.effectiveEndRow(graph);
      const c0 = r.start.col, c1 = r.effectiveEndColumn(graph);
      const b0 = Math.ceil(first / BLOCK), b1 = Math.floor((last + 1) / BLOCK) - 1;
      if (reduction === undefined || b1 - b0 + 1 < MIN_BLOCKS) return walkRows(first, last, c0, c1);
      let cache = blocksOf.get(graph);
      if (!cache) blocksOf.set(graph, (cache = new Map()));
      const version = graph.lazilyTransformingAstService.version();
      walkRows(first, b0 * BLOCK - 1, c0, c1);
      for (let b = b0; b <= b1; b++) out.push(blockValue(r.start.sheet, b, c0, c1, cache, version));
      walkRows((b1 + 1) * BLOCK, last, c0, c1);
    };
    const { smallerRangeVertex: smaller, restRange } = graph.rangeMapping.findSmallerRange(range);
    if (smaller !== undefined && graph.existsEdge(smaller, vertex)) {
      const cached = smaller.getFunctionValue(name);
      if (cached !== undefined) out.push(cached);
      else walk(smaller.range);
      walk(restRange);
    } else walk(range);
    return out;
  };
}

/** Marks the rows of every value change an engine records (see the top of this file). */
function markChanges(): void {
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' }) as unknown as { _dependencyGraph: { changes: object } };
  const proto = Object.getPrototypeOf(probe._dependencyGraph.changes) as ContentChangesProto;
  (probe as unknown as HyperFormula).destroy();
  const add = proto.add;
  proto.add = function (this: ContentChangesProto, address, change) {
    const value = change.value as { height?: () => number } | undefined;
    if (value instanceof CellError) {
      // An error may be an array's anchor losing its space, or an array turned error: the cells
      // it spilled into change too, and their extent is not at hand here. Rare, so drop it all.
      everything = ++clock;
    }
    const height = value && typeof value === 'object' && typeof value.height === 'function' ? value.height() : 1;
    markRows(address.sheet, address.row, address.row + Math.max(1, height) - 1);
    add.call(this, address, change);
  };
}
