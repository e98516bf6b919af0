// RANK / RANK.EQ / RANK.AVG (position of a number in a list) and MODE / MODE.SNGL (the most
// frequent number), which HyperFormula 3.5 lacks. Text, logicals and blanks in ranges are skipped;
// MODE's argument that is one value (typed, or a reference to one cell) must be a number, or
// MODE answers #VALUE! as Excel does (MODE(B8,"1",2,3), MODE(B9,2,D7) with D7 empty).
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { flatValues, isError, naError, rawNumber, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

const RANK_PARAMS = [
  { argumentType: FunctionArgumentType.NUMBER },
  { argumentType: FunctionArgumentType.RANGE },
  { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0, emptyAsDefault: true },
];
const MODE_PARAMS = [{ argumentType: FunctionArgumentType.ANY }];

/** The numbers of a range, or the first error in it. */
function numbers(v: InterpreterValue): number[] | InterpreterValue {
  const out: number[] = [];
  for (const x of flatValues(v)) {
    if (isError(x)) return x;
    const n = rawNumber(x);
    if (n !== undefined) out.push(n);
  }
  return out;
}

export class RankModePlugin extends FunctionPlugin {
  static override implementedFunctions = {
    RANK: { method: 'rankEq', parameters: RANK_PARAMS },
    'RANK.EQ': { method: 'rankEq', parameters: RANK_PARAMS },
    'RANK.AVG': { method: 'rankAvg', parameters: RANK_PARAMS },
    MODE: { method: 'mode', parameters: MODE_PARAMS, repeatLastArgs: 1 },
    'MODE.SNGL': { method: 'mode', parameters: MODE_PARAMS, repeatLastArgs: 1 },
  };

  rankEq(ast: ProcedureAst, state: InterpreterState) {
    return this.rank(ast, state, false);
  }

  rankAvg(ast: ProcedureAst, state: InterpreterState) {
    return this.rank(ast, state, true);
  }

  private rank(ast: ProcedureAst, state: InterpreterState, average: boolean) {
    const name = (ast as { procedureName: string }).procedureName;
    return this.runFunction(ast.args, state, this.metadata(name), (x: number, ref: SimpleRangeValue, order: number) => {
      const list = numbers(ref);
      if (!Array.isArray(list)) return list;
      const ascending = order !== 0;
      let before = 0, same = 0;
      for (const n of list) {
        if (n === x) same++;
        else if (ascending ? n < x : n > x) before++;
      }
      if (same === 0) return naError(`${name}: ${x} is not in the list`);
      return average ? before + (same + 1) / 2 : before + 1;
    });
  }

  mode(ast: ProcedureAst, state: InterpreterState) {
    const name = (ast as { procedureName: string }).procedureName;
    return this.runFunction(ast.args, state, this.metadata(name), (...args: InterpreterValue[]) => {
      const counts = new Map<number, number>();
      let best: number | undefined, bestCount = 1;
      for (const a of args) {
        if (!(a instanceof SimpleRangeValue) && !isError(a) && rawNumber(a) === undefined) return new CellError(ErrorType.VALUE, `${name}: an argument that is one value must be a number`);
        const list = numbers(a);
        if (!Array.isArray(list)) return list;
        for (const n of list) {
          const c = (counts.get(n) ?? 0) + 1;
          counts.set(n, c);
          // The first value to reach the highest count wins, as in Excel.
          if (c > bestCount) {
            best = n;
            bestCount = c;
          }
        }
      }
      return best ?? naError(`${name}: no number occurs more than once`);
    });
  }
}
