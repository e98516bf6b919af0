// PERCENTOF(data_subset, data_all): the share a subset makes of a whole, which Microsoft defines as
// SUM(data_subset)/SUM(data_all). Each sum is the engine's SUM of that argument, so values count
// exactly as SUM counts them (text in ranges left out, errors kept); a whole of 0 is #DIV/0!.
import { CellError, ErrorType, FunctionPlugin } from 'hyperformula';
import { rawNumber, type Ast, type InterpreterState, type ProcedureAst } from './shared.ts';

export class PercentOfPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    PERCENTOF: { method: 'percentOf', vectorizationForbidden: true },
  };

  percentOf(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length !== 2) return new CellError(ErrorType.NA, 'PERCENTOF takes data_subset and data_all');
    const [part, whole] = ast.args.map((arg) => this.evaluateAst({ type: 'FUNCTION_CALL', procedureName: 'SUM', args: [arg] } as unknown as Ast, state));
    if (part instanceof CellError) return part;
    if (whole instanceof CellError) return whole;
    const p = rawNumber(part), w = rawNumber(whole);
    if (p === undefined || w === undefined) return new CellError(ErrorType.VALUE, 'PERCENTOF: the sums are not numbers');
    return w === 0 ? new CellError(ErrorType.DIV_BY_ZERO, 'PERCENTOF: data_all sums to 0') : p / w;
  }
}
