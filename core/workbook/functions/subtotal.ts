// SUBTOTAL(function_num, ref1, [ref2], ...) with Excel's two rules the engine's own lacked: cells
// whose formula holds a SUBTOTAL (or AGGREGATE) are left out, so subtotals of subtotals do not
// count twice, and the 101-111 forms leave out hidden rows (read from the sheet through the
// engine's context, FormulaEngine.build). The 1-11 forms in Excel leave out only rows a filter
// hides; filters are not kept here, so they count every row. SUBTOTAL is volatile, so hiding or
// showing rows recomputes it on the next write.
//
// AGGREGATE(function_num, options, ref1, ...) is SUBTOTAL's successor: 19 functions (12-19 are
// MEDIAN, MODE.SNGL, LARGE, SMALL and the percentiles), and options 0-7 choosing what to leave out
// (nested SUBTOTAL/AGGREGATE, hidden rows, error values). Functions 14-19 also take a computed
// array and k (AGGREGATE(14, 6, A1:A9/(B1:B9="x"), 1), the usual way to skip errors).
import { CellError, EmptyValue, ErrorType, SimpleRangeValue } from 'hyperformula';
import { ReferencePlugin, type Target } from './references.ts';
import { modeMult } from './array-stats.ts';
import { rawNumber, valueError, type Ast, type InternalScalarValue, type InterpreterState, type ProcedureAst } from './shared.ts';
import type { EngineContext } from './clock.ts';

interface Graph {
  getCell(address: { sheet: number; row: number; col: number }): { getFormula?(service: unknown): Ast } | undefined;
  getCellValue(address: { sheet: number; row: number; col: number }): unknown;
  lazilyTransformingAstService: unknown;
}

/** Whether a formula holds a call of SUBTOTAL or AGGREGATE anywhere. */
function holdsSubtotal(ast: Ast | undefined): boolean {
  if (!ast) return false;
  if (ast.type === 'FUNCTION_CALL') return ast.procedureName === 'SUBTOTAL' || ast.procedureName === 'AGGREGATE' || ast.args.some(holdsSubtotal);
  if (ast.type === 'PARENTHESES') return holdsSubtotal(ast.expression);
  const node = ast as { left?: Ast; right?: Ast; value?: Ast };
  return holdsSubtotal(node.left) || holdsSubtotal(node.right) || (typeof node.value === 'object' && holdsSubtotal(node.value));
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sumSq = (xs: number[]) => {
  const m = mean(xs);
  return xs.reduce((a, x) => a + (x - m) ** 2, 0);
};
const div0 = () => new CellError(ErrorType.DIV_BY_ZERO);

/** The aggregate of function_num 1-11 over the numbers (and, for COUNTA, the count of non-empty values). */
function aggregate(kind: number, xs: number[], nonEmpty: number): number | CellError {
  switch (kind) {
    case 1:
      return xs.length ? mean(xs) : div0();
    case 2:
      return xs.length;
    case 3:
      return nonEmpty;
    case 4:
      return xs.length ? Math.max(...xs) : 0;
    case 5:
      return xs.length ? Math.min(...xs) : 0;
    case 6:
      return xs.length ? xs.reduce((a, b) => a * b, 1) : 0;
    case 7:
      return xs.length > 1 ? Math.sqrt(sumSq(xs) / (xs.length - 1)) : div0();
    case 8:
      return xs.length ? Math.sqrt(sumSq(xs) / xs.length) : div0();
    case 9:
      return xs.reduce((a, b) => a + b, 0);
    case 10:
      return xs.length > 1 ? sumSq(xs) / (xs.length - 1) : div0();
    default:
      return xs.length ? sumSq(xs) / xs.length : div0();
  }
}

const num = () => new CellError(ErrorType.NUM);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** PERCENTILE.INC / .EXC of sorted numbers: the rank interpolated between neighbours. */
function percentile(xs: number[], p: number, exclusive: boolean): number | CellError {
  const n = xs.length;
  if (!n || !(p >= 0 && p <= 1)) return num();
  const rank = exclusive ? p * (n + 1) - 1 : p * (n - 1);
  if (rank < 0 || rank > n - 1) return num();
  const lo = Math.floor(rank);
  return lo === n - 1 ? xs[lo]! : xs[lo]! + (rank - lo) * (xs[lo + 1]! - xs[lo]!);
}

/** AGGREGATE's functions 12-19 (1-11 are SUBTOTAL's); k for 14-19. */
function aggregateMore(kind: number, xs: number[], k: number): number | CellError {
  const s = sorted(xs);
  switch (kind) {
    case 12:
      return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : num();
    case 13:
      return modeMult(xs)[0] ?? new CellError(ErrorType.NA);
    case 14:
    case 15: {
      const i = Math.ceil(k);
      if (i < 1 || i > s.length) return num();
      return kind === 14 ? s[s.length - i]! : s[i - 1]!;
    }
    case 16:
      return percentile(s, k, false);
    case 17:
      return k >= 0 && k < 5 ? percentile(s, Math.trunc(k) / 4, false) : num();
    case 18:
      return percentile(s, k, true);
    default:
      return k >= 1 && k < 4 ? percentile(s, Math.trunc(k) / 4, true) : num();
  }
}

/** What AGGREGATE's options 0-7 leave out. */
const OPTIONS = [
  { subtotals: true, hidden: false, errors: false },
  { subtotals: true, hidden: true, errors: false },
  { subtotals: true, hidden: false, errors: true },
  { subtotals: true, hidden: true, errors: true },
  { subtotals: false, hidden: false, errors: false },
  { subtotals: false, hidden: true, errors: false },
  { subtotals: false, hidden: false, errors: true },
  { subtotals: false, hidden: true, errors: true },
];

interface Leave {
  subtotals: boolean;
  errors: boolean;
  hiddenRows: ((sheet: number) => ReadonlySet<number> | undefined) | undefined;
}

export class SubtotalPlugin extends ReferencePlugin {
  static override implementedFunctions = {
    SUBTOTAL: { method: 'subtotal', isVolatile: true, vectorizationForbidden: true },
    AGGREGATE: { method: 'aggregate', isVolatile: true, vectorizationForbidden: true },
  };

  private hiddenRows(): Leave['hiddenRows'] {
    return (this.config.context as Partial<EngineContext> | undefined)?.hiddenRows;
  }

  subtotal(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length < 2) return new CellError(ErrorType.NA, 'SUBTOTAL takes function_num and at least one reference');
    const n = this.numberArg(ast.args[0], state);
    if (n instanceof CellError) return n;
    const code = Math.trunc(n ?? 0);
    const kind = code > 100 ? code - 100 : code;
    if (kind < 1 || kind > 11 || (code > 11 && code < 101) || code > 111) return valueError('SUBTOTAL: function_num is 1-11, or 101-111 to leave out hidden rows');
    const got = this.collect(ast.args.slice(1), state, { subtotals: true, errors: false, hiddenRows: code > 100 ? this.hiddenRows() : undefined }, true);
    return got instanceof CellError ? got : aggregate(kind, got.xs, got.nonEmpty);
  }

  aggregate(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length < 3) return valueError('AGGREGATE takes function_num, options and at least one reference');
    const [fn, opt] = [this.numberArg(ast.args[0], state), this.numberArg(ast.args[1], state)];
    if (fn instanceof CellError) return fn;
    if (opt instanceof CellError) return opt;
    const kind = Math.trunc(fn ?? 0);
    const option = OPTIONS[Math.trunc(opt ?? 0)];
    if (kind < 1 || kind > 19 || !option) return valueError('AGGREGATE: function_num is 1-19 and options 0-7');
    const leave: Leave = { subtotals: option.subtotals, errors: option.errors, hiddenRows: option.hidden ? this.hiddenRows() : undefined };
    if (kind < 14) {
      const got = this.collect(ast.args.slice(2), state, leave, false);
      if (got instanceof CellError) return got;
      return kind < 12 ? aggregate(kind, got.xs, got.nonEmpty) : aggregateMore(kind, got.xs, 0);
    }
    // 14-19: one array (or reference) and k.
    if (ast.args.length !== 4) return valueError('AGGREGATE: functions 14-19 take an array and k');
    const k = this.numberArg(ast.args[3], state);
    if (k instanceof CellError) return k;
    const got = this.collect([ast.args[2]!], state, leave, true);
    return got instanceof CellError ? got : aggregateMore(kind, got.xs, k ?? 0);
  }

  /**
   * The numbers (and the count of non-empty values) of the arguments: references cell by cell with
   * what `leave` leaves out; other arguments as values when `arrays` allows them (SUBTOTAL reads
   * them kindly, AGGREGATE 14-19 takes them), else #VALUE! as in Excel. The first error not left
   * out is the result.
   */
  private collect(args: readonly Ast[], state: InterpreterState, leave: Leave, arrays: boolean): { xs: number[]; nonEmpty: number } | CellError {
    const xs: number[] = [];
    let nonEmpty = 0;
    const take = (v: unknown): CellError | undefined => {
      if (v instanceof CellError) return leave.errors ? undefined : v;
      if (v === EmptyValue || v === null || v === undefined) return undefined;
      nonEmpty++;
      const x = typeof v === 'boolean' || typeof v === 'string' ? undefined : rawNumber(v);
      if (x !== undefined) xs.push(x);
      return undefined;
    };
    const graph = this.dependencyGraph as unknown as Graph;
    for (const arg of args) {
      const t = this.targetOf(arg, state);
      if (t instanceof CellError) {
        if (!arrays) return valueError('AGGREGATE: functions 1-13 take references, not computed arrays');
        const v = this.evaluateAst(arg, state);
        for (const x of v instanceof SimpleRangeValue ? v.data.flat() : [v]) {
          const err = take(x);
          if (err) return err;
        }
        continue;
      }
      const err = this.eachCell(t, state, graph, leave, take);
      if (err) return err;
    }
    return { xs, nonEmpty };
  }

  /** Feeds each counted cell of a reference to `take`; stops at the first error. */
  private eachCell(t: Target, state: InterpreterState, graph: Graph, leave: Leave, take: (v: unknown) => CellError | undefined): CellError | undefined {
    const values = this.valuesOf(t, state);
    if (values instanceof CellError) return values;
    const grid: InternalScalarValue[][] = values instanceof SimpleRangeValue ? values.data : [[values as InternalScalarValue]];
    const hiddenRows = leave.hiddenRows?.(t.sheet);
    for (let r = 0; r < grid.length; r++) {
      const row = t.r0 + r;
      if (hiddenRows?.has(row)) continue;
      for (let c = 0; c < grid[r]!.length; c++) {
        if (leave.subtotals) {
          const cell = graph.getCell({ sheet: t.sheet, row, col: t.c0 + c });
          if (cell?.getFormula && holdsSubtotal(cell.getFormula(graph.lazilyTransformingAstService))) continue;
        }
        const err = take(grid[r]![c]);
        if (err) return err;
      }
    }
    return undefined;
  }
}
