// XLOOKUP as Excel computes it. HyperFormula 3.5's own misses the next smaller/larger item in an
// unsorted list, takes an empty if_not_found as the value to return, never matches a blank lookup
// value to a blank cell, and its binary searches answer differently from Excel's on duplicates.
// The searches follow IronCalc's (MIT), which were checked against Excel's files:
// - values compare numbers < text (without case) < logical values, a blank cell as 0, "" or FALSE
//   depending on what it is compared with, errors last;
// - match_mode -1/1 (exact or next smaller/larger) looks at every item, whatever the order;
// - search_mode 2/-2 is a binary search (leftmost on ties); a wildcard match there is #VALUE!.
// The spill size comes from the engine's own plugin, which this class extends; several lookup
// values (XLOOKUP({1;3}, ...)) give one answer each, spilled in their shape, as in Excel 365.
import { CellError, EmptyValue, ErrorType, HyperFormula, SimpleRangeValue, type FunctionPlugin } from 'hyperformula';
import { exactPosition, lineOf } from './range-index.ts';
import { cellReader, rawNumber, size, type Ast, type InternalScalarValue, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

type PluginClass = typeof FunctionPlugin & { implementedFunctions: Record<string, { parameters?: { optionalArg?: boolean }[] }> };
type V = InternalScalarValue;
interface XLookupMethods {
  xlookupArraySize(ast: unknown, state: unknown): unknown;
}

const typeRank = (v: V) => (rawNumber(v) !== undefined ? 0 : typeof v === 'string' ? 1 : typeof v === 'boolean' ? 2 : v instanceof CellError ? 4 : 3);
const excelPrecision = (x: number) => Number(x.toPrecision(15));

/** Excel's comparison of a list item with the lookup value: -1, 0 or 1. */
export function compareValues(a: V, b: V): number {
  if (a === EmptyValue && b !== EmptyValue) {
    const n = rawNumber(b);
    return compareValues(n !== undefined ? 0 : typeof b === 'string' ? '' : typeof b === 'boolean' ? false : a, b);
  }
  if (b === EmptyValue && a !== EmptyValue) return -compareValues(b, a);
  const ra = typeRank(a), rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  if (ra === 0) {
    const x = excelPrecision(rawNumber(a)!), y = excelPrecision(rawNumber(b)!);
    return Math.abs(x - y) < Number.EPSILON ? 0 : x < y ? -1 : 1;
  }
  if (ra === 1) {
    const x = (a as string).toUpperCase(), y = (b as string).toUpperCase();
    return x === y ? 0 : x < y ? -1 : 1;
  }
  if (ra === 2) return a === b ? 0 : a ? 1 : -1;
  return 0;
}

/** The order a binary search assumes: numbers, text, logical values, then blank cells and errors. */
function order(a: V, b: V): number {
  const rank = (v: V) => (v === EmptyValue ? 3 : typeRank(v));
  const ra = rank(a), rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  return ra >= 3 ? 0 : compareValues(a, b);
}

function linear(key: V, items: V[], last: boolean, mode: number, wildcard?: (v: V) => boolean): number {
  const n = items.length;
  let found = -1;
  for (let k = 0; k < n; k++) {
    const i = last ? n - 1 - k : k;
    const v = items[i]!;
    if (wildcard) {
      if (wildcard(v)) return i;
      continue;
    }
    const c = compareValues(v, key);
    if (c === 0) return i;
    if (mode !== 0 && c === mode && (found < 0 || compareValues(items[found]!, v) === mode)) found = i;
  }
  return found;
}

/** Ascending binary search: the leftmost match, else the last item below (orGreater: the first above). */
function binaryAscending(key: V, items: V[], orGreater: boolean): number {
  let l = 0, r = items.length;
  while (l < r) {
    const m = (l + r) >> 1;
    if (order(items[m]!, key) < 0) l = m + 1;
    else r = m;
  }
  if (l < items.length && order(items[l]!, key) === 0) return l;
  if (orGreater) return l < items.length ? l : -1;
  return l - 1;
}

/** Descending binary search: a match (the last of equal ones), else the next smaller (or larger) item. */
function binaryDescending(key: V, items: V[], orGreater: boolean): number {
  const n = items.length;
  let l = 0, r = n;
  while (l < r) {
    const m = (l + r) >> 1;
    let i = n - m - 1;
    const c = order(items[i]!, key);
    if (c < 0) l = m + 1;
    else if (c > 0) r = m;
    else {
      while (i < n - 1 && order(items[i + 1]!, key) === 0) i++;
      return i;
    }
  }
  if (orGreater) return r === n ? -1 : n - r - 1;
  return l === 0 ? -1 : n - l;
}

export function xlookupPlugin(): PluginClass {
  const Base = HyperFormula.getFunctionPlugin('XLOOKUP') as unknown as PluginClass;
  const own = Base.implementedFunctions.XLOOKUP!;
  const base = Base.prototype as unknown as XLookupMethods;
  // HyperFormula looks the methods up on the plugin's own prototype: they are named here.
  return class XLookupPlugin extends Base {
    static override implementedFunctions = { XLOOKUP: { ...own } };

    private arg(ast: Ast | undefined, state: InterpreterState): InterpreterValue | undefined {
      if (!ast || (ast as { type: string }).type === 'EMPTY') return undefined;
      return (this as unknown as FunctionPlugin & { evaluateAst(a: Ast, s: InterpreterState): InterpreterValue }).evaluateAst(ast, state);
    }

    private mode(ast: Ast | undefined, state: InterpreterState, fallback: number): number | CellError {
      const v = this.arg(ast, state);
      if (v === undefined) return fallback;
      if (v instanceof CellError) return v;
      const x = v instanceof SimpleRangeValue ? v.data[0]?.[0] : v === EmptyValue ? 0 : v;
      const n = typeof x === 'boolean' ? Number(x) : rawNumber(x);
      return n === undefined ? new CellError(ErrorType.VALUE, 'XLOOKUP: match_mode and search_mode are numbers') : Math.floor(n);
    }

    xlookup(ast: ProcedureAst, state: InterpreterState) {
      const args = ast.args;
      if (args.length < 3 || args.length > 6) return new CellError(ErrorType.NA, 'XLOOKUP takes 3 to 6 arguments');
      const keys = this.arg(args[0], state) ?? EmptyValue;
      if (keys instanceof CellError) return keys;
      const lookup = this.arg(args[1], state), ret = this.arg(args[2], state);
      if (lookup instanceof CellError) return lookup;
      if (ret instanceof CellError) return ret;
      // Ranges are read cell by cell (the lookup line, then the one answer), not built whole.
      const asRange = (v: InterpreterValue | undefined) => (v instanceof SimpleRangeValue ? v : SimpleRangeValue.onlyValues([[(v ?? EmptyValue) as V]]));
      const L = asRange(lookup), R = asRange(ret);
      const vertical = L.width() === 1;
      if (!vertical && L.height() !== 1) return new CellError(ErrorType.VALUE, 'XLOOKUP: lookup_array must be one row or one column');
      if (vertical ? R.height() !== L.height() : R.width() !== L.width()) return new CellError(ErrorType.VALUE, 'XLOOKUP: return_array must be as long as lookup_array');
      const lAt = cellReader(this as unknown as FunctionPlugin, L), rAt = cellReader(this as unknown as FunctionPlugin, R);
      const matchMode = this.mode(args[4], state, 0), searchMode = this.mode(args[5], state, 1);
      if (matchMode instanceof CellError) return matchMode;
      if (searchMode instanceof CellError) return searchMode;
      if (![0, -1, 1, 2].includes(matchMode)) return new CellError(ErrorType.VALUE, 'XLOOKUP: match_mode is 0, -1, 1 or 2');
      if (![1, -1, 2, -2].includes(searchMode)) return new CellError(ErrorType.VALUE, 'XLOOKUP: search_mode is 1, -1, 2 or -2');
      const graph = (this as unknown as { dependencyGraph: unknown }).dependencyGraph;
      // A lookup line that is a reference is read once per range and change (range-index.ts).
      const items = lineOf(graph, L, !vertical) ?? (vertical ? Array.from({ length: L.height() }, (_, k) => lAt(k, 0)) : Array.from({ length: L.width() }, (_, k) => lAt(0, k)));
      const answer = (key: V): InterpreterValue => {
        if (key instanceof CellError) return key;
        // An exact match from the line's hash; 0, "" and FALSE also match blank cells, which it leaves out.
        const hashed = matchMode === 0 && Math.abs(searchMode) === 1 && key !== 0 && key !== '' && key !== false ? exactPosition(graph, L, items, key, searchMode === -1, !vertical) : undefined;
        const at = hashed ?? this.position(key, items, matchMode, searchMode);
        if (at instanceof CellError) return at;
        if (at < 0) {
          const notFound = this.arg(args[3], state);
          if (notFound === undefined) return new CellError(ErrorType.NA, 'XLOOKUP: no match');
          return notFound instanceof SimpleRangeValue ? (notFound.data[0]?.[0] ?? EmptyValue) : notFound;
        }
        const line = vertical ? Array.from({ length: R.width() }, (_, c) => rAt(at, c)) : Array.from({ length: R.height() }, (_, r) => rAt(r, at));
        // A matched blank cell shows 0, as in Excel.
        const cells = line.map((v) => (v === EmptyValue ? 0 : v));
        if (cells.length === 1) return cells[0]!;
        return SimpleRangeValue.onlyValues(vertical ? [cells] : cells.map((v) => [v]));
      };
      if (!(keys instanceof SimpleRangeValue)) return answer(keys as V);
      if (keys.width() * keys.height() === 1) return answer(keys.data[0]?.[0] ?? EmptyValue);
      // Several lookup values: one answer each, spilled in their shape, as Excel 365 does.
      return SimpleRangeValue.onlyValues(keys.data.map((row) => row.map((k) => {
        const one = answer(k);
        return one instanceof SimpleRangeValue ? new CellError(ErrorType.VALUE, 'XLOOKUP: several lookup values with a return array wider than one item') : (one as V);
      })));
    }

    /** Where the key is in the lookup line by match_mode and search_mode: its index, -1 when none. */
    private position(key: V, items: V[], matchMode: number, searchMode: number): number | CellError {
      let at: number;
      if (Math.abs(searchMode) === 1) {
        const h = (this as unknown as { arithmeticHelper: { eqMatcherFunction(p: string): (v: V) => boolean } }).arithmeticHelper;
        const wildcard = matchMode === 2 && typeof key === 'string' ? h.eqMatcherFunction(key) : undefined;
        at = linear(key, items, searchMode === -1, matchMode === 2 ? 0 : matchMode, wildcard);
      } else {
        if (matchMode === 2) return new CellError(ErrorType.VALUE, 'XLOOKUP: a wildcard match cannot use a binary search');
        const orGreater = matchMode === 1;
        at = searchMode === 2 ? binaryAscending(key, items, orGreater) : binaryDescending(key, items, orGreater);
        if (at >= 0 && matchMode === 0 && compareValues(items[at]!, key) !== 0) at = -1;
      }
      return at;
    }

    /** The engine's size (the return line), or the lookup values' shape when there are several. */
    xlookupArraySize(ast: ProcedureAst, state: InterpreterState) {
      const keys = ast.args[0] ? this.arraySizeForAst(ast.args[0], { formulaAddress: state.formulaAddress, arraysFlag: true } as InterpreterState) : undefined;
      if (keys && !keys.isScalar()) return size(keys.width, keys.height);
      return base.xlookupArraySize.call(this, ast, state);
    }
  } as unknown as PluginClass;
}
