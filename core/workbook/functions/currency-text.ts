// Amounts as text, as Excel writes them:
// - DOLLAR(number, [decimals]): Excel en-US's currency format, "$1,234.57", negatives in
//   parentheses "($1,234.57)"; rounded half away from zero (negative decimals round left of the
//   point, DOLLAR(1234.567, -2) is "$1,200"); more than 127 decimals is #VALUE!.
// - BAHTTEXT(number): the amount in Thai words with บาท (baht) and สตางค์ (satang), ถ้วน when there
//   are no satang, ลบ before a negative amount. A final 1 after a higher digit reads เอ็ด
//   (หนึ่งร้อยเอ็ด, 101), a 2 in the tens ยี่ (ยี่สิบ), a 1 in the tens just สิบ; every six digits
//   end with ล้าน (million).
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { fixed } from './fixed.ts';
import { roundDigits } from './rounding.ts';
import type { InterpreterState, ProcedureAst } from './shared.ts';

export function dollar(n: number, decimalsArg: number): string | CellError {
  const decimals = Math.trunc(decimalsArg);
  if (decimals > 127) return new CellError(ErrorType.VALUE, 'DOLLAR takes at most 127 decimals');
  const rounded = roundDigits(n, decimals, 'half');
  const text = `$${fixed(Math.abs(rounded), decimals, false)}`;
  return rounded < 0 ? `(${text})` : text;
}

const DIGITS = ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'];
const PLACES = ['', 'สิบ', 'ร้อย', 'พัน', 'หมื่น', 'แสน'];

/** Thai words for a whole number of at most six digits; `after` when a higher digit precedes it. */
function thaiBlock(value: number, after: boolean): string {
  let out = '';
  const digits = String(value).split('').map(Number);
  digits.forEach((d, i) => {
    const place = digits.length - 1 - i;
    if (d === 0) return;
    if (place === 1) out += (d === 1 ? '' : d === 2 ? 'ยี่' : DIGITS[d]!) + PLACES[1]!;
    else if (place === 0 && d === 1 && (after || digits.length > 1)) out += 'เอ็ด';
    else out += DIGITS[d]! + PLACES[place]!;
  });
  return out;
}

/** Thai words for a whole number, in blocks of six digits joined by ล้าน. */
function thaiNumber(value: number): string {
  const blocks: number[] = [];
  for (let v = value; v > 0; v = Math.floor(v / 1e6)) blocks.unshift(v % 1e6);
  // The first block is never 0: every later block follows a higher digit.
  return blocks.map((b, i) => thaiBlock(b, i > 0) + (i < blocks.length - 1 ? 'ล้าน' : '')).join('');
}

export function bahtText(n: number): string {
  const satangs = Math.round(roundDigits(Math.abs(n), 2, 'half') * 100);
  const baht = Math.floor(satangs / 100), satang = satangs % 100;
  let text = baht > 0 ? `${thaiNumber(baht)}บาท` : satang > 0 ? '' : `${DIGITS[0]}บาท`;
  text += satang > 0 ? `${thaiNumber(satang)}สตางค์` : 'ถ้วน';
  return n < 0 && (baht > 0 || satang > 0) ? `ลบ${text}` : text;
}

export class CurrencyTextPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    DOLLAR: { method: 'dollar', parameters: [{ argumentType: FunctionArgumentType.NUMBER }, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 2 }] },
    BAHTTEXT: { method: 'bahttext', parameters: [{ argumentType: FunctionArgumentType.NUMBER }] },
  };

  dollar(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('DOLLAR'), dollar);
  }

  bahttext(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('BAHTTEXT'), bahtText);
  }
}
