// What a spreadsheet's fill handle puts in each new cell of a line, given the source cells of that
// line: formulas are copied round (relative references moved), numbers continue their linear
// trend (Excel's AutoFill: two or more numbers; one number is copied unless a series is asked
// for), dates step by days, months or years, "Item 1" counts on, weekday and month names continue
// their cycle, anything else repeats. Positions count from the first source cell: the source is
// 0..k-1, a fill down or right continues at k, a fill up or left goes back from -1.
import { isDateFormat } from 'numfmt';
import { significant15 } from '../numbers.ts';
import { dateOfSerial, serialOf } from '../workbook/functions/clock.ts';
import { formulaOf, isRich, valueOf, type Cell } from '../workbook/cell.ts';
import type { Style } from '../workbook/style.ts';
import type { Content } from '../workbook/workbook.ts';
import { copiedContent, isComputed } from './range-edit.ts';

export type FillSeries = 'auto' | 'copy' | 'linear';

/** A line's rule: the content at position p. */
export type LineFill = (p: number) => Content;

const mod = (a: number, n: number) => ((a % n) + n) % n;
/** Float noise never reaches a cell: 0.1 + 0.2 continues as 0.3. */
const clean = significant15;

const LISTS = [
  ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
];

/** The same case as `like` (MONDAY, monday or Monday). */
function caseLike(word: string, like: string): string {
  if (like === like.toUpperCase() && like !== like.toLowerCase()) return word.toUpperCase();
  if (like === like.toLowerCase()) return word.toLowerCase();
  return word;
}

/** Least-squares line through (i, ys[i]); exact for an arithmetic run. */
function trend(ys: number[]): { a: number; b: number } {
  const k = ys.length;
  const mx = (k - 1) / 2;
  const my = ys.reduce((s, y) => s + y, 0) / k;
  let num = 0, den = 0;
  ys.forEach((y, i) => {
    num += (i - mx) * (y - my);
    den += (i - mx) ** 2;
  });
  const b = den ? num / den : 0;
  return { a: my - b * mx, b };
}

const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();

/** A date serial `months` after `serial`, the day kept (or the month's last day), the time kept. */
function addMonths(serial: number, months: number): number {
  const d = dateOfSerial(serial);
  const m = monthIndex(d) + months;
  const y = Math.floor(m / 12), mo = mod(m, 12);
  const last = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), last);
  return serialOf(new Date(Date.UTC(y, mo, day))) + (serial - Math.floor(serial));
}

function dateFill(values: number[]): LineFill {
  const k = values.length;
  if (k === 1) return (p) => values[0]! + p;
  const dates = values.map(dateOfSerial);
  const sameDay = dates.every((d) => d.getUTCDate() === dates[0]!.getUTCDate());
  const steps = dates.slice(1).map((d, i) => monthIndex(d) - monthIndex(dates[i]!));
  if (sameDay && steps[0] !== 0 && steps.every((s) => s === steps[0])) return (p) => addMonths(values[0]!, steps[0]! * p);
  const { a, b } = trend(values);
  return (p) => clean(a + b * p);
}

function isDate(cell: Cell, style: Style): boolean {
  if (isRich(cell) && (cell.h === 'd' || cell.h === 'dt')) return true;
  if (style.date_time) return true;
  return style.format_code !== undefined && isDateFormat(style.format_code);
}

/** "Item 7", "Q1", "A001": text with a trailing whole number. */
const COUNTED = /^(.*?)(\d{1,15})(\D*)$/;

function countedFill(texts: string[]): LineFill | undefined {
  const parts = texts.map((t) => COUNTED.exec(t));
  if (parts.some((m) => !m)) return undefined;
  const [head, , tail] = [parts[0]![1]!, parts[0]![2]!, parts[0]![3]!];
  if (parts.some((m) => m![1] !== head || m![3] !== tail)) return undefined;
  const ns = parts.map((m) => Number(m![2]));
  const width = parts[0]![2]!.length;
  const step = ns.length === 1 ? 1 : (ns[ns.length - 1]! - ns[0]!) / (ns.length - 1);
  if (!Number.isInteger(step) || ns.some((n, i) => n !== ns[0]! + step * i)) return undefined;
  return (p) => {
    const n = Math.abs(ns[0]! + step * p);
    const digits = String(n);
    return `${head}${width > 1 && parts[0]![2]![0] === '0' ? digits.padStart(width, '0') : digits}${tail}`;
  };
}

function listFill(texts: string[]): LineFill | undefined {
  for (const list of LISTS) {
    const idx = texts.map((t) => list.findIndex((w) => w.toLowerCase() === t.toLowerCase()));
    if (idx.some((i) => i < 0)) continue;
    const step = idx.length === 1 ? 1 : mod(idx[1]! - idx[0]!, list.length);
    if (idx.some((i, n) => i !== mod(idx[0]! + step * n, list.length))) return undefined;
    return (p) => caseLike(list[mod(idx[0]! + step * p, list.length)]!, texts[0]!);
  }
  return undefined;
}

/**
 * The fill rule for one line of source cells (in fill order, first source cell at position 0).
 * `styleOf` gives a cell's effective style (dates are numbers with a date format); `vertical`
 * says which way a copied formula moves.
 */
export function lineFill(src: Cell[], series: FillSeries, styleOf: (c: Cell) => Style, vertical: boolean): LineFill {
  const k = src.length;
  const copy: LineFill = (p) => {
    const q = mod(p, k);
    return vertical ? copiedContent(src[q], p - q, 0) : copiedContent(src[q], 0, p - q);
  };
  if (series === 'copy' || src.some((c) => formulaOf(c) !== undefined && !isComputed(c))) return copy;
  const values = src.map((c) => valueOf(c));
  if (values.every((v) => typeof v === 'number')) {
    const nums = values as number[];
    if (src.every((c) => isDate(c, styleOf(c)))) return series === 'auto' || k > 1 ? dateFill(nums) : (p) => nums[0]! + p;
    if (k === 1) return series === 'linear' ? (p) => clean(nums[0]! + p) : copy;
    const { a, b } = trend(nums);
    return (p) => clean(a + b * p);
  }
  if (values.every((v) => typeof v === 'string' && v !== '')) {
    const texts = values as string[];
    return listFill(texts) ?? countedFill(texts) ?? copy;
  }
  return copy;
}
