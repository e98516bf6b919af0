// DATEDIF(start, end, unit): whole years (Y), months (M) or days (D) between two dates, and the
// remainders MD, YM, YD. Units in any case, as Excel takes them; HyperFormula 3.5 accepts only
// upper case ("d" is #NUM!), so ours replaces it.
import { FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { CellError, ErrorType } from 'hyperformula';
import { dateShift } from './clock.ts';
import type { InterpreterState, ProcedureAst } from './shared.ts';

const EPOCH = Date.UTC(1899, 11, 30);
const DAY = 86_400_000;
const parts = (serial: number) => {
  const d = new Date(EPOCH + Math.floor(serial) * DAY);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth(), d: d.getUTCDate() };
};
/** Serial of a (possibly overflowing) year/month/day, normalised as Date.UTC does. */
const serial = (y: number, m: number, d: number) => Math.round((Date.UTC(y, m, d) - EPOCH) / DAY);

/** DATEDIF on serial numbers; undefined for an unknown unit. */
export function datedif(start: number, end: number, unit: string): number | undefined {
  const s = parts(start), e = parts(end);
  const months = (e.y - s.y) * 12 + (e.m - s.m) - (e.d < s.d ? 1 : 0);
  switch (unit.toUpperCase()) {
    case 'Y':
      return Math.floor(months / 12);
    case 'M':
      return months;
    case 'D':
      return Math.floor(end) - Math.floor(start);
    case 'YM':
      return months % 12;
    case 'MD':
      // Days past the last whole month: from the start's day in the month before the end's.
      return e.d >= s.d ? e.d - s.d : serial(e.y, e.m, e.d) - serial(e.y, e.m - 1, s.d);
    case 'YD': {
      // Days past the last whole year: the start moved into the end's year (or the one before).
      let from = serial(e.y, s.m, s.d);
      if (from > Math.floor(end)) from = serial(e.y - 1, s.m, s.d);
      return Math.floor(end) - from;
    }
    default:
      return undefined;
  }
}

export class DatedifPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    DATEDIF: {
      method: 'datedif',
      parameters: [
        { argumentType: FunctionArgumentType.NUMBER, minValue: 0 },
        { argumentType: FunctionArgumentType.NUMBER, minValue: 0 },
        { argumentType: FunctionArgumentType.STRING },
      ],
    },
  };

  datedif(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('DATEDIF'), (start: number, end: number, unit: string) => {
      if (start > end) return new CellError(ErrorType.NUM, 'DATEDIF: the start date is after the end date');
      // In a 1904 file the same days are 1462 serials later in the 1900 system datedif counts in.
      const shift = dateShift(this.config);
      const out = datedif(start + shift, end + shift, unit);
      return out ?? new CellError(ErrorType.NUM, `DATEDIF: unit must be one of Y, M, D, MD, YM, YD, not '${unit}'`);
    });
  }
}
