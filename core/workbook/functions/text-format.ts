// TEXT(value, format_text) with full spreadsheet number formats, by the number-format engine that
// also renders displayed values (core/formats/number-format.ts): percent, grouping, dates such as
// "mmm d, yyyy", sections, conditions, literals, in the file's date system (1900 or 1904).
// HyperFormula 3.5's TEXT knows only a few date and number patterns, so ours replaces it.
import { FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { formatValue } from '../../formats/number-format.ts';
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
      // A logical value is text to a number format: its fourth section shows it (";;;\"hi\"" gives hi).
      if (typeof v === 'boolean') v = v ? 'TRUE' : 'FALSE';
      // The engine's epoch says which date system the file counts in (1904-01-01 or 1899-12-31).
      const out = formatValue(pattern, v, { date1904: this.config.nullDate.year === 1904 });
      return 'text' in out ? out.text : valueError(`TEXT: ${out.error}`);
    });
  }
}
