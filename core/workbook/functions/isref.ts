// ISREF(value): TRUE when the argument is a cell or range reference, as in Excel. HyperFormula
// 3.5's ISREF answers "is this a #REF! error" instead, so ours replaces it. OFFSET(...) and
// INDIRECT(...) are references when they point somewhere, and so is a range between two of them.
import { RANGE_JOIN_FN } from '../../formula/engine-names.ts';
import { CellError } from 'hyperformula';
import { ReferencePlugin } from './references.ts';
import { valueError, type InterpreterState, type ProcedureAst } from './shared.ts';

const REFERENCES = new Set(['CELL_REFERENCE', 'CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE']);

export class IsRefPlugin extends ReferencePlugin {
  static override implementedFunctions = {
    ISREF: { method: 'isref', doesNotNeedArgumentsToBeComputed: true, vectorizationForbidden: true, parameters: [{ argumentType: 'SCALAR' as never }] },
  };

  isref(ast: ProcedureAst, state: InterpreterState) {
    // Judged on the formula's syntax: the value of the reference does not matter.
    if (ast.args.length !== 1) return valueError('ISREF takes one argument');
    const arg = ast.args[0]!;
    if (REFERENCES.has(arg.type)) return true;
    if (arg.type === 'FUNCTION_CALL' && (arg.procedureName === 'OFFSET' || arg.procedureName === 'INDIRECT')) return !(this.targetOf(arg, state) instanceof CellError);
    // A range with a computed end (A1:OFFSET(A1,1,1)) is a reference when both ends are.
    if (arg.type === 'FUNCTION_CALL' && arg.procedureName === RANGE_JOIN_FN) return arg.args.length === 2 && arg.args.every((end) => !(this.targetOf(end, state) instanceof CellError));
    return false;
  }
}
