// LOOKUP(lookup_value, lookup_vector, [result_vector]) and LOOKUP(lookup_value, array), which
// HyperFormula lacks. As in Excel, the lookup is approximate: the last value of the same kind
// (number, text, logical) that is not greater than lookup_value, in data Excel assumes sorted;
// errors are skipped, so the idiom LOOKUP(2, 1/(A1:A9="x"), B1:B9) finds the last "x". The array
// form searches the first row of a wide array (else the first column) and answers from the last
// row (or column).
//
// VLOOKUP, HLOOKUP and MATCH replace the engine's, whose approximate search mishandled text
// (VLOOKUP("Cuenca", sorted names) found the last name, not "Berlin"). Approximate matches are a
// binary search, as Excel's: the last value of the lookup value's kind that is not greater
// (MATCH -1: not smaller, in descending data), text compared without case; exact matches take the
// first equal value, with * ? ~ wildcards for text. A matched empty cell gives 0.
import { CellError, EmptyValue, ErrorType, FunctionArgumentType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { compareValues } from './xlookup.ts';
import { exactPosition, lineOf } from './range-index.ts';
import { cellReader, isEmpty, rawNumber, type InternalScalarValue, type InterpreterState, type ProcedureAst } from './shared.ts';

type Kind = 'number' | 'text' | 'logical';
const kindOf = (v: InternalScalarValue): Kind | undefined =>
  typeof v === 'boolean' ? 'logical' : typeof v === 'string' ? 'text' : rawNumber(v) !== undefined ? 'number' : undefined;

/** <= for values of one kind (text without case). */
function notGreater(v: InternalScalarValue, x: InternalScalarValue, kind: Kind): boolean {
  if (kind === 'number') return rawNumber(v)! <= rawNumber(x)!;
  if (kind === 'text') return (v as string).toLowerCase().localeCompare((x as string).toLowerCase()) <= 0;
  return Number(v) <= Number(x);
}

const vector = (g: InternalScalarValue[][]): InternalScalarValue[] => (g.length === 1 ? g[0]! : g.map((r) => r[0]!));

const rank = (v: InternalScalarValue) => (v === EmptyValue ? 4 : v instanceof CellError ? 3 : typeof v === 'boolean' ? 2 : typeof v === 'string' ? 1 : 0);

/**
 * Excel's approximate search over data it assumes sorted: the last item of the key's kind that is
 * not greater than the key (descending: not smaller). Blank cells and errors sort last.
 */
export function approximate(items: InternalScalarValue[], key: InternalScalarValue, descending = false): number {
  // Errors are passed over, as in LOOKUP: MATCH(2, 1/(B1:B6=B7)) finds the last match, whose 1 sits
  // among #DIV/0! values (Excel cached 5 where a search landing on the errors found nothing).
  const at: number[] = [];
  for (let i = 0; i < items.length; i++) if (!(items[i] instanceof CellError)) at.push(i);
  let lo = 0, hi = at.length - 1, found = -1;
  const kind = rank(key);
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = items[at[mid]!]!;
    const c = rank(v) !== kind ? (rank(v) < kind ? -1 : 1) : compareValues(v, key);
    const keep = descending ? c >= 0 : c <= 0;
    if (keep) {
      if (rank(v) === kind) found = at[mid]!;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The first item equal to the key (text without case, with wildcards when the key has them). */
function exact(items: InternalScalarValue[], key: InternalScalarValue, wildcard?: (v: InternalScalarValue) => boolean): number {
  for (let i = 0; i < items.length; i++) {
    const v = items[i]!;
    if (wildcard ? wildcard(v) : v !== EmptyValue && !(v instanceof CellError) && compareValues(v, key) === 0) return i;
  }
  return -1;
}

const num = { argumentType: FunctionArgumentType.NUMBER };

export class LookupPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    VLOOKUP: { method: 'vlookup', parameters: [{ argumentType: FunctionArgumentType.NOERROR }, { argumentType: FunctionArgumentType.RANGE }, num, { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: true }] },
    HLOOKUP: { method: 'hlookup', parameters: [{ argumentType: FunctionArgumentType.NOERROR }, { argumentType: FunctionArgumentType.RANGE }, num, { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: true }] },
    MATCH: { method: 'match', errorVector: true, parameters: [{ argumentType: FunctionArgumentType.NOERROR }, { argumentType: FunctionArgumentType.RANGE }, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 1 }] },
    LOOKUP: {
      method: 'lookup',
      errorVector: true,
      vectorizationForbidden: true,
      parameters: [{ argumentType: FunctionArgumentType.NOERROR }, { argumentType: FunctionArgumentType.RANGE }, { argumentType: FunctionArgumentType.RANGE, optionalArg: true }],
    },
  };

  /**
   * A one-cell vector that holds an error reaches a function as that error, not as a range:
   * 1/(B4:B4=B5) is #DIV/0! when the cells differ, and the engine would answer it before LOOKUP
   * or MATCH ran. Excel passes over errors in the vector, so it finds nothing there (#N/A); the
   * error becomes a one-cell vector here. A broken reference (#REF!) still answers #REF!.
   */
  protected override evaluateArguments(...params: Parameters<FunctionPlugin['evaluateArguments']>): ReturnType<FunctionPlugin['evaluateArguments']> {
    const out = super.evaluateArguments(...params);
    const metadata = params[2] as { errorVector?: boolean };
    const vector = out[1];
    if (metadata.errorVector && vector && vector[0] instanceof CellError && vector[0].type !== ErrorType.REF) {
      out[1] = [SimpleRangeValue.fromScalar(vector[0]), vector[1], vector[2]];
    }
    return out;
  }

  lookup(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('LOOKUP'), (x: InternalScalarValue, where: SimpleRangeValue, from?: SimpleRangeValue) => {
      const kind = kindOf(x);
      if (kind === undefined || isEmpty(x)) return new CellError(ErrorType.NA, 'LOOKUP: nothing to look up');
      const grid = where.data;
      let keys: InternalScalarValue[], answers: InternalScalarValue[];
      if (from) {
        if (grid.length > 1 && (grid[0]?.length ?? 0) > 1) return new CellError(ErrorType.NA, 'LOOKUP: lookup_vector must be one row or one column');
        keys = vector(grid);
        answers = vector(from.data);
      } else {
        const wide = (grid[0]?.length ?? 0) > grid.length;
        keys = wide ? grid[0]! : grid.map((r) => r[0]!);
        answers = wide ? grid[grid.length - 1]! : grid.map((r) => r[r.length - 1]!);
      }
      let found = -1;
      for (let i = 0; i < keys.length; i++) {
        const v = keys[i]!;
        if (v instanceof CellError || kindOf(v) !== kind) continue;
        if (notGreater(v, x, kind)) found = i;
        else break;
      }
      if (found < 0) return new CellError(ErrorType.NA, 'LOOKUP: no value is small enough');
      const out = answers[found];
      return out === undefined ? new CellError(ErrorType.NA, 'LOOKUP: result_vector is shorter than lookup_vector') : out;
    });
  }

  private matcher(key: InternalScalarValue): ((v: InternalScalarValue) => boolean) | undefined {
    const h = this.arithmeticHelper as unknown as { requiresRegex(p: string): boolean; eqMatcherFunction(p: string): (v: InternalScalarValue) => boolean };
    return typeof key === 'string' && h.requiresRegex(key) ? h.eqMatcherFunction(key) : undefined;
  }

  /** Position of the key in a line by VLOOKUP/HLOOKUP's rules, or -1. */
  private position(items: InternalScalarValue[], key: InternalScalarValue, sorted: boolean): number {
    const k = key === EmptyValue ? 0 : key;
    return sorted ? approximate(items, k) : exact(items, k, this.matcher(k));
  }

  private tableLookup(ast: ProcedureAst, state: InterpreterState, name: 'VLOOKUP' | 'HLOOKUP') {
    return this.runFunction(ast.args, state, this.metadata(name), (key: InternalScalarValue, table: SimpleRangeValue, index: number, sorted: boolean) => {
      const across = name === 'HLOOKUP';
      const size = across ? table.height() : table.width();
      const i = Math.trunc(index);
      if (i < 1) return new CellError(ErrorType.VALUE, `${name}: the index must be at least 1`);
      if (i > size) return new CellError(ErrorType.REF, `${name}: the index is past the table`);
      // A table that is a range is read cell by cell: the key line, then the one answer (not the
      // whole table, which for VLOOKUP(x, A:Z, 2) would be every column).
      const cellAt = cellReader(this, table);
      const line = across ? table.width() : table.height();
      // The key line of a table that is a reference is read once per range and change, and an
      // exact match is found in its hash (range-index.ts).
      const keys = lineOf(this.dependencyGraph, table, across) ?? Array.from({ length: line }, (_, k) => (across ? cellAt(0, k) : cellAt(k, 0)));
      const k = key === EmptyValue ? 0 : key;
      const hashed = sorted || this.matcher(k) ? undefined : exactPosition(this.dependencyGraph, table, keys, k, false, across);
      const at = hashed ?? this.position(keys, key, sorted);
      if (at < 0) return new CellError(ErrorType.NA, `${name}: no match`);
      const v = across ? cellAt(i - 1, at) : cellAt(at, i - 1);
      return v === EmptyValue ? 0 : v;
    });
  }

  vlookup(ast: ProcedureAst, state: InterpreterState) {
    return this.tableLookup(ast, state, 'VLOOKUP');
  }

  hlookup(ast: ProcedureAst, state: InterpreterState) {
    return this.tableLookup(ast, state, 'HLOOKUP');
  }

  match(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('MATCH'), (key: InternalScalarValue, where: SimpleRangeValue, type: number) => {
      if (where.height() > 1 && where.width() > 1) return new CellError(ErrorType.NA, 'MATCH: lookup_array must be one row or one column');
      if (key === EmptyValue) return new CellError(ErrorType.NA, 'MATCH: nothing to look up');
      const across = where.height() === 1;
      const items = lineOf(this.dependencyGraph, where, across) ?? vector(where.data);
      const t = Math.sign(Math.trunc(type));
      const wildcard = this.matcher(key);
      const hashed = t === 0 && !wildcard ? exactPosition(this.dependencyGraph, where, items, key, false, across) : undefined;
      const at = hashed ?? (t === 0 ? exact(items, key, wildcard) : approximate(items, key, t < 0));
      return at < 0 ? new CellError(ErrorType.NA, 'MATCH: no match') : at + 1;
    });
  }
}
