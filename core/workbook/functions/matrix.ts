// MUNIT(n): the n x n identity matrix (n must be written as a number: the engine reserves the
// spill area before the formula runs), and MINVERSE(array): the inverse of a square matrix
// (#NUM! when it has none). MMULT(a, b): the matrix product, taking dates and times as the numbers
// they are and giving the first error of its arguments (the engine's own said #VALUE! to both).
// TYPE(value): 1 number, 2 text, 4 logical, 16 error, 64 array.
import { CellError, ErrorType, FunctionArgumentType, SimpleRangeValue } from 'hyperformula';
import { ArrayFunctionPlugin, literalNumber, rawNumber, resultOf, size, type InterpreterState, type ProcedureAst } from './shared.ts';

const MAX_UNIT = 1000;

export class MatrixPlugin extends ArrayFunctionPlugin {
  static override implementedFunctions = {
    MUNIT: { method: 'munit', sizeOfResultArrayMethod: 'munitSize', vectorizationForbidden: true, parameters: [{ argumentType: FunctionArgumentType.NUMBER }] },
    MINVERSE: { method: 'minverse', sizeOfResultArrayMethod: 'minverseSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: [{ argumentType: FunctionArgumentType.RANGE }] },
    MMULT: { method: 'mmult', sizeOfResultArrayMethod: 'mmultSize', enableArrayArithmeticForArguments: true, vectorizationForbidden: true, parameters: [{ argumentType: FunctionArgumentType.RANGE }, { argumentType: FunctionArgumentType.RANGE }] },
    TYPE: { method: 'type' },
  };

  mmultSize(ast: ProcedureAst, state: InterpreterState) {
    const [a, b] = this.argSizes({ ...ast, args: ast.args.slice(0, 2) }, state);
    return a && b && a.width === b.height ? size(b.width, a.height) : size(1, 1);
  }

  mmult(ast: ProcedureAst, state: InterpreterState) {
    return this.fit(
      this.runFunction(ast.args, state, this.metadata('MMULT'), (left: SimpleRangeValue, right: SimpleRangeValue) => {
        const numbers = (m: SimpleRangeValue): number[][] | CellError => {
          const out: number[][] = [];
          for (const row of m.data) {
            const line: number[] = [];
            for (const v of row) {
              if (v instanceof CellError) return v;
              const x = typeof v === 'boolean' ? undefined : rawNumber(v);
              if (x === undefined) return new CellError(ErrorType.VALUE, 'MMULT takes numbers only');
              line.push(x);
            }
            out.push(line);
          }
          return out;
        };
        const a = numbers(left);
        if (a instanceof CellError) return a;
        const b = numbers(right);
        if (b instanceof CellError) return b;
        if (left.width() !== right.height()) return new CellError(ErrorType.VALUE, `MMULT: the first array has ${left.width()} columns, the second ${right.height()} rows; they must be equal`);
        return resultOf(a.map((row) => b[0]!.map((_, c) => row.reduce((sum, x, k) => sum + x * b[k]![c]!, 0))));
      }),
      this.mmultSize(ast, state),
    );
  }

  munitSize(ast: ProcedureAst) {
    const n = literalNumber(ast.args[0]);
    return n !== undefined && n >= 1 && n <= MAX_UNIT ? size(Math.trunc(n), Math.trunc(n)) : size(1, 1);
  }

  munit(ast: ProcedureAst, state: InterpreterState) {
    return this.fit(
      this.runFunction(ast.args, state, this.metadata('MUNIT'), (n: number) => {
        const k = Math.trunc(n);
        if (k < 1 || k > MAX_UNIT) return new CellError(ErrorType.VALUE, `MUNIT takes a size from 1 to ${MAX_UNIT}`);
        if (k > 1 && literalNumber(ast.args[0]) === undefined) return new CellError(ErrorType.VALUE, 'MUNIT: write the size as a number (MUNIT(3)); the engine reserves the spill area before the formula runs');
        return resultOf(Array.from({ length: k }, (_, r) => Array.from({ length: k }, (_, c) => (r === c ? 1 : 0))));
      }),
      this.munitSize(ast),
    );
  }

  minverseSize(ast: ProcedureAst, state: InterpreterState) {
    const [arr] = this.argSizes({ ...ast, args: ast.args.slice(0, 1) }, state);
    return arr ? size(arr.width, arr.height) : size(1, 1);
  }

  minverse(ast: ProcedureAst, state: InterpreterState) {
    return this.fit(
      this.runFunction(ast.args, state, this.metadata('MINVERSE'), (range: SimpleRangeValue) => {
        const n = range.data.length;
        if (!n || range.data.some((r) => r.length !== n)) return new CellError(ErrorType.VALUE, 'MINVERSE takes a square matrix');
        const a: number[][] = [];
        for (const row of range.data) {
          const line: number[] = [];
          for (const v of row) {
            const x = rawNumber(v);
            if (x === undefined || typeof v === 'boolean') return new CellError(ErrorType.VALUE, 'MINVERSE takes numbers only');
            line.push(x);
          }
          a.push([...line, ...Array.from({ length: n }, (_, c) => (c === a.length ? 1 : 0))]);
        }
        // Gauss-Jordan with partial pivoting on [A | I].
        for (let c = 0; c < n; c++) {
          let p = c;
          for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
          if (Math.abs(a[p]![c]!) < 1e-15) return new CellError(ErrorType.NUM, 'MINVERSE: the matrix has no inverse');
          [a[p], a[c]] = [a[c]!, a[p]!];
          const pivot = a[c]![c]!;
          for (let k = 0; k < 2 * n; k++) a[c]![k]! /= pivot;
          for (let r = 0; r < n; r++) {
            if (r === c) continue;
            const f = a[r]![c]!;
            if (f) for (let k = 0; k < 2 * n; k++) a[r]![k]! -= f * a[c]![k]!;
          }
        }
        return resultOf(a.map((row) => row.slice(n)));
      }),
      this.minverseSize(ast, state),
    );
  }

  type(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length !== 1) return new CellError(ErrorType.NA, 'TYPE takes one value');
    const arg = ast.args[0]!;
    const v = this.evaluateAst(arg, state);
    const isRef = (arg as { type: string }).type === 'CELL_REFERENCE';
    if (v instanceof SimpleRangeValue) return v.width() * v.height() === 1 && isRef ? typeOf(v.data[0]![0]) : 64;
    return typeOf(v);
  }
}

function typeOf(v: unknown): number {
  if (v instanceof CellError) return 16;
  if (typeof v === 'boolean') return 4;
  if (typeof v === 'string') return 2;
  return 1;
}
