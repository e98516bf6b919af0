// References computed while a formula runs: OFFSET with computed arguments (hf-dynamic-offset.ts
// hands those to us; OFFSETs of literals stay the engine's fixed references) and INDIRECT, and the
// functions that ask a reference where it is rather than what it holds: ROW, COLUMN, ROWS,
// COLUMNS. The engine's own versions of these four read only references written in the formula;
// ours also answer for OFFSET(...) and INDIRECT(...), and hand everything else to the engine's.
// OFFSET is volatile here, as in Excel: its cells are known only when it runs.
import { ArraySize, CellError, EmptyValue, ErrorType, FunctionArgumentType, FunctionPlugin, HyperFormula, SimpleRangeValue } from 'hyperformula';
import { MAX_COLS, MAX_ROWS, indexToCol, quoteSheet } from '../../a1.ts';
import { broadcast, broadcastSize, isSeveral } from './broadcast.ts';
import { parseReference } from './indirect-parse.ts';
import { RANGE_JOIN_FN } from '../../formula/engine-names.ts';
import { computeLateCells, type LateReadContext } from '../hf-late-reads.ts';
import { literalNumber, rawNumber, size, type Ast, type InternalScalarValue, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

/** A rectangle of one sheet (engine sheet id), found while the formula runs. */
export interface Target {
  sheet: number;
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

/** The largest range a computed reference reads (cells); a larger one is #REF!. */
const MAX_CELLS = 1_000_000;

interface Graph {
  sheetMapping: { getSheetId(name: string): number | undefined; getSheetName(id: number): string | undefined };
  addressMapping: { getSheetHeight(sheet: number): number; getSheetWidth(sheet: number): number };
  getCellValue(address: { sheet: number; row: number; col: number }): InterpreterValue;
}

interface Address {
  sheet: number;
  row: number;
  col: number;
}
interface AstNode { type: string; procedureName?: string; reference?: { toSimpleCellAddress(base: Address): Address }; start?: { toSimpleCellAddress(base: Address): Address }; end?: { toSimpleCellAddress(base: Address): Address }; expression?: Ast }

const refError = (why: string) => new CellError(ErrorType.REF, why);

/** What plugins that compute references share. */
export abstract class ReferencePlugin extends FunctionPlugin {
  protected graph(): Graph {
    return this.dependencyGraph as unknown as Graph;
  }

  /** A number argument, as Excel coerces it (text that reads as a number, TRUE = 1, blank = 0). */
  protected numberArg(ast: Ast | undefined, state: InterpreterState): number | CellError | undefined {
    if (!ast || (ast as unknown as AstNode).type === 'EMPTY') return undefined;
    let v = this.evaluateAst(ast, state);
    if (v instanceof SimpleRangeValue) v = v.data[0]?.[0] ?? EmptyValue;
    if (v instanceof CellError) return v;
    if (v === EmptyValue) return 0;
    if (typeof v === 'boolean') return Number(v);
    if (typeof v === 'string') return v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : new CellError(ErrorType.VALUE, `'${v}' is not a number`);
    return rawNumber(v) ?? new CellError(ErrorType.VALUE, 'a number is needed');
  }

  /** Where a reference argument points, or the error it is. */
  protected targetOf(ast: Ast, state: InterpreterState): Target | CellError {
    const node = ast as unknown as AstNode;
    const base = state.formulaAddress as Address;
    if (node.type === 'PARENTHESES' && node.expression) return this.targetOf(node.expression, state);
    if (node.type === 'CELL_REFERENCE' && node.reference) {
      const a = node.reference.toSimpleCellAddress(base);
      return { sheet: a.sheet, r0: a.row, c0: a.col, r1: a.row, c1: a.col };
    }
    if (node.type === 'CELL_RANGE' && node.start && node.end) {
      const a = node.start.toSimpleCellAddress(base), b = node.end.toSimpleCellAddress(base);
      return { sheet: a.sheet, r0: Math.min(a.row, b.row), c0: Math.min(a.col, b.col), r1: Math.max(a.row, b.row), c1: Math.max(a.col, b.col) };
    }
    if (node.type === 'FUNCTION_CALL') {
      const call = ast as ProcedureAst;
      if (call.procedureName === 'OFFSET') return this.offsetTarget(call, state);
      if (call.procedureName === 'INDIRECT') return this.indirectTarget(call, state);
      // CHOOSE and IF give back one of their reference arguments as the reference it is.
      if (call.procedureName === 'CHOOSE' && call.args.length >= 2) {
        const n = this.numberArg(call.args[0], state);
        if (n instanceof CellError) return n;
        const pick = call.args[Math.trunc(n ?? 0)];
        return n === undefined || n < 1 || !pick || Math.trunc(n) === 0 ? new CellError(ErrorType.VALUE, 'CHOOSE: the index is not one of the choices') : this.targetOf(pick, state);
      }
      if (call.procedureName === 'IF' && call.args.length >= 2) {
        let test = this.evaluateAst(call.args[0]!, state);
        if (test instanceof SimpleRangeValue) test = test.data[0]?.[0] ?? EmptyValue;
        if (test instanceof CellError) return test;
        const branch = call.args[test === EmptyValue || test === false || rawNumber(test) === 0 || (typeof test === 'string' && test.toUpperCase() === 'FALSE') ? 2 : 1];
        if (!branch) return new CellError(ErrorType.VALUE, 'IF gave no reference');
        return this.targetOf(branch, state);
      }
      if (call.procedureName === 'INDEX') {
        const part = this.indexPart(call, state);
        if (part instanceof CellError) return part;
        if (!('sheet' in part.source)) return new CellError(ErrorType.VALUE, 'INDEX of an array is not a reference');
        return { ...part.source, r0: part.source.r0 + part.r0, r1: part.source.r0 + part.r1, c0: part.source.c0 + part.c0, c1: part.source.c0 + part.c1 };
      }
    }
    const v = this.evaluateAst(ast, state);
    if (v instanceof CellError) return v;
    const range = v instanceof SimpleRangeValue ? (v.range as unknown as { start: Address; end: Address } | undefined) : undefined;
    if (!range) return new CellError(ErrorType.VALUE, 'a reference is needed here');
    return { sheet: range.start.sheet, r0: range.start.row, c0: range.start.col, r1: Math.min(range.end.row, MAX_ROWS - 1), c1: Math.min(range.end.col, MAX_COLS - 1) };
  }

  protected indirectTarget(ast: ProcedureAst, state: InterpreterState): Target | CellError {
    if (ast.args.length < 1 || ast.args.length > 2) return new CellError(ErrorType.NA, 'INDIRECT takes 1 or 2 arguments');
    let text = this.evaluateAst(ast.args[0]!, state);
    if (text instanceof SimpleRangeValue) text = text.data[0]?.[0] ?? EmptyValue;
    if (text instanceof CellError) return text;
    const a1 = this.numberArg(ast.args[1], state);
    if (a1 instanceof CellError) return a1;
    const here = state.formulaAddress;
    const target = parseReference(String(text === EmptyValue ? '' : text), a1 === undefined || a1 !== 0, here.row, here.col);
    if (!target) return refError(`INDIRECT: '${String(text)}' is not a cell reference`);
    const sheet = target.sheet === undefined ? here.sheet : this.graph().sheetMapping.getSheetId(target.sheet);
    if (sheet === undefined) return refError(`INDIRECT: no sheet named '${target.sheet}'`);
    return { sheet, r0: target.r0, c0: target.c0, r1: target.r1, c1: target.c1 };
  }

  protected offsetTarget(ast: ProcedureAst, state: InterpreterState): Target | CellError {
    const args = ast.args;
    if (args.length < 3 || args.length > 5) return new CellError(ErrorType.NA, 'OFFSET takes 3 to 5 arguments');
    const base = this.targetOf(args[0]!, state);
    if (base instanceof CellError) return base;
    const nums: number[] = [];
    for (let i = 1; i < 5; i++) {
      const n = this.numberArg(args[i], state);
      if (n instanceof CellError) return n;
      // Truncated toward zero, except that a height or width between 0 and 1 is 1 (Excel's files say so).
      nums.push(n === undefined ? NaN : i >= 3 && n !== 0 && Math.abs(n) < 1 ? Math.sign(n) : Math.trunc(n));
    }
    const [rows, cols] = [nums[0] || 0, nums[1] || 0];
    const height = Number.isNaN(nums[2]!) ? base.r1 - base.r0 + 1 : nums[2]!;
    const width = Number.isNaN(nums[3]!) ? base.c1 - base.c0 + 1 : nums[3]!;
    if (height === 0 || width === 0) return refError('OFFSET: height and width cannot be 0');
    const top = base.r0 + rows, left = base.c0 + cols;
    // A negative height or width reaches up or left from the moved corner, as in Excel.
    const t: Target = { sheet: base.sheet, r0: height > 0 ? top : top + height + 1, r1: height > 0 ? top + height - 1 : top, c0: width > 0 ? left : left + width + 1, c1: width > 0 ? left + width - 1 : left };
    if (t.r0 < 0 || t.c0 < 0 || t.r1 >= MAX_ROWS || t.c1 >= MAX_COLS) return refError('OFFSET: the reference leaves the sheet');
    return t;
  }

  /**
   * INDEX(array, row_num, [column_num], [area_num]) as Excel reads it: one index into a single row
   * or column picks from it; 0 (or an index left out) takes the whole row or column; past the
   * end is #REF!. The part is relative to the source: a reference (a target) or an array's grid.
   */
  protected indexPart(ast: ProcedureAst, state: InterpreterState): { source: Target | { grid: InternalScalarValue[][] }; r0: number; r1: number; c0: number; c1: number } | CellError {
    const args = ast.args;
    if (args.length < 2 || args.length > 4) return new CellError(ErrorType.NA, 'INDEX takes 2 to 4 arguments');
    let source: Target | { grid: InternalScalarValue[][] };
    const first = args[0]! as unknown as AstNode;
    if (['CELL_REFERENCE', 'CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE', 'PARENTHESES'].includes(first.type) || (first.type === 'FUNCTION_CALL' && ['OFFSET', 'INDIRECT', 'INDEX'].includes(first.procedureName ?? ''))) {
      const t = this.targetOf(args[0]!, state);
      if (t instanceof CellError) return t;
      source = t;
    } else {
      const v = this.evaluateAst(args[0]!, state);
      if (v instanceof CellError) return v;
      const range = v instanceof SimpleRangeValue ? (v.range as unknown as { start: Address; end: Address } | undefined) : undefined;
      source = range
        ? { sheet: range.start.sheet, r0: range.start.row, c0: range.start.col, r1: Math.min(range.end.row, MAX_ROWS - 1), c1: Math.min(range.end.col, MAX_COLS - 1) }
        : { grid: v instanceof SimpleRangeValue ? v.data : [[v as InternalScalarValue]] };
    }
    const area = this.numberArg(args[3], state);
    if (area instanceof CellError) return area;
    if (area !== undefined && Math.trunc(area) !== 1) return refError('INDEX: area_num must be 1 (a single area)');
    const height = 'grid' in source ? source.grid.length : source.r1 - source.r0 + 1;
    const width = 'grid' in source ? (source.grid[0]?.length ?? 0) : source.c1 - source.c0 + 1;
    let row = this.numberArg(args[1], state), col = this.numberArg(args[2], state);
    if (row instanceof CellError) return row;
    if (col instanceof CellError) return col;
    // One index into a single row counts along the row.
    if (height === 1 && col === undefined && row !== undefined) [row, col] = [1, row];
    const r = Math.trunc(row ?? 0), c = Math.trunc(col ?? 0);
    if (r < 0 || c < 0) return new CellError(ErrorType.VALUE, 'INDEX: row_num and column_num must not be negative');
    if (r > height || c > width) return refError('INDEX: the index is past the array');
    return { source, r0: r ? r - 1 : 0, r1: r ? r - 1 : height - 1, c0: c ? c - 1 : 0, c1: c ? c - 1 : width - 1 };
  }

  /** The values of a target: one value, or a range the way a written reference gives it. */
  protected valuesOf(t: Target, state: InterpreterState): InterpreterValue {
    const here = state.formulaAddress;
    // Whole columns and rows end where the sheet's content ends.
    const g = this.graph();
    const r1 = Math.min(t.r1, Math.max(t.r0, g.addressMapping.getSheetHeight(t.sheet) - 1));
    const c1 = Math.min(t.c1, Math.max(t.c0, g.addressMapping.getSheetWidth(t.sheet) - 1));
    if ((r1 - t.r0 + 1) * (c1 - t.c0 + 1) > MAX_CELLS) return refError(`the reference covers more than ${MAX_CELLS.toLocaleString('en-US')} cells`);
    if (t.sheet === here.sheet && here.row >= t.r0 && here.row <= r1 && here.col >= t.c0 && here.col <= c1) return new CellError(ErrorType.CYCLE);
    // Its cells are no dependencies the engine knows of: those not computed yet are computed now.
    const stateClass = (state as unknown as { constructor: LateReadContext['State'] }).constructor;
    computeLateCells({ interpreter: this.interpreter as unknown as LateReadContext['interpreter'], graph: this.dependencyGraph as unknown as LateReadContext['graph'], State: stateClass, arraysFlag: state.arraysFlag }, t.sheet, t.r0, t.c0, r1, c1);
    // Evaluated as if the range were written in the formula, so the value keeps its reference
    // (SINGLE, ROW and friends can still ask where it is).
    const at = (row: number, col: number) => ({ sheet: t.sheet, toSimpleCellAddress: () => ({ sheet: t.sheet, row, col }) });
    return this.evaluateAst({ type: 'CELL_RANGE', start: at(t.r0, t.c0), end: at(r1, c1), sheetReferenceType: 0 } as unknown as Ast, state);
  }
}

type Original = (this: FunctionPlugin, ast: ProcedureAst, state: InterpreterState) => InterpreterValue;
const original = (fn: string, method: string): Original => {
  const plugin = HyperFormula.getFunctionPlugin(fn) as unknown as { prototype: Record<string, Original> } | undefined;
  const m = plugin?.prototype[method];
  if (!m) throw new Error(`HyperFormula has no ${fn}`);
  return m;
};

const ROW = original('ROW', 'row'), COLUMN = original('COLUMN', 'column'), ROWS = original('ROWS', 'rows'), COLUMNS = original('COLUMNS', 'columns');
const WRITTEN_RANGES = ['CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE'];
const computed = (ast: Ast | undefined) => ast !== undefined && ['OFFSET', 'INDIRECT', 'INDEX'].includes((ast as unknown as AstNode).procedureName ?? '');

/**
 * OFFSET for formulas whose arguments are computed. HyperFormula reserves the name (it reads OFFSET
 * while parsing), so this plugin is installed in the slot it keeps for it (hf-dynamic-offset.ts),
 * not registered like the others.
 */
export class OffsetPlugin extends ReferencePlugin {
  static override implementedFunctions = {
    OFFSET: { method: 'offset', isVolatile: true, vectorizationForbidden: true },
  };

  offset(ast: ProcedureAst, state: InterpreterState) {
    const t = this.offsetTarget(ast, state);
    return t instanceof CellError ? t : this.valuesOf(t, state);
  }
}

export class ReferencesPlugin extends ReferencePlugin {
  static override implementedFunctions = {
    [RANGE_JOIN_FN]: { method: 'rangeJoin', isVolatile: true, vectorizationForbidden: true },
    CELL: { method: 'cell', isVolatile: true, vectorizationForbidden: true },
    INDEX: { method: 'index', sizeOfResultArrayMethod: 'indexSize', vectorizationForbidden: true },
    ROW: { method: 'row', doesNotNeedArgumentsToBeComputed: true, sizeOfResultArrayMethod: 'rowSize', isDependentOnSheetStructureChange: true, vectorizationForbidden: true, parameters: [{ argumentType: FunctionArgumentType.NOERROR, optionalArg: true }] },
    COLUMN: { method: 'column', doesNotNeedArgumentsToBeComputed: true, sizeOfResultArrayMethod: 'columnSize', isDependentOnSheetStructureChange: true, vectorizationForbidden: true, parameters: [{ argumentType: FunctionArgumentType.NOERROR, optionalArg: true }] },
    ROWS: { method: 'rows', doesNotNeedArgumentsToBeComputed: true, isDependentOnSheetStructureChange: true, vectorizationForbidden: true, parameters: [{ argumentType: FunctionArgumentType.RANGE }] },
    COLUMNS: { method: 'columns', doesNotNeedArgumentsToBeComputed: true, isDependentOnSheetStructureChange: true, vectorizationForbidden: true, parameters: [{ argumentType: FunctionArgumentType.RANGE }] },
  };

  /**
   * left:right where an end is computed (A9:CHOOSE(2,A10,A11), INDIRECT("A1"):INDIRECT("A5")):
   * the range from one reference to the other, on one sheet (core/formula/engine-text.ts writes it for the
   * engine). Volatile, as OFFSET: which cells it covers is known only when it runs.
   */
  rangeJoin(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length !== 2) return new CellError(ErrorType.NA, `${RANGE_JOIN_FN} takes two references`);
    const a = this.targetOf(ast.args[0]!, state);
    if (a instanceof CellError) return a;
    const b = this.targetOf(ast.args[1]!, state);
    if (b instanceof CellError) return b;
    if (a.sheet !== b.sheet) return refError('the two ends of a range must be on one sheet');
    return this.valuesOf({ sheet: a.sheet, r0: Math.min(a.r0, b.r0), c0: Math.min(a.c0, b.c0), r1: Math.max(a.r1, b.r1), c1: Math.max(a.c1, b.c1) }, state);
  }

  /**
   * CELL(info_type, [reference]) for what a reference tells: "address" (Sheet2!$A$1 for another
   * sheet), "row", "col", "contents" and "type" (b blank, l text, v anything else). Formats,
   * widths and the file name are not known to the engine: #VALUE! naming them. Without a
   * reference, the formula's own cell.
   */
  cell(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length < 1 || ast.args.length > 2) return new CellError(ErrorType.NA, 'CELL takes info_type and optionally a reference');
    const info = this.evaluateAst(ast.args[0]!, state);
    if (info instanceof CellError) return info;
    const kind = String(info instanceof SimpleRangeValue ? info.data[0]?.[0] : info).toLowerCase();
    const here = state.formulaAddress;
    const t = ast.args[1] ? this.targetOf(ast.args[1], state) : { sheet: here.sheet, r0: here.row, c0: here.col, r1: here.row, c1: here.col };
    if (t instanceof CellError) return t;
    const value = () => {
      if (t.sheet === here.sheet && t.r0 === here.row && t.c0 === here.col) return new CellError(ErrorType.CYCLE);
      const v = this.graph().getCellValue({ sheet: t.sheet, row: t.r0, col: t.c0 });
      return v instanceof SimpleRangeValue ? (v.data[0]?.[0] ?? EmptyValue) : v;
    };
    switch (kind) {
      case 'address': {
        // Excel names the sheet (and the file, "[Book1.xlsx]Sheet2!$A$1") of a reference on
        // another sheet; the engine does not know the file's name, so the sheet alone.
        const a1 = `$${indexToCol(t.c0)}$${t.r0 + 1}`;
        const sheet = t.sheet === here.sheet ? undefined : this.graph().sheetMapping.getSheetName(t.sheet);
        return sheet === undefined ? a1 : `${quoteSheet(sheet)}!${a1}`;
      }
      case 'row':
        return t.r0 + 1;
      case 'col':
        return t.c0 + 1;
      case 'contents': {
        const v = value();
        return v === EmptyValue ? 0 : v;
      }
      case 'type': {
        const v = value();
        return v === EmptyValue ? 'b' : typeof v === 'string' ? 'l' : 'v';
      }
      default:
        return new CellError(ErrorType.VALUE, `CELL: info_type '${kind}' is not supported (address, row, col, contents and type are)`);
    }
  }

  index(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    // Several row or column indexes (INDEX(A1:A5, {1;3})): one value each, as Excel 365.
    const several = [1, 2].map((i) => (ast.args[i] && (ast.args[i] as unknown as AstNode).type !== 'EMPTY' ? this.evaluateAst(ast.args[i]!, state) : undefined));
    if (several.some(isSeveral)) {
      const literal = (v: InternalScalarValue | undefined): Ast | undefined => {
        if (v === undefined) return undefined;
        const n = v === EmptyValue ? 0 : typeof v === 'boolean' ? Number(v) : rawNumber(v);
        return (n !== undefined ? { type: 'NUMBER', value: n } : typeof v === 'string' ? { type: 'STRING', value: v } : { type: 'ERROR', error: v }) as unknown as Ast;
      };
      return broadcast(several, ([r, c]) => {
        if (r instanceof CellError) return r;
        if (c instanceof CellError) return c;
        const args = [ast.args[0]!, literal(r) ?? ast.args[1]!, ...(ast.args.length > 2 ? [literal(c) ?? ast.args[2]!] : []), ...ast.args.slice(3)];
        const one = this.index({ ...ast, args }, state);
        return one instanceof SimpleRangeValue ? (one.width() * one.height() === 1 ? one.data[0]![0]! : new CellError(ErrorType.VALUE, 'INDEX: several indexes with a whole row or column')) : (one as InternalScalarValue);
      });
    }
    const part = this.indexPart(ast, state);
    if (part instanceof CellError) return part;
    const { source } = part;
    if ('sheet' in source) return this.valuesOf({ sheet: source.sheet, r0: source.r0 + part.r0, r1: source.r0 + part.r1, c0: source.c0 + part.c0, c1: source.c0 + part.c1 }, state);
    const grid = source.grid.slice(part.r0, part.r1 + 1).map((line) => line.slice(part.c0, part.c1 + 1));
    return grid.length === 1 && grid[0]!.length === 1 ? grid[0]![0]! : SimpleRangeValue.onlyValues(grid);
  }

  /** The spill a whole row or column of INDEX needs, known when its indexes are written as numbers. */
  indexSize(ast: ProcedureAst, state: InterpreterState) {
    const [src] = ast.args.slice(0, 1).map((a) => this.arraySizeForAst(a, { formulaAddress: state.formulaAddress, arraysFlag: true } as InterpreterState));
    if (!src || ast.args.length < 2) return ArraySize.scalar();
    const isEmptyArg = (a: Ast | undefined) => !a || (a as unknown as AstNode).type === 'EMPTY';
    const indexes = [ast.args[1], ast.args[2]].filter((a) => !isEmptyArg(a)).map((a) => this.arraySizeForAst(a!, { formulaAddress: state.formulaAddress, arraysFlag: true } as InterpreterState));
    if (indexes.some((s) => !s.isScalar())) return broadcastSize(indexes);
    const whole = (a: Ast | undefined) => isEmptyArg(a) || literalNumber(a) === 0;
    // One index into a single row picks one value.
    if (src.height === 1 && !ast.args[2] && !isEmptyArg(ast.args[1])) return ArraySize.scalar();
    return size(whole(ast.args[2]) ? src.width : 1, whole(ast.args[1]) ? src.height : 1);
  }

  /**
   * ROWS and COLUMNS of a computed reference, and of a written range: the engine's own count
   * subtracts the ends' row numbers as written, so a range with one end fixed and one relative
   * ($B$5:B5, the fill-down counter) came out negative.
   */
  private where(ast: ProcedureAst, state: InterpreterState, own: Original, answer: (t: Target) => number): InterpreterValue {
    let arg = ast.args[0] as unknown as AstNode | undefined;
    while (arg?.type === 'PARENTHESES' && arg.expression) arg = arg.expression as unknown as AstNode;
    if (ast.args.length !== 1 || !(computed(ast.args[0]) || arg?.type === 'CELL_RANGE')) return own.call(this, ast, state);
    const t = this.targetOf(ast.args[0]!, state);
    return t instanceof CellError ? t : answer(t);
  }

  /**
   * ROW and COLUMN of a written reference several rows (columns) long: each one's number, as
   * Excel 365 gives them ({3;4;5} for A3:A5); a whole column counts the rows the sheet uses. A
   * computed reference (OFFSET, INDIRECT) gives its first row (column): its size is not known when
   * the formula is entered, so it could not spill.
   */
  private numbers(ast: ProcedureAst, state: InterpreterState, own: Original, rows: boolean): InterpreterValue {
    if (ast.args.length !== 1) return own.call(this, ast, state);
    const t = this.targetOf(ast.args[0]!, state);
    if (t instanceof CellError) return t;
    if (!WRITTEN_RANGES.includes((ast.args[0] as unknown as AstNode).type)) return (rows ? t.r0 : t.c0) + 1;
    const g = this.graph();
    const [from, to] = rows ? [t.r0, t.r1 >= MAX_ROWS - 1 ? Math.max(t.r0, g.addressMapping.getSheetHeight(t.sheet) - 1) : t.r1] : [t.c0, t.c1 >= MAX_COLS - 1 ? Math.max(t.c0, g.addressMapping.getSheetWidth(t.sheet) - 1) : t.c1];
    if (to === from) return from + 1;
    const line = Array.from({ length: to - from + 1 }, (_, k) => from + k + 1);
    return SimpleRangeValue.onlyValues(rows ? line.map((n) => [n]) : [line]);
  }

  /** The spill of ROW or COLUMN: the length of a written range (a whole column or a computed reference: one cell). */
  private numbersSize(ast: ProcedureAst, state: InterpreterState, rows: boolean): ArraySize {
    const arg = ast.args[0] as unknown as AstNode | undefined;
    if (ast.args.length !== 1 || !arg || arg.type === (rows ? 'COLUMN_RANGE' : 'ROW_RANGE')) return ArraySize.scalar();
    const s = this.arraySizeForAst(ast.args[0]!, { formulaAddress: state.formulaAddress, arraysFlag: true } as InterpreterState);
    return rows ? size(1, s.height) : size(s.width, 1);
  }

  row(ast: ProcedureAst, state: InterpreterState) {
    return this.numbers(ast, state, ROW, true);
  }

  rowSize(ast: ProcedureAst, state: InterpreterState) {
    return this.numbersSize(ast, state, true);
  }

  column(ast: ProcedureAst, state: InterpreterState) {
    return this.numbers(ast, state, COLUMN, false);
  }

  columnSize(ast: ProcedureAst, state: InterpreterState) {
    return this.numbersSize(ast, state, false);
  }

  rows(ast: ProcedureAst, state: InterpreterState) {
    return this.where(ast, state, ROWS, (t) => t.r1 - t.r0 + 1);
  }

  columns(ast: ProcedureAst, state: InterpreterState) {
    return this.where(ast, state, COLUMNS, (t) => t.c1 - t.c0 + 1);
  }
}

export type { InternalScalarValue };
