// Excel's text-to-number rules where HyperFormula 3.5 is more lenient, patched once into its
// ArithmeticHelper (reached through a scratch engine, as the class is not exported):
//   - "" (a formula's empty text) is not a number: =1+"" and CEILING(10, "") are #VALUE! in Excel;
//     HyperFormula takes it as 0. An empty cell is still 0.
//   - A date written with spaces around it (" 2024-01-10 ") is not a date; HyperFormula trims it.
// Numbers with spaces around them (" 10 ") stay numbers, as in Excel.
import { CellError, ErrorType, HyperFormula } from 'hyperformula';

interface ArithmeticHelper {
  coerceScalarToNumberOrError(arg: unknown): unknown;
  coerceToMaybeNumber(arg: unknown): unknown;
}

let patched = false;

export function patchExcelCoercion(): void {
  if (patched) return;
  patched = true;
  const scratch = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' }) as unknown as { _evaluator?: { interpreter?: { arithmeticHelper?: ArithmeticHelper } } };
  const helper = scratch._evaluator?.interpreter?.arithmeticHelper;
  (scratch as unknown as HyperFormula).destroy();
  if (!helper) return;
  const proto = Object.getPrototypeOf(helper) as ArithmeticHelper;
  const toNumberOrError = proto.coerceScalarToNumberOrError;
  const toMaybeNumber = proto.coerceToMaybeNumber;
  proto.coerceScalarToNumberOrError = function (this: ArithmeticHelper, arg: unknown) {
    if (arg === '') return new CellError(ErrorType.VALUE, 'Empty text is not a number.');
    return toNumberOrError.call(this, arg);
  };
  proto.coerceToMaybeNumber = function (this: ArithmeticHelper, arg: unknown) {
    if (typeof arg === 'string' && arg !== arg.trim() && toMaybeNumber.call(this, arg.trim()) !== undefined && Number.isNaN(Number(arg))) return undefined;
    return toMaybeNumber.call(this, arg);
  };
}
