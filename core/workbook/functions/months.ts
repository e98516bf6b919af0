// EDATE and EOMONTH as Excel computes them: the month count is truncated (EDATE(d, 1.9) is
// EDATE(d, 1)), a day past the end of the target month becomes its last day in every year
// (EDATE(DATE(2024,1,31), 1) is 29 February 2024), and a logical argument is #VALUE!.
// HyperFormula wanted a whole month count (#NUM!) and clamped to February's 28 days in leap years.
import { CellError, ErrorType, FunctionArgumentType } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';
import { StrictNumberPlugin } from './strict-number.ts';

interface SimpleDate {
  year: number;
  month: number;
  day: number;
}
interface DateHelper {
  numberToSimpleDate(n: number): SimpleDate;
  dateToNumber(d: SimpleDate): number;
  daysInMonth(year: number, month: number): number;
  getWithinBounds(n: number): number | undefined;
}

const scalar = { argumentType: FunctionArgumentType.SCALAR };
const meta = { method: 'shift', parameters: [scalar, scalar], returnNumberType: 'NUMBER_DATE' as never };

export class MonthsPlugin extends StrictNumberPlugin {
  static override implementedFunctions = { EDATE: meta, EOMONTH: meta };

  shift(ast: ProcedureAst, state: InterpreterState) {
    const endOfMonth = ast.procedureName === 'EOMONTH';
    return this.runFunction(ast.args, state, this.metadata(ast.procedureName), (startArg: unknown, monthsArg: unknown) => {
      const start = this.strictNumber(startArg);
      if (start instanceof CellError) return start;
      const months = this.strictNumber(monthsArg);
      if (months instanceof CellError) return months;
      if (start < 0) return new CellError(ErrorType.NUM, `${ast.procedureName}: the start date must not be negative`);
      const dates = this.dateTimeHelper as unknown as DateHelper;
      const from = dates.numberToSimpleDate(Math.trunc(start));
      const total = from.year * 12 + from.month - 1 + Math.trunc(months);
      const year = Math.floor(total / 12), month = (total % 12) + 1;
      const last = dates.daysInMonth(year, month);
      const out = dates.getWithinBounds(dates.dateToNumber({ year, month, day: endOfMonth ? last : Math.min(from.day, last) }));
      return out ?? new CellError(ErrorType.NUM, `${ast.procedureName}: the date is out of range`);
    });
  }
}
