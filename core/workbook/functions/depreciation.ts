// VDB, AMORLINC and AMORDEGRC as Excel computes them, after the ExcelFinancialFunctions library
// (fsprojects, checked against Excel), whose rules are Excel's own:
// - VDB takes declining balance period by period (switching to straight line when that is larger,
//   unless no_switch), a fractional period counting its share of the next period's depreciation;
// - AMORLINC and AMORDEGRC, the French (prorata temporis) depreciations, count the first period from
//   the purchase by the basis (actual/360 is refused); AMORDEGRC multiplies the rate by Excel's
//   coefficient (1.5 for a life of 3-4 years, 2 for 5-6, 2.5 beyond), takes 50% then all of the rest
//   in the last two periods, rounds to whole units, and refuses lives between 0 and 3 or 4 and 5.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { days360eu, days360us, toYmd } from './bonds.ts';
import type { InterpreterState, ProcedureAst } from './shared.ts';

const num = { argumentType: FunctionArgumentType.NUMBER };
const numError = (why: string) => new CellError(ErrorType.NUM, why);

/** Depreciation from the start to a (fractional) period. */
function totalDepreciation(cost: number, salvage: number, life: number, period: number, factor: number, straightLine: boolean): number {
  const whole = Math.trunc(period), frac = period - whole;
  const declining = (total: number) => Math.min((cost - total) * (factor / life), cost - salvage - total);
  const straight = (total: number, per: number) => (cost - total - salvage) / (life - per);
  const step = (total: number, per: number) => {
    const ddb = declining(total), sln = straight(total, per);
    return straightLine && ddb < sln ? sln : ddb;
  };
  let total = 0;
  for (let per = 0; ; per++) {
    total += step(total, per);
    if (whole === 0) return total * frac;
    if (per === whole - 1) {
      const ddb = declining(total), sln = straight(total, per + 1);
      const next = straightLine && ddb < sln ? (whole === Math.trunc(life) ? 0 : sln) : ddb;
      return total + next * frac;
    }
  }
}

export function vdb(cost: number, salvage: number, life: number, start: number, end: number, factor: number, noSwitch: boolean): number | CellError {
  if (cost < 0 || salvage < 0 || life <= 0 || factor <= 0) return numError('VDB: cost and salvage must not be negative, life and factor must be positive');
  if (start < 0 || start > end || end > life || end <= 0) return numError('VDB: the periods must satisfy 0 <= start_period <= end_period <= life, end_period above 0');
  if (!noSwitch && start === life && end === life) return numError('VDB: start_period and end_period are both the life');
  if (!noSwitch && start !== Math.trunc(start)) return fromFractionalStart(cost, salvage, life, start, end, factor);
  return totalDepreciation(cost, salvage, life, end, factor, !noSwitch) - totalDepreciation(cost, salvage, life, start, factor, !noSwitch);
}

/**
 * VDB from a fractional start_period, as Excel computes it: its periods are laid out from the
 * start, a first short one (the start's fraction) and whole ones after it, so the switch to
 * straight line is decided at the start's fraction (3.5, 4.5...) and spreads what is left then
 * over the life left then. VDB(1, 0, 14, 3.5, 4.5, 1.25) is 0.0687262904..., not the
 * 0.0686678993... of whole periods.
 */
function fromFractionalStart(cost: number, salvage: number, life: number, start: number, end: number, factor: number): number {
  let t = 0, book = cost, taken = 0;
  while (t < end) {
    const to = Math.min(t === 0 ? start - Math.trunc(start) : t + 1, end), len = to - t;
    const ddb = Math.min(book * (factor / life), book - salvage) * len;
    const sln = ((book - salvage) / (life - t)) * len;
    const step = Math.max(ddb, sln, 0);
    if (to > start) taken += step;
    book -= step;
    t = to;
  }
  return taken;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The first period's depreciation (capped at cost - salvage) and the life it implies. */
function firstDepreciation(cost: number, purchased: number, firstEnd: number, salvage: number, rate: number, life: number, basis: number): [number, number] {
  // Actual day counts read 29 February as the 28th.
  const feb28 = (d: number) => {
    const p = toYmd(d);
    return (basis === 1 || basis === 3) && isLeap(p.y) && p.m === 2 && p.d === 29 ? d - 1 : d;
  };
  const a = feb28(purchased), b = feb28(firstEnd);
  const days = basis === 0 ? days360us(a, b, false) : basis === 4 ? days360eu(a, b) : b - a;
  const yearDays = basis === 1 ? (isLeap(toYmd(purchased).y) ? 366 : 365) : basis === 3 ? 365 : 360;
  const share = (days / yearDays) * rate * cost;
  const first = share === 0 ? cost * rate : share;
  return [Math.min(first, cost - salvage), share === 0 ? life : life + 1];
}

/** Excel's rounding to whole units: half away from zero, on the value to 13 decimals. */
const roundUnits = (x: number) => Math.sign(x) * Math.round(Math.abs(Number(x.toFixed(13))));

type AmorArgs = [cost: number, purchased: number, firstEnd: number, salvage: number, period: number, rate: number, basis: number];

function amorCheck([cost, purchased, firstEnd, salvage, period, rate, basis]: AmorArgs): CellError | undefined {
  if (cost < 0 || salvage < 0 || salvage >= cost) return numError('cost and salvage must not be negative, salvage below cost');
  if (period < 0 || rate <= 0) return numError('period must not be negative and rate must be positive');
  if (Math.floor(purchased) >= Math.floor(firstEnd)) return numError('date_purchased must be before first_period');
  if (basis < 0 || basis > 4 || basis === 2) return numError('basis must be 0, 1, 3 or 4');
  return undefined;
}

export function amorlinc(...args: AmorArgs): number | CellError {
  const bad = amorCheck(args);
  if (bad) return bad;
  const [cost, purchased, firstEnd, salvage, , rate] = args;
  const period = Math.trunc(args[4]), basis = Math.trunc(args[6]);
  const life = Math.ceil(1 / rate);
  if (period > life) return 0;
  const [first] = firstDepreciation(cost, Math.floor(purchased), Math.floor(firstEnd), salvage, rate, life, basis);
  if (period === 0) return first;
  let depr = rate * cost, left = cost - salvage - first;
  for (let p = 1; p <= period; p++) {
    depr = Math.min(depr, left);
    left = Math.max(left - depr, 0);
  }
  return depr;
}

export function amordegrc(...args: AmorArgs): number | CellError {
  const bad = amorCheck(args);
  if (bad) return bad;
  const [cost, purchased, firstEnd, salvage, , rate] = args;
  const period = Math.trunc(args[4]), basis = Math.trunc(args[6]);
  const years = 1 / rate;
  if ((years < 3 && !Number.isInteger(years)) || (years > 4 && years < 5)) return numError('AMORDEGRC: the life (1/rate) must not lie between 0 and 3 or 4 and 5 years');
  const life = Math.ceil(years);
  if (period > life) return 0;
  const coefficient = life >= 3 && life <= 4 ? 1.5 : life >= 5 && life <= 6 ? 2 : life > 6 ? 2.5 : 1;
  let degressive = rate * coefficient;
  const [firstShare, totalLife] = firstDepreciation(cost, Math.floor(purchased), Math.floor(firstEnd), salvage, degressive, life, basis);
  const first = roundUnits(firstShare);
  if (period === 0) return first;
  let rest = cost - first, depr = 0;
  for (let p = 2; p <= period + 1; p++) {
    // The period before the last takes half of what is left, the last all of it.
    const half = Math.abs(totalLife - p - 2) < 1e-4;
    depr = rest < salvage ? 0 : half ? rest * 0.5 : degressive * rest;
    if (half) degressive = 1;
    rest -= depr;
  }
  return roundUnits(depr);
}

export class DepreciationPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    VDB: {
      method: 'vdb',
      parameters: [num, num, num, num, num, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 2 }, { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: false }],
    },
    AMORLINC: { method: 'amor', parameters: [num, num, num, num, num, num, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0 }] },
    AMORDEGRC: { method: 'amor', parameters: [num, num, num, num, num, num, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0 }] },
  };

  vdb(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('VDB'), vdb);
  }

  amor(ast: ProcedureAst, state: InterpreterState) {
    const fn = ast.procedureName === 'AMORLINC' ? amorlinc : amordegrc;
    return this.runFunction(ast.args, state, this.metadata(ast.procedureName), fn);
  }
}
