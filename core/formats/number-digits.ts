// Digits of a number as Excel rounds them (to 15 significant digits, then half away from zero at
// the places a format shows), and the placing of digits into a run of placeholders (0, #, ?).
import type { Tok } from './number-code.ts';

/** A non-negative number rounded to `places` decimals: its whole digits ('' for none) and exactly `places` decimals. */
export function roundedDigits(v: number, places: number): { whole: string; frac: string } {
  if (v === 0 || !Number.isFinite(v)) return { whole: '', frac: '0'.repeat(places) };
  const [m, e] = v.toExponential(14).split('e') as [string, string];
  let digits = m.replace('.', '');
  let point = Number(e) + 1; // the number is 0.<digits> × 10^point
  const keep = point + places;
  if (keep < 0) return { whole: '', frac: '0'.repeat(places) };
  if (keep < digits.length) {
    const up = digits.charCodeAt(keep) >= 53; // '5'
    digits = digits.slice(0, keep);
    if (up) {
      const bumped = increment(digits);
      if (bumped.length > digits.length) point++;
      digits = bumped;
    }
  } else digits = digits.padEnd(keep, '0');
  if (point <= 0) return { whole: '', frac: ('0'.repeat(-point) + digits).slice(0, places).padEnd(places, '0') };
  const whole = digits.slice(0, point).padEnd(point, '0').replace(/^0+/, '');
  return { whole, frac: digits.slice(point, point + places).padEnd(places, '0') };
}

/** A string of decimal digits plus one ('' is 0, so gives '1'). */
function increment(digits: string): string {
  const a = digits.split('');
  for (let i = a.length - 1; i >= 0; i--) {
    if (a[i] === '9') a[i] = '0';
    else {
      a[i] = String.fromCharCode(a[i]!.charCodeAt(0) + 1);
      return a.join('');
    }
  }
  return '1' + a.join('');
}

/** What a placeholder shows where the number has no digit: 0 a zero, ? a space, # nothing. */
export const emptyPlace = (c: '0' | '#' | '?') => (c === '0' ? '0' : c === '?' ? ' ' : '');

/**
 * Whole-number digits laid into `toks` (placeholders and the literals between them) from the
 * right: the leftmost placeholder takes every digit left over. With `grouping`, a comma follows
 * each digit (or shown zero) that has a multiple of three digits after it.
 */
export function layWhole(toks: Tok[], digits: string, grouping: boolean): string {
  const count = toks.filter((t) => t.t === 'digit').length;
  const len = digits.length;
  let out = '';
  let seen = 0;
  const put = (ch: string, pos: number) => {
    out += ch;
    // a `?` with no digit pads the separator's place too
    if (grouping && pos > 1 && (pos - 1) % 3 === 0 && ch !== '') out += ch === ' ' ? ' ' : ',';
  };
  for (const t of toks) {
    if (t.t !== 'digit') {
      if (t.t === 'lit') out += t.s;
      else if (t.t === 'dot') out += '.';
      else if (t.t === 'pct') out += '%';
      else if (t.t === 'slash') out += '/';
      continue;
    }
    const pos = count - seen++;
    if (pos === count && len > count) {
      for (let i = 0; i <= len - count; i++) put(digits[i]!, len - i);
    } else if (pos <= len) put(digits[len - pos]!, pos);
    else put(emptyPlace(t.c), pos);
  }
  return out;
}

/**
 * Decimal digits laid into `toks` from the left. Trailing zeros are the placeholders' to show:
 * a `0` shows a zero, a `#` nothing, a `?` a space (`#.##00#0` shows .456789 as .45678900).
 */
export function layFraction(toks: Tok[], frac: string): string {
  const shown = frac.replace(/0+$/, '');
  let out = '';
  let i = 0;
  for (const t of toks) {
    if (t.t === 'digit') {
      out += i < shown.length ? shown[i] : emptyPlace(t.c);
      i++;
    } else if (t.t === 'lit') out += t.s;
    else if (t.t === 'dot') out += '.';
    else if (t.t === 'pct') out += '%';
    else if (t.t === 'slash') out += '/';
  }
  return out;
}
