// CONCAT(text1, ...): Excel's successor of CONCATENATE, which also takes ranges. HyperFormula's
// CONCATENATE already flattens ranges, so CONCAT is the same function under its modern name.
import { FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

export class ConcatPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    CONCAT: { method: 'concat', parameters: [{ argumentType: FunctionArgumentType.STRING }], repeatLastArgs: 1, expandRanges: true },
  };

  concat(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('CONCAT'), (...parts: string[]) => parts.join(''));
  }
}
