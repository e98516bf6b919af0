// The one number-format engine: a value and a spreadsheet number-format code to the text Excel shows.
// TEXT(), displayed values in reads, CSV export, the viewer and the PDF all come here (cells through
// core/workbook/display.ts). A number under a number code is laid out by ./number-layout.ts (Excel's
// own rules, held to its cached results); dates, times, General and text go to numfmt (an ECMA-376
// formatter written against Excel's output), and this file adds what Excel does beyond it: the 1900 system's 29 February 1900 and the
// 1904 system, no dates outside 0..9999-12-31, en-US separators under a `[$€-407]` tag, fractions that
// round to a whole. The table of Excel's own results it is held to: test/number-format.test.ts.
import { addLocale, format, getLocale, isDateFormat } from 'numfmt';
import { shortDecimalText } from '../numbers.ts';
import { misplacedText } from './number-code.ts';
import { layNumber } from './number-layout.ts';

export interface DateSystemOption {
  /** The file counts dates from 1904-01-01 (Excel's 1904 date system, workbookPr date1904). */
  date1904?: boolean;
}

/** Days between the two systems' serial 0: 1462 in the 1900 system is 1904-01-01. */
export const DAYS_1904 = 1462;
/** 9999-12-31, Excel's last date, in the 1900 system. */
const LAST_SERIAL = 2_958_465;

const OPTIONS = { locale: 'en-US', nbsp: false, throws: true, leap1900: true } as const;

/**
 * Excel writes a lowercase `a/p` as `a` or `p` (and `A/P` as `A` or `P`); numfmt reads only the
 * capital form. Such a code is given to numfmt with AM/PM, in en-US whose AM and PM are `a` and `p`.
 */
const LOWER_AP = 'en-AP';
let lowerApLocale = false;
function lowerAp(): string {
  if (!lowerApLocale) {
    addLocale({ ...getLocale('en-US'), ampm: ['a', 'p'] }, LOWER_AP);
    lowerApLocale = true;
  }
  return LOWER_AP;
}

/** The code with each lowercase `a/p` outside quotes and escapes written AM/PM, or undefined when it has none. */
function withoutLowerAp(code: string): string | undefined {
  let out = '', found = false;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (ch === '"') {
      const end = code.indexOf('"', i + 1);
      const stop = end < 0 ? code.length : end + 1;
      out += code.slice(i, stop);
      i = stop - 1;
    } else if (ch === '\\' || ch === '_' || ch === '*') {
      out += code.slice(i, i + 2);
      i++;
    } else if (ch === '[') {
      const end = code.indexOf(']', i);
      const stop = end < 0 ? code.length : end + 1;
      out += code.slice(i, stop);
      i = stop - 1;
    } else if (code.startsWith('a/p', i)) {
      out += 'AM/PM';
      i += 2;
      found = true;
    } else out += ch;
  }
  return found ? out : undefined;
}

/** What TEXT returns: the text, or the reason for its #VALUE!. */
export type Formatted = { text: string } | { error: string };

const ELAPSED = /\[(h+|m+|s+)\]/i;
const LONE_ELAPSED = /^\[(h+|m+|s+)\]$/i;
const LOCALE_TAG = /\[\$([^\]-]*)-[0-9A-Fa-f]+\]/g;
const cache = new Map<string, Prepared>();

interface Prepared {
  code: string;
  date: boolean;
  /** numfmt's locale for this code (en-US, or en-US with AM/PM written a and p). */
  locale: string;
  /** Excel multiplies by 100 for each % of the code, numfmt once: the rest, given beforehand. */
  scale: number;
  /** The code writes its exponent `e+00` (numfmt reads only `E+00`): the text's E goes back to e. */
  lowerE: boolean;
}

/** A lowercase exponent right after a digit placeholder, outside quotes and escapes: `0.00e+00`. */
const LOWER_E = /("[^"]*"|\\.)|([0#?.])e([+-])/g;

/** How many % signs a one-section number code shows (outside quotes, escapes and brackets). */
function percents(code: string): number {
  if (code.includes(';')) return 0;
  const bare = code.replace(/"[^"]*"|\\.|_.|\*.|\[[^\]]*\]/g, '');
  return (bare.match(/%/g) ?? []).length;
}

/**
 * The code as numfmt should read it. A `[$€-407]` tag names a currency and a locale; Excel takes the
 * locale's month and day names for dates but keeps its own (en-US) separators for numbers, so on a
 * code without dates the locale is dropped and only the symbol stays.
 */
function prepared(code: string): Prepared {
  let hit = cache.get(code);
  if (!hit) {
    const ap = withoutLowerAp(code);
    let date: boolean;
    try {
      date = isDateFormat(ap ?? code);
    } catch {
      date = false;
    }
    const n = date ? 0 : percents(code);
    let shown = ap ?? (date ? code : code.replace(LOCALE_TAG, (_, sym: string) => (sym ? `[$${sym}]` : '')));
    if (date && ELAPSED.test(shown)) shown = elapsedRepeats(shown);
    let lowerE = false;
    if (!date && !/E[+-]/.test(shown)) {
      shown = shown.replace(LOWER_E, (m: string, kept: string | undefined, digit: string, sign: string) => (kept ? m : ((lowerE = true), `${digit}E${sign}`)));
    }
    hit = { code: shown, date, locale: ap ? lowerAp() : OPTIONS.locale, scale: n > 1 ? 100 ** (n - 1) : 1, lowerE };
    if (cache.size > 5000) cache.clear();
    cache.set(code, hit);
  }
  return hit;
}

/**
 * After an elapsed `[h]`, `[m]` or `[s]`, Excel shows a bare `h`, `m` or `s` of the same unit as
 * the elapsed count too (`[s]" or "ss` of 0.0855 is `7384 or 7384`: POI's ElapsedFormatTests.xlsx,
 * Excel-cached); numfmt shows the clock's part, so such a run is bracketed for it.
 */
function elapsedRepeats(code: string): string {
  let out = '';
  let unit: string | undefined;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    const low = ch.toLowerCase();
    if (ch === '"' || ch === '[') {
      const end = code.indexOf(ch === '"' ? '"' : ']', i + 1);
      const stop = end < 0 ? code.length : end + 1;
      const part = code.slice(i, stop);
      const elapsed = LONE_ELAPSED.exec(part);
      if (elapsed) unit = elapsed[1]![0]!.toLowerCase();
      out += part;
      i = stop - 1;
    } else if (ch === '\\' || ch === '_' || ch === '*') {
      out += code.slice(i, i + 2);
      i++;
    } else if (ch === ';') {
      unit = undefined;
      out += ch;
    } else if (unit && low === unit) {
      let j = i;
      while (j < code.length && code[j]!.toLowerCase() === unit) j++;
      out += `[${code.slice(i, j)}]`;
      i = j - 1;
    } else out += ch;
  }
  return out;
}

/**
 * numfmt writes a fraction that rounds up to a whole as `2 1/1` (the whole already carried); Excel
 * shows the whole and blanks the fraction's place: `2    `.
 */
function carriedFraction(text: string): string {
  return text.replace(/(\d)( +)(\d+)\/(\d+)(?!\d)/g, (m: string, d: string, _gap: string, n: string, q: string) => (n === q && n !== '0' ? d + ' '.repeat(m.length - 1) : m));
}

/**
 * `value` formatted with `code` as Excel's TEXT does. Errors are Excel's #VALUE!: a date or time
 * format given a number that is no date Excel can show (negative, or past 9999-12-31), or a code
 * that is not a number format.
 */
export function formatValue(code: string, value: number | string | boolean, opts: DateSystemOption = {}): Formatted {
  if (misplacedText(code)) return { error: `'${code}' is not a number format (with four sections, only the fourth may show text with @)` };
  const p = prepared(code);
  let v = value;
  if (typeof v === 'number' && p.date) {
    // A negative date or time: none in the 1900 system; the 1904 system shows the positive one
    // after a minus sign ([h]:m:s of -0.0855 is -2:3:4).
    if (v < 0) {
      // ...but a code that is one elapsed unit alone ([h], [mm], [ss]) counts down past 0 there too
      // (TEXT(-1,"[h]") is -24, TEXT(-1,"[h]:m") #VALUE!: pycel's text.xlsx, Excel-cached).
      if (!opts.date1904 && !LONE_ELAPSED.test(p.code)) return { error: `the number ${v} is not a date or time Excel can show in the 1900 date system (no negative ones)` };
      const out = formatValue(code, -v, opts);
      return 'text' in out ? { text: `-${out.text}` } : out;
    }
    // Elapsed time ([h]:mm, [ss]) is a duration, which may pass 9999; a date may not.
    if (!ELAPSED.test(p.code)) {
      const last = opts.date1904 ? LAST_SERIAL - DAYS_1904 : LAST_SERIAL;
      if (v >= last + 1) return { error: `the number ${v} is not a date Excel can show (serials 0 to ${last}, 31 December 9999)` };
      // numfmt knows the 1900 system only; the same day is 1462 serials later there.
      if (opts.date1904) v += DAYS_1904;
    }
  }
  if (typeof v === 'number' && !p.date && Number.isFinite(v)) {
    const laid = layNumber(code, v);
    if (laid) return 'text' in laid ? laid : { error: `'${code}' is not a number format (${laid.error})` };
  }
  if (typeof v === 'number' && p.scale !== 1) v *= p.scale;
  let text: string;
  try {
    text = format(p.code, v, { ...OPTIONS, locale: p.locale });
  } catch (err) {
    return { error: `'${code}' is not a number format (${(err as Error).message})` };
  }
  if (p.lowerE) text = text.replace(/E(?=[+-]?\d)/, 'e');
  return { text: p.code.includes('/') && typeof v === 'number' && !p.date ? carriedFraction(text) : text };
}

/**
 * A number as a cell shows it under `code`: formatValue's text; a date Excel cannot show fills the
 * cell with `#` (as Excel's cell does); a code numfmt cannot read shows the number in General.
 */
export function displayValue(code: string, value: number, opts: DateSystemOption = {}): string {
  const out = formatValue(code, value, opts);
  if ('text' in out) return out.text;
  // A date code was read (isDateFormat parsed it), so its only error is a serial out of range.
  return prepared(code).date ? '########' : generalText(value);
}

/** The General format, as a cell of standard width shows a number: up to 11 characters. */
export function generalText(value: number): string {
  // Integers of up to 11 digits show as they are (the common case, and numfmt is slow).
  if (Number.isInteger(value) && value > -1e11 && value < 1e11 && !Object.is(value, -0)) return String(value);
  // So do fractions whose shortest form has at most 11 characters and no exponent (1.5, 0.0625,
  // 123456.789): numfmt gives that same form (test/display.test.ts compares them).
  if (Number.isFinite(value) && !Number.isInteger(value)) {
    const short = shortDecimalText(value);
    if (short !== undefined) {
      if (short.length - (value < 0 ? 1 : 0) <= 11) return short;
    } else {
      const s = String(value < 0 ? -value : value);
      if (s.length <= 11 && !s.includes('e')) return value < 0 ? `-${s}` : s;
    }
  }
  return format('General', value, { ...OPTIONS, throws: false });
}
