// CHOOSECOLS(array, col_num1, ...) and CHOOSEROWS(array, row_num1, ...): pick columns or rows by
// 1-based number (negative numbers count from the end); a number may also be an array of numbers.
import { FunctionArgumentType, SimpleRangeValue } from 'hyperformula';
import { ArrayFunctionPlugin, flatValues, isError, rawNumber, resultOf, size, valueError, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

const PARAMS = [{ argumentType: FunctionArgumentType.RANGE }, { argumentType: FunctionArgumentType.ANY }];

export class ChooseLinesPlugin extends ArrayFunctionPlugin {
  static override implementedFunctions = {
    CHOOSECOLS: { method: 'choosecols', sizeOfResultArrayMethod: 'choosecolsSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: PARAMS, repeatLastArgs: 1 },
    CHOOSEROWS: { method: 'chooserows', sizeOfResultArrayMethod: 'chooserowsSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: PARAMS, repeatLastArgs: 1 },
  };

  choosecols(ast: ProcedureAst, state: InterpreterState) {
    return this.fit(this.choose(ast, state, 'CHOOSECOLS', true), this.choosecolsSize(ast, state));
  }

  chooserows(ast: ProcedureAst, state: InterpreterState) {
    return this.fit(this.choose(ast, state, 'CHOOSEROWS', false), this.chooserowsSize(ast, state));
  }

  /** One line per number given: the numbers' count is known before evaluation. */
  choosecolsSize(ast: ProcedureAst, state: InterpreterState) {
    const [arr, ...picks] = this.argSizes(ast, state);
    return arr ? size(picks.reduce((n, p) => n + p.width * p.height, 0), arr.height) : size(1, 1);
  }

  chooserowsSize(ast: ProcedureAst, state: InterpreterState) {
    const [arr, ...picks] = this.argSizes(ast, state);
    return arr ? size(arr.width, picks.reduce((n, p) => n + p.width * p.height, 0)) : size(1, 1);
  }

  private choose(ast: ProcedureAst, state: InterpreterState, name: string, cols: boolean) {
    return this.runFunction(ast.args, state, this.metadata(name), (array: SimpleRangeValue, ...picks: InterpreterValue[]) => {
      const count = cols ? array.width() : array.height();
      const lines: number[] = [];
      for (const v of picks.flatMap(flatValues)) {
        if (isError(v)) return v;
        const n = rawNumber(v) ?? (typeof v === 'boolean' ? Number(v) : undefined);
        const k = n === undefined ? NaN : Math.trunc(n);
        if (!Number.isFinite(k) || k === 0 || Math.abs(k) > count) return valueError(`${name}: ${String(v)} is not a ${cols ? 'column' : 'row'} number between 1 and ${count} (or -1 and -${count} from the end)`);
        lines.push(k > 0 ? k - 1 : count + k);
      }
      const data = array.data;
      return resultOf(cols ? data.map((row) => lines.map((c) => row[c]!)) : lines.map((r) => data[r]!));
    });
  }
}
