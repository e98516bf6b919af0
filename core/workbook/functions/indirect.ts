// INDIRECT(ref_text, [a1]): the cell or range a text names ("B2", "Sheet 2!A1:C3", "'Q1 data'!B:B",
// or in R1C1 notation when a1 is FALSE: "R2C3", "R[-1]C", relative to the formula's cell).
// HyperFormula has no INDIRECT: its dependency graph is built from formula text, and this
// reference is known only when the formula runs. So INDIRECT is volatile here (recomputed on every
// recalculation, as Excel also treats it). Its range keeps its place, so ROW(INDIRECT("A5")),
// OFFSET(INDIRECT(...), ...) and @INDIRECT(...) work; INDIRECT of a defined name does not yet.
import { CellError, FunctionArgumentType } from 'hyperformula';
import { ReferencePlugin } from './references.ts';
import type { InterpreterState, ProcedureAst } from './shared.ts';

export class IndirectPlugin extends ReferencePlugin {
  static override implementedFunctions = {
    INDIRECT: {
      method: 'indirect',
      isVolatile: true,
      vectorizationForbidden: true,
      parameters: [{ argumentType: FunctionArgumentType.STRING }, { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: true }],
    },
  };

  indirect(ast: ProcedureAst, state: InterpreterState) {
    const t = this.indirectTarget(ast, state);
    return t instanceof CellError ? t : this.valuesOf(t, state);
  }
}
