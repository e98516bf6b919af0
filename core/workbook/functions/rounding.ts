// The CEILING and FLOOR family with Excel's rules, replacing HyperFormula's (which answers
// #DIV/0! for a significance of 0, where Excel answers 0, and differs on negative numbers):
//   CEILING(n, s), FLOOR(n, s): s = 0 gives 0 (CEILING) or #DIV/0! (FLOOR); n > 0 with s < 0 is
//     #NUM!; with both negative they round away from (CEILING) or towards (FLOOR) zero.
//   CEILING.MATH(n, [s], [mode]), FLOOR.MATH(n, [s], [mode]): the sign of s is ignored; a nonzero
//     mode rounds negative numbers away from (CEILING) or towards (FLOOR) zero.
//   CEILING.PRECISE, ISO.CEILING, FLOOR.PRECISE: the sign of s is ignored; up and down.
// The quotient n / s is taken to 15 significant digits first, as Excel does, so FLOOR.MATH(7.1, 0.1)
// is 7.1 and not 7 (7.1 / 0.1 is 70.99999999999999 in binary).
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

const quotient = (n: number, s: number) => Number((n / s).toPrecision(15));

/** n rounded to a multiple of |s|, up (towards +infinity) or down. */
function toMultiple(n: number, s: number, up: boolean): number {
  const m = Math.abs(s);
  if (m === 0 || n === 0) return 0;
  const q = quotient(n, m);
  return (up ? Math.ceil(q) : Math.floor(q)) * m;
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
  };

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
