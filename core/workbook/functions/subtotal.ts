// SUBTOTAL(function_num, ref1, [ref2], ...) with Excel's two rules the engine's own lacked: cells
// whose formula holds a SUBTOTAL (or AGGREGATE) are left out, so subtotals of subtotals do not
// count twice, and the 101-111 forms leave out hidden rows (read from the sheet through the
// engine's context, FormulaEngine.build). The 1-11 forms in Excel leave out only rows a filter
// hides; filters are not kept here, so they count every row. SUBTOTAL is volatile, so hiding or
// showing rows recomputes it on the next write.
import { CellError, EmptyValue, ErrorType, SimpleRangeValue } from 'hyperformula';
import { ReferencePlugin, type Target } from './references.ts';
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

export class SubtotalPlugin extends ReferencePlugin {
  static override implementedFunctions = {
    SUBTOTAL: { method: 'subtotal', isVolatile: true, vectorizationForbidden: true },
  };

  subtotal(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length < 2) return new CellError(ErrorType.NA, 'SUBTOTAL takes function_num and at least one reference');
    const n = this.numberArg(ast.args[0], state);
    if (n instanceof CellError) return n;
    const code = Math.trunc(n ?? 0);
    const kind = code > 100 ? code - 100 : code;
    if (kind < 1 || kind > 11 || (code > 11 && code < 101) || code > 111) return valueError('SUBTOTAL: function_num is 1-11, or 101-111 to leave out hidden rows');
    const hidden = code > 100 ? (this.config.context as Partial<EngineContext> | undefined)?.hiddenRows : undefined;
    const xs: number[] = [];
    let nonEmpty = 0;
    const take = (v: unknown): CellError | undefined => {
      if (v instanceof CellError) return v;
      if (v === EmptyValue || v === null || v === undefined) return undefined;
      nonEmpty++;
      const x = typeof v === 'boolean' || typeof v === 'string' ? undefined : rawNumber(v);
      if (x !== undefined) xs.push(x);
      return undefined;
    };
    const graph = this.dependencyGraph as unknown as Graph;
    for (const arg of ast.args.slice(1)) {
      const t = this.targetOf(arg, state);
      if (t instanceof CellError) {
        // Not a reference: its values as they are (Excel takes references only; arrays are read kindly).
        const v = this.evaluateAst(arg, state);
        for (const x of v instanceof SimpleRangeValue ? v.data.flat() : [v]) {
          const err = take(x);
          if (err) return err;
        }
        continue;
      }
      const err = this.eachCell(t, state, graph, hidden?.(t.sheet), take);
      if (err) return err;
    }
    return aggregate(kind, xs, nonEmpty);
  }

  /** Feeds each counted cell of a reference to `take`; stops at the first error. */
  private eachCell(t: Target, state: InterpreterState, graph: Graph, hiddenRows: ReadonlySet<number> | undefined, take: (v: unknown) => CellError | undefined): CellError | undefined {
    const values = this.valuesOf(t, state);
    if (values instanceof CellError) return values;
    const grid: InternalScalarValue[][] = values instanceof SimpleRangeValue ? values.data : [[values as InternalScalarValue]];
    for (let r = 0; r < grid.length; r++) {
      const row = t.r0 + r;
      if (hiddenRows?.has(row)) continue;
      for (let c = 0; c < grid[r]!.length; c++) {
        const cell = graph.getCell({ sheet: t.sheet, row, col: t.c0 + c });
        if (cell?.getFormula && holdsSubtotal(cell.getFormula(graph.lazilyTransformingAstService))) continue;
        const err = take(grid[r]![c]);
        if (err) return err;
      }
    }
    return undefined;
  }
}
