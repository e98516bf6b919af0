// TOCOL(array, [ignore], [scan_by_column]) and TOROW(...): an array as one column or one row,
// optionally skipping blanks (ignore 1), errors (2) or both (3).
import { FunctionArgumentType, SimpleRangeValue } from 'hyperformula';
import { ArrayFunctionPlugin, isEmpty, isError, resultOf, size, valueError, type InternalScalarValue, type InterpreterState, type ProcedureAst } from './shared.ts';

const PARAMS = [
  { argumentType: FunctionArgumentType.RANGE },
  { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0, emptyAsDefault: true },
  { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: false, emptyAsDefault: true },
];

export class ToVectorPlugin extends ArrayFunctionPlugin {
  static override implementedFunctions = {
    TOCOL: { method: 'tocol', sizeOfResultArrayMethod: 'tocolSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: PARAMS },
    TOROW: { method: 'torow', sizeOfResultArrayMethod: 'torowSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: PARAMS },
  };

  tocol(ast: ProcedureAst, state: InterpreterState) {
    return this.fit(this.flatten(ast, state, 'TOCOL', (v) => v.map((x) => [x])), this.tocolSize(ast, state));
  }

  torow(ast: ProcedureAst, state: InterpreterState) {
    return this.fit(this.flatten(ast, state, 'TOROW', (v) => [v]), this.torowSize(ast, state));
  }

  /** Upper bound: every cell of the input (ignored cells leave blanks at the end of the area). */
  tocolSize(ast: ProcedureAst, state: InterpreterState) {
    const [arr] = this.argSizes({ ...ast, args: ast.args.slice(0, 1) }, state);
    return arr ? size(1, arr.width * arr.height) : size(1, 1);
  }

  torowSize(ast: ProcedureAst, state: InterpreterState) {
    const [arr] = this.argSizes({ ...ast, args: ast.args.slice(0, 1) }, state);
    return arr ? size(arr.width * arr.height, 1) : size(1, 1);
  }

  private flatten(ast: ProcedureAst, state: InterpreterState, name: string, shape: (v: InternalScalarValue[]) => InternalScalarValue[][]) {
    return this.runFunction(ast.args, state, this.metadata(name), (array: SimpleRangeValue, ignoreArg: number, byColumn: boolean) => {
      const ignore = Math.trunc(ignoreArg);
      if (![0, 1, 2, 3].includes(ignore)) return valueError(`${name}: ignore must be 0 (keep all), 1 (skip blanks), 2 (skip errors) or 3 (skip both), not ${ignoreArg}`);
      const data = array.data;
      const cells = byColumn ? Array.from({ length: array.width() }, (_, c) => data.map((row) => row[c]!)).flat() : data.flat();
      const kept = cells.filter((v) => !((ignore & 1 && isEmpty(v)) || (ignore & 2 && isError(v))));
      if (kept.length === 0) return valueError(`${name}: every value was skipped; the result would be empty`);
      return resultOf(shape(kept));
    });
  }
}
