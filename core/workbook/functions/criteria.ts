// COUNTIF, COUNTIFS, SUMIF, SUMIFS, AVERAGEIF, AVERAGEIFS, MINIFS and MAXIFS with Excel's criteria,
// replacing HyperFormula's, which refuses criteria Excel takes (#VALUE!) and leaves blank cells out
// of "<>x". A criterion is a value (a number matches numbers and text that reads as one; text
// matches text without case, with * ? ~ wildcards; TRUE/FALSE; an error matches that error) or
// text with an operator ("<>x", ">=10", "=", "<>"; "=23" also matches the text "23", "<>23" leaves
// out only the number; "<>" counts a formula's "" as not blank); "" matches blank cells, while a criterion that
// is itself a blank cell means 0 (Excel's reading, checked on its files). A whole column (A:A)
// covers every row of the sheet, so "<>x" counts the blank rows below the data too, as in Excel.
// A date typed as text in a criterion ("2024-02-29", ">=6/1/2024") is read as that date. Several
// criteria at once (COUNTIF(A:A, {"a";"b"}), a range of criteria) give one result each, spilled.
import { ArraySize, CellError, EmptyValue, ErrorType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { MAX_COLS, MAX_ROWS } from '../../a1.ts';
import { broadcast, broadcastSize, isSeveral } from './broadcast.ts';
import { criteriaIndexOf, criteriaResult, gridOf } from './range-index.ts';
import { errorText, rawNumber, type Ast, type InternalScalarValue, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

type Pred = (v: InternalScalarValue) => boolean;

const isBlank = (v: InternalScalarValue) => v === EmptyValue || v === null || v === undefined;
const num = (v: InternalScalarValue) => (typeof v === 'boolean' ? undefined : rawNumber(v));
const numericText = (s: string) => (s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : undefined);

const compare = (a: number, b: number, op: string) => (op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : op === '>=' ? a >= b : op === '<>' ? a !== b : a === b);

/** A text matcher for a criterion's pattern. */
export type TextMatcher = (pattern: string) => (v: InternalScalarValue) => boolean;

/**
 * Excel's wildcards in criteria: `*` any run of characters, `?` exactly one, `~` takes the next
 * character as it is; the whole text must match, in any case. (The engine's own matcher let `?`
 * match no character too: COUNTIF(A:A, "?????") counted 4-letter words.) Only text matches.
 */
export const wildcardMatcher: TextMatcher = (pattern) => {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '~' && i + 1 < pattern.length) source += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '*') source += '[\\s\\S]*';
    else if (c === '?') source += '[\\s\\S]';
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const re = new RegExp(`^${source}$`, 'iu');
  return (v) => typeof v === 'string' && re.test(v);
};

export interface CriterionOptions {
  /** Database criteria (DSUM & co): text without an operator matches text that begins with it. */
  textPrefix?: boolean;
  /** Reads an operand as a date or number ("2024-07-01", "11/1/2024") when it is not a plain number. */
  dateOf?: (text: string) => number | undefined;
}

export function criterion(c: InternalScalarValue, matcher: TextMatcher, opts: CriterionOptions = {}): Pred {
  if (c instanceof CellError) return (v) => v instanceof CellError && v.type === c.type;
  if (isBlank(c)) return criterion(0, matcher, opts);
  if (c === '') return (v) => isBlank(v) || v === '';
  if (typeof c === 'boolean') return (v) => v === c;
  const n = num(c);
  if (n !== undefined) return (v) => num(v) === n || (typeof v === 'string' && numericText(v) === n);
  const text = String(c);
  const m = /^(<=|>=|<>|=|<|>)?([\s\S]*)$/.exec(text)!;
  const op = m[1] ?? '=';
  const operand = m[2]!;
  // "<>" is every cell that is not blank, a formula's "" included; "=" the blank ones.
  if (operand === '') return op === '<>' ? (v) => !isBlank(v) : op === '=' ? isBlank : () => false;
  const operandNumber = numericText(operand) ?? (/^\d+(\.\d+)?%$/.test(operand.trim()) ? Number(operand.trim().slice(0, -1)) / 100 : undefined) ?? (/\d/.test(operand) ? opts.dateOf?.(operand.trim()) : undefined);
  if (operandNumber !== undefined) {
    // "=23" matches the text "23" too, as 23 does; "<>23" leaves out only the numbers (Excel's
    // files say so: it is not the complement of "=23").
    if (op === '=') return (v) => num(v) === operandNumber || (typeof v === 'string' && numericText(v) === operandNumber);
    if (op === '<>') return (v) => num(v) !== operandNumber;
    return (v) => {
      const x = num(v);
      return x !== undefined && compare(x, operandNumber, op);
    };
  }
  const upper = operand.toUpperCase();
  if (upper === 'TRUE' || upper === 'FALSE') {
    const b = upper === 'TRUE';
    return op === '<>' ? (v) => v !== b : op === '=' ? (v) => v === b : () => false;
  }
  if (/^#[A-Z0-9/!?]+$/i.test(operand)) {
    return op === '<>' ? (v) => !(v instanceof CellError && errorText(v) === upper) : (v) => v instanceof CellError && errorText(v) === upper;
  }
  if (op === '=' || op === '<>') {
    const matches = matcher(opts.textPrefix && m[1] === undefined ? `${operand}*` : operand);
    const eq = (v: InternalScalarValue) => typeof v === 'string' && matches(v);
    return op === '=' ? eq : (v) => !eq(v);
  }
  const lower = operand.toLowerCase();
  return (v) => typeof v === 'string' && compare(v.toLowerCase().localeCompare(lower), 0, op);
}

/**
 * The hash key of an equality criterion (42, "North", "=North", a date typed as text), whose
 * matches a criteria index (range-index.ts) lists; none for criteria with an operator, wildcards,
 * blanks, logical values or errors, or text outside ASCII (whose case folding a hash cannot
 * follow): those are tested cell by cell.
 */
export function criterionKey(c: InternalScalarValue, opts: CriterionOptions = {}): string | undefined {
  if (c instanceof CellError || isBlank(c) || c === '' || typeof c === 'boolean') return undefined;
  const n = num(c);
  if (n !== undefined) return `n${n}`;
  const m = /^(<=|>=|<>|=|<|>)?([\s\S]*)$/.exec(String(c))!;
  const operand = m[2]!;
  if ((m[1] ?? '=') !== '=' || operand === '' || opts.textPrefix) return undefined;
  const operandNumber = numericText(operand) ?? (/^\d+(\.\d+)?%$/.test(operand.trim()) ? Number(operand.trim().slice(0, -1)) / 100 : undefined) ?? (/\d/.test(operand) ? opts.dateOf?.(operand.trim()) : undefined);
  if (operandNumber !== undefined) return `n${operandNumber}`;
  const upper = operand.toUpperCase();
  if (upper === 'TRUE' || upper === 'FALSE' || /^#[A-Z0-9/!?]+$/i.test(operand) || /[*?~]/.test(operand) || !/^[\x20-\x7e]*$/.test(operand)) return undefined;
  return `t${operand.toLowerCase()}`;
}

interface Area {
  /** The reference the values come from, when they do (its criteria index is kept: range-index.ts). */
  ref?: SimpleRangeValue;
  data: InternalScalarValue[][];
  /** The size the reference covers (a whole column is every row), which may exceed `data`. */
  rows: number;
  cols: number;
}

/** Where the (range, criterion) pairs start: after the range to add up in SUMIFS & co. */
const PAIRS_FROM: Record<string, number> = { SUMIFS: 1, AVERAGEIFS: 1, MINIFS: 1, MAXIFS: 1 };
const spills = { vectorizationForbidden: true, sizeOfResultArrayMethod: 'criteriaSize' };

export class CriteriaPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    COUNTIF: { method: 'countif', ...spills },
    COUNTIFS: { method: 'countifs', ...spills },
    SUMIF: { method: 'sumif', ...spills },
    SUMIFS: { method: 'sumifs', ...spills },
    AVERAGEIF: { method: 'averageif', ...spills },
    AVERAGEIFS: { method: 'averageifs', ...spills },
    MINIFS: { method: 'minifs', ...spills },
    MAXIFS: { method: 'maxifs', ...spills },
  };

  /** A date typed as text in a criterion ("2024-02-29", ">=6/1/2024"), read as the engine reads typed dates. */
  private readonly dateOf = (text: string) => rawNumber((this.arithmeticHelper as unknown as { coerceToMaybeNumber(v: unknown): unknown }).coerceToMaybeNumber(text) as InternalScalarValue);

  private area(ast: Ast, state: InterpreterState): Area | CellError {
    const v = this.evaluateAst(ast, state);
    if (v instanceof CellError) return v;
    const data = v instanceof SimpleRangeValue ? gridOf(this.dependencyGraph, v) : [[v as InternalScalarValue]];
    const type = (ast as { type: string }).type;
    const rows = type === 'COLUMN_RANGE' ? MAX_ROWS : data.length;
    const cols = type === 'ROW_RANGE' ? MAX_COLS : (data[0]?.length ?? 0);
    return { ref: v instanceof SimpleRangeValue ? v : undefined, data, rows, cols };
  }

  /** The (range, criterion) pairs from `pairsFrom` on, evaluated once: the ranges, and each criterion (a value, or several). */
  private pairs(ast: ProcedureAst, state: InterpreterState, pairsFrom: number, name: string): { areas: Area[]; criteria: InterpreterValue[] } | CellError {
    const args = ast.args;
    if (args.length < pairsFrom + 2 || (args.length - pairsFrom) % 2 !== 0) return new CellError(ErrorType.NA, `${name}: give pairs of range and criterion`);
    const areas: Area[] = [];
    const criteria: InterpreterValue[] = [];
    for (let i = pairsFrom; i < args.length; i += 2) {
      const a = this.area(args[i]!, state);
      if (a instanceof CellError) return a;
      areas.push(a);
      criteria.push(this.evaluateAst(args[i + 1]!, state));
    }
    const shape = areas[0]!;
    if (areas.some((a) => a.rows !== shape.rows || a.cols !== shape.cols)) return new CellError(ErrorType.VALUE, `${name}: every range must have the same size`);
    return { areas, criteria };
  }

  /**
   * The function's result for each criterion value: one value when every criterion is one, else
   * one per value (COUNTIF(A:A, {"a";"b"}) spills two counts), as Excel 365 computes them.
   */
  private perCriterion(criteria: InterpreterValue[], one: (crit: InternalScalarValue[]) => InternalScalarValue): InterpreterValue {
    const first = (v: InterpreterValue) => (v instanceof SimpleRangeValue ? (v.data[0]?.[0] ?? EmptyValue) : (v as InternalScalarValue));
    if (!criteria.some(isSeveral)) return one(criteria.map(first));
    return broadcast(criteria, (vals) => one(vals.map((v) => v ?? EmptyValue)));
  }

  /** The spill of a formula given several criteria, known from the criteria's sizes. */
  criteriaSize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    const from = PAIRS_FROM[ast.procedureName] ?? 0;
    const at = { formulaAddress: state.formulaAddress, arraysFlag: true } as InterpreterState;
    return broadcastSize(ast.args.filter((_, i) => i > from && (i - from) % 2 === 1).map((a) => this.arraySizeForAst(a, at)));
  }

  /** Positions (row, col) inside the areas where every criterion holds, and how many blank rows/cols beyond the data also hold. */
  private matches(areas: Area[], criteria: InternalScalarValue[]): { hits: [number, number][]; blankHits: number; shape: Area } {
    const preds = criteria.map((c) => criterion(c, wildcardMatcher, { dateOf: this.dateOf }));
    const shape = areas[0]!;
    const hits: [number, number][] = [];
    const height = Math.max(...areas.map((a) => a.data.length));
    const width = Math.max(...areas.map((a) => a.data[0]?.length ?? 0));
    const found = this.candidates(areas, criteria, width);
    if (found) {
      // Only the cells an equality criterion's index names (exactly the cells it matches), each
      // tested against the other criteria.
      const { list, by } = found;
      for (const pos of list) {
        const r = Math.floor(pos / width), c = pos % width;
        let ok = true;
        for (let k = 0; ok && k < areas.length; k++) if (k !== by) ok = preds[k]!(areas[k]!.data[r]?.[c] ?? EmptyValue);
        if (ok) hits.push([r, c]);
      }
      return { hits, blankHits: 0, shape };
    }
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        if (areas.every((a, k) => preds[k]!(a.data[r]?.[c] ?? EmptyValue))) hits.push([r, c]);
      }
    }
    const beyond = shape.rows * shape.cols - height * width;
    const blankHits = beyond > 0 && preds.every((p) => p(EmptyValue)) ? beyond : 0;
    return { hits, blankHits, shape };
  }

  /**
   * The cells that can meet the criteria, from the shortest list an equality criterion's index
   * gives (in row order), when one has an index; undefined when every cell must be tested.
   */
  private candidates(areas: Area[], criteria: InternalScalarValue[], width: number): { list: number[]; by: number } | undefined {
    let best: { list: number[]; by: number } | undefined;
    criteria.forEach((c, k) => {
      const a = areas[k]!;
      const key = a.ref && (a.data[0]?.length ?? 0) === width ? criterionKey(c, { dateOf: this.dateOf }) : undefined;
      if (key === undefined) return;
      const index = criteriaIndexOf(this.dependencyGraph, a.ref!, a.data, numericText);
      if (!index) return;
      const list = index.get(key) ?? [];
      if (!best || list.length < best.list.length) best = { list, by: k };
    });
    return best;
  }

  countif(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length !== 2) return new CellError(ErrorType.NA, 'COUNTIF takes a range and a criterion');
    return this.countifs(ast, state);
  }

  countifs(ast: ProcedureAst, state: InterpreterState) {
    const p = this.pairs(ast, state, 0, ast.procedureName);
    if (p instanceof CellError) return p;
    return this.perCriterion(p.criteria, (crit) =>
      criteriaResult(this.dependencyGraph, ast.procedureName, p.areas.map((a) => a.ref), crit, () => {
        const m = this.matches(p.areas, crit);
        return m.hits.length + m.blankHits;
      }),
    );
  }

  /** The numbers of `values` at the matched positions; the first error met there is the result. */
  private numbersAt(values: Area, hits: [number, number][]): number[] | CellError {
    const out: number[] = [];
    for (const [r, c] of hits) {
      const v = values.data[r]?.[c] ?? EmptyValue;
      if (v instanceof CellError) return v;
      const n = num(v);
      if (n !== undefined && typeof v !== 'string') out.push(n);
    }
    return out;
  }

  private aggregate(ast: ProcedureAst, state: InterpreterState, single: boolean, fold: (xs: number[]) => number | CellError) {
    const args = ast.args;
    let p, values;
    if (single) {
      if (args.length < 2 || args.length > 3) return new CellError(ErrorType.NA, `${ast.procedureName} takes a range, a criterion and an optional range to add up`);
      p = this.pairs({ ...ast, args: args.slice(0, 2) }, state, 0, ast.procedureName);
      values = args[2] ? this.area(args[2], state) : this.area(args[0]!, state);
    } else {
      p = this.pairs(ast, state, 1, ast.procedureName);
      values = this.area(args[0]!, state);
      const shape = p instanceof CellError ? undefined : p.areas[0]!;
      if (shape && !(values instanceof CellError) && (values.rows !== shape.rows || values.cols !== shape.cols)) return new CellError(ErrorType.VALUE, `${ast.procedureName}: every range must have the same size`);
    }
    if (p instanceof CellError) return p;
    if (values instanceof CellError) return values;
    const { areas } = p;
    return this.perCriterion(p.criteria, (crit) =>
      criteriaResult(this.dependencyGraph, ast.procedureName, [values.ref, ...areas.map((a) => a.ref)], crit, () => {
        const xs = this.numbersAt(values, this.matches(areas, crit).hits);
        return xs instanceof CellError ? xs : fold(xs);
      }),
    );
  }

  sumif(ast: ProcedureAst, state: InterpreterState) {
    return this.aggregate(ast, state, true, (xs) => xs.reduce((s, x) => s + x, 0));
  }

  sumifs(ast: ProcedureAst, state: InterpreterState) {
    return this.aggregate(ast, state, false, (xs) => xs.reduce((s, x) => s + x, 0));
  }

  averageif(ast: ProcedureAst, state: InterpreterState) {
    return this.aggregate(ast, state, true, average(ast.procedureName));
  }

  averageifs(ast: ProcedureAst, state: InterpreterState) {
    return this.aggregate(ast, state, false, average(ast.procedureName));
  }

  minifs(ast: ProcedureAst, state: InterpreterState) {
    return this.aggregate(ast, state, false, (xs) => (xs.length ? Math.min(...xs) : 0));
  }

  maxifs(ast: ProcedureAst, state: InterpreterState) {
    return this.aggregate(ast, state, false, (xs) => (xs.length ? Math.max(...xs) : 0));
  }
}

const average = (name: string) => (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : new CellError(ErrorType.DIV_BY_ZERO, `${name}: no cell meets the criteria`));
