// Bonds and coupons, as Excel computes them: COUPPCD, COUPNCD, COUPNUM, COUPDAYBS, COUPDAYS,
// COUPDAYSNC, ACCRINT, ACCRINTM, PRICE and YIELD, and the discounted securities (DISC, INTRATE,
// RECEIVED, PRICEDISC, YIELDDISC) over YEARFRAC's year of the basis. Dates are serials (1899-12-30 epoch, as the
// engine's); day counts follow the basis argument:
//   0 US (NASD) 30/360 (default), 1 actual/actual, 2 actual/360, 3 actual/365, 4 European 30/360.
// Coupon dates are counted back from maturity by 12/frequency months, keeping maturity's day (or
// the month's last day when maturity is one), so the schedule never drifts.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(1899, 11, 30);

interface Ymd {
  y: number;
  m: number;
  d: number;
}

export const toYmd = (serial: number): Ymd => {
  const t = new Date(EPOCH + Math.floor(serial) * DAY_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
};
const toSerial = (p: Ymd) => Math.round((Date.UTC(p.y, p.m - 1, p.d) - EPOCH) / DAY_MS);
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
export const lastOfMonth = (p: Ymd) => p.d === daysInMonth(p.y, p.m);

/** `months` after the date; the day kept, or the month's last day when `endOfMonth`. */
function addMonths(p: Ymd, months: number, endOfMonth: boolean): Ymd {
  const total = p.y * 12 + (p.m - 1) + months;
  const y = Math.floor(total / 12), m = (total % 12) + 1;
  const last = daysInMonth(y, m);
  return { y, m, d: endOfMonth ? last : Math.min(p.d, last) };
}

/** Days between two dates by the basis's day count. */
function dayCount(a: number, b: number, basis: number): number {
  if (basis === 0 || basis === 4) {
    const p = toYmd(a), q = toYmd(b);
    let d1 = p.d, d2 = q.d;
    if (basis === 0) {
      const febEnd = (x: Ymd) => x.m === 2 && lastOfMonth(x);
      if (febEnd(p) && febEnd(q)) d2 = 30;
      if (febEnd(p)) d1 = 30;
      if (d2 === 31 && d1 >= 30) d2 = 30;
      if (d1 === 31) d1 = 30;
    } else {
      d1 = Math.min(d1, 30);
      d2 = Math.min(d2, 30);
    }
    return (q.y - p.y) * 360 + (q.m - p.m) * 30 + (d2 - d1);
  }
  return b - a;
}

/** YEARFRAC as Excel computes it, for ACCRINTM. */
export function yearFrac(a: number, b: number, basis: number): number {
  if (a > b) [a, b] = [b, a];
  switch (basis) {
    case 0:
    case 4:
      return dayCount(a, b, basis) / 360;
    case 2:
      return (b - a) / 360;
    case 3:
      return (b - a) / 365;
    default: {
      const p = toYmd(a), q = toYmd(b);
      const oneYearLater = toSerial(addMonths(p, 12, false));
      if (b <= oneYearLater) {
        // Within a year: 366 when a 29 February lies between the dates (or either year is leap
        // and the span covers its February end), else 365.
        const feb29 = (y: number) => (isLeap(y) ? toSerial({ y, m: 2, d: 29 }) : NaN);
        const leap = p.y === q.y ? isLeap(p.y) : (isLeap(p.y) && a <= feb29(p.y)) || (isLeap(q.y) && b >= feb29(q.y));
        return (b - a) / (leap ? 366 : 365);
      }
      let days = 0;
      for (let y = p.y; y <= q.y; y++) days += isLeap(y) ? 366 : 365;
      return (b - a) / (days / (q.y - p.y + 1));
    }
  }
}

interface Coupons {
  pcd: number;
  ncd: number;
  num: number;
}

/** The coupon dates around settlement, counted back from maturity. */
function coupons(settle: number, mat: number, freq: number): Coupons {
  const m = toYmd(mat);
  const eom = lastOfMonth(m);
  const step = 12 / freq;
  let n = 1;
  let pcd = toSerial(addMonths(m, -step, eom));
  while (pcd > settle) pcd = toSerial(addMonths(m, -step * ++n, eom));
  const ncd = toSerial(addMonths(m, -step * (n - 1), eom));
  return { pcd, ncd, num: n };
}

/** Days in the coupon period that holds settlement. */
function periodDays(c: Coupons, freq: number, basis: number): number {
  if (basis === 1) return c.ncd - c.pcd;
  return (basis === 3 ? 365 : 360) / freq;
}

const num = { argumentType: FunctionArgumentType.NUMBER };
const basisArg = { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0 };
const numError = (why: string) => new CellError(ErrorType.NUM, why);

/** Excel's checks shared by the coupon functions; the truncated arguments, or the error. */
function couponArgs(settle: number, mat: number, freq: number, basis: number) {
  const s = Math.floor(settle), m = Math.floor(mat), f = Math.trunc(freq), b = Math.trunc(basis);
  if (s >= m) return numError('settlement must be before maturity');
  if (f !== 1 && f !== 2 && f !== 4) return numError('frequency must be 1, 2 or 4');
  if (b < 0 || b > 4) return numError('basis must be 0 to 4');
  return { s, m, f, b, c: coupons(s, m, f) };
}

type CouponArgs = Exclude<ReturnType<typeof couponArgs>, CellError>;

function daysBefore(a: CouponArgs) {
  return dayCount(a.c.pcd, a.s, a.b);
}

function daysAfter(a: CouponArgs) {
  return a.b === 0 || a.b === 4 ? periodDays(a.c, a.f, a.b) - dayCount(a.c.pcd, a.s, a.b) : a.c.ncd - a.s;
}

function price(settle: number, mat: number, rate: number, yld: number, redemption: number, freq: number, basis: number): number | CellError {
  const a = couponArgs(settle, mat, freq, basis);
  if (a instanceof CellError) return a;
  if (rate < 0 || yld < 0 || redemption <= 0) return numError('rate and yield must not be negative; redemption must be positive');
  // Excel discounts over E - A days, not the actual days to the next coupon (they differ for bases 1 to 3).
  const E = periodDays(a.c, a.f, a.b), A = daysBefore(a), DSC = E - A, N = a.c.num;
  const coupon = (100 * rate) / a.f;
  if (N === 1) return (redemption + coupon) / (1 + ((DSC / E) * yld) / a.f) - (coupon * A) / E;
  let p = redemption / Math.pow(1 + yld / a.f, N - 1 + DSC / E);
  for (let k = 1; k <= N; k++) p += coupon / Math.pow(1 + yld / a.f, k - 1 + DSC / E);
  return p - (coupon * A) / E;
}

// ACCRINT as Excel computes it, including its day counts for partial periods (which are not
// YEARFRAC's). Ported from IronCalc (MIT), itself a port of the ExcelFinancialFunctions library
// (bonds.fs, daycountbasis.fs), and checked against Excel's values in test/fixtures/excel.

const isLastFeb = (p: Ymd) => p.m === 2 && lastOfMonth(p);
export const shift = (d: number, months: number, toLastDay: boolean) => toSerial(addMonths(toYmd(d), months, toLastDay));

/** US (NASD) 30/360; `both` is Excel's variant that adjusts the end date whatever the start. */
export function days360us(a: number, b: number, both: boolean): number {
  const p = toYmd(a), q = toYmd(b);
  let sd = p.d, ed = q.d;
  if (isLastFeb(q) && (isLastFeb(p) || both)) ed = 30;
  if (ed === 31 && (sd >= 30 || both)) ed = 30;
  if (sd === 31) sd = 30;
  if (isLastFeb(p)) sd = 30;
  return (q.y - p.y) * 360 + (q.m - p.m) * 30 + (ed - sd);
}

export function days360eu(a: number, b: number): number {
  const p = toYmd(a), q = toYmd(b);
  return (q.y - p.y) * 360 + (q.m - p.m) * 30 + (Math.min(q.d, 30) - Math.min(p.d, 30));
}

/** Days from a to b: a numerator (days accrued) or a denominator (a period's length) of the basis. */
function daysBetween(a: number, b: number, numerator: boolean, basis: number): number {
  if (basis === 0) return days360us(a, b, false);
  if (basis === 4) return days360eu(a, b);
  if (basis === 2 && !numerator) return days360us(a, b, false);
  return b - a;
}

/** Steps from `from` by `months` until `to` is reached: [the boundary reached, the one before it]. */
function stepTo(from: number, to: number, months: number, toLastDay: boolean): [number, number] {
  let front = from, trailing = to;
  while (months > 0 ? front < to : front > to) {
    trailing = front;
    front = shift(front, months, toLastDay);
  }
  return [front, trailing];
}

function accrint(issue: number, first: number, settle: number, rate: number, par: number, freq: number, basis: number, fromIssue: boolean): number {
  const months = 12 / freq;
  const eom = lastOfMonth(toYmd(first));
  const regularStart = shift(first, -months, eom);
  const pcd = settle > first && fromIssue ? stepTo(first, settle, months, eom)[1] : regularStart;
  const periodLength = basis === 1 ? first - regularStart : basis === 3 ? 365 / freq : 360 / freq;
  let acc = daysBetween(Math.max(issue, pcd), settle, true, basis) / periodLength;
  // Whole periods back to the issue count 1 each (0 with calc_method FALSE); the period holding the
  // issue counts its share.
  for (let front = pcd; front > issue; ) {
    const end = front;
    front = shift(front, -months, eom);
    if (issue <= front) acc += fromIssue ? 1 : 0;
    else {
      const num = basis === 0 ? days360us(issue, end, false) : daysBetween(issue, end, true, basis);
      const den = basis === 0 ? days360us(front, end, true) : basis === 3 ? 365 / freq : daysBetween(front, end, false, basis);
      acc += num / den;
    }
  }
  return ((par * rate) / freq) * acc;
}

export class BondsPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    COUPPCD: { method: 'couppcd', parameters: [num, num, num, basisArg] },
    COUPNCD: { method: 'coupncd', parameters: [num, num, num, basisArg] },
    COUPNUM: { method: 'coupnum', parameters: [num, num, num, basisArg] },
    COUPDAYBS: { method: 'coupdaybs', parameters: [num, num, num, basisArg] },
    COUPDAYS: { method: 'coupdays', parameters: [num, num, num, basisArg] },
    COUPDAYSNC: { method: 'coupdaysnc', parameters: [num, num, num, basisArg] },
    ACCRINT: { method: 'accrint', parameters: [num, num, num, num, num, num, basisArg, { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: true }] },
    ACCRINTM: { method: 'accrintm', parameters: [num, num, num, num, basisArg] },
    PRICE: { method: 'price', parameters: [num, num, num, num, num, num, basisArg] },
    DISC: { method: 'discounted', parameters: [num, num, num, num, basisArg] },
    INTRATE: { method: 'discounted', parameters: [num, num, num, num, basisArg] },
    RECEIVED: { method: 'discounted', parameters: [num, num, num, num, basisArg] },
    PRICEDISC: { method: 'discounted', parameters: [num, num, num, num, basisArg] },
    YIELDDISC: { method: 'discounted', parameters: [num, num, num, num, basisArg] },
    PRICEMAT: { method: 'atMaturity', parameters: [num, num, num, num, num, basisArg] },
    YIELDMAT: { method: 'atMaturity', parameters: [num, num, num, num, num, basisArg] },
    YIELD: { method: 'yield', parameters: [num, num, num, num, num, num, basisArg] },
  };

  private coupon(ast: ProcedureAst, state: InterpreterState, name: string, pick: (a: CouponArgs) => number) {
    return this.runFunction(ast.args, state, this.metadata(name), (settle: number, mat: number, freq: number, basis: number) => {
      const a = couponArgs(settle, mat, freq, basis);
      return a instanceof CellError ? a : pick(a);
    });
  }

  couppcd(ast: ProcedureAst, state: InterpreterState) {
    return this.coupon(ast, state, 'COUPPCD', (a) => a.c.pcd);
  }

  coupncd(ast: ProcedureAst, state: InterpreterState) {
    return this.coupon(ast, state, 'COUPNCD', (a) => a.c.ncd);
  }

  coupnum(ast: ProcedureAst, state: InterpreterState) {
    return this.coupon(ast, state, 'COUPNUM', (a) => a.c.num);
  }

  coupdaybs(ast: ProcedureAst, state: InterpreterState) {
    return this.coupon(ast, state, 'COUPDAYBS', daysBefore);
  }

  coupdays(ast: ProcedureAst, state: InterpreterState) {
    return this.coupon(ast, state, 'COUPDAYS', (a) => periodDays(a.c, a.f, a.b));
  }

  coupdaysnc(ast: ProcedureAst, state: InterpreterState) {
    return this.coupon(ast, state, 'COUPDAYSNC', daysAfter);
  }

  accrint(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('ACCRINT'), (issue: number, first: number, settle: number, rate: number, par: number, freq: number, basis: number, fromIssue: boolean) => {
      const i = Math.floor(issue), fi = Math.floor(first), s = Math.floor(settle), f = Math.trunc(freq), b = Math.trunc(basis);
      if (rate <= 0 || par <= 0) return numError('rate and par must be positive');
      if (f !== 1 && f !== 2 && f !== 4) return numError('frequency must be 1, 2 or 4');
      if (b < 0 || b > 4) return numError('basis must be 0 to 4');
      if (i >= s) return numError('issue must be before settlement');
      return accrint(i, fi, s, rate, par, f, b, fromIssue);
    });
  }

  accrintm(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('ACCRINTM'), (issue: number, settle: number, rate: number, par: number, basis: number) => {
      const i = Math.floor(issue), s = Math.floor(settle), b = Math.trunc(basis);
      if (rate <= 0 || par <= 0) return numError('rate and par must be positive');
      if (b < 0 || b > 4) return numError('basis must be 0 to 4');
      if (i >= s) return numError('issue must be before settlement');
      return par * rate * yearFrac(i, s, b);
    });
  }

  /** Securities priced by a discount or a simple rate over settlement to maturity (Excel's formulas). */
  discounted(ast: ProcedureAst, state: InterpreterState) {
    const name = ast.procedureName;
    return this.runFunction(ast.args, state, this.metadata(name), (settle: number, mat: number, a: number, b: number, basis: number) => {
      const s = Math.floor(settle), m = Math.floor(mat), bs = Math.trunc(basis);
      if (s >= m) return numError('settlement must be before maturity');
      if (bs < 0 || bs > 4) return numError('basis must be 0 to 4');
      if (a <= 0 || b <= 0) return numError(`${name}: the amounts must be positive`);
      const t = yearFrac(s, m, bs);
      if (name === 'DISC') return (1 - a / b) / t; // price a, redemption b
      if (name === 'INTRATE') return (b / a - 1) / t; // investment a, redemption b
      if (name === 'RECEIVED') return b * t >= 1 ? numError('RECEIVED: the discount is too large') : a / (1 - b * t); // investment a, discount b
      if (name === 'PRICEDISC') return b - a * b * t; // discount a, redemption b
      return (b / a - 1) / t; // YIELDDISC: price a, redemption b
    });
  }

  /** PRICEMAT and YIELDMAT: a security that pays its interest at maturity. */
  atMaturity(ast: ProcedureAst, state: InterpreterState) {
    const name = ast.procedureName;
    return this.runFunction(ast.args, state, this.metadata(name), (settle: number, mat: number, issue: number, rate: number, x: number, basis: number) => {
      const s = Math.floor(settle), m = Math.floor(mat), i = Math.floor(issue), bs = Math.trunc(basis);
      if (s >= m) return numError('settlement must be before maturity');
      if (bs < 0 || bs > 4) return numError('basis must be 0 to 4');
      if (rate < 0 || x <= 0) return numError(`${name}: rate must not be negative and the last amount must be positive`);
      const im = yearFrac(i, m, bs), is = yearFrac(i, s, bs), sm = yearFrac(s, m, bs);
      if (name === 'PRICEMAT') return (100 + im * rate * 100) / (1 + sm * x) - is * rate * 100; // x: yield
      return ((1 + im * rate) / (x / 100 + is * rate) - 1) / sm; // YIELDMAT, x: price
    });
  }

  price(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('PRICE'), price);
  }

  yield(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('YIELD'), (settle: number, mat: number, rate: number, pr: number, redemption: number, freq: number, basis: number) => {
      const a = couponArgs(settle, mat, freq, basis);
      if (a instanceof CellError) return a;
      if (rate < 0 || pr <= 0 || redemption <= 0) return numError('rate must not be negative; price and redemption must be positive');
      const E = periodDays(a.c, a.f, a.b), A = daysBefore(a), DSC = daysAfter(a);
      if (a.c.num === 1) {
        const coupon = rate / a.f;
        const paid = pr / 100 + (A / E) * coupon;
        return ((redemption / 100 + coupon - paid) / paid) * ((a.f * E) / DSC);
      }
      // Newton's method on PRICE(yield) = pr, from the coupon rate.
      let y = rate || 0.05;
      for (let it = 0; it < 100; it++) {
        const p = price(settle, mat, rate, y, redemption, freq, basis) as number;
        const h = 1e-7;
        const slope = ((price(settle, mat, rate, y + h, redemption, freq, basis) as number) - p) / h;
        if (!Number.isFinite(slope) || slope === 0) break;
        const next = y - (p - pr) / slope;
        if (Math.abs(next - y) < 1e-12) return next;
        y = next;
      }
      return Math.abs((price(settle, mat, rate, y, redemption, freq, basis) as number) - pr) < 1e-7 ? y : numError('YIELD did not converge');
    });
  }
}
