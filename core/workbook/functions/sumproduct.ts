// SUMPRODUCT with Excel's rule for what is not a number: an entry of its arrays that holds text,
// a logical value or nothing counts as 0 (SUMPRODUCT(A1:A3, B1:B3) leaves out a "2" or a TRUE in
// a cell, which is why formulas write --(A1:A3="x")); an error is the result. HyperFormula read
// numeric text and logicals as numbers. SUMX2MY2, SUMX2PY2 and SUMXMY2 likewise skip a pair
// where either side is not a number, and with no pair left answer #DIV/0! as Excel does
// (HyperFormula answered 0); arrays of different sizes are #N/A.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { rawNumber, type InterpreterState, type ProcedureAst } from './shared.ts';

export class SumproductPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    SUMPRODUCT: { method: 'sumproduct', parameters: [{ argumentType: FunctionArgumentType.RANGE }], repeatLastArgs: 1 },
    SUMX2MY2: { method: 'sumx2my2', parameters: [{ argumentType: FunctionArgumentType.RANGE }, { argumentType: FunctionArgumentType.RANGE }] },
    SUMX2PY2: { method: 'sumx2py2', parameters: [{ argumentType: FunctionArgumentType.RANGE }, { argumentType: FunctionArgumentType.RANGE }] },
    SUMXMY2: { method: 'sumxmy2', parameters: [{ argumentType: FunctionArgumentType.RANGE }, { argumentType: FunctionArgumentType.RANGE }] },
  };

  sumx2my2(ast: ProcedureAst, state: InterpreterState) {
    return this.pairs(ast, state, 'SUMX2MY2', (x, y) => x * x - y * y);
  }

  sumx2py2(ast: ProcedureAst, state: InterpreterState) {
    return this.pairs(ast, state, 'SUMX2PY2', (x, y) => x * x + y * y);
  }

  sumxmy2(ast: ProcedureAst, state: InterpreterState) {
    return this.pairs(ast, state, 'SUMXMY2', (x, y) => (x - y) * (x - y));
  }

  private pairs(ast: ProcedureAst, state: InterpreterState, name: string, term: (x: number, y: number) => number) {
    return this.runFunction(ast.args, state, this.metadata(name), (a: SimpleRangeValue, b: SimpleRangeValue) => {
      const xs = a.data.flat(), ys = b.data.flat();
      if (xs.length !== ys.length) return new CellError(ErrorType.NA, `${name}: the arrays must have the same number of values`);
      let sum = 0, n = 0;
      for (let i = 0; i < xs.length; i++) {
        const xv = xs[i], yv = ys[i];
        if (xv instanceof CellError) return xv;
        if (yv instanceof CellError) return yv;
        const x = rawNumber(xv), y = rawNumber(yv);
        if (x === undefined || y === undefined) continue;
        sum += term(x, y);
        n++;
      }
      return n ? sum : new CellError(ErrorType.DIV_BY_ZERO, `${name}: no pair of numbers`);
    });
  }

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
