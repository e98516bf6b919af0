// Serial 0 as Excel reads it in the 1900 date system: "0 January 1900" (DAY(0) is 0, MONTH(0) 1,
// YEAR(0) 1900, EOMONTH(0, 0) 31), where HyperFormula, counting from 1899-12-31, saw
// 31 December 1899. Patched once into its DateTimeHelper (reached through a scratch engine, as the
// class is not exported); the 1904 system's serial 0 (1 January 1904) is a real day and unchanged.
import { HyperFormula } from 'hyperformula';

interface SimpleDate {
  year: number;
  month: number;
  day: number;
}
interface DateTimeHelper {
  leapYear1900: boolean;
  numberToSimpleDate(n: number): SimpleDate;
}

let patched = false;

export function patchSerialZero(): void {
  if (patched) return;
  patched = true;
  const scratch = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' }) as unknown as { _evaluator?: { interpreter?: { dateTimeHelper?: DateTimeHelper } } };
  const helper = scratch._evaluator?.interpreter?.dateTimeHelper;
  (scratch as unknown as HyperFormula).destroy();
  if (!helper) return;
  const proto = Object.getPrototypeOf(helper) as DateTimeHelper;
  const toDate = proto.numberToSimpleDate;
  proto.numberToSimpleDate = function (this: DateTimeHelper, n: number) {
    return this.leapYear1900 && Math.floor(n) === 0 ? { year: 1900, month: 1, day: 0 } : toDate.call(this, n);
  };
}
