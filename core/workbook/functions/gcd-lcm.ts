// GCD(n1, ...) and LCM(n1, ...) with Excel's rules, replacing HyperFormula's: numbers are truncated
// to integers; a negative one is #NUM!; empty cells are left out (HyperFormula counted them as 0,
// so LCM(A1,B1,C1) with C1 empty was 0); text or a logical value, in a range or an array too, is
// #VALUE!; text typed as an argument counts when it reads as a number; a 0 makes LCM 0.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { argValues, isEmpty, rawNumber, type InterpreterState, type ProcedureAst } from './shared.ts';

const gcd2 = (a: number, b: number): number => {
  while (b) [a, b] = [b, a % b];
  return a;
};

export class GcdLcmPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    GCD: { method: 'gcd', parameters: [{ argumentType: FunctionArgumentType.ANY }], repeatLastArgs: 1 },
    LCM: { method: 'lcm', parameters: [{ argumentType: FunctionArgumentType.ANY }], repeatLastArgs: 1 },
  };

  gcd(ast: ProcedureAst, state: InterpreterState) {
    return this.combine(ast, state, 'GCD', (xs) => xs.reduce(gcd2, 0));
  }

  lcm(ast: ProcedureAst, state: InterpreterState) {
    return this.combine(ast, state, 'LCM', (xs) => (xs.some((x) => x === 0) ? 0 : xs.reduce((acc, x) => (acc / gcd2(acc, x)) * x, 1)));
  }

  private combine(ast: ProcedureAst, state: InterpreterState, name: string, fold: (xs: number[]) => number) {
    return this.runFunction(ast.args, state, this.metadata(name), (...args: unknown[]) => {
      const xs: number[] = [];
      for (const { v, inRange } of argValues(args)) {
        if (v instanceof CellError) return v;
        if (isEmpty(v)) continue;
        let n = rawNumber(v);
        if (n === undefined && typeof v === 'string' && !inRange && v.trim() !== '' && Number.isFinite(Number(v))) n = Number(v);
        if (n === undefined) return new CellError(ErrorType.VALUE, `${name} takes numbers`);
        if (n < 0 || n >= 2 ** 53) return new CellError(ErrorType.NUM, `${name} takes numbers from 0 to 2^53`);
        xs.push(Math.trunc(n));
      }
      const out = fold(xs);
      return out >= 2 ** 53 ? new CellError(ErrorType.NUM, `${name}: the result is too large`) : out;
    });
  }
}
