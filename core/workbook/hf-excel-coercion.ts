// Excel's text-to-number rules where HyperFormula 3.5 is more lenient, patched once into its
// ArithmeticHelper (reached through a scratch engine, as the class is not exported):
//   - "" (a formula's empty text) is not a number: =1+"" and CEILING(10, "") are #VALUE! in Excel;
//     HyperFormula takes it as 0. An empty cell is still 0.
//   - A date written with spaces around it (" 2024-01-10 ") is not a date; HyperFormula trims it.
//   - Thousands separators are read, as Excel reads them: "1,234.5" is 1234.5 (the engine's own
//     thousandSeparator setting would clash with the argument separator ',').
// Numbers with spaces around them (" 10 ") stay numbers, as in Excel.
// And numbers become text as Excel writes them (15 significant digits, 1E+20): =0.1+0.2&"" is
// "0.3", not "0.30000000000000004". Function arguments that want text are converted here for
// every plugin (FunctionPlugin.coerceToType), and the & operator of every interpreter built from
// then on (its constructor assigns concatOp, which a setter on the prototype wraps).
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin, HyperFormula } from 'hyperformula';
import { numberText, rawNumber } from './functions/shared.ts';
import { complexSuffixes } from './functions/complex.ts';

interface ArithmeticHelper {
  coerceScalarToNumberOrError(arg: unknown): unknown;
  coerceToMaybeNumber(arg: unknown): unknown;
  coerceStringToComplex(arg: string): unknown;
}

/** A number with thousands separators ("1,234.5", "$1,000", "-12,345%"): groups of three after the first. */
const GROUPED = /^(\s*[-+]?\$?[-+]?)(\d{1,3}(?:,\d{3})+)((?:\.\d*)?(?:[eE][-+]?\d+)?\s*%?\s*)$/;

let patched = false;

export function patchExcelCoercion(): void {
  if (patched) return;
  patched = true;
  const scratch = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' }) as unknown as { _evaluator?: { interpreter?: { arithmeticHelper?: ArithmeticHelper } } };
  const interpreter = scratch._evaluator?.interpreter;
  const helper = interpreter?.arithmeticHelper;
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
    const out = toMaybeNumber.call(this, arg);
    if (out !== undefined || typeof arg !== 'string') return out;
    const grouped = GROUPED.exec(arg);
    return grouped ? toMaybeNumber.call(this, `${grouped[1]}${grouped[2]!.replaceAll(',', '')}${grouped[3]}`) : undefined;
  };
  // A complex number written as Excel writes one ("1.2E-45+3i") has a capital exponent; its
  // suffix (i or j) is reported to the IM function reading it (functions/complex.ts).
  const toComplex = proto.coerceStringToComplex;
  proto.coerceStringToComplex = function (this: ArithmeticHelper, arg: string) {
    const unit = /[ij]$/.exec(arg.trim());
    if (unit) complexSuffixes.seen?.add(unit[0]);
    return toComplex.call(this, arg.replace(/(\d)E([+-]?\d)/g, '$1e$2'));
  };
  const plugin = FunctionPlugin.prototype as unknown as { coerceToType(arg: unknown, type: { argumentType: string }, state: unknown): unknown };
  const coerceToType = plugin.coerceToType;
  plugin.coerceToType = function (this: unknown, arg: unknown, type: { argumentType: string }, state: unknown) {
    if (type.argumentType === FunctionArgumentType.STRING && typeof arg !== 'string' && typeof arg !== 'boolean') {
      const n = rawNumber(arg);
      if (n !== undefined) return numberText(n);
    }
    return coerceToType.call(this, arg, type, state);
  };
  if (interpreter) {
    const text = (v: unknown) => {
      const n = typeof v === 'string' || typeof v === 'boolean' ? undefined : rawNumber(v);
      return n === undefined ? v : numberText(n);
    };
    Object.defineProperty(Object.getPrototypeOf(interpreter), 'concatOp', {
      configurable: true,
      set(this: object, concat: (a: unknown, b: unknown) => unknown) {
        Object.defineProperty(this, 'concatOp', { value: (a: unknown, b: unknown) => concat(text(a), text(b)), writable: true, configurable: true });
      },
    });
  }
}
