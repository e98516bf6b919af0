// The database functions (DAVERAGE, DCOUNT, DCOUNTA, DGET, DMAX, DMIN, DPRODUCT, DSTDEV, DSTDEVP,
// DSUM, DVAR, DVARP) as Excel computes them, replacing the engine's:
// - the database is a header row and at least one record (else #VALUE!); field is a header
//   (matched as text without case: "1" finds a header 1, "true" a header TRUE) or a column number
//   (truncated; TRUE is 1), else #VALUE!;
// - the criteria range is a row of labels and rows of conditions: a record passes when it meets
//   every condition of one row (rows are OR'd); an empty condition is no condition, so an empty row
//   passes every record; a condition under a label no column has passes none;
// - conditions read as COUNTIF's, except that text without an operator matches text that begins
//   with it ("East" finds "Eastern"; "=East" is exact), and dates in conditions count as dates;
// - DGET is #VALUE! without a match and #NUM! with several; DMAX, DMIN and DPRODUCT of nothing are 0.
import { CellError, EmptyValue, ErrorType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { criterion, wildcardMatcher } from './criteria.ts';
import { rawNumber, type InternalScalarValue, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

type Grid = InternalScalarValue[][];
const valueError = (why: string) => new CellError(ErrorType.VALUE, why);

/** A header or label as Excel compares them: its text, without case. */
function label(v: InternalScalarValue): string | undefined {
  if (v === EmptyValue || v === null || v === undefined || v instanceof CellError) return undefined;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  const n = rawNumber(v);
  return (n !== undefined ? String(n) : String(v)).toUpperCase();
}

type Reduce = (values: InternalScalarValue[], records: number) => InterpreterValue;

const numbers = (values: InternalScalarValue[]): number[] | CellError => {
  const out: number[] = [];
  for (const v of values) {
    if (v instanceof CellError) return v;
    const n = typeof v === 'boolean' ? undefined : rawNumber(v);
    if (n !== undefined) out.push(n);
  }
  return out;
};

const withNumbers = (f: (xs: number[]) => InterpreterValue): Reduce => (values) => {
  const xs = numbers(values);
  return xs instanceof CellError ? xs : f(xs);
};

const variance = (xs: number[], sample: boolean): number | CellError => {
  const n = xs.length;
  if (n < (sample ? 2 : 1)) return new CellError(ErrorType.DIV_BY_ZERO, 'not enough numbers');
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  return xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (sample ? n - 1 : n);
};

const sqrtOf = (v: number | CellError) => (v instanceof CellError ? v : Math.sqrt(v));

const REDUCERS: Record<string, Reduce> = {
  DCOUNT: (values) => values.filter((v) => typeof v !== 'boolean' && rawNumber(v) !== undefined).length,
  DCOUNTA: (values) => values.filter((v) => v !== EmptyValue && v !== null && v !== undefined).length,
  DSUM: withNumbers((xs) => xs.reduce((a, b) => a + b, 0)),
  DAVERAGE: withNumbers((xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : new CellError(ErrorType.DIV_BY_ZERO, 'DAVERAGE: no numbers'))),
  DMAX: withNumbers((xs) => (xs.length ? Math.max(...xs) : 0)),
  DMIN: withNumbers((xs) => (xs.length ? Math.min(...xs) : 0)),
  DPRODUCT: withNumbers((xs) => (xs.length ? xs.reduce((a, b) => a * b, 1) : 0)),
  DVAR: withNumbers((xs) => variance(xs, true)),
  DVARP: withNumbers((xs) => variance(xs, false)),
  DSTDEV: withNumbers((xs) => sqrtOf(variance(xs, true))),
  DSTDEVP: withNumbers((xs) => sqrtOf(variance(xs, false))),
  DGET: (values, records) => {
    if (records === 0) return valueError('DGET: no record matches');
    if (records > 1) return new CellError(ErrorType.NUM, 'DGET: more than one record matches');
    const v = values[0];
    return v === undefined || v === EmptyValue ? 0 : v;
  },
};

export class DatabasePlugin extends FunctionPlugin {
  static override implementedFunctions = Object.fromEntries(Object.keys(REDUCERS).map((name) => [name, { method: 'database', vectorizationForbidden: true }]));

  private grid(v: InterpreterValue): Grid | CellError {
    if (v instanceof CellError) return v;
    return v instanceof SimpleRangeValue ? v.data : [[v as InternalScalarValue]];
  }

  database(ast: ProcedureAst, state: InterpreterState) {
    const name = ast.procedureName;
    if (ast.args.length !== 3) return new CellError(ErrorType.NA, `${name} takes database, field and criteria`);
    const db = this.grid(this.evaluateAst(ast.args[0]!, state));
    if (db instanceof CellError) return db;
    if (db.length < 2) return valueError(`${name}: the database needs a header row and at least one record`);
    const headers = db[0]!.map(label);
    // The field: a header, or a column number.
    let column: number | undefined;
    const fieldAst = ast.args[1]!;
    if (fieldAst.type !== 'EMPTY') {
      const f = this.evaluateAst(fieldAst, state);
      if (f instanceof CellError) return f;
      if (f instanceof SimpleRangeValue) return valueError(`${name}: field is one header or column number, not a range`);
      const n = typeof f === 'boolean' ? Number(f) : typeof f === 'string' ? undefined : rawNumber(f);
      if (n !== undefined) column = Math.trunc(n) - 1;
      else if (typeof f === 'string') column = headers.indexOf(f.toUpperCase());
      if (column === undefined || column < 0 || column >= headers.length) return valueError(`${name}: field names no column of the database`);
    } else if (name !== 'DCOUNT' && name !== 'DCOUNTA') return valueError(`${name}: field is missing`);
    const crit = this.grid(this.evaluateAst(ast.args[2]!, state));
    if (crit instanceof CellError) return crit;
    const h = this.arithmeticHelper as unknown as { coerceToMaybeNumber(v: unknown): unknown };
    const dateOf = (s: string) => rawNumber(h.coerceToMaybeNumber(s) as InternalScalarValue);
    // Each criteria row: a list of [column, test]; undefined column means "no column has this label".
    const rows = crit.slice(1).map((line) =>
      line.flatMap((c, j) => {
        if (c === EmptyValue || c === null || c === undefined) return [];
        const col = headers.indexOf(label(crit[0]![j]!) ?? '\u0000');
        return [{ col, test: criterion(c, wildcardMatcher, { textPrefix: true, dateOf }) }];
      }),
    );
    const values: InternalScalarValue[] = [];
    let records = 0;
    for (const record of db.slice(1)) {
      const pass = !rows.length || rows.some((conds) => conds.every(({ col, test }) => col >= 0 && test(record[col] ?? EmptyValue)));
      if (!pass) continue;
      records++;
      values.push(column === undefined ? 1 : (record[column] ?? EmptyValue));
    }
    return REDUCERS[name]!(values, records);
  }
}
