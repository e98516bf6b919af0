// RANGE.SPILL: a formula that is only a range (core/formula/engine-text.ts) spills its cells. And functions
// whose result's size is known only from the data: SEQUENCE with computed counts, ANCHORARRAY (Excel's `A1#`, the
// array another formula spills), TEXTSPLIT (text cut into a grid) and TRIMRANGE (a range without
// its empty outer rows and columns). HyperFormula reserves a result's area when it parses a
// formula, so their size methods read the current values (of the anchor's array, of the text, of
// the range), and when a recalculation changes the size the result needs, the cell asks to be
// entered again (sizedAtParse/fitExact in shared.ts; FormulaEngine.settle re-enters it), as
// Excel re-spills.
import { ArraySize, CellError, EmptyValue, ErrorType, FunctionArgumentType, SimpleRangeValue } from 'hyperformula';
import { ARRAY_FILL_FN, RANGE_SPILL_FN } from '../../formula/engine-names.ts';
import { ArrayFunctionPlugin, gridOf, isError, literalNumber, numberText, rawNumber, resultOf, size, valueError, type Ast, type Grid, type InternalScalarValue, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

interface Address {
  sheet: number;
  row: number;
  col: number;
}
interface ArrayVertex {
  leftCorner: Address;
  width: number;
  height: number;
  array: { size: ArraySize };
}

/** The most cells a formula that is only a range spills (a whole column is more: #VALUE!). */
const MAX_SPILL_CELLS = 1_000_000;

/** SEQUENCE's (or RANDARRAY's) counts, truncated, or why they cannot be. */
function sequenceDims(rows: number, cols: number, fn = 'SEQUENCE'): { rows: number; cols: number } | CellError {
  if (!Number.isFinite(rows) || !Number.isFinite(cols)) return valueError(`${fn}: rows and columns must be numbers`);
  const r = Math.trunc(rows), c = Math.trunc(cols);
  if (r < 1 || c < 1) return valueError(`${fn}: rows and columns must be at least 1`);
  if (r * c > MAX_SPILL_CELLS) return valueError(`${fn}: at most ${MAX_SPILL_CELLS.toLocaleString('en-US')} cells`);
  return { rows: r, cols: c };
}

const isArrayVertex = (v: unknown): v is ArrayVertex => typeof v === 'object' && v !== null && 'leftCorner' in v && 'array' in v;

/** Text of one value as TEXTSPLIT reads it. */
function textOf(v: InterpreterValue): string | CellError {
  if (v instanceof SimpleRangeValue) v = v.data[0]?.[0] ?? EmptyValue;
  if (v instanceof CellError) return v;
  if (v === EmptyValue) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  const n = rawNumber(v);
  return n !== undefined ? numberText(n) : String(v);
}

/** Delimiters: one text or an array of texts. */
function delimitersOf(v: InterpreterValue | undefined): string[] | CellError {
  if (v === undefined || v === EmptyValue) return [];
  const all = gridOf(v).flat();
  const out: string[] = [];
  for (const x of all) {
    const t = textOf(x as InterpreterValue);
    if (t instanceof CellError) return t;
    out.push(t);
  }
  return out;
}

function splitBy(text: string, delims: string[], ignoreCase: boolean): string[] {
  const live = delims.filter((d) => d !== '');
  if (!live.length) return [text];
  const hay = ignoreCase ? text.toLowerCase() : text;
  const needles = ignoreCase ? live.map((d) => d.toLowerCase()) : live;
  const out: string[] = [];
  let start = 0, i = 0;
  while (i <= text.length) {
    const hit = needles.find((d) => hay.startsWith(d, i));
    if (hit !== undefined && i < text.length) {
      out.push(text.slice(start, i));
      i += hit.length;
      start = i;
    } else i++;
  }
  out.push(text.slice(start));
  return out;
}

export class SpillPlugin extends ArrayFunctionPlugin {
  static override implementedFunctions = {
    ANCHORARRAY: { method: 'anchorarray', sizeOfResultArrayMethod: 'anchorarraySize', vectorizationForbidden: true },
    TEXTSPLIT: { method: 'textsplit', sizeOfResultArrayMethod: 'textsplitSize', vectorizationForbidden: true },
    TRIMRANGE: { method: 'trimrange', sizeOfResultArrayMethod: 'trimrangeSize', vectorizationForbidden: true },
    [RANGE_SPILL_FN]: { method: 'rangeSpill', sizeOfResultArrayMethod: 'rangeSpillSize', vectorizationForbidden: true },
    [ARRAY_FILL_FN]: { method: 'arrayFill', sizeOfResultArrayMethod: 'arrayFillSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true },
    SEQUENCE: {
      method: 'sequence',
      sizeOfResultArrayMethod: 'sequenceSize',
      vectorizationForbidden: true,
      // An empty count is 1, as in Excel (SEQUENCE(,12) is one row).
      parameters: [0, 1, 2, 3].map(() => ({ argumentType: FunctionArgumentType.NUMBER, defaultValue: 1, emptyAsDefault: true })),
    },
    RANDARRAY: {
      method: 'randarray',
      sizeOfResultArrayMethod: 'randarraySize',
      vectorizationForbidden: true,
      isVolatile: true,
      parameters: [1, 1, 0, 1].map((d) => ({ argumentType: FunctionArgumentType.NUMBER, defaultValue: d, emptyAsDefault: true })).concat({ argumentType: FunctionArgumentType.BOOLEAN, defaultValue: false, emptyAsDefault: true } as never),
    },
  };

  /** RANDARRAY([rows], [columns], [min], [max], [whole_number]): random numbers from min to max (whole numbers: both ends included). */
  randarray(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    return this.runFunction(ast.args, state, this.metadata('RANDARRAY'), (rows: number, cols: number, min: number, max: number, whole: boolean) => {
      const dims = sequenceDims(rows, cols, 'RANDARRAY');
      if (dims instanceof CellError) return dims;
      if (min > max) return valueError('RANDARRAY: min is greater than max');
      if (whole && (!Number.isInteger(min) || !Number.isInteger(max))) return valueError('RANDARRAY: with whole_number TRUE, min and max must be whole numbers');
      const draw = whole ? () => min + Math.floor(Math.random() * (max - min + 1)) : () => min + Math.random() * (max - min);
      const grid = Array.from({ length: dims.rows }, () => Array.from({ length: dims.cols }, draw));
      return this.fitExact(SimpleRangeValue.onlyNumbers(grid), size(dims.cols, dims.rows), ast, state);
    });
  }

  /** SEQUENCE(rows, [columns], [start], [step]) with counts computed from the data (the engine's took literal counts only). */
  sequence(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    return this.runFunction(ast.args, state, this.metadata('SEQUENCE'), (rows: number, cols: number, start: number, step: number) => {
      const dims = sequenceDims(rows, cols);
      if (dims instanceof CellError) return dims;
      const grid = Array.from({ length: dims.rows }, (_, r) => Array.from({ length: dims.cols }, (_, c) => start + (r * dims.cols + c) * step));
      return this.fitExact(SimpleRangeValue.onlyNumbers(grid), size(dims.cols, dims.rows), ast, state);
    });
  }

  sequenceSize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    return this.countedSize(ast, state, 4);
  }

  randarraySize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    return this.countedSize(ast, state, 5);
  }

  /** The size of SEQUENCE or RANDARRAY from their first two arguments (absent or empty: 1), read now. */
  private countedSize(ast: ProcedureAst, state: InterpreterState, maxArgs: number): ArraySize {
    const count = (a: Ast | undefined) => {
      if (!a || a.type === 'EMPTY') return 1;
      try {
        const v = this.evaluateAst(a, state);
        const n = this.coerceScalarToNumberOrError((v instanceof SimpleRangeValue ? v.data[0]?.[0] : v) as InternalScalarValue);
        return typeof n === 'number' ? n : (rawNumber(n) ?? NaN);
      } catch {
        return NaN;
      }
    };
    const dims = ast.args.length <= maxArgs ? sequenceDims(count(ast.args[0]), count(ast.args[1])) : undefined;
    return this.sizedAtParse(ast, state, !dims || dims instanceof CellError ? ArraySize.scalar() : size(dims.cols, dims.rows));
  }

  /**
   * A legacy array formula over rows x cols (ARRAY.FILL(f, rows, cols), core/formula/engine-text.ts) fills that
   * range as Excel does: a single value everywhere, a one-row result down, a one-column result
   * across, #N/A where the result has no value; a larger result is cut.
   */
  arrayFill(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    const [rows, cols] = [literalNumber(ast.args[1]), literalNumber(ast.args[2])];
    if (ast.args.length !== 3 || !rows || !cols) return valueError(`${ARRAY_FILL_FN} takes a formula and its range's rows and columns`);
    const v = this.evaluateAst(ast.args[0]!, state);
    if (!(v instanceof SimpleRangeValue)) return rows === 1 && cols === 1 ? v : resultOf(Array.from({ length: rows }, () => Array.from({ length: cols }, () => v as InternalScalarValue)));
    const h = v.height(), w = v.width();
    const at = (r: number, c: number): InternalScalarValue => {
      const [sr, sc] = [h === 1 ? 0 : r, w === 1 ? 0 : c];
      return sr < h && sc < w ? v.data[sr]![sc]! : new CellError(ErrorType.NA, 'the array formula\'s result has no value here');
    };
    if (rows === 1 && cols === 1) return at(0, 0);
    return resultOf(Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => at(r, c))));
  }

  arrayFillSize(ast: ProcedureAst): ArraySize {
    const [rows, cols] = [literalNumber(ast.args[1]), literalNumber(ast.args[2])];
    return rows && cols ? size(cols, rows) : ArraySize.scalar();
  }

  /** A formula that is only a range (=A2:A5, read as RANGE.SPILL(A2:A5)) spills its cells, as in Excel. */
  rangeSpill(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    if (ast.args.length !== 1) return valueError(`${RANGE_SPILL_FN} takes one range`);
    const s = this.arraySizeForAst(ast.args[0]!, state);
    if (s.width * s.height > MAX_SPILL_CELLS) return valueError(`the range has ${(s.width * s.height).toLocaleString('en-US')} cells; a formula spills at most ${MAX_SPILL_CELLS.toLocaleString('en-US')}`);
    return this.evaluateAst(ast.args[0]!, state);
  }

  rangeSpillSize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    const s = ast.args.length === 1 ? this.arraySizeForAst(ast.args[0]!, state) : ArraySize.scalar();
    return s.width * s.height > MAX_SPILL_CELLS ? ArraySize.scalar() : size(s.width, s.height);
  }

  /** The array vertex whose anchor the argument names (A1 in A1#), or why there is none. */
  private anchor(ast: ProcedureAst, state: InterpreterState): ArrayVertex | CellError {
    const ref = ast.args[0] as (Ast & { reference?: { toSimpleCellAddress(base: Address): Address } }) | undefined;
    if (ast.args.length !== 1 || ref?.type !== 'CELL_REFERENCE' || !ref.reference) return new CellError(ErrorType.REF, 'a spill reference names one cell (A1#)');
    const at = ref.reference.toSimpleCellAddress(state.formulaAddress as Address);
    let vertex: unknown;
    try {
      vertex = (this.dependencyGraph as unknown as { getCell(a: Address): unknown }).getCell(at);
    } catch {
      vertex = undefined;
    }
    if (!isArrayVertex(vertex) || vertex.leftCorner.row !== at.row || vertex.leftCorner.col !== at.col || vertex.leftCorner.sheet !== at.sheet) return new CellError(ErrorType.REF, 'the cell does not spill an array');
    if (vertex.array.size.isRef) return new CellError(ErrorType.REF, 'the array the cell spills is blocked (#SPILL!)');
    return vertex;
  }

  anchorarray(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    const v = this.anchor(ast, state);
    if (v instanceof CellError) return v;
    const { sheet, row, col } = v.leftCorner;
    const grid: Grid = [];
    for (let r = 0; r < v.height; r++) {
      const line: InternalScalarValue[] = [];
      for (let c = 0; c < v.width; c++) {
        const x = this.dependencyGraph.getCellValue({ sheet, row: row + r, col: col + c });
        line.push(x instanceof SimpleRangeValue ? (x.data[0]?.[0] ?? EmptyValue) : (x as InternalScalarValue));
      }
      grid.push(line);
    }
    return this.fitExact(resultOf(grid), size(v.width, v.height), ast, state);
  }

  anchorarraySize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    const v = this.anchor(ast, state);
    return this.sizedAtParse(ast, state, v instanceof CellError ? ArraySize.scalar() : size(v.width, v.height));
  }

  /** TEXTSPLIT(text, col_delimiter, [row_delimiter], [ignore_empty], [match_mode], [pad_with]) as a grid. */
  private split(ast: ProcedureAst, state: InterpreterState): Grid | CellError {
    const [textAst, colAst, rowAst, ignoreAst, modeAst, padAst] = ast.args;
    if (ast.args.length < 2 || ast.args.length > 6) return new CellError(ErrorType.NA, 'TEXTSPLIT takes text, a column delimiter, and optionally a row delimiter, ignore_empty, match_mode and pad_with');
    const arg = (a: Ast | undefined) => (!a || a.type === 'EMPTY' ? undefined : this.evaluateAst(a, state));
    const text = textOf(arg(textAst) ?? EmptyValue);
    if (text instanceof CellError) return text;
    const cols = delimitersOf(arg(colAst));
    const rows = delimitersOf(arg(rowAst));
    if (cols instanceof CellError) return cols;
    if (rows instanceof CellError) return rows;
    if (!cols.some((d) => d !== '') && !rows.some((d) => d !== '')) return valueError('TEXTSPLIT needs a delimiter that is not empty');
    const flag = (a: Ast | undefined) => {
      const v = arg(a);
      if (v === undefined || v === EmptyValue) return false;
      if (isError(v)) return v;
      const n = typeof v === 'boolean' ? Number(v) : rawNumber(v);
      return n === undefined ? valueError('TEXTSPLIT: ignore_empty and match_mode are numbers or logical values') : n !== 0;
    };
    const ignore = flag(ignoreAst), caseless = flag(modeAst);
    if (ignore instanceof CellError) return ignore;
    if (caseless instanceof CellError) return caseless;
    const padV = arg(padAst);
    const pad: InternalScalarValue = padV === undefined ? new CellError(ErrorType.NA, 'TEXTSPLIT pads short rows with #N/A') : ((padV instanceof SimpleRangeValue ? padV.data[0]?.[0] : padV) as InternalScalarValue);
    let lines = splitBy(text, rows, caseless);
    if (ignore) lines = lines.filter((l) => l !== '');
    const grid = lines.map((l) => {
      const cells = splitBy(l, cols, caseless);
      return ignore ? cells.filter((c) => c !== '') : cells;
    });
    const width = Math.max(1, ...grid.map((g) => g.length));
    if (!grid.length) return valueError('TEXTSPLIT left nothing (Excel: #CALC!)');
    return grid.map((g) => [...g, ...Array.from({ length: width - g.length }, () => pad)] as InternalScalarValue[]);
  }

  textsplit(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    return this.spillGrid(this.split(ast, state), ast, state);
  }

  textsplitSize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    return this.sizedAtParse(ast, state, this.gridSize(() => this.split(ast, state)));
  }

  /** The range's values without its empty outer rows (trim_rows 1 leading, 2 trailing, 3 both) and columns. */
  private trimmed(ast: ProcedureAst, state: InterpreterState): Grid | CellError {
    if (ast.args.length < 1 || ast.args.length > 3) return new CellError(ErrorType.NA, 'TRIMRANGE takes a range, and optionally trim_rows and trim_cols');
    const v = this.evaluateAst(ast.args[0]!, state);
    if (v instanceof CellError) return v;
    const mode = (a: Ast | undefined) => {
      if (!a || a.type === 'EMPTY') return 3;
      const n = rawNumber(this.evaluateAst(a, state));
      return n === undefined || n < 0 || n > 3 ? -1 : Math.trunc(n);
    };
    const rowsMode = mode(ast.args[1]), colsMode = mode(ast.args[2]);
    if (rowsMode < 0 || colsMode < 0) return valueError('TRIMRANGE: trim_rows and trim_cols are 0 to 3');
    const g = gridOf(v);
    const blank = (x: InternalScalarValue) => x === EmptyValue;
    let r0 = 0, r1 = g.length - 1, c0 = 0, c1 = (g[0]?.length ?? 1) - 1;
    if (rowsMode & 1) while (r0 <= r1 && g[r0]!.every(blank)) r0++;
    if (rowsMode & 2) while (r1 >= r0 && g[r1]!.every(blank)) r1--;
    if (colsMode & 1) while (c0 <= c1 && g.every((l) => blank(l[c0]!))) c0++;
    if (colsMode & 2) while (c1 >= c0 && g.every((l) => blank(l[c1]!))) c1--;
    if (r0 > r1 || c0 > c1) return [[new CellError(ErrorType.REF, 'TRIMRANGE: the range is empty')]] as unknown as Grid;
    return g.slice(r0, r1 + 1).map((l) => l.slice(c0, c1 + 1));
  }

  trimrange(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    return this.spillGrid(this.trimmed(ast, state), ast, state);
  }

  trimrangeSize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    return this.sizedAtParse(ast, state, this.gridSize(() => this.trimmed(ast, state)));
  }
}

