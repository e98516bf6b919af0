// Lets OFFSET take computed arguments. HyperFormula 3.5 reads OFFSET while parsing, as a fixed
// reference, and refuses any OFFSET whose arguments are not number literals (OFFSET(A1,B1,0) is a
// parse error, so such formulas could not be entered or computed). Here those become an ordinary
// call of OFFSET, which our plugin evaluates when the formula runs (functions/references.ts);
// OFFSETs of literals stay fixed references, with their exact dependencies. HyperFormula keeps
// the name OFFSET out of reach of registerFunctionPlugin; the plugin goes into the registry's slot
// for it, from which every engine loads it.
import { HyperFormula, type FunctionPluginDefinition } from 'hyperformula';

interface ParserProto {
  handleOffsetHeuristic(this: ParserThis, args: unknown[]): unknown;
}
interface ParserThis {
  customParsingError?: { type?: string };
}

let patched = false;

export function patchDynamicOffset(plugin: FunctionPluginDefinition): void {
  if (patched) return;
  patched = true;
  // Neither the parser nor the registry class is exported; a throwaway engine leads to both.
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
  const parser = (probe as unknown as { _parser?: { formulaParser?: object } })._parser?.formulaParser;
  const registry = (probe as unknown as { _functionRegistry?: { constructor: { _protectedPlugins?: Map<string, unknown> } } })._functionRegistry?.constructor;
  probe.destroy();
  registry?._protectedPlugins?.set('OFFSET', plugin);
  const proto = parser ? (Object.getPrototypeOf(parser) as ParserProto) : undefined;
  if (!proto?.handleOffsetHeuristic) return;
  const original = proto.handleOffsetHeuristic;
  proto.handleOffsetHeuristic = function (this: ParserThis, args: unknown[]) {
    const before = this.customParsingError;
    const out = original.call(this, args);
    if (this.customParsingError !== before && this.customParsingError?.type === 'StaticOffsetError' && Array.isArray(args) && args.length >= 3 && args.length <= 5) {
      this.customParsingError = before;
      return { type: 'FUNCTION_CALL', procedureName: 'OFFSET', args };
    }
    return out;
  };
}
