// Financial functions where HyperFormula's answers differ from Excel's (checked on Excel's files):
// - MIRR discounts only the nonzero flows (a finance rate of -1 still has an answer), gives -1
//   when there is no positive flow, and #DIV/0! when there is no negative one;
// - DB truncates month, allows a salvage above cost (negative depreciation), gives 0 for a cost
//   of 0, and takes fractional periods as Excel does;
// - TBILLEQ uses Excel's formula past 182 days (a compounding half-year), not the simple one;
// - IPMT and PPMT are #NUM! for a period before the first or after the last.
import { CellError, ErrorType, FunctionArgumentType, HyperFormula, SimpleRangeValue, type FunctionPlugin } from 'hyperformula';
import { rawNumber, type InterpreterState, type ProcedureAst } from './shared.ts';

const num = { argumentType: FunctionArgumentType.NUMBER };
const numError = (why: string) => new CellError(ErrorType.NUM, why);

type PluginClass = typeof FunctionPlugin;
type Method = (this: FunctionPlugin, ast: ProcedureAst, state: InterpreterState) => unknown;

export function mirr(values: number[], financeRate: number, reinvestRate: number): number | CellError {
  const n = values.length;
  let fv = 0, pv = 0;
  values.forEach((v, i) => {
    if (v > 0) fv += v * (1 + reinvestRate) ** (n - 1 - i);
    else if (v < 0) pv += v / (1 + financeRate) ** i;
  });
  if (pv === 0 || n < 2) return new CellError(ErrorType.DIV_BY_ZERO, 'MIRR needs a negative and a positive cash flow');
  return (fv / -pv) ** (1 / (n - 1)) - 1;
}

export function db(cost: number, salvage: number, life: number, periodArg: number, month: number): number | CellError {
  const m = Math.trunc(month), period = Math.trunc(periodArg);
  if (cost < 0 || salvage < 0 || life <= 0 || period <= 0 || m < 1 || m > 12) return numError('DB: cost and salvage must not be negative, life and period positive, month 1 to 12');
  if (period > life + 1 || (m === 12 && period > life)) return numError('DB: the period is past the life');
  if (cost === 0) return 0;
  const rate = Math.round((1 - (salvage / cost) ** (1 / life)) * 1000) / 1000;
  const first = (cost * rate * m) / 12;
  if (Math.floor(period) === 1) return first;
  let total = first, dep = 0;
  for (let i = 2; i <= Math.floor(Math.min(life, period)); i++) {
    dep = (cost - total) * rate;
    total += dep;
  }
  return period > life ? ((cost - total) * rate * (12 - m)) / 12 : dep;
}

export function tbilleq(settlement: number, maturity: number, discount: number): number | CellError {
  const s = Math.trunc(settlement), m = Math.trunc(maturity);
  if (s >= m || discount <= 0) return numError('TBILLEQ: settlement must be before maturity and the discount positive');
  const start = new Date(Date.UTC(1899, 11, 30 + s));
  const yearLater = Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth(), start.getUTCDate());
  if (Date.UTC(1899, 11, 30 + m) > yearLater) return numError('TBILLEQ: maturity is more than a year after settlement');
  const dsm = m - s;
  if (dsm <= 182) return (365 * discount) / (360 - discount * dsm);
  const price = 100 * (1 - (discount * dsm) / 360);
  if (price <= 0) return numError('TBILLEQ: the discount gives no price');
  // A 366-day bill (a year holding 29 February) counts a year of 366 days.
  const t = dsm / Math.max(365, dsm);
  return (-t + Math.sqrt(t * t - (2 * t - 1) * (1 - 100 / price))) / (t - 0.5);
}

/** The engine's financial functions with Excel's answers where they differ. */
export function financialPlugin(): PluginClass {
  const Base = HyperFormula.getFunctionPlugin('IPMT') as unknown as PluginClass;
  const base = Base.prototype as unknown as Record<'ipmt' | 'ppmt', Method>;
  const own = Base.implementedFunctions;
  return class FinancialPlugin extends Base {
    static override implementedFunctions = {
      IPMT: own.IPMT!,
      PPMT: own.PPMT!,
      MIRR: { method: 'mirr', parameters: [{ argumentType: FunctionArgumentType.RANGE }, num, num] },
      DB: { method: 'db', parameters: [num, num, num, num, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 12 }] },
      TBILLEQ: { method: 'tbilleq', parameters: [num, num, num] },
    };

    /** #NUM! when the period is before the first or past the last (the engine extrapolates). */
    private periodCheck(ast: ProcedureAst, state: InterpreterState): CellError | undefined {
      const [per, nper] = [ast.args[1], ast.args[2]].map((a) => {
        const v = a ? (this as unknown as { evaluateAst(a: unknown, s: unknown): unknown }).evaluateAst(a, state) : undefined;
        return rawNumber(v instanceof SimpleRangeValue ? v.data[0]?.[0] : v);
      });
      if (per !== undefined && nper !== undefined && (per < 1 || per >= nper + 1)) return numError('the period must be from 1 to nper');
      return undefined;
    }

    ipmt(ast: ProcedureAst, state: InterpreterState) {
      return this.periodCheck(ast, state) ?? base.ipmt.call(this, ast, state);
    }

    ppmt(ast: ProcedureAst, state: InterpreterState) {
      return this.periodCheck(ast, state) ?? base.ppmt.call(this, ast, state);
    }

    mirr(ast: ProcedureAst, state: InterpreterState) {
      return this.runFunction(ast.args, state, this.metadata('MIRR'), (range: SimpleRangeValue, f: number, r: number) => {
        const values: number[] = [];
        for (const v of range.valuesFromTopLeftCorner()) {
          if (v instanceof CellError) return v;
          const n = typeof v === 'boolean' ? undefined : rawNumber(v);
          if (n !== undefined) values.push(n);
        }
        return mirr(values, f, r);
      });
    }

    db(ast: ProcedureAst, state: InterpreterState) {
      return this.runFunction(ast.args, state, this.metadata('DB'), db);
    }

    tbilleq(ast: ProcedureAst, state: InterpreterState) {
      return this.runFunction(ast.args, state, this.metadata('TBILLEQ'), tbilleq);
    }
  } as unknown as PluginClass;
}
