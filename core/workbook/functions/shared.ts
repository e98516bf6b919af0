// What our HyperFormula function plugins share: AST and value types, error helpers, and a base
// class that predicts result sizes (HyperFormula reserves a spill area before it evaluates).
import { ArraySize, CellError, EmptyValue, ErrorType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';

// The package's exports map hides its AST and interpreter types; a subclass may name them
// through the protected members of FunctionPlugin.
abstract class TypeProbe extends FunctionPlugin {
  declare ast: Parameters<FunctionPlugin['evaluateAst']>[0];
  declare state: Parameters<FunctionPlugin['evaluateAst']>[1];
  declare value: ReturnType<FunctionPlugin['evaluateAst']>;
}
export type Ast = TypeProbe['ast'];
export type ProcedureAst = Extract<Ast, { type: 'FUNCTION_CALL' }>;
export type InterpreterState = TypeProbe['state'];
export type InterpreterValue = TypeProbe['value'];
export type InternalScalarValue = SimpleRangeValue['data'][number][number];
export type Grid = InternalScalarValue[][];

export const valueError = (message: string) => new CellError(ErrorType.VALUE, message);
export const naError = (message: string) => new CellError(ErrorType.NA, message);

/** A number, unwrapping HyperFormula's typed numbers (dates, currency, percent). */
export function rawNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (v !== null && typeof v === 'object' && 'val' in v && typeof (v as { val: unknown }).val === 'number') return (v as { val: number }).val;
  return undefined;
}

export const isEmpty = (v: unknown) => v === EmptyValue;
export const isError = (v: unknown): v is CellError => v instanceof CellError;

/** The value of a literal integer argument (3, -2), known before evaluation; undefined otherwise. */
export function literalNumber(ast: Ast | undefined): number | undefined {
  if (!ast) return undefined;
  if (ast.type === 'NUMBER') return ast.value;
  if (ast.type === 'MINUS_UNARY_OP' && ast.value.type === 'NUMBER') return -ast.value.value;
  if (ast.type === 'PLUS_UNARY_OP' && ast.value.type === 'NUMBER') return ast.value.value;
  if (ast.type === 'PARENTHESES') return literalNumber(ast.expression);
  return undefined;
}

/** A range value as a grid (a scalar becomes 1x1). */
export function gridOf(v: InterpreterValue): Grid {
  return v instanceof SimpleRangeValue ? v.data : [[v as InternalScalarValue]];
}

/** Every value of an argument, row by row. */
export function flatValues(v: InterpreterValue): InternalScalarValue[] {
  return gridOf(v).flat();
}

export function resultOf(grid: Grid): SimpleRangeValue {
  return SimpleRangeValue.onlyValues(grid);
}

/** Where a formula is, in its engine's sheet numbering. */
export interface CellAt {
  sheet: number;
  row: number;
  col: number;
}

/** Per engine (its dependency graph) and cell: the sizes its data-sized functions were parsed with. */
const parsedSizes = new WeakMap<object, Map<string, Map<string, ArraySize>>>();
/** Cells whose data-sized result now needs another area than the one reserved; FormulaEngine.settle enters them again. */
export const resizeRequests: CellAt[] = [];

const cellKey = (at: CellAt) => `${at.sheet}:${at.row}:${at.col}`;

/** Forgets the sizes recorded for these cells, before they are entered again. */
export function forgetParsedSizes(graph: object, cells: readonly CellAt[]): void {
  const sizes = parsedSizes.get(graph);
  for (const at of cells) sizes?.delete(cellKey(at));
}

export abstract class ArrayFunctionPlugin extends FunctionPlugin {
  /** Sizes of every argument, with array arithmetic on (our array functions take arrays anywhere). */
  protected argSizes(ast: ProcedureAst, state: InterpreterState): ArraySize[] {
    return ast.args.map((arg) => this.arraySizeForAst(arg, { formulaAddress: state.formulaAddress, arraysFlag: true } as InterpreterState));
  }

  /**
   * A data-sized function's size method: records the size given when its formula was parsed (the
   * area reserved), once per cell until FormulaEngine.settle enters the cell again.
   */
  protected sizedAtParse(ast: ProcedureAst, state: InterpreterState, s: ArraySize): ArraySize {
    let sizes = parsedSizes.get(this.dependencyGraph);
    if (!sizes) parsedSizes.set(this.dependencyGraph, (sizes = new Map()));
    const cell = cellKey(state.formulaAddress);
    let own = sizes.get(cell);
    if (!own) sizes.set(cell, (own = new Map()));
    if (!own.has(ast.procedureName)) own.set(ast.procedureName, s);
    return s;
  }

  /**
   * A data-sized result held to the area reserved for it; when it now needs another size, the
   * cell asks to be entered again (its result then fills the new area, or shows #SPILL!).
   */
  protected fitExact(value: InterpreterValue, wanted: ArraySize, ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    const reserved = parsedSizes.get(this.dependencyGraph)?.get(cellKey(state.formulaAddress))?.get(ast.procedureName);
    if (reserved && (reserved.width !== wanted.width || reserved.height !== wanted.height)) resizeRequests.push({ ...state.formulaAddress });
    return this.fit(value, reserved ?? wanted);
  }

  /** A grid computed from the data as the result, in the area reserved for it (asking for another when it needs one). */
  protected spillGrid(g: Grid | CellError, ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    return g instanceof CellError ? g : this.fitExact(resultOf(g), size(g[0]!.length, g.length), ast, state);
  }

  /** The size of a grid computed now; a cell not built yet (the engine is parsing) counts as one. */
  protected gridSize(grid: () => Grid | CellError): ArraySize {
    try {
      const g = grid();
      return g instanceof CellError ? ArraySize.scalar() : size(g[0]!.length, g.length);
    } catch {
      return ArraySize.scalar();
    }
  }

  /**
   * HyperFormula throws (and would take the whole engine down) when a result is larger than the
   * size predicted at parse time; this turns that into a #VALUE! on the one cell instead.
   */
  protected fit(value: InterpreterValue, predicted: ArraySize): InterpreterValue {
    if (!(value instanceof SimpleRangeValue)) return value;
    if (value.width() > predicted.width || value.height() > predicted.height) {
      return valueError(`the result (${value.height()}x${value.width()}) is larger than the area reserved when the formula was entered; re-enter the formula`);
    }
    return value;
  }
}

/** A fresh ArraySize: one flagged as a reference would be treated as a single cell. */
export const size = (width: number, height: number) => (width < 1 || height < 1 ? ArraySize.scalar() : new ArraySize(width, height));

/**
 * A number as Excel writes it into text (=A1&"", a text argument): up to 15 significant digits,
 * and from 1E+15 up, or below 1E-06, in Excel's exponent form (1E+20, 1.23456789012346E+17, 1E-07).
 */
export function numberText(n: number): string {
  const x = Number(n.toPrecision(15));
  const plain = Math.abs(x) >= 1e15 ? x.toExponential() : String(x);
  const exp = /^(-?[\d.]+)e([+-])(\d+)$/.exec(plain);
  return exp ? `${exp[1]}E${exp[2]}${exp[3]!.padStart(2, '0')}` : plain;
}

const ERROR_TEXT: Partial<Record<ErrorType, string>> = {
  [ErrorType.DIV_BY_ZERO]: '#DIV/0!',
  [ErrorType.VALUE]: '#VALUE!',
  [ErrorType.REF]: '#REF!',
  [ErrorType.NAME]: '#NAME?',
  [ErrorType.NUM]: '#NUM!',
  [ErrorType.NA]: '#N/A',
  [ErrorType.SPILL]: '#SPILL!',
};

/** An error value as it is written in a cell (#DIV/0!). */
/** ERROR.TYPE's number of each error value (Excel sorts errors by it too). */
export const ERROR_NUMBER: Partial<Record<ErrorType, number>> = {
  [ErrorType.DIV_BY_ZERO]: 2,
  [ErrorType.VALUE]: 3,
  [ErrorType.REF]: 4,
  [ErrorType.NAME]: 5,
  [ErrorType.NUM]: 6,
  [ErrorType.NA]: 7,
  [ErrorType.SPILL]: 9,
};

export const errorText = (e: CellError) => ERROR_TEXT[e.type] ?? `#${e.type}`;

/**
 * Every value of a function's arguments, ranges and arrays flattened, each with whether it came
 * from a range (Excel treats text and logicals in ranges differently from typed arguments).
 * `refs` (referenceArgs of the call) marks the arguments written as references: the engine hands a
 * one-cell reference over as its bare value, which counts as a range's value all the same.
 */
export function* argValues(args: unknown[], refs: readonly boolean[] = []): Generator<{ v: unknown; inRange: boolean }> {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg instanceof SimpleRangeValue) for (const v of arg.data.flat()) yield { v, inRange: true };
    else yield { v: arg, inRange: refs[i] === true };
  }
}

const REFERENCES = new Set(['CELL_REFERENCE', 'CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE']);

/** Which arguments of the call are written as references (A3, A1:B2, A:A, 2:2). */
export function referenceArgs(ast: ProcedureAst): boolean[] {
  return (ast.args as unknown as { type: string }[]).map((a) => REFERENCES.has(a.type));
}

interface RangeStart {
  start: { sheet: number; row: number; col: number };
}

/** Reads one cell of a range value, from the engine when it is a reference (nothing else is built). */
export function cellReader(plugin: FunctionPlugin, v: SimpleRangeValue): (r: number, c: number) => InternalScalarValue {
  const range = v.range as unknown as RangeStart | undefined;
  if (!range) return (r, c) => v.data[r]?.[c] ?? EmptyValue;
  const graph = (plugin as unknown as { dependencyGraph: { getCellValue(a: { sheet: number; row: number; col: number }): unknown } }).dependencyGraph;
  const { sheet, row, col } = range.start;
  return (r, c) => {
    const x = graph.getCellValue({ sheet, row: row + r, col: col + c });
    return x instanceof SimpleRangeValue ? (x.data[0]?.[0] ?? EmptyValue) : (x as InternalScalarValue);
  };
}
