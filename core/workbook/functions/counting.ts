// Functions whose engine (or formulajs) versions answer differently from Excel's files:
// - BINOM.DIST.RANGE(trials, probability_s, number_s, [number_s2]): arguments truncated, #NUM!
//   outside 0 <= number_s <= number_s2 <= trials or a probability outside [0, 1]; summed in log
//   space so thousands of trials neither overflow nor lose precision;
// - PERMUT(number, number_chosen): truncated, #NUM! for negatives or number < number_chosen;
// - ACOT(x): in (0, pi), as Excel (the engine gave atan(1/x), negative for x < 0);
// - DAYS360(start, end, [method]): Excel's own US rule (the last day of a month starts as the 30th;
//   an end on the 31st becomes the 30th only when the start is the 30th or later), on Excel's
//   calendar (serial 0 is 0 January 1900, 60 the 29 February 1900 Excel counts), times rounded to
//   the second;
// - NOMINAL and EFFECT: periods truncated, #NUM! for a rate not above 0 or fewer than 1 period,
//   #VALUE! for logical values.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { rawNumber, type InterpreterState, type ProcedureAst } from './shared.ts';
import { dateShift } from './clock.ts';

const num = { argumentType: FunctionArgumentType.NUMBER };
const scalar = { argumentType: FunctionArgumentType.SCALAR };
const numError = (why: string) => new CellError(ErrorType.NUM, why);

/** log(n choose k), summed term by term (exact enough for thousands of trials). */
function logChoose(n: number, k: number): number {
  const m = Math.min(k, n - k);
  let s = 0;
  for (let i = 1; i <= m; i++) s += Math.log((n - m + i) / i);
  return s;
}

export function binomDistRange(trialsArg: number, p: number, sArg: number, s2Arg?: number): number | CellError {
  const n = Math.trunc(trialsArg), s = Math.trunc(sArg), s2 = s2Arg === undefined ? s : Math.trunc(s2Arg);
  if (n < 0 || p < 0 || p > 1 || s < 0 || s > n || s2 < s || s2 > n) return numError('BINOM.DIST.RANGE: needs 0 <= number_s <= number_s2 <= trials and a probability from 0 to 1');
  if (p === 0) return s === 0 ? 1 : 0;
  if (p === 1) return s2 === n ? 1 : 0;
  let total = 0;
  for (let k = s; k <= s2; k++) total += Math.exp(logChoose(n, k) + k * Math.log(p) + (n - k) * Math.log1p(-p));
  return total;
}

export function permut(nArg: number, kArg: number): number | CellError {
  const n = Math.trunc(nArg), k = Math.trunc(kArg);
  if (n < 0 || k < 0 || n < k) return numError('PERMUT needs 0 <= number_chosen <= number');
  let out = 1;
  for (let i = 0; i < k; i++) out *= n - i;
  return out;
}

/** An Excel serial as Excel's calendar reads it (1900 has a 29 February; serial 0 is 0 January). */
function excelDate(serial: number): { y: number; m: number; d: number } {
  const s = Math.floor(serial + 0.5 / 86_400);
  if (s === 0) return { y: 1900, m: 1, d: 0 };
  if (s === 60) return { y: 1900, m: 2, d: 29 };
  const t = new Date(Date.UTC(1899, 11, s < 60 ? 31 + s : 30 + s));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

const lastDay = (p: { y: number; m: number; d: number }) => p.d === new Date(Date.UTC(p.y, p.m, 0)).getUTCDate() || (p.y === 1900 && p.m === 2 && p.d === 29);

export function days360(start: number, end: number, european: boolean): number | CellError {
  if (start < 0 || end < 0) return numError('DAYS360 takes dates (serials from 0)');
  const a = excelDate(start), b = excelDate(end);
  let d1 = a.d, d2 = b.d;
  if (european) {
    d1 = Math.min(d1, 30);
    d2 = Math.min(d2, 30);
  } else {
    if (lastDay(a)) d1 = 30;
    if (d2 === 31 && d1 >= 30) d2 = 30;
  }
  // An end on the 31st after a start before the 30th counts as the 1st of the next month.
  if (!european && d2 === 31) return (b.y - a.y) * 360 + (b.m + 1 - a.m) * 30 + (1 - d1);
  return (b.y - a.y) * 360 + (b.m - a.m) * 30 + (d2 - d1);
}

export class CountingPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    'BINOM.DIST.RANGE': { method: 'binomDistRange', parameters: [num, num, num, { ...num, optionalArg: true }] },
    PERMUT: { method: 'permut', parameters: [num, num] },
    ACOT: { method: 'acot', parameters: [num] },
    DAYS360: { method: 'days360', parameters: [num, num, { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: false }] },
    NOMINAL: { method: 'nominal', parameters: [scalar, scalar] },
    EFFECT: { method: 'effect', parameters: [scalar, scalar] },
  };

  private rates(ast: ProcedureAst, state: InterpreterState, name: string, f: (rate: number, periods: number) => number) {
    const h = this.arithmeticHelper as unknown as { coerceScalarToNumberOrError(v: unknown): unknown };
    return this.runFunction(ast.args, state, this.metadata(name), (a: unknown, b: unknown) => {
      const [rate, periods] = [a, b].map((v) => (v instanceof CellError ? v : typeof v === 'boolean' ? new CellError(ErrorType.VALUE, `${name} takes numbers`) : h.coerceScalarToNumberOrError(v)));
      if (rate instanceof CellError) return rate;
      if (periods instanceof CellError) return periods;
      const r = rawNumber(rate as never)!, n = Math.trunc(rawNumber(periods as never)!);
      if (!(r > 0) || !(n >= 1)) return numError(`${name}: the rate must be above 0 and the periods at least 1`);
      return f(r, n);
    });
  }

  nominal(ast: ProcedureAst, state: InterpreterState) {
    return this.rates(ast, state, 'NOMINAL', (r, n) => n * ((1 + r) ** (1 / n) - 1));
  }

  effect(ast: ProcedureAst, state: InterpreterState) {
    return this.rates(ast, state, 'EFFECT', (r, n) => (1 + r / n) ** n - 1);
  }

  binomDistRange(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('BINOM.DIST.RANGE'), binomDistRange);
  }

  permut(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('PERMUT'), permut);
  }

  acot(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('ACOT'), (x: number) => Math.PI / 2 - Math.atan(x));
  }

  days360(ast: ProcedureAst, state: InterpreterState) {
    // In a 1904 file the same days are 1462 serials later in the 1900 system days360 counts in.
    const shift = dateShift(this.config);
    return this.runFunction(ast.args, state, this.metadata('DAYS360'), (start: number, end: number, european: boolean) => days360(start + shift, end + shift, european));
  }
}
