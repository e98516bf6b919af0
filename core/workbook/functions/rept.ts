// REPT(text, count): HyperFormula's builds the whole string first (REPT("x", 1e9) throws a
// RangeError out of the engine); ours refuses a result over Excel's 32,767 characters up front.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { TEXT_LIMIT, tooLong } from './guard.ts';
import type { InterpreterState, ProcedureAst } from './shared.ts';

export class ReptPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    REPT: { method: 'rept', parameters: [{ argumentType: FunctionArgumentType.STRING }, { argumentType: FunctionArgumentType.NUMBER }] },
  };

  rept(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('REPT'), (text: string, count: number) => {
      const n = Math.trunc(count);
      if (n < 0) return new CellError(ErrorType.VALUE, 'REPT: count must not be negative');
      if (text.length * n > TEXT_LIMIT) return tooLong();
      return text.repeat(n);
    });
  }
}
