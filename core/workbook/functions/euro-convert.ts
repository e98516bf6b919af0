// EUROCONVERT(number, source, target, [full_precision], [triangulation_precision]): an amount between
// the euro and the legacy currencies of its members, at the EU's fixed rates, as Excel's Euro
// Currency Tools compute it. Without full_precision the result is rounded to the target currency's
// calculation precision (Excel's table: PTE and GRD to whole units, as BEF, LUF, ESP and ITL);
// triangulation_precision (3 or more) rounds the intermediate euro amount to that many decimals.
// Excel knows only the codes of its table: later members (CYP, MTL, SKK, ...) are #VALUE!.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { roundDigits } from './rounding.ts';
import type { InterpreterState, ProcedureAst } from './shared.ts';

/** Units of each currency per euro, and the decimals a result in it is rounded to. */
const EURO_RATES: Record<string, { rate: number; decimals: number }> = {
  EUR: { rate: 1, decimals: 2 },
  BEF: { rate: 40.3399, decimals: 0 },
  LUF: { rate: 40.3399, decimals: 0 },
  DEM: { rate: 1.95583, decimals: 2 },
  ESP: { rate: 166.386, decimals: 0 },
  FRF: { rate: 6.55957, decimals: 2 },
  IEP: { rate: 0.787564, decimals: 2 },
  ITL: { rate: 1936.27, decimals: 0 },
  NLG: { rate: 2.20371, decimals: 2 },
  ATS: { rate: 13.7603, decimals: 2 },
  PTE: { rate: 200.482, decimals: 0 },
  FIM: { rate: 5.94573, decimals: 2 },
  GRD: { rate: 340.75, decimals: 0 },
  SIT: { rate: 239.64, decimals: 2 },
};

const valueError = (why: string) => new CellError(ErrorType.VALUE, why);

export function euroConvert(n: number, source: string, target: string, fullPrecision: boolean, triangulation: number | undefined): number | CellError {
  const from = EURO_RATES[source.trim().toUpperCase()], to = EURO_RATES[target.trim().toUpperCase()];
  if (!from || !to) return valueError(`EUROCONVERT knows ${Object.keys(EURO_RATES).join(', ')}`);
  const places = triangulation === undefined ? undefined : Math.trunc(triangulation);
  if (places !== undefined && places < 3) return valueError('EUROCONVERT: triangulation_precision must be 3 or more');
  if (from === to) return n;
  let euros = n / from.rate;
  // Converting from the euro there is no intermediate amount to round.
  if (places !== undefined && from.rate !== 1) euros = roundDigits(euros, places, 'half');
  const out = euros * to.rate;
  return fullPrecision ? out : roundDigits(out, to.decimals, 'half');
}

export class EuroConvertPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    EUROCONVERT: {
      method: 'euroconvert',
      parameters: [
        { argumentType: FunctionArgumentType.NUMBER },
        { argumentType: FunctionArgumentType.STRING },
        { argumentType: FunctionArgumentType.STRING },
        { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: false },
        { argumentType: FunctionArgumentType.NUMBER, optionalArg: true },
      ],
    },
  };

  euroconvert(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('EUROCONVERT'), euroConvert);
  }
}
