// Statistics of data without variance, with Excel's error: CORREL, PEARSON and RSQ of a constant
// series and KURT of equal values are #DIV/0! (HyperFormula's divide 0 by 0 and answer #NUM!;
// formulajs's KURT too). KURT also takes arrays and text arguments as SKEW does.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin, HyperFormula } from 'hyperformula';
import { asRanges } from './reference-args.ts';
import { referenceArgs, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

type Method = (this: FunctionPlugin, ast: ProcedureAst, state: InterpreterState) => InterpreterValue;
const plugin = (name: string) => HyperFormula.getFunctionPlugin(name) as unknown as { implementedFunctions: Record<string, { method: string }>; prototype: Record<string, Method> };
const original = (name: string) => {
  const p = plugin(name);
  const meta = p.implementedFunctions[name]!;
  return { meta, method: p.prototype[meta.method]! };
};
const CORREL = original('CORREL'), RSQ = original('RSQ');

const noVariance = () => new CellError(ErrorType.DIV_BY_ZERO, 'the data have no variance');

export class MomentsPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    CORREL: { ...CORREL.meta, method: 'correlation' },
    RSQ: { ...RSQ.meta, method: 'correlation' },
    KURT: { method: 'kurt', parameters: [{ argumentType: FunctionArgumentType.ANY }], repeatLastArgs: 1 },
  };
  static override aliases = { PEARSON: 'CORREL' };

  /** The engine's CORREL or RSQ, with #DIV/0! where its 0/0 gave NaN (#NUM!). */
  correlation(ast: ProcedureAst, state: InterpreterState) {
    const own = ast.procedureName === 'RSQ' ? RSQ : CORREL;
    const out = own.method.call(this, ast, state);
    // The engine turns its NaN into #NUM! only after the function returns.
    return (typeof out === 'number' && !Number.isFinite(out)) || (out instanceof CellError && out.type === ErrorType.NUM) ? noVariance() : out;
  }

  /** KURT: the sample excess kurtosis; #DIV/0! with fewer than four values or none different. */
  kurt(ast: ProcedureAst, state: InterpreterState) {
    const refs = referenceArgs(ast);
    return this.runFunction(ast.args, state, this.metadata('KURT'), (...vals: unknown[]) => {
      const args = asRanges(refs, vals);
      const xs = (this.arithmeticHelper as unknown as { coerceNumbersExactRanges(a: unknown[]): number[] | CellError }).coerceNumbersExactRanges(args);
      if (xs instanceof CellError) return xs;
      const n = xs.length;
      if (n < 4) return new CellError(ErrorType.DIV_BY_ZERO, 'KURT needs at least four values');
      const mean = xs.reduce((s, x) => s + x, 0) / n;
      const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
      if (variance === 0) return noVariance();
      const sum4 = xs.reduce((s, x) => s + (x - mean) ** 4, 0) / variance ** 2;
      return ((n * (n + 1)) / ((n - 1) * (n - 2) * (n - 3))) * sum4 - (3 * (n - 1) ** 2) / ((n - 2) * (n - 3));
    });
  }
}
