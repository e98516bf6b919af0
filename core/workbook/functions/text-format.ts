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
        const time = timeOfText(v);
        const n = time === undefined ? this.arithmeticHelper.coerceToMaybeNumber(v) : (time ?? undefined);
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

const TIME_TEXT = /^\s*(\d+):(\d+)(?::(\d+))?(\.\d*)?\s*$/;

/**
 * Text of digits and colons as Excel's TEXT reads it, where its rules differ from the engine's
 * (pycel's text.xlsx, Excel-cached): `h:m` may count minutes up to 9999 (`23:99` is 23:00 plus 99
 * minutes) unless the hours reach 24; `m:s.f` (decimals after two parts) is minutes and seconds,
 * minutes under 60 and seconds up to 9999; `h:m:s` has minutes under 60 and seconds up to 9999;
 * other runs of digits, colons and points are text.
 * The number of days, null for text Excel leaves as text, undefined for text of another shape.
 */
export function timeOfText(text: string): number | null | undefined {
  const m = TIME_TEXT.exec(text);
  // digits, colons and points in no such shape (`23:59.:0`) are text to Excel
  if (!m) return /^\s*\d+:[\d:.]*\s*$/.test(text) ? null : undefined;
  const [a, b] = [Number(m[1]), Number(m[2])];
  const fraction = m[4] && m[4].length > 1 ? Number(`0${m[4]}`) : 0;
  if (m[3] !== undefined) {
    const c = Number(m[3]);
    return b >= 60 || c >= 10000 ? null : (a * 3600 + b * 60 + c + fraction) / 86400;
  }
  if (m[4] && m[4].length > 1) return a >= 60 || b >= 10000 ? null : (a * 60 + b + fraction) / 86400;
  return b >= 10000 || (b >= 60 && a >= 24) ? null : (a * 60 + b) / 1440;
}
