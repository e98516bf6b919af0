// COUNTBLANK as Excel: a cell whose formula gives "" counts as blank too (the engine counted only
// empty cells).
import { EmptyValue, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

export class CountBlankPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    COUNTBLANK: { method: 'countblank', parameters: [{ argumentType: FunctionArgumentType.SCALAR }], repeatLastArgs: 1, expandRanges: true },
  };

  countblank(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('COUNTBLANK'), (...args: unknown[]) => args.filter((v) => v === EmptyValue || v === '').length);
  }
}
