// XLOOKUP with Excel's reading of an empty argument: XLOOKUP(x, A:A, B:B, , , -1) leaves
// if_not_found, match_mode and search_mode at their defaults (#N/A, exact, first-to-last).
// HyperFormula 3.5 takes an empty if_not_found as the value to return, so a lookup that finds
// nothing shows an empty cell instead of #N/A. Same function, its optional arguments marked
// empty-as-default.
import { HyperFormula, type FunctionPlugin } from 'hyperformula';

type PluginClass = typeof FunctionPlugin & { implementedFunctions: Record<string, { parameters?: { optionalArg?: boolean }[] }> };
interface XLookupMethods {
  xlookup(ast: unknown, state: unknown): unknown;
  xlookupArraySize(ast: unknown, state: unknown): unknown;
}

export function xlookupPlugin(): PluginClass {
  const Base = HyperFormula.getFunctionPlugin('XLOOKUP') as unknown as PluginClass;
  const own = Base.implementedFunctions.XLOOKUP!;
  const base = Base.prototype as unknown as XLookupMethods;
  // HyperFormula looks the methods up on the plugin's own prototype: they are named here.
  return class XLookupPlugin extends Base {
    static override implementedFunctions = {
      XLOOKUP: { ...own, parameters: (own.parameters ?? []).map((p) => (p.optionalArg ? { ...p, emptyAsDefault: true } : p)) },
    };

    xlookup(ast: unknown, state: unknown) {
      return base.xlookup.call(this, ast, state);
    }

    xlookupArraySize(ast: unknown, state: unknown) {
      return base.xlookupArraySize.call(this, ast, state);
    }
  } as unknown as PluginClass;
}
