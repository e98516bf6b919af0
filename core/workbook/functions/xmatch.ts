// XMATCH(lookup_value, lookup_array, [match_mode], [search_mode]): the position of a value in a
// row or column, with Excel's match modes (exact, next smaller, next larger, wildcard) and search
// modes (first-to-last, last-to-first, binary ascending, binary descending); match_mode 3 matches a
// regular expression (Excel 365).
import { runRegex } from './regex-run.ts';
import { FunctionArgumentType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { isEmpty, isError, naError, rawNumber, valueError, type InternalScalarValue, type InterpreterState, type ProcedureAst } from './shared.ts';

export type Compare = (a: InternalScalarValue, b: InternalScalarValue) => number;

/** Values compare only with values of their own kind (numbers, text, logicals), as in Excel. */
function kind(v: InternalScalarValue): 'n' | 's' | 'b' | undefined {
  if (rawNumber(v) !== undefined) return 'n';
  if (typeof v === 'string') return 's';
  if (typeof v === 'boolean') return 'b';
  return undefined;
}

/**
 * The 0-based index XMATCH finds, or -1. `matches` decides wildcard equality (mode 2); `cmp`
 * orders two values of one kind. Blank and error cells never match.
 */
export function xmatchIndex(values: InternalScalarValue[], key: InternalScalarValue, matchMode: number, searchMode: number, cmp: Compare, matches?: (v: InternalScalarValue) => boolean): number {
  const k = kind(key);
  const comparable = (v: InternalScalarValue) => !isEmpty(v) && !isError(v) && kind(v) === k;
  if (matches) {
    const order = searchMode === -1 ? [...values.keys()].reverse() : [...values.keys()];
    return order.find((i) => matches(values[i]!)) ?? -1;
  }
  if (searchMode === 2 || searchMode === -2) return binary(values, key, matchMode, searchMode === 2 ? 1 : -1, cmp, comparable);
  const order = searchMode === -1 ? [...values.keys()].reverse() : [...values.keys()];
  // Mode 2 without wildcards in the key is an exact match.
  if (matchMode === 2) matchMode = 0;
  let best = -1;
  for (const i of order) {
    const v = values[i]!;
    if (!comparable(v)) continue;
    const c = cmp(v, key);
    if (c === 0) return i;
    if (matchMode === -1 && c < 0 && (best < 0 || cmp(v, values[best]!) > 0)) best = i;
    if (matchMode === 1 && c > 0 && (best < 0 || cmp(v, values[best]!) < 0)) best = i;
  }
  return best;
}

/** Binary search over data sorted ascending (dir 1) or descending (dir -1), as Excel's modes 2 and -2. */
function binary(values: InternalScalarValue[], key: InternalScalarValue, matchMode: number, dir: 1 | -1, cmp: Compare, comparable: (v: InternalScalarValue) => boolean): number {
  const idx = [...values.keys()].filter((i) => comparable(values[i]!));
  // First position whose value is not before the key in the sort order.
  let lo = 0, hi = idx.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dir * cmp(values[idx[mid]!]!, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  if (lo < idx.length && cmp(values[idx[lo]!]!, key) === 0) return idx[lo]!;
  if (matchMode === 0 || matchMode === 2) return -1;
  // Ascending: the smaller neighbour is before lo; descending: after it.
  const wantSmaller = matchMode === -1;
  const pos = (dir === 1) === wantSmaller ? lo - 1 : lo;
  return pos >= 0 && pos < idx.length ? idx[pos]! : -1;
}

export class XMatchPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    XMATCH: {
      method: 'xmatch',
      parameters: [
        { argumentType: FunctionArgumentType.NOERROR },
        { argumentType: FunctionArgumentType.RANGE },
        { argumentType: FunctionArgumentType.INTEGER, defaultValue: 0, emptyAsDefault: true },
        { argumentType: FunctionArgumentType.INTEGER, defaultValue: 1, emptyAsDefault: true },
      ],
    },
  };

  xmatch(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('XMATCH'), (key: InternalScalarValue, range: SimpleRangeValue, matchMode: number, searchMode: number) => {
      if (![0, -1, 1, 2, 3].includes(matchMode)) return valueError(`XMATCH: match_mode must be 0 (exact), -1 (exact or next smaller), 1 (exact or next larger), 2 (wildcard) or 3 (regular expression), not ${matchMode}`);
      if (matchMode === 3 && Math.abs(searchMode) === 2) return valueError('XMATCH: a regular expression cannot use a binary search');
      if (![1, -1, 2, -2].includes(searchMode)) return valueError(`XMATCH: search_mode must be 1, -1, 2 or -2, not ${searchMode}`);
      if (range.width() > 1 && range.height() > 1) return valueError('XMATCH: lookup_array must be one row or one column');
      const values = range.width() === 1 ? range.data.map((r) => r[0]!) : range.data[0]!;
      const needle = isEmpty(key) ? 0 : key;
      const h = this.arithmeticHelper;
      const cmp: Compare = (a, b) => (h.eq(a as never, b as never) ? 0 : h.lt(a as never, b as never) ? -1 : 1);
      // Mode 2 with a pattern that has no wildcards is an exact match.
      let failed: Error | undefined;
      // Mode 3 tests each text against a regular expression (as REGEXTEST does, time-bounded).
      const regex = matchMode === 3 ? (v: InternalScalarValue) => {
        if (failed || typeof v !== 'string') return false;
        const out = runRegex({ op: 'test', text: v, pattern: String(needle), ignoreCase: false });
        if (out instanceof Error) failed = out;
        return out === true;
      } : undefined;
      const wildcard = regex ?? (matchMode === 2 && typeof needle === 'string' && h.requiresRegex(needle) ? (h.eqMatcherFunction(needle) as (v: InternalScalarValue) => boolean) : undefined);
      const i = xmatchIndex(values, needle, matchMode === 3 ? 0 : matchMode, searchMode, cmp, wildcard);
      if (failed) return valueError(failed.message);
      return i < 0 ? naError('XMATCH: no match found') : i + 1;
    });
  }
}
