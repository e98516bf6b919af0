// COMPLEX(real, imaginary, [suffix]): a complex number as text ("1.23+9.5121i"), replacing
// HyperFormula's, which refuses an empty suffix where Excel takes "i" (COMPLEX(A1,B1,C1) with C1
// empty). Numbers are written with up to 15 significant digits; 1i and -1i are "i" and "-i".
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { numberText as text, type InterpreterState, type ProcedureAst } from './shared.ts';

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
