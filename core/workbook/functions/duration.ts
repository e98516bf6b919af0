// DURATION and MDURATION as Excel computes them: the Macaulay duration of a bond's cash flows,
// discounted over k - 1 + DSC/E periods (DSC = E - days from the previous coupon, E the coupon
// period's days by the basis), and its modified form, DURATION / (1 + yld / frequency). Coupon
// dates are counted back from maturity as the engine's COUP* functions count them (bonds.ts).
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { days360eu, days360us, lastOfMonth, shift, toYmd } from './bonds.ts';
import type { InterpreterState, ProcedureAst } from './shared.ts';

const num = { argumentType: FunctionArgumentType.NUMBER };
const numError = (why: string) => new CellError(ErrorType.NUM, why);

export function duration(settlement: number, maturity: number, coupon: number, yld: number, frequency: number, basisArg: number, modified: boolean): number | CellError {
  const s = Math.floor(settlement), m = Math.floor(maturity), f = Math.trunc(frequency), basis = Math.trunc(basisArg);
  if (s >= m) return numError('settlement must be before maturity');
  if (coupon < 0 || yld < 0) return numError('coupon and yld must not be negative');
  if (f !== 1 && f !== 2 && f !== 4) return numError('frequency must be 1, 2 or 4');
  if (basis < 0 || basis > 4) return numError('basis must be 0 to 4');
  // The coupon dates around settlement, stepped back from maturity (its day, or the month's end).
  const eom = lastOfMonth(toYmd(m)), months = 12 / f;
  let n = 1;
  while (shift(m, -months * n, eom) > s) n++;
  const pcd = shift(m, -months * n, eom), ncd = shift(m, -months * (n - 1), eom);
  const e = basis === 1 ? ncd - pcd : (basis === 3 ? 365 : 360) / f;
  const a = basis === 0 ? days360us(pcd, s, false) : basis === 4 ? days360eu(pcd, s) : s - pcd;
  const x = (e - a) / e, r = 1 + yld / f, cash = (100 * coupon) / f;
  let weighted = 0, value = 0;
  for (let k = 1; k <= n; k++) {
    const t = k - 1 + x, flow = (cash + (k === n ? 100 : 0)) / r ** t;
    weighted += t * flow;
    value += flow;
  }
  const years = weighted / value / f;
  return modified ? years / r : years;
}

export class DurationPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    DURATION: { method: 'duration', parameters: [num, num, num, num, num, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0 }] },
    MDURATION: { method: 'duration', parameters: [num, num, num, num, num, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0 }] },
  };

  duration(ast: ProcedureAst, state: InterpreterState) {
    const modified = ast.procedureName === 'MDURATION';
    return this.runFunction(ast.args, state, this.metadata(ast.procedureName), (s: number, m: number, c: number, y: number, f: number, b: number) => duration(s, m, c, y, f, b, modified));
  }
}
