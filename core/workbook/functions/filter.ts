// FILTER(array, include, [if_empty]) as in Excel: keeps the rows (include is a column) or the
// columns (include is a row) of a 2-D array, and returns if_empty when nothing is kept. Further
// conditions of the same shape may follow, as in Google Sheets (FILTER(range, cond1, cond2)).
// HyperFormula 3.5's FILTER takes only one-row or one-column arrays, so ours replaces it.
import { FunctionArgumentType, SimpleRangeValue } from 'hyperformula';
import { ArrayFunctionPlugin, isEmpty, isError, naError, rawNumber, resultOf, size, valueError, type InternalScalarValue, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

export class FilterPlugin extends ArrayFunctionPlugin {
  static override implementedFunctions = {
    FILTER: {
      method: 'filter',
      sizeOfResultArrayMethod: 'filterSize',
      enableArrayArithmeticForArguments: true,
      vectorizationForbidden: true,
      parameters: [{ argumentType: FunctionArgumentType.RANGE }, { argumentType: FunctionArgumentType.RANGE }, { argumentType: FunctionArgumentType.ANY, optionalArg: true }],
      repeatLastArgs: 1,
    },
  };

  filter(ast: ProcedureAst, state: InterpreterState) {
    const out = this.runFunction(ast.args, state, this.metadata('FILTER'), (array: SimpleRangeValue, include: SimpleRangeValue, ...rest: InterpreterValue[]) => {
      const h = array.height(), w = array.width();
      const byRows = include.width() === 1 && include.height() === h;
      const byCols = !byRows && include.height() === 1 && include.width() === w;
      if (!byRows && !byCols) return valueError(`FILTER: include is ${include.height()}x${include.width()}; it must be one column of ${h} rows or one row of ${w} columns`);
      const conds = [include];
      let ifEmpty: InterpreterValue | undefined;
      for (let i = 0; i < rest.length; i++) {
        const arg = rest[i]!, last = i === rest.length - 1;
        const sameShape = arg instanceof SimpleRangeValue && arg.width() === include.width() && arg.height() === include.height();
        // A last argument shaped like include is another condition, unless include is one cell.
        if (sameShape && !(last && include.width() * include.height() === 1)) conds.push(arg);
        else if (last) ifEmpty = arg;
        else return valueError(`FILTER: argument ${i + 3} must be a condition shaped like include (${include.height()}x${include.width()})`);
      }
      const n = byRows ? h : w;
      const keep: number[] = [];
      for (let i = 0; i < n; i++) {
        let ok = true;
        for (const c of conds) {
          const v = byRows ? c.data[i]![0]! : c.data[0]![i]!;
          const b = truth(v);
          if (isError(b)) return b;
          if (!b) ok = false;
        }
        if (ok) keep.push(i);
      }
      if (keep.length === 0) return ifEmpty ?? naError('FILTER: nothing matches (give if_empty to return something else)');
      const data = array.data;
      return resultOf(byRows ? keep.map((r) => data[r]!) : data.map((row) => keep.map((c) => row[c]!)));
    });
    return this.fit(out, this.filterSize(ast, state));
  }

  /** Upper bound: the whole array (rows that are filtered out leave blanks at the end of the area). */
  filterSize(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length < 2) return size(1, 1);
    const [arr] = this.argSizes({ ...ast, args: [ast.args[0]!] }, state);
    return size(arr!.width, arr!.height);
  }
}

/** A condition value as a spreadsheet reads it: numbers non-zero, logicals; blank is FALSE; text is an error. */
function truth(v: InternalScalarValue): boolean | InternalScalarValue {
  if (isError(v)) return v;
  if (isEmpty(v)) return false;
  if (typeof v === 'boolean') return v;
  const n = rawNumber(v);
  if (n !== undefined) return n !== 0;
  return valueError(`FILTER: the condition holds text ('${String(v)}'), not TRUE/FALSE`);
}
