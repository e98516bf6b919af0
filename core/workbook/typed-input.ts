// Recognises typed input the way a spreadsheet does: "1,234.5" is a number, "12%" a percentage,
// "2024-01-15" a date, "TRUE" a boolean, "007" the number 7; a leading apostrophe keeps the rest as text.
import { parseValue } from 'numfmt';
import type { Scalar } from './cell.ts';
import type { Style } from './style.ts';
import type { Content } from './workbook.ts';

/** numfmt's built-in format ids -> our format fields (the format typing implies). */
function impliedStyle(formatId: number | undefined, raw: string): Partial<Style> | undefined {
  switch (formatId) {
    case 9:
      return { number_format: 'percent', decimals: 0 };
    case 10:
      return { number_format: 'percent', decimals: 2 };
    case 11:
      return { number_format: 'exponential', decimals: 2 };
    case 5:
    case 6:
    case 7:
    case 8: {
      const symbol = raw.match(/[$€£¥]/)?.[0] ?? '$';
      return { number_format: 'currency', currency_symbol: symbol, decimals: /[.,]\d\d\b/.test(raw) ? 2 : 0 };
    }
    case 14:
    case 15:
    case 16:
    case 17:
      return { date_time: /^\d{4}-\d{2}-\d{2}$/.test(raw.trim()) ? '%Y-%m-%d' : '%m/%d/%Y' };
    case 18:
    case 19:
      return { date_time: '%I:%M %p' };
    case 20:
      return { date_time: '%H:%M' };
    case 21:
      return { date_time: '%H:%M:%S' };
    case 22:
      return { date_time: '%Y-%m-%d %H:%M' };
    // Times with fractions of a second, and elapsed times, as Excel formats them when typed.
    case 45:
      return { format_code: 'mm:ss' };
    case 46:
      return { format_code: '[h]:mm:ss' };
    case 47:
      return { format_code: 'mm:ss.0' };
    default:
      return undefined;
  }
}

/**
 * The content a typed string stands for, as Excel types what is typed into a cell: "03" is the
 * number 3, and a leading apostrophe keeps the rest as text ("'03"). `''` clears the cell.
 * `leadingZerosText`: keep "007" as text (CSV imports, whose columns of codes have no apostrophe).
 */
export function parseTyped(raw: string, opts: { leadingZerosText?: boolean } = {}): Content {
  if (raw === '') return null;
  if (raw.startsWith("'")) return raw.slice(1);
  if (raw.length > 64) return raw;
  const parsed = parseValue(raw) as { value: Scalar; formatId?: number } | null | undefined;
  if (!parsed || parsed.value === undefined || parsed.value === null) return raw;
  if (typeof parsed.value === 'number' && !Number.isFinite(parsed.value)) return raw;
  if (opts.leadingZerosText && /^0\d+$/.test(raw.trim())) return raw;
  const auto = impliedStyle(parsed.formatId, raw);
  // numfmt counts dates as Excel does (1900-02-29 is 60), as our serials do.
  const value = parsed.value;
  return auto ? { v: value, auto } : value;
}
