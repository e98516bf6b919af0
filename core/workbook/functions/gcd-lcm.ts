// GCD(n1, ...) and LCM(n1, ...) with Excel's rules, replacing HyperFormula's: numbers are truncated
// to integers; a negative one is #NUM!; an empty cell named on its own is left out (HyperFormula
// counted it as 0, so LCM(A1,B1,C1) with C1 empty was 0) but inside a range is 0; text that reads
// as a number or a date counts, in ranges and arrays too; a logical value is #VALUE!; a blank
// argument is #N/A; a 0 makes LCM 0 (Excel's files say so).
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
    // A blank argument (GCD(,5)) is #N/A, as in Excel.
    if (ast.args.some((a) => a.type === 'EMPTY')) return new CellError(ErrorType.NA, `${name}: an argument is missing`);
    const h = this.arithmeticHelper as unknown as { coerceScalarToNumberOrError(v: unknown): unknown };
    return this.runFunction(ast.args, state, this.metadata(name), (...args: unknown[]) => {
      const xs: number[] = [];
      let ranges = false;
      for (const { v, inRange } of argValues(args)) {
        if (v instanceof CellError) return v;
        ranges ||= inRange;
        // An empty cell named on its own is left out; inside a range it is 0.
        if (isEmpty(v) && !inRange) continue;
        if (typeof v === 'boolean') return new CellError(ErrorType.VALUE, `${name} takes numbers`);
        // Text that reads as a number or a date counts, in a range too (" 10 ", "2024-01-10").
        const c = isEmpty(v) ? 0 : typeof v === 'string' ? h.coerceScalarToNumberOrError(v) : v;
        const n = rawNumber(c);
        if (n === undefined) return new CellError(ErrorType.VALUE, `${name} takes numbers`);
        if (n < 0 || n >= 2 ** 53) return new CellError(ErrorType.NUM, `${name} takes numbers from 0 to 2^53`);
        xs.push(Math.trunc(n));
      }
      if (!xs.length && !ranges) return new CellError(ErrorType.VALUE, `${name}: no numbers`);
      const out = fold(xs);
      return out >= 2 ** 53 ? new CellError(ErrorType.NUM, `${name}: the result is too large`) : out;
    });
  }
}
