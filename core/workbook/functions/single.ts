// SINGLE(reference), Excel's @ operator (files store @A1:A10 as _xlfn.SINGLE(A1:A10)): the cell of
// the range in the formula's own row (a one-column range) or column (a one-row range); an array's
// first value; #VALUE! when the range has no cell there. Formulas from before dynamic arrays get
// it on import wherever Excel intersected implicitly (implicit-intersection.ts).
import { EmptyValue, FunctionArgumentType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { valueError, type InterpreterState, type ProcedureAst } from './shared.ts';

export class SinglePlugin extends FunctionPlugin {
  static override implementedFunctions = {
    SINGLE: { method: 'single', vectorizationForbidden: true, parameters: [{ argumentType: FunctionArgumentType.RANGE }] },
  };

  single(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length !== 1) return valueError('SINGLE takes one argument');
    const v = this.evaluateAst(ast.args[0]!, state);
    if (!(v instanceof SimpleRangeValue)) return v;
    const range = v.range;
    if (!range) return v.data[0]?.[0] ?? EmptyValue;
    const { start, end } = range;
    const { row, col } = state.formulaAddress;
    if (start.row === end.row && start.col === end.col) return this.dependencyGraph.getCellValue(start);
    if (start.col === end.col && row >= start.row && row <= end.row) return this.dependencyGraph.getCellValue({ sheet: start.sheet, row, col: start.col });
    if (start.row === end.row && col >= start.col && col <= end.col) return this.dependencyGraph.getCellValue({ sheet: start.sheet, row: start.row, col });
    return valueError("the range has no cell in this formula's row or column");
  }
}
