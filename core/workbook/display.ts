// Displayed values: what a person sees in the cell. Our format fields become a spreadsheet
// number-format code (built here), and the number-format engine (core/formats/number-format.ts,
// which TEXT() uses too) renders it.
import { formatColor } from 'numfmt';
import { displayValue, generalText, type DateSystemOption } from '../formats/number-format.ts';
import { isRich, type Cell } from './cell.ts';
import { strftimeToCodeOrNull } from './strftime.ts';
import type { Style } from './style.ts';

/** Every character of a literal (a currency symbol) escaped, so no letter is read as a code. */
function literal(text: string): string {
  let out = '';
  for (const ch of text) out += ch === ' ' ? ' ' : `\\${ch}`;
  return out;
}

function digits(commas: boolean, decimals: number): string {
  const base = commas ? '#,##0' : '0';
  return decimals > 0 ? `${base}.${'0'.repeat(decimals)}` : base;
}

/** Positive section plus the negative section the `negative` style asks for (default minus). */
function withNegative(pos: string, negative: Style['negative'], neg: (body: string) => string = (b) => b): string {
  switch (negative) {
    case 'minus_red':
      return `${pos};[Red]-${neg(pos)}`;
    case 'red':
      return `${pos};[Red]${neg(pos)}`;
    case 'parentheses':
      return `${pos};(${neg(pos)})`;
    case 'parentheses_red':
      return `${pos};[Red](${neg(pos)})`;
    default:
      return pos;
  }
}

function accounting(style: Style): string {
  const sym = literal(style.currency_symbol ?? '$');
  const num = digits(style.numeric_commas ?? true, style.decimals ?? 2);
  const neg = style.negative ?? 'parentheses';
  const red = neg.endsWith('red') ? '[Red]' : '';
  const body = neg.startsWith('parentheses') ? `(${num})` : neg.startsWith('minus') ? `-${num}` : num;
  // Spreadsheets pad the symbol to the left edge of the cell; as text that is one space.
  return `${sym} ${num};${red}${sym} ${body};${sym} "-"`;
}

const HINT_CODES: Record<string, string> = { d: 'yyyy-mm-dd', dt: 'yyyy-mm-dd hh:mm:ss', t: 'hh:mm:ss', p: '0%', c: '$#,##0.00' };

/** The number-format code for a style (and, lacking one, the implicit hint of a formula result). */
export function formatCode(style: Style, hint?: string): string {
  if (style.date_time) return strftimeToCodeOrNull(style.date_time) ?? 'General';
  if (style.format_code) return style.format_code;
  const decimals = style.decimals;
  switch (style.number_format) {
    case 'number':
      return withNegative(digits(style.numeric_commas ?? true, decimals ?? 2), style.negative);
    case 'currency': {
      const sym = literal(style.currency_symbol ?? '$');
      return withNegative(sym + digits(style.numeric_commas ?? true, decimals ?? 2), style.negative);
    }
    case 'accounting':
      return accounting(style);
    case 'percent':
      return withNegative(`${digits(style.numeric_commas ?? false, decimals ?? 2)}%`, style.negative);
    case 'exponential':
      return withNegative(`${digits(false, decimals ?? 2)}E+00`, style.negative);
    case 'text':
      return '@';
    case 'date':
      return 'yyyy-mm-dd';
    case 'time':
      return 'hh:mm:ss';
    case 'datetime':
      return 'yyyy-mm-dd hh:mm:ss';
    default:
      if (decimals !== undefined || style.numeric_commas !== undefined || style.negative !== undefined) {
        return withNegative(digits(style.numeric_commas ?? false, decimals ?? 2), style.negative);
      }
      if (hint && HINT_CODES[hint]) return HINT_CODES[hint]!;
      return 'General';
  }
}

/**
 * Excel's built-in formats 14 and 22 are stored under these codes but shown in the system's short
 * date form, which is m/d/yyyy in the en-US locale the service displays in.
 */
const LOCALE_CODES: Record<string, string> = { 'mm-dd-yy': 'm/d/yyyy', 'm/d/yy h:mm': 'm/d/yyyy h:mm' };

/** Codes of styles already seen (style objects come from the file's interned table and do not change). */
const CODES = new WeakMap<Style, string>();

/**
 * A number as its cell shows it. `dates` is the file's date system (the 1904 system shifts every
 * date by 1462 days); serials count as Excel counts them, 29 February 1900 included.
 */
export function formatNumber(value: number, style: Style, hint?: string, dates?: DateSystemOption): string {
  let code = hint === undefined ? CODES.get(style) : undefined;
  if (code === undefined) {
    code = formatCode(style, hint);
    if (hint === undefined) CODES.set(style, code);
  }
  if (code === 'General' || code === '@') return generalText(value);
  return displayValue(LOCALE_CODES[code] ?? code, value, dates);
}

const NAMED_COLORS: Record<string, string> = {
  black: '#000000', white: '#FFFFFF', red: '#FF0000', green: '#00FF00', blue: '#0000FF', yellow: '#FFFF00', magenta: '#FF00FF', cyan: '#00FFFF',
};

/**
 * The text colour the number format gives this value (a red negative), as #RRGGBB, or undefined
 * when the format sets none. Values shown as text never carry colour.
 */
export function formatTextColor(cell: Cell, style: Style): string | undefined {
  const v = isRich(cell) ? (cell.e !== undefined ? null : cell.v) : cell;
  if (typeof v !== 'number') return undefined;
  const code = formatCode(style, isRich(cell) ? cell.h : undefined);
  if (code === 'General' || code === '@' || !code.includes('[')) return undefined;
  let color: unknown;
  try {
    color = formatColor(code, v, { throws: false });
  } catch {
    return undefined;
  }
  if (typeof color !== 'string') return undefined;
  const named = NAMED_COLORS[color.toLowerCase()];
  if (named) return named;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return undefined;
  return `#${(hex.length === 3 ? [...hex].map((h) => h + h).join('') : hex).toUpperCase()}`;
}

/** The displayed string of a cell under a style, in the file's date system (`dates`). */
export function displayCell(cell: Cell, style: Style, dates?: DateSystemOption): string {
  if (cell === null || cell === undefined) return '';
  if (isRich(cell)) {
    if (cell.e !== undefined) return cell.e;
    return displayScalar(cell.v ?? null, style, cell.h, dates);
  }
  return displayScalar(cell, style, undefined, dates);
}

export function displayScalar(v: string | number | boolean | null, style: Style, hint?: string, dates?: DateSystemOption): string {
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') return v;
  return formatNumber(v, style, hint, dates);
}
