// GAMMA, the F distribution (F.DIST, F.DIST.RT, F.INV, F.INV.RT), Student's t (T.DIST, T.DIST.RT,
// T.DIST.2T, TDIST, T.INV, T.INV.2T, CONFIDENCE.T), BETA.DIST and BETA.INV to Excel's precision,
// replacing HyperFormula's (which stop at 1e-7..1e-9: beta-gamma.ts). Argument checks are the
// engine's own (its metadata is reused), plus Excel's: BETA.INV of a probability of 1 is #NUM!,
// CONFIDENCE.T of one value #DIV/0!, BETA.DIST takes x equal to A or B.
import { CellError, ErrorType, FunctionPlugin, HyperFormula } from 'hyperformula';
import { betaInc, betaIncInverse, gamma, lnBeta, lnGamma } from './beta-gamma.ts';
import type { InterpreterState, ProcedureAst } from './shared.ts';

const num = (why: string) => new CellError(ErrorType.NUM, why);

/** x with I_x(a, b) = p, and 1 - x, each computed directly where it is the small one. */
function quantile(p: number, a: number, b: number): { x: number; y: number } {
  if (p <= 0.5) {
    const x = betaIncInverse(p, a, b);
    return { x, y: 1 - x };
  }
  const y = betaIncInverse(1 - p, b, a);
  return { x: 1 - y, y };
}

/** P(F <= x) and P(F > x) for F with d1, d2 degrees of freedom. */
const fLower = (x: number, d1: number, d2: number) => betaInc((d1 * x) / (d1 * x + d2), d1 / 2, d2 / 2);
const fUpper = (x: number, d1: number, d2: number) => betaInc(d2 / (d2 + d1 * x), d2 / 2, d1 / 2);

function fDensity(x: number, d1: number, d2: number): number {
  if (x === 0) return d1 < 2 ? Infinity : d1 === 2 ? 1 : 0;
  return Math.exp(0.5 * (d1 * Math.log(d1) + d2 * Math.log(d2)) + (d1 / 2 - 1) * Math.log(x) - ((d1 + d2) / 2) * Math.log(d2 + d1 * x) - lnBeta(d1 / 2, d2 / 2));
}

/** The F value with upper tail q (F.INV.RT): 1 - I_x(d1/2, d2/2) = q means I_(1-x)(d2/2, d1/2) = q. */
function fInverseUpper(q: number, d1: number, d2: number): number {
  const { x: y, y: x } = quantile(q, d2 / 2, d1 / 2);
  return (d2 * x) / (d1 * y);
}

/** The t > 0 with P(|T| > t) = p (T.INV.2T): I_(d/(d+t^2))(d/2, 1/2) = p. */
function tInverse2T(p: number, d: number): number {
  const { x, y } = quantile(p, d / 2, 0.5);
  return Math.sqrt((d * y) / x);
}

/** Half the two-tailed probability of |T| > |x| (Student's t, d degrees of freedom): 0.5 I_(d/(d+x^2))(d/2, 1/2). */
const tTail = (x: number, d: number) => 0.5 * betaInc(d / (d + x * x), d / 2, 0.5);

const tDensity = (x: number, d: number) => Math.exp(lnGamma((d + 1) / 2) - lnGamma(d / 2) - 0.5 * Math.log(d * Math.PI) - ((d + 1) / 2) * Math.log1p((x * x) / d));

function finite(v: number, name: string): number | CellError {
  return Number.isFinite(v) ? v : num(`${name} has no finite value here`);
}

type Impl = (...args: never[]) => number | CellError;

const IMPL: Record<string, Impl> = {
  GAMMA: (x: number) => (x <= 0 && Number.isInteger(x) ? num('GAMMA of 0 or a negative whole number') : finite(gamma(x), 'GAMMA')),
  'F.DIST': (x: number, d1: number, d2: number, cumulative: boolean) => {
    const [a, b] = [Math.trunc(d1), Math.trunc(d2)];
    return finite(cumulative ? fLower(x, a, b) : fDensity(x, a, b), 'F.DIST');
  },
  'F.DIST.RT': (x: number, d1: number, d2: number) => fUpper(x, Math.trunc(d1), Math.trunc(d2)),
  'F.INV': (p: number, d1: number, d2: number) => {
    const [a, b] = [Math.trunc(d1), Math.trunc(d2)];
    const { x, y } = quantile(p, a / 2, b / 2);
    return finite((b * x) / (a * y), 'F.INV');
  },
  'F.INV.RT': (p: number, d1: number, d2: number) => finite(fInverseUpper(p, Math.trunc(d1), Math.trunc(d2)), 'F.INV.RT'),
  'T.DIST': (x: number, d: number, cumulative: boolean) => {
    const n = Math.trunc(d);
    if (!cumulative) return tDensity(x, n);
    return x < 0 ? tTail(x, n) : 1 - tTail(x, n);
  },
  'T.DIST.RT': (x: number, d: number) => (x < 0 ? 1 - tTail(x, Math.trunc(d)) : tTail(x, Math.trunc(d))),
  'T.DIST.2T': (x: number, d: number) => 2 * tTail(x, Math.trunc(d)),
  TDIST: (x: number, d: number, tails: number) => tails * tTail(x, Math.trunc(d)),
  'T.INV': (p: number, d: number) => (p === 0.5 ? 0 : p < 0.5 ? -tInverse2T(2 * p, Math.trunc(d)) : tInverse2T(2 * (1 - p), Math.trunc(d))),
  'T.INV.2T': (p: number, d: number) => tInverse2T(p, Math.trunc(d)),
  'CONFIDENCE.T': (alpha: number, sd: number, size: number) => {
    const n = Math.trunc(size);
    return n === 1 ? new CellError(ErrorType.DIV_BY_ZERO, 'CONFIDENCE.T needs more than one value') : (tInverse2T(alpha, n - 1) * sd) / Math.sqrt(n);
  },
  'BETA.DIST': (x: number, a: number, b: number, cumulative: boolean, lo: number, hi: number) => {
    if (lo >= hi || x < lo || x > hi) return num('BETA.DIST: x must lie in [A, B], A below B');
    const t = (x - lo) / (hi - lo);
    if (cumulative) return betaInc(t, a, b);
    if (t === 0 || t === 1) {
      const edge = t === 0 ? a : b;
      return edge < 1 ? num('BETA.DIST: the density is infinite there') : edge > 1 ? 0 : 1 / Math.exp(lnBeta(a, b)) / (hi - lo);
    }
    return Math.exp((a - 1) * Math.log(t) + (b - 1) * Math.log1p(-t) - lnBeta(a, b)) / (hi - lo);
  },
  'BETA.INV': (p: number, a: number, b: number, lo: number, hi: number) => {
    if (p >= 1) return num('BETA.INV: the probability must be below 1');
    if (lo >= hi) return num('BETA.INV: A must be below B');
    return lo + (hi - lo) * quantile(p, a, b).x;
  },
};

/** The engine's own argument list of each function: its checks of ranges and types stay. */
const metadataOf = (name: string) => {
  const plugin = HyperFormula.getFunctionPlugin(name) as unknown as { implementedFunctions: Record<string, object> } | undefined;
  const own = plugin?.implementedFunctions[name];
  if (!own) throw new Error(`HyperFormula has no ${name}`);
  return { ...own, method: 'distribution' };
};

export class DistributionsPlugin extends FunctionPlugin {
  static override implementedFunctions = Object.fromEntries(Object.keys(IMPL).map((name) => [name, metadataOf(name)]));
  static override aliases = { FDIST: 'F.DIST.RT', FDISTRT: 'F.DIST.RT', FINV: 'F.INV.RT', FINVRT: 'F.INV.RT', TINV: 'T.INV.2T', TINV2T: 'T.INV.2T', TDIST2T: 'T.DIST.2T', TDISTRT: 'T.DIST.RT', BETAINV: 'BETA.INV' };

  distribution(ast: ProcedureAst, state: InterpreterState) {
    const name = DistributionsPlugin.aliases[ast.procedureName as keyof typeof DistributionsPlugin.aliases] ?? ast.procedureName;
    return this.runFunction(ast.args, state, this.metadata(name), IMPL[name]! as (...args: unknown[]) => number | CellError);
  }
}
