// CHOOSE(index_num, value1, ...), as Excel computes it: the index truncated (CHOOSE(1.9, ...) takes
// value1), #VALUE! outside 1 to the number of values, and only the chosen value evaluated; the
// value is handed on as it is (a range stays a range: SUM(CHOOSE(2, A1:A2, B1:B3)) adds B1:B3).
// Several indexes (CHOOSE({1,2}, ...)) pick one value each, element by element. HyperFormula's
// wanted a whole number (#NUM!) and broadcast ranges of different sizes against each other.
import { ArraySize, CellError, EmptyValue, ErrorType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { broadcast, broadcastSize, isSeveral } from './broadcast.ts';
import { literalNumber, rawNumber, size, type InternalScalarValue, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

export class ChoosePlugin extends FunctionPlugin {
  static override implementedFunctions = {
    CHOOSE: { method: 'choose', sizeOfResultArrayMethod: 'chooseSize', vectorizationForbidden: true },
  };

  /** The whole index, or the error it gives. */
  private index(v: InternalScalarValue | undefined, count: number): number | CellError {
    if (v instanceof CellError) return v;
    const n = v === undefined || v === EmptyValue ? 0 : rawNumber(this.coerceScalarToNumberOrError(v));
    if (n === undefined) return new CellError(ErrorType.VALUE, 'CHOOSE: index_num must be a number');
    const i = Math.trunc(n);
    return i >= 1 && i <= count ? i : new CellError(ErrorType.VALUE, `CHOOSE: index ${i} is not between 1 and ${count}`);
  }

  choose(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    const [first, ...values] = ast.args;
    if (!first || !values.length) return new CellError(ErrorType.NA, 'CHOOSE takes an index and at least one value');
    const index = this.evaluateAst(first, state);
    if (!isSeveral(index)) {
      const i = this.index(index instanceof SimpleRangeValue ? index.data[0]?.[0] : (index as InternalScalarValue), values.length);
      return i instanceof CellError ? i : this.evaluateAst(values[i - 1]!, state);
    }
    const chosen = values.map((v) => this.evaluateAst(v, state));
    return broadcast([index, ...chosen], ([k, ...vals]) => {
      const i = this.index(k, vals.length);
      return i instanceof CellError ? i : (vals[i - 1] ?? EmptyValue);
    });
  }

  /** The chosen value's size when the index is written as a number, else the largest; several indexes broadcast. */
  chooseSize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    const at = { formulaAddress: state.formulaAddress, arraysFlag: true } as InterpreterState;
    const [first, ...values] = ast.args;
    if (!first || !values.length) return ArraySize.scalar();
    const sizes = values.map((v) => this.arraySizeForAst(v, at));
    const index = this.arraySizeForAst(first, at);
    if (!index.isScalar()) return broadcastSize([index, ...sizes]);
    const n = literalNumber(first);
    const chosen = n === undefined ? undefined : sizes[Math.trunc(n) - 1];
    if (n !== undefined) return chosen ? size(chosen.width, chosen.height) : ArraySize.scalar();
    return broadcastSize(sizes);
  }
}
