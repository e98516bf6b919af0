// Displayed values: what a person sees in the cell. Our format fields become a spreadsheet
// number-format code, and numfmt (the ECMA-376 formatter) renders it.
import { format } from 'numfmt';
import { isRich, type Cell } from './cell.ts';
import type { Style } from './style.ts';

const STRFTIME: Record<string, string> = {
  Y: 'yyyy', y: 'yy', m: 'mm', d: 'dd', e: 'd', B: 'mmmm', b: 'mmm', h: 'mmm', A: 'dddd', a: 'ddd',
  H: 'hh', I: 'hh', M: 'mm', S: 'ss', p: 'AM/PM', '%': '%',
  F: 'yyyy-mm-dd', T: 'hh:mm:ss', D: 'mm/dd/yy', R: 'hh:mm',
};

/** strftime pattern ("%d.%m.%Y") -> format code ("dd.mm.yyyy"). Unknown directives are a user error upstream. */
export function strftimeToCode(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '%' && i + 1 < pattern.length) {
      const d = pattern[++i]!;
      out += d === '%' ? '\\%' : (STRFTIME[d] ?? '');
    } else if (/[A-Za-z0-9"#?@_*\\%]/.test(ch)) out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

export const STRFTIME_DIRECTIVES = Object.keys(STRFTIME);

function groupDigits(commas: boolean, decimals: number): string {
  const base = commas ? '#,##0' : '0';
  return decimals > 0 ? `${base}.${'0'.repeat(decimals)}` : base;
}

function withNegative(pos: string, negative: Style['negative']): string {
  switch (negative) {
    case 'minus_red':
      return `${pos};[Red]-${pos}`;
    case 'red':
      return `${pos};[Red]${pos}`;
    case 'parentheses':
      return `${pos};(${pos})`;
    case 'parentheses_red':
      return `${pos};[Red](${pos})`;
    default:
      return pos;
  }
}

const HINT_CODES: Record<string, string> = { d: 'yyyy-mm-dd', dt: 'yyyy-mm-dd hh:mm:ss', t: 'hh:mm:ss', p: '0%', c: '$#,##0.00' };

/** The number-format code for a style (and, lacking one, the implicit hint of a formula result). */
export function formatCode(style: Style, hint?: string): string {
  if (style.date_time) return strftimeToCode(style.date_time);
  if (style.format_code) return style.format_code;
  const decimals = style.decimals;
  switch (style.number_format) {
    case 'number':
      return withNegative(groupDigits(style.numeric_commas ?? false, decimals ?? 2), style.negative);
    case 'currency': {
      const sym = `"${(style.currency_symbol ?? '$').replace(/"/g, '')}"`;
      return withNegative(sym + groupDigits(style.numeric_commas ?? true, decimals ?? 2), style.negative);
    }
    case 'accounting': {
      const sym = `"${(style.currency_symbol ?? '$').replace(/"/g, '')}"`;
      const num = groupDigits(style.numeric_commas ?? true, decimals ?? 2);
      return `${sym} ${num};${style.negative === 'minus' || style.negative === 'minus_red' ? `${style.negative === 'minus_red' ? '[Red]' : ''}${sym} -${num}` : `${style.negative?.endsWith('red') ? '[Red]' : ''}${sym} (${num})`};${sym} "-"`;
    }
    case 'percent':
      return withNegative(`${groupDigits(style.numeric_commas ?? false, decimals ?? 2)}%`, style.negative);
    case 'exponential':
      return withNegative(`${decimals === 0 ? '0' : `0.${'0'.repeat(decimals ?? 2)}`}E+00`, style.negative);
    case 'text':
      return '@';
    case 'date':
      return 'yyyy-mm-dd';
    case 'time':
      return 'hh:mm:ss';
    case 'datetime':
      return 'yyyy-mm-dd hh:mm:ss';
    default:
      if (hint && HINT_CODES[hint]) return HINT_CODES[hint]!;
      if (decimals !== undefined || style.numeric_commas || style.negative) return withNegative(groupDigits(style.numeric_commas ?? false, decimals ?? 2), style.negative);
      return 'General';
  }
}

export function formatNumber(value: number, style: Style, hint?: string): string {
  const code = formatCode(style, hint);
  if (code === 'General') return formatGeneral(value);
  if (code === '@') return formatGeneral(value);
  try {
    return format(code, value, { nbsp: false, throws: false, invalid: formatGeneral(value) }) as string;
  } catch {
    return formatGeneral(value);
  }
}

/** General format, as spreadsheets show plain numbers: up to 11 significant characters. */
function formatGeneral(value: number): string {
  return format('General', value) as string;
}

/** The displayed string of a cell under a style. */
export function displayCell(cell: Cell, style: Style): string {
  if (cell === null || cell === undefined) return '';
  if (isRich(cell)) {
    if (cell.e !== undefined) return cell.e;
    return displayScalar(cell.v ?? null, style, cell.h);
  }
  return displayScalar(cell, style);
}

export function displayScalar(v: string | number | boolean | null, style: Style, hint?: string): string {
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') return v;
  return formatNumber(v, style, hint);
}
