// AVERAGEIFS(average_range, criteria_range1, criteria1, ...), which HyperFormula 3.5 lacks: the
// engine's own SUMIFS over the cells that meet every criterion, divided by the engine's COUNTIFS
// of those that also hold a number, so criteria behave exactly as in SUMIFS and COUNTIFS.
import { CellError, ErrorType, FunctionPlugin } from 'hyperformula';
import { isError, rawNumber, valueError, type Ast, type InterpreterState, type ProcedureAst } from './shared.ts';

// A criterion every number meets and no text, logical or blank does.
const IS_NUMBER: Ast = { type: 'STRING', value: '>=-1.7976931348623157E+308' } as Ast;

export class AverageIfsPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    AVERAGEIFS: { method: 'averageifs', vectorizationForbidden: true },
  };

  averageifs(ast: ProcedureAst, state: InterpreterState) {
    const args = ast.args;
    if (args.length < 3 || args.length % 2 === 0) return valueError('AVERAGEIFS takes average_range, then pairs of criteria_range and criterion');
    const sum = this.evaluateAst({ ...ast, procedureName: 'SUMIFS' }, state);
    if (isError(sum)) return sum;
    const count = this.evaluateAst({ ...ast, procedureName: 'COUNTIFS', args: [...args.slice(1), args[0]!, IS_NUMBER] }, state);
    if (isError(count)) return count;
    const s = rawNumber(sum), n = rawNumber(count);
    if (s === undefined || n === undefined) return valueError('AVERAGEIFS: the ranges must be ranges of cells');
    return n === 0 ? new CellError(ErrorType.DIV_BY_ZERO, 'AVERAGEIFS: no cell meets every criterion') : s / n;
  }
}
