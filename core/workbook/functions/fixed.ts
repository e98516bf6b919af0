// FIXED(number, [decimals], [no_commas]): a number rounded and written as text with a fixed
// number of decimals and (unless no_commas) thousands separators. HyperFormula 3.5 lacks it.
import { FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

export function fixed(n: number, decimals: number, noCommas: boolean): string {
  const d = Math.trunc(decimals);
  // Negative decimals round to tens, hundreds, ...: FIXED(1234, -2) = "1,200".
  const scale = 10 ** Math.abs(d);
  const rounded = d >= 0 ? n : Math.sign(n) * Math.round(Math.abs(n) / scale) * scale;
  const digits = Math.max(0, Math.min(d, 100));
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: !noCommas, roundingMode: 'halfExpand' } as Intl.NumberFormatOptions).format(rounded);
}

export class FixedPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    FIXED: {
      method: 'fixed',
      parameters: [
        { argumentType: FunctionArgumentType.NUMBER },
        { argumentType: FunctionArgumentType.NUMBER, defaultValue: 2, emptyAsDefault: true, maxValue: 127 },
        { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: false, emptyAsDefault: true },
      ],
    },
  };

  fixed(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('FIXED'), (n: number, decimals: number, noCommas: boolean) => fixed(n, decimals, noCommas));
  }
}
