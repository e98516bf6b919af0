// INT(number): rounds down to the nearest integer, as every spreadsheet does (INT(-2.5) = -3).
// HyperFormula 3.5 truncates towards zero instead (-2), so ours replaces it.
import { FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

export class IntPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    INT: { method: 'int', parameters: [{ argumentType: FunctionArgumentType.NUMBER }] },
  };

  int(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('INT'), (n: number) => Math.floor(n));
  }
}
