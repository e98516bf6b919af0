// Statistics that read a reference to one cell as Excel does: like a range, its value counts only
// when it is a number (AVEDEV(A1, A3, 3) leaves out a TRUE or a "2" in A3), while a value typed as
// an argument is converted (AVEDEV(TRUE, 3) counts 1, AVEDEV("1", 3) counts 1). HyperFormula's
// AVEDEV, DEVSQ, GEOMEAN, HARMEAN, MEDIAN, SKEW, SKEW.P and NPV took the cell's value as if typed (its
// interpreter hands a one-cell reference or range over as the bare value; AVERAGE, STDEV, VAR and
// the other aggregations already told them apart): here the value of such an argument is given
// back to the engine's own code as a one-cell range, to which it applies its range rule. AVEDEV and
// DEVSQ of no number at all are #NUM!, as Excel answers (the engine's: #DIV/0! and 0).
import { CellError, ErrorType, FunctionPlugin, HyperFormula, SimpleRangeValue } from 'hyperformula';
import { referenceArgs, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

type Method = (this: FunctionPlugin, ast: ProcedureAst, state: InterpreterState) => InterpreterValue;
type Run = (args: unknown, state: InterpreterState, metadata: unknown, fn: (...vals: unknown[]) => unknown) => InterpreterValue;
interface PluginClass {
  implementedFunctions: Record<string, { method: string }>;
  prototype: Record<string, Method>;
}

const NAMES = ['AVEDEV', 'DEVSQ', 'GEOMEAN', 'HARMEAN', 'MEDIAN', 'SKEW', 'SKEW.P', 'NPV'] as const;
/** Arguments before this one are not values to count (NPV's rate). */
const FIRST_VALUE: Partial<Record<string, number>> = { NPV: 1 };
type Name = (typeof NAMES)[number];
/** Those that answer #NUM! when no argument holds a number. */
const NUM_WITHOUT_NUMBERS = new Set<string>(['AVEDEV', 'DEVSQ']);

/** The evaluated arguments with each reference's bare value wrapped back into a one-cell range. */
export function asRanges(refs: readonly boolean[], vals: unknown[]): unknown[] {
  return vals.map((v, i) => (refs[i] && !(v instanceof SimpleRangeValue) ? SimpleRangeValue.onlyValues([[v as never]]) : v));
}

const originals = Object.fromEntries(
  NAMES.map((name) => {
    const plugin = HyperFormula.getFunctionPlugin(name) as unknown as PluginClass;
    const meta = plugin.implementedFunctions[name]!;
    return [name, { meta, method: plugin.prototype[meta.method]! }];
  }),
) as Record<Name, { meta: { method: string }; method: Method }>;

export class ReferenceArgsPlugin extends FunctionPlugin {
  static override implementedFunctions = Object.fromEntries(NAMES.map((name) => [name, { ...originals[name].meta, method: 'byExcelRule' }]));

  byExcelRule(ast: ProcedureAst, state: InterpreterState) {
    const own = originals[ast.procedureName as Name];
    const first = FIRST_VALUE[ast.procedureName] ?? 0;
    const refs = referenceArgs(ast).map((r, i) => r && i >= first);
    const needNumbers = NUM_WITHOUT_NUMBERS.has(ast.procedureName);
    if (!refs.some(Boolean) && !needNumbers) return own.method.call(this, ast, state);
    const helper = (this as unknown as { arithmeticHelper: { coerceNumbersExactRanges(args: unknown[]): unknown } }).arithmeticHelper;
    // The engine's method evaluates its arguments through this.runFunction: for that one call the
    // values reach its code with the references wrapped (the override is gone before any argument
    // is evaluated, so nested calls see the plain runFunction).
    // (HyperFormula assigns runFunction to each plugin in its constructor.)
    const self = this as unknown as { runFunction: Run };
    const run = self.runFunction;
    self.runFunction = (args, st, metadata, fn) => {
      self.runFunction = run;
      return run(args, st, metadata, (...vals: unknown[]) => {
        const given = asRanges(refs, vals);
        const numbers = needNumbers ? helper.coerceNumbersExactRanges(given) : undefined;
        if (Array.isArray(numbers) && numbers.length === 0) return new CellError(ErrorType.NUM, `${ast.procedureName}: no numbers`);
        return fn(...given);
      });
    };
    try {
      return own.method.call(this, ast, state);
    } finally {
      self.runFunction = run;
    }
  }
}
