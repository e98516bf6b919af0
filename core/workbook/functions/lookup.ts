// LOOKUP(lookup_value, lookup_vector, [result_vector]) and LOOKUP(lookup_value, array), which
// HyperFormula lacks. As in Excel, the lookup is approximate: the last value of the same kind
// (number, text, logical) that is not greater than lookup_value, in data Excel assumes sorted;
// errors are skipped, so the idiom LOOKUP(2, 1/(A1:A9="x"), B1:B9) finds the last "x". The array
// form searches the first row of a wide array (else the first column) and answers from the last
// row (or column).
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { isEmpty, rawNumber, type InternalScalarValue, type InterpreterState, type ProcedureAst } from './shared.ts';

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

export class LookupPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    LOOKUP: {
      method: 'lookup',
      vectorizationForbidden: true,
      parameters: [{ argumentType: FunctionArgumentType.NOERROR }, { argumentType: FunctionArgumentType.RANGE }, { argumentType: FunctionArgumentType.RANGE, optionalArg: true }],
    },
  };

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
}
