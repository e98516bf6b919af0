// Statistical functions that answer with arrays: FREQUENCY (counts per bin, plus one past the last
// bin), MODE.MULT (every most frequent number, in order of first appearance), and the least-squares
// family for one x variable: LINEST and LOGEST (slope and intercept, with stats the 5 x 2 table
// Excel gives), TREND and GROWTH (values on the fitted line or curve). Several x variables are
// #VALUE! for now. Text, logical values and blanks in the data are left out, as in Excel.
import { ArraySize, CellError, ErrorType, FunctionArgumentType, SimpleRangeValue } from 'hyperformula';
import { ArrayFunctionPlugin, gridOf, rawNumber, resultOf, size, type Grid, type InternalScalarValue, type InterpreterState, type ProcedureAst } from './shared.ts';

const num = (v: InternalScalarValue) => (typeof v === 'boolean' ? undefined : rawNumber(v));
const numbers = (g: Grid): number[] => g.flat().map(num).filter((x): x is number => x !== undefined);
const na = () => new CellError(ErrorType.NA);

export function frequency(data: number[], bins: number[]): number[] {
  const order = bins.map((b, i) => [b, i] as const).sort((a, b) => a[0] - b[0]);
  const counts = new Array<number>(bins.length + 1).fill(0);
  for (const x of data) {
    const hit = order.find(([b]) => x <= b);
    counts[hit ? hit[1] : bins.length]!++;
  }
  return counts;
}

export function modeMult(xs: number[]): number[] {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  return top < 2 ? [] : [...counts.entries()].filter(([, c]) => c === top).map(([x]) => x);
}

interface Fit {
  m: number;
  b: number;
  stats: (number | CellError)[][];
}

/** Least squares y = m x + b (b = 0 when withConstant is false), with Excel's LINEST statistics. */
export function linearFit(xs: number[], ys: number[], withConstant: boolean): Fit | CellError {
  const n = ys.length;
  if (n === 0 || xs.length !== n) return new CellError(ErrorType.REF, 'known_x and known_y must have the same number of values');
  const xbar = withConstant ? xs.reduce((a, x) => a + x, 0) / n : 0;
  const ybar = withConstant ? ys.reduce((a, y) => a + y, 0) / n : 0;
  let sxx = 0, sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i]! - xbar) ** 2;
    sxy += (xs[i]! - xbar) * (ys[i]! - ybar);
  }
  if (sxx === 0) return new CellError(ErrorType.DIV_BY_ZERO, 'the x values do not vary');
  const m = sxy / sxx, b = ybar - m * xbar;
  let ssresid = 0, sstot = 0;
  for (let i = 0; i < n; i++) {
    ssresid += (ys[i]! - (m * xs[i]! + b)) ** 2;
    sstot += (ys[i]! - ybar) ** 2;
  }
  const df = n - (withConstant ? 2 : 1);
  const ssreg = sstot - ssresid;
  const div = new CellError(ErrorType.DIV_BY_ZERO);
  const sey = df > 0 ? Math.sqrt(ssresid / df) : div;
  const seM = typeof sey === 'number' ? sey / Math.sqrt(sxx) : div;
  const seB = !withConstant ? na() : typeof sey === 'number' ? sey * Math.sqrt(1 / n + (xbar * xbar) / sxx) : div;
  const f = df > 0 && ssresid > 0 ? ssreg / (ssresid / df) : div;
  return { m, b, stats: [[m, b], [seM, seB], [sstot ? ssreg / sstot : div, sey], [f, df], [ssreg, ssresid]] };
}

// An empty const (LINEST(y, x, , TRUE)) is left out, so TRUE, as Excel reads it.
const bool = { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: true, emptyAsDefault: true };
const range = { argumentType: FunctionArgumentType.RANGE };
const optRange = { argumentType: FunctionArgumentType.RANGE, optionalArg: true };

export class ArrayStatsPlugin extends ArrayFunctionPlugin {
  static override implementedFunctions = {
    FREQUENCY: { method: 'frequency', sizeOfResultArrayMethod: 'frequencySize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: [range, range] },
    'MODE.MULT': { method: 'modeMult', sizeOfResultArrayMethod: 'modeMultSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: [{ argumentType: FunctionArgumentType.ANY }], repeatLastArgs: 1 },
    LINEST: { method: 'linest', sizeOfResultArrayMethod: 'linestSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: [range, optRange, bool, { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: false }] },
    LOGEST: { method: 'logest', sizeOfResultArrayMethod: 'linestSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: [range, optRange, bool, { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: false }] },
    TREND: { method: 'trend', sizeOfResultArrayMethod: 'trendSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: [range, optRange, optRange, bool] },
    GROWTH: { method: 'growth', sizeOfResultArrayMethod: 'trendSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: [range, optRange, optRange, bool] },
  };

  frequency(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('FREQUENCY'), (data: SimpleRangeValue, bins: SimpleRangeValue) => {
      const error = [...data.data.flat(), ...bins.data.flat()].find((v) => v instanceof CellError);
      if (error) return error;
      return this.fit(resultOf(frequency(numbers(data.data), numbers(bins.data)).map((c) => [c])), this.frequencySize(ast, state));
    });
  }

  frequencySize(ast: ProcedureAst, state: InterpreterState) {
    const [, bins] = this.argSizes(ast, state);
    return bins ? size(1, bins.width * bins.height + 1) : ArraySize.scalar();
  }

  modeMult(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('MODE.MULT'), (...args: unknown[]) => {
      const xs: number[] = [];
      for (const a of args) {
        if (a instanceof CellError) return a;
        for (const v of gridOf(a as InternalScalarValue).flat()) {
          if (v instanceof CellError) return v;
          const n = num(v);
          if (n !== undefined) xs.push(n);
        }
      }
      const modes = modeMult(xs);
      return modes.length ? this.fit(resultOf(modes.map((m) => [m])), this.modeMultSize(ast, state)) : new CellError(ErrorType.NA, 'MODE.MULT: no value repeats');
    });
  }

  /** An upper bound: as many rows as values. */
  modeMultSize(ast: ProcedureAst, state: InterpreterState) {
    return size(1, this.argSizes(ast, state).reduce((a, s) => a + s.width * s.height, 0));
  }

  /** Known y and x as number lists (x defaults to 1, 2, 3...), or the error. */
  private xy(ys: SimpleRangeValue, xs: SimpleRangeValue | undefined, log: boolean): { x: number[]; y: number[] } | CellError {
    const yg = ys.data;
    if (xs && xs.width() > 1 && xs.height() > 1) return new CellError(ErrorType.VALUE, 'several x variables are not supported yet; give one row or one column of x');
    const y: number[] = [];
    for (const v of yg.flat()) {
      const n = num(v);
      if (n === undefined) return new CellError(ErrorType.VALUE, 'known_y must be numbers');
      if (log && n <= 0) return new CellError(ErrorType.NUM, 'known_y must be positive');
      y.push(log ? Math.log(n) : n);
    }
    const x = xs ? xs.data.flat().map(num) : y.map((_, i) => i + 1);
    if (x.some((v) => v === undefined)) return new CellError(ErrorType.VALUE, 'known_x must be numbers');
    return { x: x as number[], y };
  }

  private lin(ast: ProcedureAst, state: InterpreterState, name: 'LINEST' | 'LOGEST') {
    return this.runFunction(ast.args, state, this.metadata(name), (ys: SimpleRangeValue, xs: SimpleRangeValue | undefined, withConstant: boolean, stats: boolean) => {
      const d = this.xy(ys, xs, name === 'LOGEST');
      if (d instanceof CellError) return d;
      const f = linearFit(d.x, d.y, withConstant);
      if (f instanceof CellError) return f;
      const out = stats ? f.stats : [f.stats[0]!];
      const grid = name === 'LOGEST' ? out.map((row, r) => (r === 0 ? row.map((v) => (typeof v === 'number' ? Math.exp(v) : v)) : row)) : out;
      return this.fit(resultOf(grid as Grid), this.linestSize(ast));
    });
  }

  linest(ast: ProcedureAst, state: InterpreterState) {
    return this.lin(ast, state, 'LINEST');
  }

  logest(ast: ProcedureAst, state: InterpreterState) {
    return this.lin(ast, state, 'LOGEST');
  }

  linestSize(ast: ProcedureAst) {
    const s = ast.args[3];
    const stats = s !== undefined && s.type !== 'EMPTY' && !(s.type === 'NUMBER' && s.value === 0) && !(s.type === 'NAMED_EXPRESSION' && s.expressionName.toUpperCase() === 'FALSE');
    return size(2, stats ? 5 : 1);
  }

  private curve(ast: ProcedureAst, state: InterpreterState, name: 'TREND' | 'GROWTH') {
    return this.runFunction(ast.args, state, this.metadata(name), (ys: SimpleRangeValue, xs: SimpleRangeValue | undefined, newXs: SimpleRangeValue | undefined, withConstant: boolean) => {
      const d = this.xy(ys, xs, name === 'GROWTH');
      if (d instanceof CellError) return d;
      const f = linearFit(d.x, d.y, withConstant);
      if (f instanceof CellError) return f;
      const target = newXs ? newXs.data : xs ? xs.data : ys.data.map((row, r) => row.map((_, c) => r * row.length + c + 1));
      const grid = target.map((row) =>
        row.map((v) => {
          const x = num(v);
          if (x === undefined) return new CellError(ErrorType.VALUE, 'new_x must be numbers');
          const y = f.m * x + f.b;
          return name === 'GROWTH' ? Math.exp(y) : y;
        }),
      );
      return this.fit(resultOf(grid), this.trendSize(ast, state));
    });
  }

  trend(ast: ProcedureAst, state: InterpreterState) {
    return this.curve(ast, state, 'TREND');
  }

  growth(ast: ProcedureAst, state: InterpreterState) {
    return this.curve(ast, state, 'GROWTH');
  }

  trendSize(ast: ProcedureAst, state: InterpreterState) {
    const sizes = this.argSizes(ast, state);
    const given = (i: number) => ast.args[i] !== undefined && ast.args[i]!.type !== 'EMPTY';
    const s = given(2) ? sizes[2] : given(1) ? sizes[1] : sizes[0];
    return s ? size(s.width, s.height) : ArraySize.scalar();
  }
}
