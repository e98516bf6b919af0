// The CEILING and FLOOR family with Excel's rules, replacing HyperFormula's (which answers
// #DIV/0! for a significance of 0, where Excel answers 0, and differs on negative numbers):
//   CEILING(n, s), FLOOR(n, s): s = 0 gives 0 (CEILING) or #DIV/0! (FLOOR); n > 0 with s < 0 is
//     #NUM!; with both negative they round away from (CEILING) or towards (FLOOR) zero.
//   CEILING.MATH(n, [s], [mode]), FLOOR.MATH(n, [s], [mode]): the sign of s is ignored; a nonzero
//     mode rounds negative numbers away from (CEILING) or towards (FLOOR) zero.
//   CEILING.PRECISE, ISO.CEILING, FLOOR.PRECISE: the sign of s is ignored; up and down.
// The quotient n / s is taken to 15 significant digits first, as Excel does, so FLOOR.MATH(7.1, 0.1)
// is 7.1 and not 7 (7.1 / 0.1 is 70.99999999999999 in binary).
// ROUND, ROUNDUP, ROUNDDOWN and TRUNC truncate the number of digits (ROUND(x, 2.7) is ROUND(x, 2))
// and round the decimal value Excel shows, so ROUND(1.745, 2) is 1.75 (1.745 * 100 is
// 174.49999999999997 in binary). ISODD and ISEVEN truncate too, and refuse logical values.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { rawNumber, type InterpreterState, type ProcedureAst } from './shared.ts';

const quotient = (n: number, s: number) => Number((n / s).toPrecision(15));

/** n rounded to a multiple of |s|, up (towards +infinity) or down. */
function toMultiple(n: number, s: number, up: boolean): number {
  const m = Math.abs(s);
  if (m === 0 || n === 0) return 0;
  const q = quotient(n, m);
  return (up ? Math.ceil(q) : Math.floor(q)) * m;
}

/** x rounded to `digits` decimal places (negative: tens, hundreds...), half away from zero, up or down (away from / towards zero). */
export function roundDigits(x: number, digits: number, mode: 'half' | 'up' | 'down'): number {
  const d = Math.trunc(digits);
  if (!Number.isFinite(x) || x === 0) return x;
  // Past 15 significant digits there is nothing left to round; 10^d past the doubles is no scale.
  if (d >= 0 && (Math.abs(x) >= 1e15 || d > 300)) return x;
  if (d < -300) return 0;
  const scale = 10 ** Math.abs(d);
  const scaled = Number((Math.abs(x) * (d >= 0 ? scale : 1 / scale)).toPrecision(15));
  const r = mode === 'half' ? Math.floor(scaled + 0.5) : mode === 'up' ? Math.ceil(scaled) : Math.floor(scaled);
  return Math.sign(x) * (d >= 0 ? r / scale : r * scale);
}

const num = { argumentType: FunctionArgumentType.NUMBER };
const optionalOne = { argumentType: FunctionArgumentType.NUMBER, defaultValue: 1 };
const optionalZero = { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0 };

export class RoundingPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    CEILING: { method: 'ceiling', parameters: [num, num] },
    FLOOR: { method: 'floor', parameters: [num, num] },
    'CEILING.MATH': { method: 'ceilingMath', parameters: [num, optionalOne, optionalZero] },
    'FLOOR.MATH': { method: 'floorMath', parameters: [num, optionalOne, optionalZero] },
    'CEILING.PRECISE': { method: 'ceilingPrecise', parameters: [num, optionalOne] },
    'ISO.CEILING': { method: 'ceilingPrecise', parameters: [num, optionalOne] },
    'FLOOR.PRECISE': { method: 'floorPrecise', parameters: [num, optionalOne] },
    ROUND: { method: 'round', parameters: [num, num] },
    ROUNDUP: { method: 'roundup', parameters: [num, num] },
    ROUNDDOWN: { method: 'rounddown', parameters: [num, num] },
    TRUNC: { method: 'trunc', parameters: [num, optionalZero] },
    ISODD: { method: 'isodd', parameters: [{ argumentType: FunctionArgumentType.SCALAR }] },
    ISEVEN: { method: 'iseven', parameters: [{ argumentType: FunctionArgumentType.SCALAR }] },
  };

  round(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('ROUND'), (x: number, d: number) => roundDigits(x, d, 'half'));
  }

  roundup(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('ROUNDUP'), (x: number, d: number) => roundDigits(x, d, 'up'));
  }

  rounddown(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('ROUNDDOWN'), (x: number, d: number) => roundDigits(x, d, 'down'));
  }

  trunc(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('TRUNC'), (x: number, d: number) => roundDigits(x, d, 'down'));
  }

  private parity(ast: ProcedureAst, state: InterpreterState, name: string, odd: boolean) {
    const h = this.arithmeticHelper as unknown as { coerceScalarToNumberOrError(v: unknown): unknown };
    return this.runFunction(ast.args, state, this.metadata(name), (v: unknown) => {
      if (v instanceof CellError) return v;
      if (typeof v === 'boolean') return new CellError(ErrorType.VALUE, `${name} takes a number, not a logical value`);
      const n = rawNumber(h.coerceScalarToNumberOrError(v));
      if (n === undefined) return new CellError(ErrorType.VALUE, `${name} takes a number`);
      return (Math.abs(Math.trunc(n)) % 2 === 1) === odd;
    });
  }

  isodd(ast: ProcedureAst, state: InterpreterState) {
    return this.parity(ast, state, 'ISODD', true);
  }

  iseven(ast: ProcedureAst, state: InterpreterState) {
    return this.parity(ast, state, 'ISEVEN', false);
  }

  ceiling(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('CEILING'), (n: number, s: number) => {
      if (s === 0) return 0;
      if (n > 0 && s < 0) return new CellError(ErrorType.NUM, 'CEILING of a positive number needs a positive significance');
      // Both negative: away from zero; otherwise up.
      return n < 0 && s < 0 ? -toMultiple(-n, s, true) : toMultiple(n, s, true);
    });
  }

  floor(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('FLOOR'), (n: number, s: number) => {
      if (s === 0) return n === 0 ? 0 : new CellError(ErrorType.DIV_BY_ZERO, 'FLOOR with a significance of 0');
      if (n > 0 && s < 0) return new CellError(ErrorType.NUM, 'FLOOR of a positive number needs a positive significance');
      // Both negative: towards zero; otherwise down.
      return n < 0 && s < 0 ? -toMultiple(-n, s, false) : toMultiple(n, s, false);
    });
  }

  ceilingMath(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('CEILING.MATH'), (n: number, s: number, mode: number) =>
      n < 0 && mode !== 0 ? -toMultiple(-n, s, true) : toMultiple(n, s, true),
    );
  }

  floorMath(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('FLOOR.MATH'), (n: number, s: number, mode: number) =>
      n < 0 && mode !== 0 ? -toMultiple(-n, s, false) : toMultiple(n, s, false),
    );
  }

  ceilingPrecise(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata(ast.procedureName), (n: number, s: number) => toMultiple(n, s, true));
  }

  floorPrecise(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('FLOOR.PRECISE'), (n: number, s: number) => toMultiple(n, s, false));
  }
}
