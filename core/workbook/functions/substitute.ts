// SUBSTITUTE as Excel: an empty old_text leaves the text as it is (the engine put new_text between
// every two characters, and with an instance number could loop once per instance), the instance
// number is truncated (2.7 is the second), and below 1 it is #VALUE!.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

export function substitute(text: string, old: string, by: string, instance?: number): string | CellError {
  if (instance !== undefined) {
    const n = Math.trunc(instance);
    if (n < 1) return new CellError(ErrorType.VALUE, 'instance_num must be at least 1.');
    if (old === '') return text;
    let at = -1;
    for (let i = 0; i < n; i++) {
      at = text.indexOf(old, at + (i === 0 ? 1 : old.length));
      if (at < 0) return text;
    }
    return text.slice(0, at) + by + text.slice(at + old.length);
  }
  return old === '' ? text : text.split(old).join(by);
}

export class SubstitutePlugin extends FunctionPlugin {
  static override implementedFunctions = {
    SUBSTITUTE: {
      method: 'substitute',
      parameters: [{ argumentType: FunctionArgumentType.STRING }, { argumentType: FunctionArgumentType.STRING }, { argumentType: FunctionArgumentType.STRING }, { argumentType: FunctionArgumentType.NUMBER, optionalArg: true }],
    },
  };

  substitute(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('SUBSTITUTE'), substitute);
  }
}
