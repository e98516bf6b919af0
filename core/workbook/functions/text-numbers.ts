// VALUE and NUMBERVALUE as Excel reads numbers from text. VALUE of an empty cell is 0 (the
// engine's was #VALUE!); text goes through the engine's coercion, which reads thousands
// separators, dates and times (hf-excel-coercion.ts, excel-dates.ts). NUMBERVALUE follows
// Microsoft's rules: spaces anywhere are ignored, trailing percent signs divide by 100 each
// ("3.5%%" is 0.00035), group separators may come only before the decimal one, "" is 0.
import { CellError, EmptyValue, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { rawNumber, type InterpreterState, type ProcedureAst } from './shared.ts';

const valueError = (why: string) => new CellError(ErrorType.VALUE, why);

/** NUMBERVALUE's reading of text with the given separators (their first characters). */
export function numberValue(text: string, decimalSep = '.', groupSep = ','): number | CellError {
  const dec = [...decimalSep][0], group = [...groupSep][0];
  if (dec === undefined || group === undefined) return valueError('NUMBERVALUE: a separator is empty');
  let s = text.replace(/\s+/g, '');
  if (s === '') return 0;
  const percents = /%*$/.exec(s)![0].length;
  s = s.slice(0, s.length - percents);
  const parts = s.split(dec);
  if (parts.length > 2) return valueError(`NUMBERVALUE: '${text}' has more than one decimal separator`);
  const [whole = '', fraction] = parts;
  if (fraction !== undefined && fraction.includes(group)) return valueError(`NUMBERVALUE: '${text}' has a group separator after the decimal one`);
  const plain = whole.split(group).join('') + (fraction !== undefined ? `.${fraction}` : '');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(plain)) return valueError(`NUMBERVALUE: '${text}' is not a number`);
  return Number(plain) / 100 ** percents;
}

const str = { argumentType: FunctionArgumentType.STRING };

export class TextNumbersPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    VALUE: { method: 'value', parameters: [{ argumentType: FunctionArgumentType.SCALAR }] },
    NUMBERVALUE: { method: 'numbervalue', parameters: [str, { ...str, optionalArg: true }, { ...str, optionalArg: true }] },
  };

  value(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('VALUE'), (arg: unknown) => {
      if (arg instanceof CellError) return arg;
      if (arg === EmptyValue) return 0;
      const n = rawNumber(arg);
      if (n !== undefined) return n;
      if (typeof arg !== 'string' || arg.trim() === '') return valueError('VALUE takes text that reads as a number');
      const t = arg.trim();
      // (42) is -42, as accountants write it.
      const inner = /^\(([^()]+)\)$/.exec(t);
      const read = (s: string) => rawNumber((this.arithmeticHelper as unknown as { coerceToMaybeNumber(v: string): unknown }).coerceToMaybeNumber(s));
      const v = inner ? read(inner[1]!.trim()) : read(t);
      if (v === undefined) return valueError(`VALUE: '${arg}' is not a number`);
      return inner ? -v : v;
    });
  }

  numbervalue(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('NUMBERVALUE'), (text: string, dec?: string, group?: string) => numberValue(text, dec, group));
  }
}
