// Works around a HyperFormula 3.5 fault that table names expose: ROWS, COLUMNS and the other
// functions that do not compute their arguments (ROW, COLUMN, SHEET, ISFORMULA, FORMULATEXT)
// record no dependency on a named expression, so when one runs before the name's own vertex is
// computed it throws "Value of the formula cell is not computed" and the whole engine build
// fails. Here a not-yet-computed name is evaluated on the spot instead. Staleness (no
// dependency, so no recompute when the name changes) is handled in names.ts.
import { HyperFormula } from 'hyperformula';

interface Ast {
  type: string;
  expressionName?: string;
}
interface State {
  formulaAddress: { sheet: number; row: number; col: number };
  arraysFlag: boolean;
  constructor: new (address: unknown, arraysFlag: boolean) => State;
}
interface PluginThis {
  interpreter: { namedExpressions: { nearestNamedExpression(name: string, sheet: number): { address: unknown } | undefined }; evaluateAst(ast: unknown, state: State): unknown };
  dependencyGraph: { getCell(address: unknown): { isComputed?(): boolean; getFormula?(svc: unknown): unknown } | undefined; lazilyTransformingAstService: unknown };
}

let patched = false;

export function patchNamedExpressionEvaluation(): void {
  if (patched) return;
  patched = true;
  const plugin = HyperFormula.getFunctionPlugin('ROWS') as unknown as { prototype: object } | undefined;
  if (!plugin) return;
  const base = Object.getPrototypeOf(plugin.prototype) as { evaluateAst(this: PluginThis, ast: Ast, state: State): unknown };
  const original = base.evaluateAst;
  base.evaluateAst = function (this: PluginThis, ast: Ast, state: State) {
    if (ast?.type === 'NAMED_EXPRESSION' && ast.expressionName) {
      const named = this.interpreter.namedExpressions.nearestNamedExpression(ast.expressionName, state.formulaAddress.sheet);
      const vertex = named ? this.dependencyGraph.getCell(named.address) : undefined;
      if (named && vertex?.isComputed && vertex.getFormula && !vertex.isComputed()) {
        const formula = vertex.getFormula(this.dependencyGraph.lazilyTransformingAstService);
        return this.interpreter.evaluateAst(formula, new state.constructor(named.address, state.arraysFlag));
      }
    }
    return original.call(this, ast, state);
  };
  patchSheetOfName();
}

interface RefAst {
  type: string;
  start?: { sheet?: number };
  reference?: { sheet?: number };
}

/**
 * SHEET(Sales) or SHEET(Revenue), a name for a range: Excel gives the number of the sheet the
 * range is on. HyperFormula takes a reference only when written in place, and otherwise computes
 * the argument, which for a name of a range fails ("not computed"). Here a name's own reference
 * answers.
 */
function patchSheetOfName(): void {
  const plugin = HyperFormula.getFunctionPlugin('SHEET') as unknown as { prototype: { sheet(this: PluginThis, ast: { args: Ast[] }, state: State): unknown } } | undefined;
  if (!plugin) return;
  const original = plugin.prototype.sheet;
  plugin.prototype.sheet = function (this: PluginThis, ast: { args: Ast[] }, state: State) {
    const arg = ast.args?.[0];
    if (ast.args?.length === 1 && arg?.type === 'NAMED_EXPRESSION' && arg.expressionName) {
      const named = this.interpreter.namedExpressions.nearestNamedExpression(arg.expressionName, state.formulaAddress.sheet);
      const vertex = named ? this.dependencyGraph.getCell(named.address) : undefined;
      const formula = vertex?.getFormula?.(this.dependencyGraph.lazilyTransformingAstService) as RefAst | undefined;
      const sheet = formula?.type === 'CELL_RANGE' ? formula.start?.sheet : formula?.type === 'CELL_REFERENCE' ? formula.reference?.sheet : undefined;
      if (typeof sheet === 'number') return sheet + 1;
    }
    return original.call(this, ast, state);
  };
}

/** Functions whose result does not update when a name they read changes (see above). */
export const NO_DEPENDENCY_FUNCTIONS: ReadonlySet<string> = new Set(['ROWS', 'COLUMNS', 'ROW', 'COLUMN', 'SHEET', 'ISFORMULA', 'FORMULATEXT']);
