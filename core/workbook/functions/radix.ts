// BASE and DECIMAL as Excel computes them: the number and the radix are truncated (BASE(12.567, 2)
// is "1100", a radix of 10.9 is 10) and DECIMAL reads digits in either case (DECIMAL("zz", 36) is
// 1295). HyperFormula's wrote the fraction's digits and refused lower-case ones (#NUM!).
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

const num = { argumentType: FunctionArgumentType.NUMBER };
const radix = { ...num, minValue: 2, lessThan: 37 };
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export class RadixPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    BASE: { method: 'base', parameters: [{ ...num, minValue: 0, lessThan: 2 ** 53 }, radix, { ...num, optionalArg: true, minValue: 0, maxValue: 255 }] },
    DECIMAL: { method: 'decimal', parameters: [{ argumentType: FunctionArgumentType.STRING }, radix] },
  };

  base(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('BASE'), (n: number, r: number, minLength?: number) =>
      Math.trunc(n).toString(Math.trunc(r)).toUpperCase().padStart(Math.trunc(minLength ?? 0), '0'),
    );
  }

  decimal(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('DECIMAL'), (text: string, r: number) => {
      const base = Math.trunc(r);
      const digits = text.toUpperCase();
      if (digits.length > 255 || !new RegExp(`^[${DIGITS.slice(0, base)}]+$`).test(digits)) {
        return new CellError(ErrorType.NUM, `DECIMAL: '${text}' is not a base-${base} number`);
      }
      return [...digits].reduce((acc, d) => acc * base + DIGITS.indexOf(d), 0);
    });
  }
}
