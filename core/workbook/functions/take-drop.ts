// TAKE(array, rows, [columns]) and DROP(array, rows, [columns]): keep or remove rows and columns
// from the start (positive counts) or the end (negative counts) of an array.
import { FunctionArgumentType, SimpleRangeValue } from 'hyperformula';
import { ArrayFunctionPlugin, literalNumber, resultOf, size, valueError, type InterpreterState, type ProcedureAst } from './shared.ts';

// A left-out count keeps every line: TAKE takes "all", DROP drops none.
const ALL = Number.MAX_SAFE_INTEGER;
const params = (missing: number) => [
  { argumentType: FunctionArgumentType.RANGE },
  { argumentType: FunctionArgumentType.NUMBER, defaultValue: missing, emptyAsDefault: true },
  { argumentType: FunctionArgumentType.NUMBER, defaultValue: missing, emptyAsDefault: true },
];

/** The [start, end) span TAKE keeps of n lines. */
const takeSpan = (n: number, k: number): [number, number] => (k >= 0 ? [0, Math.min(k, n)] : [Math.max(n + k, 0), n]);
/** The [start, end) span DROP keeps of n lines. */
const dropSpan = (n: number, k: number): [number, number] => (k >= 0 ? [Math.min(k, n), n] : [0, Math.max(n + k, 0)]);

export class TakeDropPlugin extends ArrayFunctionPlugin {
  static override implementedFunctions = {
    TAKE: { method: 'take', sizeOfResultArrayMethod: 'takeSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: params(ALL) },
    DROP: { method: 'drop', sizeOfResultArrayMethod: 'dropSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: params(0) },
  };

  take(ast: ProcedureAst, state: InterpreterState) {
    return this.fit(this.slice(ast, state, 'TAKE', takeSpan, ALL), this.takeSize(ast, state));
  }

  drop(ast: ProcedureAst, state: InterpreterState) {
    return this.fit(this.slice(ast, state, 'DROP', dropSpan, 0), this.dropSize(ast, state));
  }

  takeSize(ast: ProcedureAst, state: InterpreterState) {
    return this.predict(ast, state, takeSpan, ALL);
  }

  dropSize(ast: ProcedureAst, state: InterpreterState) {
    return this.predict(ast, state, dropSpan, 0);
  }

  private slice(ast: ProcedureAst, state: InterpreterState, name: string, span: typeof takeSpan, missing: number) {
    return this.runFunction(ast.args, state, this.metadata(name), (array: SimpleRangeValue, rowsArg: number, colsArg: number) => {
      const rows = Math.trunc(rowsArg), cols = Math.trunc(colsArg);
      if (missing !== 0 && (rows === 0 || cols === 0)) return valueError(`${name}: rows and columns must not be 0 (the result would be empty)`);
      const [r0, r1] = span(array.height(), rows);
      const [c0, c1] = span(array.width(), cols);
      if (r1 <= r0 || c1 <= c0) return valueError(`${name}: the result would be an empty array`);
      return resultOf(array.data.slice(r0, r1).map((row) => row.slice(c0, c1)));
    });
  }

  /** Exact when the counts are literals; otherwise the input's size, an upper bound. */
  private predict(ast: ProcedureAst, state: InterpreterState, span: typeof takeSpan, missing: number) {
    if (ast.args.length < 1 || ast.args.length > 3) return size(1, 1);
    const [arr] = this.argSizes({ ...ast, args: [ast.args[0]!] }, state);
    const count = (i: number) => {
      const a = ast.args[i];
      return a === undefined || a.type === 'EMPTY' ? missing : literalNumber(a);
    };
    const rows = count(1), cols = count(2);
    const [r0, r1] = rows === undefined ? [0, arr!.height] : span(arr!.height, Math.trunc(rows));
    const [c0, c1] = cols === undefined ? [0, arr!.width] : span(arr!.width, Math.trunc(cols));
    return size(c1 - c0, r1 - r0);
  }
}
