// SORTBY(array, by_array1, [sort_order1], [by_array2, sort_order2], ...): sorts the rows (or
// columns) of an array by other arrays of the same length. Stable; blanks sort last either way.
import { FunctionArgumentType, SimpleRangeValue } from 'hyperformula';
import { ArrayFunctionPlugin, isEmpty, isError, resultOf, size, valueError, type InternalScalarValue, type InterpreterState, type ProcedureAst } from './shared.ts';

const MAX_KEYS = 63;

export class SortByPlugin extends ArrayFunctionPlugin {
  static override implementedFunctions = {
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

  sortbySize(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length < 2) return size(1, 1);
    const [first] = this.argSizes({ ...ast, args: [ast.args[0]!] }, state);
    return size(first!.width, first!.height);
  }

  /** Excel's sort order: numbers, then text, then logicals; blanks last whatever the direction. */
  protected compareForSort(a: InternalScalarValue, b: InternalScalarValue, order: number): number {
    const ea = isEmpty(a), eb = isEmpty(b);
    if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
    const h = this.arithmeticHelper;
    if (h.lt(a as never, b as never)) return -order;
    if (h.gt(a as never, b as never)) return order;
    return 0;
  }
}
