// BESSELI, BESSELJ, BESSELK and BESSELY as Excel computes them. Excel uses the rational and
// polynomial approximations of Numerical Recipes (2nd ed., section 6.5-6.6; Abramowitz & Stegun
// 9.4 and 9.8), accurate to about 1e-8, not the exact functions: its BESSELJ(0, 0) is
// 1.00000000283141. HyperFormula's approximations differ from Excel's by up to 1e-6, so these
// reproduce Excel's own, checked against its values in test/fixtures/excel (BESSEL.xlsx).
import { CellError, ErrorType, FunctionArgumentType } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';
import { StrictNumberPlugin } from './strict-number.ts';

const poly = (y: number, c: readonly number[]) => c.reduceRight((acc, k) => acc * y + k, 0);

/** The asymptotic form of J and Y for x >= 8 (NR's P and Q series). */
function asymptotic(ax: number, phase: number, p: readonly number[], q: readonly number[]): [number, number] {
  const z = 8 / ax, y = z * z, xx = ax - phase;
  const a = poly(y, p), b = poly(y, q);
  const f = Math.sqrt(0.636619772 / ax);
  return [f * (Math.cos(xx) * a - z * Math.sin(xx) * b), f * (Math.sin(xx) * a + z * Math.cos(xx) * b)];
}

const P0 = [1, -0.1098628627e-2, 0.2734510407e-4, -0.2073370639e-5, 0.2093887211e-6];
const P1 = [1, 0.183105e-2, -0.3516396496e-4, 0.2457520174e-5, -0.240337019e-6];
const Q1 = [0.04687499995, -0.2002690873e-3, 0.8449199096e-5, -0.88228987e-6, 0.105787412e-6];

export function besselJ0(x: number): number {
  const ax = Math.abs(x);
  if (ax < 8) {
    const y = x * x;
    return poly(y, [57568490574.0, -13362590354.0, 651619640.7, -11214424.18, 77392.33017, -184.9052456]) / poly(y, [57568490411.0, 1029532985.0, 9494680.718, 59272.64853, 267.8532712, 1]);
  }
  return asymptotic(ax, 0.785398164, P0, [-0.1562499995e-1, 0.1430488765e-3, -0.6911147651e-5, 0.7621095161e-6, -0.934935152e-7])[0];
}

export function besselJ1(x: number): number {
  const ax = Math.abs(x);
  if (ax < 8) {
    const y = x * x;
    return (x * poly(y, [72362614232.0, -7895059235.0, 242396853.1, -2972611.439, 15704.4826, -30.16036606])) / poly(y, [144725228442.0, 2300535178.0, 18583304.74, 99447.43394, 376.9991397, 1]);
  }
  const j = asymptotic(ax, 2.356194491, P1, Q1)[0];
  return x < 0 ? -j : j;
}

export function besselY0(x: number): number {
  if (x < 8) {
    const y = x * x;
    return poly(y, [-2957821389.0, 7062834065.0, -512359803.6, 10879881.29, -86327.92757, 228.4622733]) / poly(y, [40076544269.0, 745249964.8, 7189466.438, 47447.2647, 226.1030244, 1]) + 0.636619772 * besselJ0(x) * Math.log(x);
  }
  return asymptotic(x, 0.785398164, P0, [-0.1562499995e-1, 0.1430488765e-3, -0.6911147651e-5, 0.7621095161e-6, -0.934945152e-7])[1];
}

export function besselY1(x: number): number {
  if (x < 8) {
    const y = x * x;
    const r = (x * poly(y, [-0.4900604943e13, 0.127527439e13, -0.5153438139e11, 0.7349264551e9, -0.4237922726e7, 0.8511937935e4])) / poly(y, [0.249958057e14, 0.4244419664e12, 0.3733650367e10, 0.2245904002e8, 0.102042605e6, 0.3549632885e3, 1]);
    return r + 0.636619772 * (besselJ1(x) * Math.log(x) - 1 / x);
  }
  return asymptotic(x, 2.356194491, P1, Q1)[1];
}

export function besselI0(x: number): number {
  const ax = Math.abs(x);
  if (ax < 3.75) return poly((x / 3.75) ** 2, [1, 3.5156229, 3.0899424, 1.2067492, 0.2659732, 0.360768e-1, 0.45813e-2]);
  const y = 3.75 / ax;
  return (Math.exp(ax) / Math.sqrt(ax)) * poly(y, [0.39894228, 0.1328592e-1, 0.225319e-2, -0.157565e-2, 0.916281e-2, -0.2057706e-1, 0.2635537e-1, -0.1647633e-1, 0.392377e-2]);
}

export function besselI1(x: number): number {
  const ax = Math.abs(x);
  let r: number;
  if (ax < 3.75) r = ax * poly((x / 3.75) ** 2, [0.5, 0.87890594, 0.51498869, 0.15084934, 0.2658733e-1, 0.301532e-2, 0.32411e-3]);
  else {
    const y = 3.75 / ax;
    const tail = 0.2282967e-1 + y * (-0.2895312e-1 + y * (0.1787654e-1 - y * 0.420059e-2));
    r = (0.39894228 + y * (-0.3988024e-1 + y * (-0.362018e-2 + y * (0.163801e-2 + y * (-0.1031555e-1 + y * tail))))) * (Math.exp(ax) / Math.sqrt(ax));
  }
  return x < 0 ? -r : r;
}

export function besselK0(x: number): number {
  if (x <= 2) {
    const y = (x * x) / 4;
    return -Math.log(x / 2) * besselI0(x) + poly(y, [-0.57721566, 0.4227842, 0.23069756, 0.348859e-1, 0.262698e-2, 0.1075e-3, 0.74e-5]);
  }
  return (Math.exp(-x) / Math.sqrt(x)) * poly(2 / x, [1.25331414, -0.7832358e-1, 0.2189568e-1, -0.1062446e-1, 0.587872e-2, -0.25154e-2, 0.53208e-3]);
}

export function besselK1(x: number): number {
  if (x <= 2) {
    const y = (x * x) / 4;
    return Math.log(x / 2) * besselI1(x) + (1 / x) * poly(y, [1, 0.15443144, -0.67278579, -0.18156897, -0.1919402e-1, -0.110404e-2, -0.4686e-4]);
  }
  return (Math.exp(-x) / Math.sqrt(x)) * poly(2 / x, [1.25331414, 0.23498619, -0.3655620e-1, 0.1504268e-1, -0.780353e-2, 0.325614e-2, -0.68245e-3]);
}

const ACC = 40, BIGNO = 1e10, BIGNI = 1e-10;

/** J_n(x), n >= 0: upward recurrence above n, Miller's downward recurrence below. */
export function besselJ(x: number, n: number): number {
  if (n === 0) return besselJ0(x);
  if (n === 1) return besselJ1(x);
  const ax = Math.abs(x);
  if (ax === 0) return 0;
  const tox = 2 / ax;
  let ans: number;
  if (ax > n) {
    let bjm = besselJ0(ax), bj = besselJ1(ax);
    for (let j = 1; j < n; j++) [bjm, bj] = [bj, j * tox * bj - bjm];
    ans = bj;
  } else {
    const m = 2 * Math.trunc((n + Math.trunc(Math.sqrt(ACC * n))) / 2);
    let jsum = false, bjp = 0, sum = 0, bj = 1;
    ans = 0;
    for (let j = m; j > 0; j--) {
      const bjm = j * tox * bj - bjp;
      bjp = bj;
      bj = bjm;
      if (Math.abs(bj) > BIGNO) {
        bj *= BIGNI;
        bjp *= BIGNI;
        ans *= BIGNI;
        sum *= BIGNI;
      }
      if (jsum) sum += bj;
      jsum = !jsum;
      if (j === n) ans = bjp;
    }
    ans /= 2 * sum - bj;
  }
  return x < 0 && n % 2 === 1 ? -ans : ans;
}

/** I_n(x), n >= 0: Miller's downward recurrence, normalised by I_0. */
export function besselI(x: number, n: number): number {
  if (n === 0) return besselI0(x);
  if (n === 1) return besselI1(x);
  if (x === 0) return 0;
  const tox = 2 / Math.abs(x);
  let bip = 0, bi = 1, ans = 0;
  for (let j = 2 * (n + Math.trunc(Math.sqrt(ACC * n))); j > 0; j--) {
    const bim = bip + j * tox * bi;
    bip = bi;
    bi = bim;
    if (Math.abs(bi) > BIGNO) {
      ans *= BIGNI;
      bi *= BIGNI;
      bip *= BIGNI;
    }
    if (j === n) ans = bip;
  }
  ans *= besselI0(x) / bi;
  return x < 0 && n % 2 === 1 ? -ans : ans;
}

/** Y_n or K_n (x > 0) by upward recurrence from orders 0 and 1 (Y: 2j/x Y_j - Y_j-1; K: 2j/x K_j + K_j-1). */
function upward(x: number, n: number, f0: (x: number) => number, f1: (x: number) => number, sign: 1 | -1): number {
  if (n === 0) return f0(x);
  const tox = 2 / x;
  let bm = f0(x), b = f1(x);
  for (let j = 1; j < n; j++) [bm, b] = [b, j * tox * b - sign * bm];
  return b;
}

export const besselY = (x: number, n: number) => upward(x, n, besselY0, besselY1, 1);
export const besselK = (x: number, n: number) => upward(x, n, besselK0, besselK1, -1);

const BESSEL: Record<string, { fn: (x: number, n: number) => number; positive?: boolean }> = {
  BESSELI: { fn: besselI },
  BESSELJ: { fn: besselJ },
  BESSELK: { fn: besselK, positive: true },
  BESSELY: { fn: besselY, positive: true },
};

const scalar = { argumentType: FunctionArgumentType.SCALAR };

export class BesselPlugin extends StrictNumberPlugin {
  static override implementedFunctions = Object.fromEntries(Object.keys(BESSEL).map((name) => [name, { method: 'bessel', parameters: [scalar, scalar] }]));

  /** BESSELx(x, n): n truncated; a negative n (and x <= 0 for K and Y) is #NUM!, a logical value #VALUE! as in Excel. */
  bessel(ast: ProcedureAst, state: InterpreterState) {
    const { fn, positive } = BESSEL[ast.procedureName]!;
    return this.runFunction(ast.args, state, this.metadata(ast.procedureName), (xv: unknown, nv: unknown) => {
      const x = this.strictNumber(xv);
      if (x instanceof CellError) return x;
      const n = this.strictNumber(nv);
      if (n instanceof CellError) return n;
      const order = Math.trunc(n);
      if (order < 0 || (positive && x <= 0)) return new CellError(ErrorType.NUM, `${ast.procedureName}: n must not be negative${positive ? ' and x must be positive' : ''}`);
      const out = fn(x, order);
      return Number.isFinite(out) ? out : new CellError(ErrorType.NUM, `${ast.procedureName} overflows`);
    });
  }
}
