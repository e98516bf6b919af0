// GROUPBY(row_fields, values, function, [field_headers], [total_depth], [sort_order],
// [filter_array], [field_relationship]) and PIVOTBY(row_fields, col_fields, values, function,
// [field_headers], [row_total_depth], [row_sort_order], [col_total_depth], [col_sort_order],
// [filter_array], [relative_to]): their arguments read as Excel reads them; pivot-grid.ts lays the
// summary out. `function` is a LAMBDA, its name, a function passed by name (SUM), or an HSTACK or
// VSTACK of several (with VSTACK(HSTACK(...), labels) naming them). The result's size depends on
// the data: it re-spills as the data changes (sizedAtParse/fitExact in shared.ts).
import { ArraySize, CellError, EmptyValue, ErrorType, SimpleRangeValue } from 'hyperformula';
import { LambdaPlugin, type Lambda } from './lambda.ts';
import { pivotGrid, type AxisSpec } from './pivot-grid.ts';
import { flatValues, gridOf, numberText, rawNumber, resultOf, valueError, type Ast, type Grid, type InternalScalarValue, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

type Scalar = InternalScalarValue;

/** The most cells a summary spills. */
const MAX_CELLS = 1_000_000;
/** Functions passed by name that Excel calls with a second argument, the values they are a part of. */
const TWO_ARGUMENTS = new Set(['PERCENTOF']);

interface Fn {
  lambda: Lambda;
  label: string;
  /** Called with (the group's values, the values they are a part of). */
  two: boolean;
}

interface Fns {
  list: Fn[];
  vertical: boolean;
}

/** One value of a function's result (an array in one cell is Excel's #CALC!). */
function one(v: InterpreterValue): Scalar {
  if (!(v instanceof SimpleRangeValue)) return v as Scalar;
  return v.width() === 1 && v.height() === 1 ? v.data[0]![0]! : valueError('the function gave an array where one value was expected (Excel: #CALC!)');
}

function textOf(v: Scalar): string {
  if (v === EmptyValue) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  const n = rawNumber(v);
  return n !== undefined ? numberText(n) : String(v);
}

const present = (a: Ast | undefined): a is Ast => a !== undefined && a.type !== 'EMPTY';

export class GroupByPlugin extends LambdaPlugin {
  static override implementedFunctions = {
    GROUPBY: { method: 'groupby', sizeOfResultArrayMethod: 'groupbySize', vectorizationForbidden: true },
    PIVOTBY: { method: 'pivotby', sizeOfResultArrayMethod: 'pivotbySize', vectorizationForbidden: true },
  };

  groupby(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    return this.spillGrid(this.summary(ast, state, false), ast, state);
  }

  groupbySize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    return this.sizedAtParse(ast, state, this.gridSize(() => this.summary(ast, state, false)));
  }

  pivotby(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    return this.spillGrid(this.summary(ast, state, true), ast, state);
  }

  pivotbySize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    return this.sizedAtParse(ast, state, this.gridSize(() => this.summary(ast, state, true)));
  }

  private summary(ast: ProcedureAst, state: InterpreterState, pivot: boolean): Grid | CellError {
    const name = pivot ? 'PIVOTBY' : 'GROUPBY';
    const a = ast.args;
    if (a.length < (pivot ? 4 : 3) || a.length > (pivot ? 11 : 8)) {
      return new CellError(ErrorType.NA, pivot ? 'PIVOTBY takes row_fields, col_fields, values, function, and up to 7 options' : 'GROUPBY takes row_fields, values, function, and up to 5 options');
    }
    const [rowAst, colAst, valAst, fnAst, headAst, rowDepthAst, rowSortAst, colDepthAst, colSortAst, filterAst, relAst] = pivot ? a : [a[0], undefined, a[1], a[2], a[3], a[4], a[5], undefined, undefined, a[6], undefined];
    const relationAst = pivot ? undefined : a[7];
    if (!present(rowAst) && !(pivot && present(colAst))) return valueError(`${name} needs row_fields${pivot ? ' or col_fields' : ''}`);

    const grids: (Grid | undefined)[] = [];
    for (const arg of [rowAst, colAst, valAst]) {
      if (!present(arg)) {
        grids.push(undefined);
        continue;
      }
      const v = this.evaluateAst(arg, state);
      if (v instanceof CellError) return v;
      grids.push(gridOf(v));
    }
    const [rowG, colG, valG] = grids;
    const heights = new Set(grids.filter((g) => g).map((g) => g!.length));
    if (heights.size !== 1) return valueError(`${name}: row_fields, ${pivot ? 'col_fields ' : ''}and values must have as many rows`);
    const total = [...heights][0]!;

    const mode = this.option(headAst, state);
    if (mode instanceof CellError) return mode;
    if (mode !== undefined && (mode < 0 || mode > 3)) return valueError(`${name}: field_headers is 0 to 3`);
    const kR = rowG?.[0]?.length ?? 0, kC = colG?.[0]?.length ?? 0, m = valG?.[0]?.length ?? 0;
    // Automatic: a header when values start with text above a number; shown with several levels.
    const detected = valG !== undefined && typeof valG[0]?.[0] === 'string' && rawNumber(valG[1]?.[0]) !== undefined;
    const has = mode === undefined ? detected : mode === 1 || mode === 3;
    const shown = mode === undefined ? detected && (kR > 1 || kC > 1) : mode >= 2;
    const skip = has ? 1 : 0;
    if (total - skip < 1) return valueError(`${name}: there is no data under the headers (Excel: #CALC!)`);
    const namesOf = (g: Grid | undefined, count: number, generated: string): Scalar[] =>
      Array.from({ length: count }, (_, i) => (has ? textOf(g![0]![i]!) : `${generated} ${i + 1}`));
    const data = (g: Grid | undefined) => (g ? g.slice(skip) : Array.from({ length: total - skip }, () => []));
    const rowKeys = data(rowG), colKeys = data(colG), values = data(valG);
    for (const line of [...rowKeys, ...colKeys]) for (const v of line) if (v instanceof CellError) return v;

    const include = this.filter(filterAst, state, total, skip, name);
    if (include instanceof CellError) return include;
    const fns = m > 0 || present(fnAst) ? this.functionsOf(fnAst, state, name) : { list: [], vertical: false };
    if (fns instanceof CellError) return fns;
    if (m > 0 && !fns.list.length) return valueError(`${name} needs a function to aggregate the values`);

    const nums: (number | undefined)[] = [];
    for (const opt of [rowDepthAst, colDepthAst, relationAst, relAst]) {
      const v = this.option(opt, state);
      if (v instanceof CellError) return v;
      nums.push(v);
    }
    const [rowDepth, colDepth, relation = 0, relativeTo = 0] = nums;
    if (relation !== 0 && relation !== 1) return valueError('GROUPBY: field_relationship is 0 (hierarchy) or 1 (table)');
    if (relativeTo < 0 || relativeTo > 4) return valueError('PIVOTBY: relative_to is 0 to 4');
    const rowSort = this.sortKeys(rowSortAst, state), colSort = this.sortKeys(colSortAst, state);
    if (rowSort instanceof CellError) return rowSort;
    if (colSort instanceof CellError) return colSort;

    const rows: AxisSpec = { keys: rowKeys, fields: kR, names: namesOf(rowG, kR, 'Row Field'), depth: rowDepth, sort: rowSort, table: relation === 1 };
    const cols: AxisSpec = { keys: colKeys, fields: kC, names: namesOf(colG, kC, 'Col Field'), depth: colDepth, sort: colSort };
    const column = (rs: number[], j: number) => resultOf(rs.map((r) => [values[r]![j]!]));
    return pivotGrid({
      rows,
      cols,
      valueCount: m,
      valueNames: namesOf(valG, m, 'Value'),
      fnLabels: fns.list.map((f) => f.label),
      vertical: fns.vertical,
      include,
      headers: shown,
      relativeTo,
      maxCells: MAX_CELLS,
      aggregate: (f, j, rs, all) => {
        const fn = fns.list[f]!;
        return one(this.call(fn.lambda, fn.two ? [column(rs, j), column(all(), j)] : [column(rs, j)], state));
      },
      compare: (x, y) => {
        const ex = x instanceof CellError, ey = y instanceof CellError;
        if (ex || ey) return ex === ey ? 0 : ex ? 1 : -1;
        return this.arithmeticHelper.lt(x as never, y as never) ? -1 : this.arithmeticHelper.gt(x as never, y as never) ? 1 : 0;
      },
    });
  }

  /** A number option (truncated), undefined when left out. */
  private option(a: Ast | undefined, state: InterpreterState): number | undefined | CellError {
    if (!present(a)) return undefined;
    let v = this.evaluateAst(a, state);
    if (v instanceof SimpleRangeValue) v = v.data[0]?.[0] ?? EmptyValue;
    const n = this.coerceScalarToNumberOrError(v as Scalar);
    if (n instanceof CellError) return n;
    const x = rawNumber(n);
    return x === undefined ? valueError('an option must be a number') : Math.trunc(x);
  }

  /** sort_order: one number or several (truncated), 1-based and signed. */
  private sortKeys(a: Ast | undefined, state: InterpreterState): number[] | CellError {
    if (!present(a)) return [];
    const out: number[] = [];
    for (const v of flatValues(this.evaluateAst(a, state))) {
      const n = this.coerceScalarToNumberOrError(v);
      if (n instanceof CellError) return n;
      out.push(Math.trunc(rawNumber(n) ?? 0));
    }
    return out;
  }

  /** filter_array as one flag per data row (the header row's left out). */
  private filter(a: Ast | undefined, state: InterpreterState, total: number, skip: number, name: string): boolean[] | CellError {
    if (!present(a)) return Array.from({ length: total - skip }, () => true);
    const v = this.evaluateAst(a, state);
    if (v instanceof CellError) return v;
    const flags = flatValues(v);
    if (flags.length !== total) return valueError(`${name}: filter_array must have one value per row of row_fields (${total})`);
    const out: boolean[] = [];
    for (const f of flags.slice(skip)) {
      if (f instanceof CellError) return f;
      if (f === EmptyValue) out.push(false);
      else if (typeof f === 'boolean') out.push(f);
      else {
        const n = rawNumber(f);
        if (n === undefined) return valueError(`${name}: filter_array holds TRUE or FALSE values`);
        out.push(n !== 0);
      }
    }
    return out;
  }

  /** The functions to aggregate with: one, or an HSTACK (across) or VSTACK (down) of several, maybe with labels. */
  private functionsOf(ast: Ast | undefined, state: InterpreterState, name: string): Fns | CellError {
    if (ast?.type === 'PARENTHESES') return this.functionsOf(ast.expression, state, name);
    if (ast?.type === 'FUNCTION_CALL' && (ast.procedureName === 'HSTACK' || ast.procedureName === 'VSTACK')) {
      const vertical = ast.procedureName === 'VSTACK';
      const inner = ast.args[0];
      // VSTACK(HSTACK(SUM, AVERAGE), {"Sum", "Mean"}): the functions across, labelled (HSTACK(VSTACK(...), ...) down).
      if (ast.args.length === 2 && inner?.type === 'FUNCTION_CALL' && inner.procedureName === (vertical ? 'HSTACK' : 'VSTACK')) {
        const fns = this.functionsOf(inner, state, name);
        if (fns instanceof CellError) return fns;
        const labels = this.evaluateAst(ast.args[1]!, state);
        if (labels instanceof CellError) return labels;
        const texts = flatValues(labels);
        if (texts.length !== fns.list.length) return valueError(`${name}: give one label per function`);
        texts.forEach((t, i) => (fns.list[i]!.label = textOf(t)));
        return fns;
      }
      const list: Fn[] = [];
      for (const arg of ast.args) {
        const fn = this.oneFunction(arg, state, name);
        if (fn instanceof CellError) return fn;
        list.push(fn);
      }
      return { list, vertical };
    }
    const fn = this.oneFunction(ast, state, name);
    return fn instanceof CellError ? fn : { list: [fn], vertical: false };
  }

  private oneFunction(ast: Ast | undefined, state: InterpreterState, name: string): Fn | CellError {
    const found = this.lambdaFrom(ast, state, name);
    if (found instanceof CellError) return found;
    const two = found.eta ? TWO_ARGUMENTS.has(found.eta) : found.required >= 2;
    const lambda = this.lambdaFor(ast, state, two ? 2 : 1, name);
    if (lambda instanceof CellError) return lambda;
    return { lambda, label: found.eta ?? (ast?.type === 'NAMED_EXPRESSION' ? ast.expressionName : 'LAMBDA'), two };
  }
}
