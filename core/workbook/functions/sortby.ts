// SORTBY(array, by_array1, [sort_order1], [by_array2, sort_order2], ...): sorts the rows (or
// columns) of an array by other arrays of the same length. SORT(array, [sort_index], [sort_order],
// [by_col]) sorts by one of its own columns (or rows). Both are stable and use Excel's order:
// numbers, text (any case), logicals, then errors by their number; blanks last either way. The
// engine's own SORT gave the first error in the array instead of sorting it.
import { CellError, FunctionArgumentType, SimpleRangeValue } from 'hyperformula';
import { ArrayFunctionPlugin, ERROR_NUMBER, isEmpty, isError, literalNumber, resultOf, size, valueError, type InternalScalarValue, type InterpreterState, type ProcedureAst } from './shared.ts';

/** Excel's sort classes: numbers, text, logicals, errors. */
function sortClass(v: InternalScalarValue): number {
  if (typeof v === 'string') return 1;
  if (typeof v === 'boolean') return 2;
  if (v instanceof CellError) return 3;
  return 0;
}

const MAX_KEYS = 63;

export class SortByPlugin extends ArrayFunctionPlugin {
  static override implementedFunctions = {
    SORT: {
      method: 'sort',
      sizeOfResultArrayMethod: 'sortSize',
      enableArrayArithmeticForArguments: true,
      vectorizationForbidden: true,
      parameters: [
        { argumentType: FunctionArgumentType.RANGE },
        { argumentType: FunctionArgumentType.NUMBER, defaultValue: 1, emptyAsDefault: true },
        { argumentType: FunctionArgumentType.NUMBER, defaultValue: 1, emptyAsDefault: true },
        { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: false, emptyAsDefault: true },
      ],
    },
    SORTBY: {
      method: 'sortby',
      sizeOfResultArrayMethod: 'sortbySize',
      enableArrayArithmeticForArguments: true,
      vectorizationForbidden: true,
      // Spelled out rather than repeatLastArgs, so that the last sort_order may be left out.
      parameters: [
        { argumentType: FunctionArgumentType.RANGE },
        { argumentType: FunctionArgumentType.RANGE },
        { argumentType: FunctionArgumentType.NUMBER, defaultValue: 1, emptyAsDefault: true },
        ...Array.from({ length: MAX_KEYS - 1 }, () => [
          { argumentType: FunctionArgumentType.RANGE, optionalArg: true },
          { argumentType: FunctionArgumentType.NUMBER, defaultValue: 1, emptyAsDefault: true },
        ]).flat(),
      ],
    },
  };

  sortby(ast: ProcedureAst, state: InterpreterState) {
    const out = this.runFunction(ast.args, state, this.metadata('SORTBY'), (array: SimpleRangeValue, ...rest: (SimpleRangeValue | number | undefined)[]) => {
      const data = array.data;
      const height = array.height(), width = array.width();
      const keys: { values: InternalScalarValue[]; order: number }[] = [];
      let byRows: boolean | undefined;
      const given = ast.args.length - 1;
      for (let i = 0; i < given; i += 2) {
        const by = rest[i];
        const order = (rest[i + 1] as number | undefined) ?? 1;
        if (!(by instanceof SimpleRangeValue)) return valueError(`SORTBY: argument ${i + 2} must be an array or range (by_array)`);
        if (order !== 1 && order !== -1) return valueError(`SORTBY: sort_order must be 1 (ascending) or -1 (descending), not ${order}`);
        const rows = by.width() === 1 && by.height() === height;
        const cols = by.height() === 1 && by.width() === width;
        if (!rows && !cols) return valueError(`SORTBY: by_array ${i / 2 + 1} is ${by.height()}x${by.width()}; it must be one column of ${height} rows or one row of ${width} columns`);
        const dirRows = rows && (byRows !== false || !cols);
        if (byRows !== undefined && byRows !== dirRows) return valueError('SORTBY: every by_array must run the same way (all columns or all rows)');
        byRows = dirRows;
        const values = byRows ? by.data.map((r) => r[0]!) : by.data[0]!;
        const bad = values.find(isError);
        if (bad) return bad;
        keys.push({ values, order });
      }
      const n = byRows ? height : width;
      const perm = Array.from({ length: n }, (_, i) => i);
      perm.sort((a, b) => {
        for (const k of keys) {
          const c = this.compareForSort(k.values[a]!, k.values[b]!, k.order);
          if (c !== 0) return c;
        }
        return 0;
      });
      return resultOf(byRows ? perm.map((r) => data[r]!) : data.map((row) => perm.map((c) => row[c]!)));
    });
    return this.fit(out, this.sortbySize(ast, state));
  }

  sort(ast: ProcedureAst, state: InterpreterState) {
    const out = this.runFunction(ast.args, state, this.metadata('SORT'), (array: SimpleRangeValue, index: number, order: number, byCol: boolean) => {
      const data = array.data;
      const lines = byCol ? array.width() : array.height();
      const across = byCol ? array.height() : array.width();
      const k = Math.trunc(index);
      if (k < 1 || k > across) return valueError(`SORT: sort_index must be 1 to ${across}, not ${index}`);
      if (order !== 1 && order !== -1) return valueError(`SORT: sort_order must be 1 (ascending) or -1 (descending), not ${order}`);
      const key = byCol ? data[k - 1]! : data.map((row) => row[k - 1]!);
      const perm = Array.from({ length: lines }, (_, i) => i).sort((a, b) => this.compareForSort(key[a]!, key[b]!, order));
      return resultOf(byCol ? data.map((row) => perm.map((c) => row[c]!)) : perm.map((r) => data[r]!));
    });
    return this.fit(out, this.sortbySize(ast, state));
  }

  /** The array's size; one cell when a written sort_index or sort_order is out of range (the result is #VALUE!). */
  sortSize(ast: ProcedureAst, state: InterpreterState) {
    const whole = this.sortbySize(ast, state);
    const [index, order] = [literalNumber(ast.args[1]), literalNumber(ast.args[2])];
    const byCol = ast.args[3]?.type === 'FUNCTION_CALL' && ast.args[3].procedureName === 'TRUE';
    const across = byCol ? whole.height : whole.width;
    const bad = (index !== undefined && (Math.trunc(index) < 1 || Math.trunc(index) > across)) || (order !== undefined && order !== 1 && order !== -1);
    return bad ? size(1, 1) : whole;
  }

  sortbySize(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length < (ast.procedureName === 'SORT' ? 1 : 2)) return size(1, 1);
    const [first] = this.argSizes({ ...ast, args: [ast.args[0]!] }, state);
    return size(first!.width, first!.height);
  }

  /** Excel's sort order: numbers, text, logicals, errors (by number); blanks last whatever the direction. */
  protected compareForSort(a: InternalScalarValue, b: InternalScalarValue, order: number): number {
    const ea = isEmpty(a), eb = isEmpty(b);
    if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
    const ca = sortClass(a), cb = sortClass(b);
    if (ca !== cb) return (ca - cb) * order;
    if (a instanceof CellError) return ((ERROR_NUMBER[a.type] ?? 99) - (ERROR_NUMBER[(b as CellError).type] ?? 99)) * order;
    const h = this.arithmeticHelper;
    if (h.lt(a as never, b as never)) return -order;
    if (h.gt(a as never, b as never)) return order;
    return 0;
  }
}
