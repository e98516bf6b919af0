// COMPLEX(real, imaginary, [suffix]): a complex number as text ("1.23+9.5121i"), replacing
// HyperFormula's, which refuses an empty suffix where Excel takes "i" (COMPLEX(A1,B1,C1) with C1
// empty). Numbers are written with up to 15 significant digits; 1i and -1i are "i" and "-i".
// The engine's IM... functions are kept but their results written the same way, with the suffix
// of their arguments: IMCONJUGATE("3+4j") is "3-4j" (the engine always wrote i), and arguments
// mixing i and j are #VALUE!, as in Excel. Which suffixes a function's arguments had is learnt
// while the engine reads them (hf-excel-coercion.ts reports each to `complexSuffixes`).
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin, HyperFormula, SimpleRangeValue } from 'hyperformula';
import { numberText as text, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

export function complexText(re: number, im: number, suffix: string): string {
  if (im === 0) return text(re);
  const imag = im === 1 ? suffix : im === -1 ? `-${suffix}` : `${text(im)}${suffix}`;
  if (re === 0) return imag;
  return `${text(re)}${im > 0 ? '+' : ''}${imag}`;
}

export class ComplexPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    COMPLEX: {
      method: 'complex',
      parameters: [{ argumentType: FunctionArgumentType.NUMBER }, { argumentType: FunctionArgumentType.NUMBER }, { argumentType: FunctionArgumentType.STRING, defaultValue: 'i' }],
    },
  };

  complex(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('COMPLEX'), (re: number, im: number, suffix: string) => {
      const s = suffix === '' ? 'i' : suffix;
      if (s !== 'i' && s !== 'j') return new CellError(ErrorType.VALUE, 'COMPLEX: the suffix must be "i" or "j"');
      return complexText(re, im, s);
    });
  }
}

/** The suffixes of the complex numbers read from text while an IM function runs (hf-excel-coercion.ts adds them). */
export const complexSuffixes: { seen?: Set<string> } = {};

type Method = (this: FunctionPlugin, ast: ProcedureAst, state: InterpreterState) => InterpreterValue;
const engineComplex = HyperFormula.getFunctionPlugin('IMSUM') as unknown as { implementedFunctions: Record<string, { method: string }>; prototype: Record<string, Method> };
const IM_NAMES = Object.keys(engineComplex.implementedFunctions).filter((name) => name.startsWith('IM'));
/** Those whose result is a number, not a complex number. */
const REAL_RESULT = new Set(['IMABS', 'IMAGINARY', 'IMREAL', 'IMARGUMENT']);

/** The engine's complex text ("1.2e-45+3i", "-i") as real and imaginary parts. */
function parseEngineComplex(s: string): [number, number] {
  if (!s.endsWith('i')) return [Number(s), 0];
  const body = s.slice(0, -1);
  let k = -1;
  for (let i = body.length - 1; i > 0; i--) {
    if ((body[i] === '+' || body[i] === '-') && body[i - 1] !== 'e') {
      k = i;
      break;
    }
  }
  const im = k < 0 ? body : body.slice(k);
  return [k < 0 ? 0 : Number(body.slice(0, k)), im === '' || im === '+' ? 1 : im === '-' ? -1 : Number(im)];
}

export class ComplexUnitPlugin extends FunctionPlugin {
  static override implementedFunctions = Object.fromEntries(IM_NAMES.map((name) => [name, { ...engineComplex.implementedFunctions[name]!, method: 'withUnit' }]));

  withUnit(ast: ProcedureAst, state: InterpreterState) {
    const name = ast.procedureName;
    const own = engineComplex.prototype[engineComplex.implementedFunctions[name]!.method]!;
    const outer = complexSuffixes.seen;
    const seen = new Set<string>();
    complexSuffixes.seen = seen;
    let out: InterpreterValue;
    try {
      out = own.call(this, ast, state);
    } finally {
      complexSuffixes.seen = outer;
    }
    if (seen.size > 1) return new CellError(ErrorType.VALUE, `${name}: the arguments mix the suffixes i and j`);
    if (REAL_RESULT.has(name)) return out;
    const suffix = seen.has('j') ? 'j' : 'i';
    const write = (v: unknown) => (typeof v === 'string' ? complexText(...parseEngineComplex(v), suffix) : v);
    return out instanceof SimpleRangeValue ? SimpleRangeValue.onlyValues(out.data.map((row) => row.map(write) as typeof row)) : (write(out) as InterpreterValue);
  }
}
