// PHONETIC(reference): the furigana (phonetic guide) of Japanese text. The service stores no
// furigana, and for text without any Excel returns the text itself: so PHONETIC gives the text of
// the cell, and of a range the texts of its cells joined row by row (Excel joins a range's readings
// so); numbers, logical values and empty cells add nothing, an error is the result.
import { CellError, FunctionArgumentType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

export function phonetic(range: SimpleRangeValue): string | CellError {
  let out = '';
  for (const v of range.data.flat()) {
    if (v instanceof CellError) return v;
    if (typeof v === 'string') out += v;
  }
  return out;
}

export class PhoneticPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    PHONETIC: { method: 'phonetic', vectorizationForbidden: true, parameters: [{ argumentType: FunctionArgumentType.RANGE }] },
  };

  phonetic(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('PHONETIC'), phonetic);
  }
}
