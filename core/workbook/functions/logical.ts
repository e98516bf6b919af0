// AND, OR and XOR with Excel's rules: logical values and numbers count (0 is FALSE); text and empty
// cells are left out, in ranges and as arguments, except the texts "TRUE" and "FALSE" typed as an
// argument; an error is the result; and with nothing left to judge the answer is #VALUE!
// (HyperFormula answered FALSE for AND("") and AND of an empty cell).
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { argValues, rawNumber, referenceArgs, type InterpreterState, type ProcedureAst } from './shared.ts';

export class LogicalPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    AND: { method: 'and', parameters: [{ argumentType: FunctionArgumentType.ANY }], repeatLastArgs: 1, vectorizationForbidden: true },
    OR: { method: 'or', parameters: [{ argumentType: FunctionArgumentType.ANY }], repeatLastArgs: 1, vectorizationForbidden: true },
    XOR: { method: 'xor', parameters: [{ argumentType: FunctionArgumentType.ANY }], repeatLastArgs: 1, vectorizationForbidden: true },
  };

  and(ast: ProcedureAst, state: InterpreterState) {
    return this.judge(ast, state, 'AND', (xs) => xs.every(Boolean));
  }

  or(ast: ProcedureAst, state: InterpreterState) {
    return this.judge(ast, state, 'OR', (xs) => xs.some(Boolean));
  }

  xor(ast: ProcedureAst, state: InterpreterState) {
    return this.judge(ast, state, 'XOR', (xs) => xs.filter(Boolean).length % 2 === 1);
  }

  private judge(ast: ProcedureAst, state: InterpreterState, name: string, fold: (xs: boolean[]) => boolean) {
    const refs = referenceArgs(ast);
    return this.runFunction(ast.args, state, this.metadata(name), (...args: unknown[]) => {
      const xs: boolean[] = [];
      for (const { v, inRange } of argValues(args, refs)) {
        if (v instanceof CellError) return v;
        if (typeof v === 'boolean') xs.push(v);
        else if (typeof v === 'string') {
          const u = v.toUpperCase();
          if (!inRange && (u === 'TRUE' || u === 'FALSE')) xs.push(u === 'TRUE');
        } else {
          const n = rawNumber(v);
          if (n !== undefined) xs.push(n !== 0);
        }
      }
      return xs.length ? fold(xs) : new CellError(ErrorType.VALUE, `${name}: no logical values to judge`);
    });
  }
}
