// SUMPRODUCT with Excel's rule for what is not a number: an entry of its arrays that holds text,
// a logical value or nothing counts as 0 (SUMPRODUCT(A1:A3, B1:B3) leaves out a "2" or a TRUE in
// a cell, which is why formulas write --(A1:A3="x")); an error is the result. HyperFormula read
// numeric text and logicals as numbers.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { rawNumber, type InterpreterState, type ProcedureAst } from './shared.ts';

export class SumproductPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    SUMPRODUCT: { method: 'sumproduct', parameters: [{ argumentType: FunctionArgumentType.RANGE }], repeatLastArgs: 1 },
  };

  sumproduct(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('SUMPRODUCT'), (...arrays: SimpleRangeValue[]) => {
      const width = arrays[0]!.width(), height = arrays[0]!.height();
      if (arrays.some((a) => a.width() !== width || a.height() !== height)) return new CellError(ErrorType.VALUE, 'SUMPRODUCT: the arrays must have the same size');
      const values = arrays.map((a) => a.data.flat());
      let sum = 0;
      for (let i = 0; i < width * height; i++) {
        let product = 1;
        for (const vs of values) {
          const v = vs[i];
          if (v instanceof CellError) return v;
          product *= rawNumber(v) ?? 0;
        }
        sum += product;
      }
      return sum;
    });
  }
}
