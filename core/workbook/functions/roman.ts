// ROMAN with Excel's answers at the edges: ROMAN(0) is "" and a number below 0 or above 3999 is
// #VALUE! (HyperFormula answers #NUM! to all three). Every other case is the engine's own ROMAN.
import { CellError, ErrorType, HyperFormula, type FunctionPlugin } from 'hyperformula';
import { rawNumber } from './shared.ts';

type PluginClass = typeof FunctionPlugin & { implementedFunctions: Record<string, object> };
interface RomanMethods {
  roman(ast: unknown, state: unknown): unknown;
  arabic(ast: unknown, state: unknown): unknown;
  evaluateAst(ast: unknown, state: unknown): unknown;
}

export function romanPlugin(): PluginClass {
  const Base = HyperFormula.getFunctionPlugin('ROMAN') as unknown as PluginClass;
  const base = Base.prototype as unknown as RomanMethods;
  return class RomanPlugin extends Base {
    // The engine's plugin holds ARABIC too; registering a plugin for ROMAN alone broke ARABIC, so
    // both are named here, ARABIC unchanged.
    static override implementedFunctions = { ROMAN: Base.implementedFunctions.ROMAN!, ARABIC: Base.implementedFunctions.ARABIC! };

    arabic(ast: unknown, state: unknown) {
      return base.arabic.call(this, ast, state);
    }

    roman(ast: { args: unknown[] }, state: unknown) {
      const first = ast.args[0] !== undefined ? (this as unknown as RomanMethods).evaluateAst(ast.args[0], state) : undefined;
      const n = rawNumber(first);
      if (n !== undefined && typeof first !== 'boolean') {
        const whole = Math.trunc(n);
        if (whole === 0) return '';
        if (whole < 0 || whole > 3999) return new CellError(ErrorType.VALUE, 'ROMAN takes numbers from 0 to 3999');
      }
      return base.roman.call(this, ast, state);
    }
  } as unknown as PluginClass;
}
