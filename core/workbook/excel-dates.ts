// Dates written with month names, as Excel reads them in text (DATEVALUE, VALUE, "..."+1, criteria):
// "22-May-2011", "22 May 2011", "22-MAY-11", "May 22, 2011", "May-2011" (the 1st). HyperFormula reads
// only the numeric formats of its configuration; a text with a month name is rewritten to
// YYYY-MM-DD (its time, if any, kept) and read by the engine's own parser. Two-digit years are
// 2000-2029 below 30 and 1930-1999 above, as in Excel. A day and month without a year (Excel's
// current year) is not read: the engine's text reading has no clock.
import { HyperFormula, type ConfigParams } from 'hyperformula';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The month a word names (full, or three or more of its first letters; "sept" too), 1-12. */
function monthOf(word: string): number | undefined {
  const w = word.toLowerCase();
  if (w.length < 3) return undefined;
  const i = MONTHS.findIndex((m) => m.startsWith(w) || (w === 'sept' && m === 'september'));
  return i < 0 ? undefined : i + 1;
}

const fullYear = (y: string) => (y.length === 4 ? Number(y) : y.length === 2 ? (Number(y) < 30 ? 2000 : 1900) + Number(y) : NaN);

const SEP = String.raw`(?:\s*[-/ ]\s*|\s*,\s*)`;
const TIME = String.raw`(\s+\d.*)?`;
const DAY_MONTH_YEAR = new RegExp(String.raw`^(\d{1,2})${SEP}([a-z]+)\.?${SEP}(\d{4}|\d{2})${TIME}$`, 'i');
const MONTH_DAY_YEAR = new RegExp(String.raw`^([a-z]+)\.?${SEP}(\d{1,2})${SEP}(\d{4}|\d{2})${TIME}$`, 'i');
const MONTH_YEAR = new RegExp(String.raw`^([a-z]+)\.?${SEP}(\d{4})${TIME}$`, 'i');

/** The text as YYYY-MM-DD (and its time), when it is a date with a month name. */
export function monthNameDate(text: string): string | undefined {
  const s = text.trim().replace(/\s+/g, ' ');
  if (!/[a-z]/i.test(s)) return undefined;
  let m = DAY_MONTH_YEAR.exec(s);
  let parts: [number | undefined, number, number, string | undefined] | undefined;
  if (m) parts = [monthOf(m[2]!), Number(m[1]), fullYear(m[3]!), m[4]];
  else if ((m = MONTH_DAY_YEAR.exec(s))) parts = [monthOf(m[1]!), Number(m[2]), fullYear(m[3]!), m[4]];
  else if ((m = MONTH_YEAR.exec(s))) parts = [monthOf(m[1]!), 1, Number(m[2]), m[3]];
  if (!parts || parts[0] === undefined) return undefined;
  const [month, day, year, time] = parts;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}${time ?? ''}`;
}

type ParseDateTime = ConfigParams['parseDateTime'];

/** The engine's date-and-time parser, with Excel's month-name dates read as well. */
export function excelDateTimeParser(): ParseDateTime {
  const own = HyperFormula.defaultConfig.parseDateTime;
  return (text, dateFormat, timeFormat) => {
    // Text forced with an apostrophe (every text cell the engine is given) is never a date.
    if (text.charCodeAt(0) === 39) return undefined;
    const out = own(text, dateFormat, timeFormat);
    if (out !== undefined || dateFormat === undefined) return out;
    const iso = monthNameDate(text);
    return iso === undefined ? undefined : own(iso, 'YYYY-MM-DD', timeFormat);
  };
}
