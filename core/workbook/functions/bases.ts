// BIN2DEC, BIN2HEX, BIN2OCT, DEC2BIN, DEC2HEX, DEC2OCT, HEX2BIN, HEX2DEC, HEX2OCT, OCT2BIN,
// OCT2DEC and OCT2HEX as Excel computes them, replacing the engine's: at most 10 digits, negative
// numbers in ten-digit two's complement (DEC2BIN -512 to 511, DEC2OCT -2^29 to 2^29-1, DEC2HEX
// -2^39 to 2^39-1, #NUM! outside), decimals truncated, places padding with zeros (#NUM! when too
// few; places 0, an empty cell included, is #NUM!), a logical value #VALUE!, a digit the base lacks #NUM!.
import { CellError, EmptyValue, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { rawNumber, type InternalScalarValue, type InterpreterState, type ProcedureAst } from './shared.ts';

const BASE: Record<string, number> = { BIN: 2, OCT: 8, DEC: 10, HEX: 16 };
const DIGITS: Record<number, RegExp> = { 2: /^[01]*$/, 8: /^[0-7]*$/, 16: /^[0-9A-Fa-f]*$/ };
const numError = (why: string) => new CellError(ErrorType.NUM, why);
const valueError = (why: string) => new CellError(ErrorType.VALUE, why);

/** A number written in base 2, 8 or 16 (text, or a number whose digits are read as written). */
function parseDigits(v: InternalScalarValue, base: number, name: string): number | CellError {
  if (typeof v === 'boolean') return valueError(`${name} takes text or a number, not a logical value`);
  const s = v === EmptyValue ? '' : typeof v === 'string' ? v : String(rawNumber(v) ?? v);
  if (s.length > 10) return numError(`${name}: at most 10 digits`);
  if (!DIGITS[base]!.test(s)) return numError(`${name}: '${s}' is not a base-${base} number`);
  if (!s) return 0;
  const n = parseInt(s, base);
  // Ten digits with the top bit set are a negative number in two's complement.
  return s.length === 10 && n >= base ** 10 / 2 ? n - base ** 10 : n;
}

function decimalOf(v: InternalScalarValue, name: string): number | CellError {
  if (typeof v === 'boolean') return valueError(`${name} takes a number, not a logical value`);
  if (v === EmptyValue) return 0;
  const n = typeof v === 'string' ? (v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined) : rawNumber(v);
  return n === undefined ? valueError(`${name}: '${String(v)}' is not a number`) : Math.trunc(n);
}

function written(n: number, base: number, places: InternalScalarValue | undefined, name: string): string | CellError {
  const half = base ** 10 / 2;
  if (n < -half || n >= half) return numError(`${name}: ${n} is out of range for base ${base}`);
  let p: number | undefined;
  if (places !== undefined) {
    if (typeof places === 'boolean') return valueError(`${name}: places must be a number`);
    const x = places === EmptyValue ? 0 : typeof places === 'string' ? Number(places) : rawNumber(places);
    if (x === undefined || !Number.isFinite(x)) return valueError(`${name}: places must be a number`);
    p = Math.trunc(x);
    if (p < 1 || p > 10) return numError(`${name}: places must be from 1 to 10`);
  }
  // A negative number is always ten digits (places ignored once valid).
  if (n < 0) return (base ** 10 + n).toString(base).toUpperCase();
  const s = n.toString(base).toUpperCase();
  if (p === undefined) return s;
  if (p < s.length) return numError(`${name}: ${s} needs more than ${p} places`);
  return s.padStart(p, '0');
}

const scalar = { argumentType: FunctionArgumentType.SCALAR };
const NAMES = ['BIN', 'OCT', 'DEC', 'HEX'].flatMap((a) => ['BIN', 'OCT', 'DEC', 'HEX'].filter((b) => b !== a).map((b) => `${a}2${b}`));

export class BasesPlugin extends FunctionPlugin {
  static override implementedFunctions = Object.fromEntries(
    NAMES.map((name) => [name, { method: 'convertBase', parameters: name.endsWith('DEC') ? [scalar] : [scalar, { ...scalar, optionalArg: true }] }]),
  );

  convertBase(ast: ProcedureAst, state: InterpreterState) {
    const name = ast.procedureName;
    const [from, to] = name.split('2').map((b) => BASE[b]!) as [number, number];
    return this.runFunction(ast.args, state, this.metadata(name), (v: InternalScalarValue, places?: InternalScalarValue) => {
      if (v instanceof CellError) return v;
      if (places instanceof CellError) return places;
      const n = from === 10 ? decimalOf(v, name) : parseDigits(v, from, name);
      if (n instanceof CellError) return n;
      return to === 10 ? n : written(n, to, places, name);
    });
  }
}
