// Number arguments as Excel's Analysis ToolPak functions (BESSELJ, EDATE, EOMONTH...) read them:
// text that reads as a number or a date is one, a logical value is #VALUE! (HyperFormula's
// NUMBER arguments take TRUE as 1).
import { CellError, ErrorType, FunctionPlugin } from 'hyperformula';
import { rawNumber } from './shared.ts';

export abstract class StrictNumberPlugin extends FunctionPlugin {
  protected strictNumber(v: unknown): number | CellError {
    if (v instanceof CellError) return v;
    if (typeof v === 'boolean') return new CellError(ErrorType.VALUE, 'a logical value is not a number here');
    const n = this.coerceScalarToNumberOrError(v as never);
    return n instanceof CellError ? n : (rawNumber(n) ?? new CellError(ErrorType.VALUE, 'a number is needed'));
  }
}
