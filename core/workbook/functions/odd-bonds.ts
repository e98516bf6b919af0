// ODDFPRICE, ODDFYIELD, ODDLPRICE and ODDLYIELD: securities with an odd (short or long) first or
// last coupon period, as Excel computes them. Ported from IronCalc (MIT), itself a port of the
// ExcelFinancialFunctions library (oddbonds.fs), and checked against Excel's values in
// test/fixtures/excel. Dates are serials; basis 0 US 30/360, 1 actual/actual, 2 actual/360,
// 3 actual/365, 4 European 30/360.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { days360eu, days360us, lastOfMonth, shift, toYmd } from './bonds.ts';
import type { InterpreterState, ProcedureAst } from './shared.ts';

const basisDays = (a: number, b: number, basis: number) => (basis === 0 ? days360us(a, b, false) : basis === 4 ? days360eu(a, b) : b - a);
const notNeg = (a: number, b: number, basis: number) => Math.max(0, basisDays(a, b, basis));
/** Basis 0 counts with 30/360 adjusting both dates (the odd-last-period convention). */
const notNegBoth = (a: number, b: number, basis: number) => (basis === 0 ? Math.max(0, days360us(a, b, true)) : notNeg(a, b, basis));
const isLastDay = (d: number) => lastOfMonth(toYmd(d));

/** The coupon dates around settlement, counted back from maturity: [previous, next]. */
function pcdNcd(settle: number, mat: number, freq: number): [number, number] {
  const months = 12 / freq, last = isLastDay(mat);
  let front = mat, trailing = mat;
  while (front > settle) {
    trailing = front;
    front = shift(front, -months, last);
  }
  return [front, trailing];
}

/** Coupons after settlement up to and including maturity. */
function couponCount(settle: number, mat: number, freq: number): number {
  const next = toYmd(pcdNcd(settle, mat, freq)[1]), m = toYmd(mat);
  return Math.floor((m.y * 12 + m.m - (next.y * 12 + next.m)) / (12 / freq)) + 1;
}

/** Days in the coupon period that holds settlement (E). */
function periodLength(settle: number, mat: number, freq: number, basis: number): number {
  if (basis === 1) {
    const [p, n] = pcdNcd(settle, mat, freq);
    return n - p;
  }
  return (basis === 3 ? 365 : 360) / freq;
}

/** Whole quasi-coupon periods from settlement to `mat`. */
function coupNumber(mat: number, settle: number, months: number): number {
  const m = toYmd(mat);
  const daysInMonth = new Date(Date.UTC(m.y, m.m, 0)).getUTCDate();
  const eom = !lastOfMonth(m) && m.m !== 2 && m.d > 28 && m.d < daysInMonth ? isLastDay(settle) : lastOfMonth(m);
  const start = shift(settle, 0, eom);
  let coupons = settle < start ? 1 : 0;
  for (let front = shift(start, months, eom); front < mat; front = shift(front, months, eom)) coupons++;
  return coupons;
}

export function oddFPrice(settle: number, mat: number, issue: number, first: number, rate: number, yld: number, redemption: number, freq: number, basis: number): number {
  const m = freq, months = 12 / freq;
  const e = periodLength(settle, first, freq, basis);
  const dfc = notNeg(issue, first, basis);
  const x = yld / m + 1;
  if (dfc < e) {
    // A short first period.
    const n = couponCount(settle, mat, freq);
    const dsc = notNeg(settle, first, basis), a = notNeg(issue, settle, basis);
    const y = dsc / e;
    let p = redemption / x ** (n - 1 + y) + ((100 * rate) / m) * (dfc / e) / x ** y;
    for (let k = 2; k <= n; k++) p += (100 * rate) / m / x ** (k - 1 + y);
    return p - (a / e) * (rate / m) * 100;
  }
  // A long first period, spanning several quasi-coupon periods.
  const nc = couponCount(issue, first, freq);
  let late = first, dcnl = 0, anl = 0;
  for (let k = nc; k >= 1; k--) {
    const early = shift(late, -months, false);
    const nl = basis === 1 ? notNeg(early, late, basis) : e;
    const dci = k > 1 ? nl : notNeg(issue, late, basis);
    anl += notNeg(Math.max(issue, early), Math.min(settle, late), basis) / nl;
    dcnl += dci / nl;
    late = early;
  }
  let dsc: number;
  if (basis === 2 || basis === 3) dsc = notNeg(settle, pcdNcd(settle, first, freq)[1], basis);
  else dsc = e - basisDays(pcdNcd(settle, first, freq)[0], settle, basis);
  const nq = coupNumber(first, settle, months);
  const n = couponCount(first, mat, freq);
  const y = dsc / e;
  let p = redemption / x ** (y + nq + n) + (((100 * rate) / m) * dcnl) / x ** (nq + y);
  for (let k = 1; k <= n; k++) p += (100 * rate) / m / x ** (k + nq + y);
  return p - ((100 * rate) / m) * anl;
}

/** ODDLPRICE (price) or ODDLYIELD (yield), in closed form. */
function oddL(settle: number, mat: number, last: number, rate: number, priceOrYield: number, redemption: number, freq: number, basis: number, price: boolean): number {
  const m = freq, months = 12 / freq;
  const nc = couponCount(last, mat, freq);
  let early = last, dcnl = 0, anl = 0, dscnl = 0;
  for (let k = 1; k <= nc; k++) {
    const late = shift(early, months, false);
    const nl = notNegBoth(early, late, basis);
    const dci = k < nc ? nl : notNegBoth(early, mat, basis);
    const a = late < settle ? dci : early < settle ? notNeg(early, settle, basis) : 0;
    dscnl += notNeg(Math.max(settle, early), Math.min(mat, late), basis) / nl;
    dcnl += dci / nl;
    anl += a / nl;
    early = late;
  }
  const x = (100 * rate) / m;
  const t1 = dcnl * x + redemption;
  if (price) return t1 / ((dscnl * priceOrYield) / m + 1) - anl * x;
  const t2 = anl * x + priceOrYield;
  return ((t1 - t2) / t2) * (m / dscnl);
}

/** The yield that gives a price: Newton's method from the coupon rate, bisection when it fails. */
function solveYield(target: number, rate: number, priceAt: (y: number) => number): number | undefined {
  const f = (y: number) => priceAt(y) - target;
  const h = 1e-5, eps = 1e-8;
  let y = rate;
  for (let i = 0; i < 100; i++) {
    const fv = f(y);
    if (!Number.isFinite(fv)) break;
    const fp = (f(y + h) - f(y - h)) / (2 * h);
    if (!Number.isFinite(fp) || Math.abs(fp) < 1e-15) break;
    const next = y - fv / fp;
    if (next <= -1) break;
    if (Math.abs(next - y) < eps) return next;
    y = next;
  }
  let lo = -0.9999, hi = 100;
  const flo = f(lo), fhi = f(hi);
  if (!(flo * fhi <= 0)) return undefined;
  if (flo > 0) [lo, hi] = [hi, lo];
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2, fm = f(mid);
    if (Math.abs(fm) < eps || Math.abs(hi - lo) < 1e-12) return mid;
    if (f(lo) * fm < 0) hi = mid;
    else lo = mid;
  }
  return undefined;
}

const num = { argumentType: FunctionArgumentType.NUMBER };
const basisArg = { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0 };
const numError = (why: string) => new CellError(ErrorType.NUM, why);

function checkModes(freq: number, basis: number): CellError | undefined {
  if (freq !== 1 && freq !== 2 && freq !== 4) return numError('frequency must be 1, 2 or 4');
  if (basis < 0 || basis > 4) return numError('basis must be 0 to 4');
  return undefined;
}

export class OddBondsPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    ODDFPRICE: { method: 'oddfprice', parameters: [num, num, num, num, num, num, num, num, basisArg] },
    ODDFYIELD: { method: 'oddfyield', parameters: [num, num, num, num, num, num, num, num, basisArg] },
    ODDLPRICE: { method: 'oddlprice', parameters: [num, num, num, num, num, num, num, basisArg] },
    ODDLYIELD: { method: 'oddlyield', parameters: [num, num, num, num, num, num, num, basisArg] },
  };

  private oddF(ast: ProcedureAst, state: InterpreterState, yieldOf: boolean) {
    const name = yieldOf ? 'ODDFYIELD' : 'ODDFPRICE';
    return this.runFunction(ast.args, state, this.metadata(name), (...a: number[]) => {
      const [s, m, iss, fc] = a.slice(0, 4).map(Math.floor) as [number, number, number, number];
      const [rate, py, redemption] = a.slice(4, 7) as [number, number, number];
      const f = Math.floor(a[7]!), b = Math.floor(a[8]!);
      const bad = checkModes(f, b);
      if (bad) return bad;
      if (iss >= fc || fc > m || s >= m) return numError(`${name}: dates must run issue < first_coupon <= maturity and settlement < maturity`);
      if (rate < 0 || (yieldOf ? py <= 0 : py < 0) || redemption <= 0) return numError(`${name}: rate must not be negative, ${yieldOf ? 'pr' : 'yld'} and redemption positive`);
      if (!yieldOf) return oddFPrice(s, m, iss, fc, rate, py, redemption, f, b);
      const y = solveYield(py, rate, (yl) => oddFPrice(s, m, iss, fc, rate, yl, redemption, f, b));
      return y === undefined ? numError('ODDFYIELD did not converge') : y;
    });
  }

  private oddL(ast: ProcedureAst, state: InterpreterState, yieldOf: boolean) {
    const name = yieldOf ? 'ODDLYIELD' : 'ODDLPRICE';
    return this.runFunction(ast.args, state, this.metadata(name), (...a: number[]) => {
      const [s, m, last] = a.slice(0, 3).map(Math.floor) as [number, number, number];
      const [rate, py, redemption] = a.slice(3, 6) as [number, number, number];
      const f = Math.floor(a[6]!), b = Math.floor(a[7]!);
      const bad = checkModes(f, b);
      if (bad) return bad;
      if (last >= m || s >= m) return numError(`${name}: last_interest and settlement must be before maturity`);
      if (rate < 0 || (yieldOf ? py <= 0 : py < 0) || redemption <= 0) return numError(`${name}: rate must not be negative, ${yieldOf ? 'pr' : 'yld'} and redemption positive`);
      return oddL(s, m, last, rate, py, redemption, f, b, !yieldOf);
    });
  }

  oddfprice(ast: ProcedureAst, state: InterpreterState) {
    return this.oddF(ast, state, false);
  }

  oddfyield(ast: ProcedureAst, state: InterpreterState) {
    return this.oddF(ast, state, true);
  }

  oddlprice(ast: ProcedureAst, state: InterpreterState) {
    return this.oddL(ast, state, false);
  }

  oddlyield(ast: ProcedureAst, state: InterpreterState) {
    return this.oddL(ast, state, true);
  }
}
