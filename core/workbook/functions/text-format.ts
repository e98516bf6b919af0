// TEXT(value, format_text) with full spreadsheet number formats (numfmt, the formatter that also
// renders displayed values): percent, grouping, dates such as "mmm d, yyyy", sections, literals.
// HyperFormula 3.5's TEXT knows only a few date and number patterns, so ours replaces it.
import { FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { format, isDateFormat } from 'numfmt';
import { isEmpty, isError, rawNumber, valueError, type InternalScalarValue, type InterpreterState, type ProcedureAst } from './shared.ts';

export class TextFormatPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    TEXT: { method: 'text', parameters: [{ argumentType: FunctionArgumentType.SCALAR }, { argumentType: FunctionArgumentType.STRING }] },
  };

  text(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('TEXT'), (value: InternalScalarValue, pattern: string) => {
      // A scalar argument reaches us as it is, errors included: TEXT of an error is that error.
      if (isError(value)) return value;
      let v: number | string | boolean = isEmpty(value) ? 0 : (rawNumber(value) ?? (value as string | boolean));
      // Text that reads as a number (or date) is formatted as that number, as in Excel.
      if (typeof v === 'string') {
        const n = this.arithmeticHelper.coerceToMaybeNumber(v);
        if (n !== undefined) v = rawNumber(n) ?? v;
      }
      if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
      // Excel's dates run from serial 0 to 31 December 9999; a date format outside is #VALUE!.
      if (typeof v === 'number' && (v < 0 || v >= 2_958_466) && isDateFormat(pattern)) return valueError('TEXT: the number is not a date Excel can show (0 to 31 December 9999)');
      try {
        return format(pattern, v, { locale: 'en-US', nbsp: false, throws: true });
      } catch (err) {
        return valueError(`TEXT: '${pattern}' is not a number format the engine understands (${(err as Error).message})`);
      }
    });
  }
}
