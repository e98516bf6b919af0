// Excel 365's array-shaping functions: VSTACK and HSTACK (arrays one under / beside another, the
// short ones padded with #N/A), WRAPROWS and WRAPCOLS (a row or column cut into rows / columns of
// wrap_count values, the last padded with pad_with, #N/A by default) and EXPAND (an array grown
// to rows x columns, padded likewise). The engine reserves the spill area before the formula
// runs, so WRAPROWS, WRAPCOLS and EXPAND need their counts written as numbers.
import { CellError, ErrorType, FunctionArgumentType, SimpleRangeValue } from 'hyperformula';
import { ArrayFunctionPlugin, gridOf, literalNumber, resultOf, size, valueError, type Ast, type Grid, type InternalScalarValue, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

const na = () => new CellError(ErrorType.NA, 'no value here: the arrays differ in size');
const anyArg = { argumentType: FunctionArgumentType.ANY };
const isGiven = (a: Ast | undefined) => a !== undefined && a.type !== 'EMPTY';

export function vstack(grids: Grid[]): Grid {
  const width = Math.max(...grids.map((g) => g[0]?.length ?? 0));
  return grids.flatMap((g) => g.map((row) => [...row, ...Array.from({ length: width - row.length }, na)]));
}

export function hstack(grids: Grid[]): Grid {
  const height = Math.max(...grids.map((g) => g.length));
  return Array.from({ length: height }, (_, r) => grids.flatMap((g) => g[r] ?? Array.from({ length: g[0]?.length ?? 0 }, na)));
}

/** Values cut into lines of `n`; the last line padded. */
function wrap(values: InternalScalarValue[], n: number, pad: InternalScalarValue): Grid {
  const out: Grid = [];
  for (let i = 0; i < values.length; i += n) {
    const line = values.slice(i, i + n);
    while (line.length < n) line.push(pad);
    out.push(line);
  }
  return out;
}

const transpose = (g: Grid): Grid => (g[0] ?? []).map((_, c) => g.map((row) => row[c]!));

export class StackPlugin extends ArrayFunctionPlugin {
  static override implementedFunctions = {
    VSTACK: { method: 'vstack', sizeOfResultArrayMethod: 'vstackSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: [anyArg], repeatLastArgs: 1 },
    HSTACK: { method: 'hstack', sizeOfResultArrayMethod: 'hstackSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: [anyArg], repeatLastArgs: 1 },
    WRAPROWS: { method: 'wraprows', sizeOfResultArrayMethod: 'wraprowsSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true },
    WRAPCOLS: { method: 'wrapcols', sizeOfResultArrayMethod: 'wrapcolsSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true },
    EXPAND: { method: 'expand', sizeOfResultArrayMethod: 'expandSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true },
  };

  private grids(ast: ProcedureAst, state: InterpreterState): Grid[] | CellError {
    const out: Grid[] = [];
    for (const a of ast.args) {
      const v = this.evaluateAst(a, state);
      if (v instanceof CellError) return v;
      out.push(gridOf(v));
    }
    return out;
  }

  vstack(ast: ProcedureAst, state: InterpreterState) {
    const g = this.grids(ast, state);
    return g instanceof CellError ? g : this.fit(resultOf(vstack(g)), this.vstackSize(ast, state));
  }

  hstack(ast: ProcedureAst, state: InterpreterState) {
    const g = this.grids(ast, state);
    return g instanceof CellError ? g : this.fit(resultOf(hstack(g)), this.hstackSize(ast, state));
  }

  vstackSize(ast: ProcedureAst, state: InterpreterState) {
    const s = this.argSizes(ast, state);
    return size(Math.max(...s.map((x) => x.width)), s.reduce((a, x) => a + x.height, 0));
  }

  hstackSize(ast: ProcedureAst, state: InterpreterState) {
    const s = this.argSizes(ast, state);
    return size(s.reduce((a, x) => a + x.width, 0), Math.max(...s.map((x) => x.height)));
  }

  /** The vector, the count and the pad of WRAPROWS/WRAPCOLS, or the error. */
  private wrapArgs(ast: ProcedureAst, state: InterpreterState, name: string): { values: InternalScalarValue[]; n: number; pad: InternalScalarValue } | CellError {
    if (ast.args.length < 2 || ast.args.length > 3) return new CellError(ErrorType.NA, `${name} takes a vector, wrap_count and optionally pad_with`);
    const v = this.evaluateAst(ast.args[0]!, state);
    if (v instanceof CellError) return v;
    const grid = gridOf(v);
    if (grid.length > 1 && (grid[0]?.length ?? 0) > 1) return valueError(`${name} takes one row or one column`);
    const count = this.evaluateAst(ast.args[1]!, state);
    if (count instanceof CellError) return count;
    const n = Math.trunc(Number(count instanceof SimpleRangeValue ? count.data[0]?.[0] : count));
    if (!Number.isFinite(n) || n < 1) return new CellError(ErrorType.NUM, `${name}: wrap_count must be at least 1`);
    const pad = isGiven(ast.args[2]) ? gridOf(this.evaluateAst(ast.args[2]!, state) as InterpreterValue)[0]![0]! : na();
    return { values: grid.flat(), n, pad };
  }

  wraprows(ast: ProcedureAst, state: InterpreterState) {
    const a = this.wrapArgs(ast, state, 'WRAPROWS');
    return a instanceof CellError ? a : this.fit(resultOf(wrap(a.values, a.n, a.pad)), this.wraprowsSize(ast, state));
  }

  wrapcols(ast: ProcedureAst, state: InterpreterState) {
    const a = this.wrapArgs(ast, state, 'WRAPCOLS');
    return a instanceof CellError ? a : this.fit(resultOf(transpose(wrap(a.values, a.n, a.pad))), this.wrapcolsSize(ast, state));
  }

  private wrapSize(ast: ProcedureAst, state: InterpreterState, rowsFirst: boolean) {
    const [v] = this.argSizes({ ...ast, args: ast.args.slice(0, 1) }, state);
    const n = literalNumber(ast.args[1]);
    if (!v || n === undefined || n < 1) return size(1, 1);
    const count = v.width * v.height, k = Math.trunc(n), lines = Math.ceil(count / k);
    return rowsFirst ? size(k, lines) : size(lines, k);
  }

  wraprowsSize(ast: ProcedureAst, state: InterpreterState) {
    return this.wrapSize(ast, state, true);
  }

  wrapcolsSize(ast: ProcedureAst, state: InterpreterState) {
    return this.wrapSize(ast, state, false);
  }

  expand(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length < 2 || ast.args.length > 4) return new CellError(ErrorType.NA, 'EXPAND takes an array, rows, and optionally columns and pad_with');
    const v = this.evaluateAst(ast.args[0]!, state);
    if (v instanceof CellError) return v;
    const grid = gridOf(v);
    const h = grid.length, w = grid[0]?.length ?? 0;
    const count = (i: number, fallback: number): number | CellError => {
      if (!isGiven(ast.args[i])) return fallback;
      const c = this.evaluateAst(ast.args[i]!, state);
      if (c instanceof CellError) return c;
      return Math.trunc(Number(c instanceof SimpleRangeValue ? c.data[0]?.[0] : c));
    };
    const rows = count(1, h), cols = count(2, w);
    if (rows instanceof CellError) return rows;
    if (cols instanceof CellError) return cols;
    if (!(rows >= h) || !(cols >= w)) return valueError('EXPAND: rows and columns cannot be fewer than the array has');
    const pad = isGiven(ast.args[3]) ? gridOf(this.evaluateAst(ast.args[3]!, state) as InterpreterValue)[0]![0]! : undefined;
    const out: Grid = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => grid[r]?.[c] ?? pad ?? na()));
    return this.fit(resultOf(out), this.expandSize(ast, state));
  }

  expandSize(ast: ProcedureAst, state: InterpreterState) {
    const [v] = this.argSizes({ ...ast, args: ast.args.slice(0, 1) }, state);
    if (!v) return size(1, 1);
    const lit = (i: number, fallback: number) => (isGiven(ast.args[i]) ? literalNumber(ast.args[i]) : fallback);
    const rows = lit(1, v.height), cols = lit(2, v.width);
    return rows === undefined || cols === undefined ? size(1, 1) : size(Math.trunc(cols), Math.trunc(rows));
  }
}
