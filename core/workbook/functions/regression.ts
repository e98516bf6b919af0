// INTERCEPT(known_y, known_x) and FORECAST / FORECAST.LINEAR(x, known_y, known_x): the least
// squares line through pairs of numbers, which HyperFormula 3.5 has as SLOPE only.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { isError, naError, rawNumber, type InterpreterState, type ProcedureAst } from './shared.ts';

/** The pairs where both values are numbers, or an error. */
function pairs(ys: SimpleRangeValue, xs: SimpleRangeValue): [number, number][] | CellError {
  const y = ys.data.flat(), x = xs.data.flat();
  if (y.length !== x.length) return naError('known_y and known_x must have the same number of values');
  const out: [number, number][] = [];
  for (let i = 0; i < y.length; i++) {
    if (isError(y[i])) return y[i] as CellError;
    if (isError(x[i])) return x[i] as CellError;
    const a = rawNumber(y[i]), b = rawNumber(x[i]);
    if (a !== undefined && b !== undefined) out.push([a, b]);
  }
  return out;
}

/** Intercept and slope of y = a + b x, or an error when x does not vary. */
export function fitLine(ps: [number, number][]): { a: number; b: number } | CellError {
  const n = ps.length;
  if (n < 2) return new CellError(ErrorType.DIV_BY_ZERO, 'needs at least two pairs of numbers');
  const my = ps.reduce((s, p) => s + p[0], 0) / n, mx = ps.reduce((s, p) => s + p[1], 0) / n;
  let sxy = 0, sxx = 0;
  for (const [y, x] of ps) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  if (sxx === 0) return new CellError(ErrorType.DIV_BY_ZERO, 'known_x does not vary');
  const b = sxy / sxx;
  return { a: my - b * mx, b };
}

const RANGES = [{ argumentType: FunctionArgumentType.RANGE }, { argumentType: FunctionArgumentType.RANGE }];
const FORECAST = [{ argumentType: FunctionArgumentType.NUMBER }, ...RANGES];

export class RegressionPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    INTERCEPT: { method: 'intercept', parameters: RANGES },
    FORECAST: { method: 'forecast', parameters: FORECAST },
    'FORECAST.LINEAR': { method: 'forecast', parameters: FORECAST },
  };

  intercept(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('INTERCEPT'), (ys: SimpleRangeValue, xs: SimpleRangeValue) => {
      const ps = pairs(ys, xs);
      const line = isError(ps) ? ps : fitLine(ps);
      return isError(line) ? line : line.a;
    });
  }

  forecast(ast: ProcedureAst, state: InterpreterState) {
    const name = (ast as { procedureName: string }).procedureName;
    return this.runFunction(ast.args, state, this.metadata(name), (x: number, ys: SimpleRangeValue, xs: SimpleRangeValue) => {
      const ps = pairs(ys, xs);
      const line = isError(ps) ? ps : fitLine(ps);
      return isError(line) ? line : line.a + line.b * x;
    });
  }
}
