// Numeric dates whose order is not written down: 12/04/2024 is 4 December in the US and 12 April in
// most of the world. A spreadsheet decides by its locale; an agent's file has none, so the order is
// decided per column from every value in it (31/01/2024 can only be day-first), or taken from an
// explicit date_order. A column that fits both orders, or neither, stays text and says so: a
// column never mixes interpretations, and no date is silently read the wrong way round.
import { z } from 'zod';
import { indexToCol } from '../a1.ts';
import { serialOf } from '../workbook/functions/clock.ts';
import type { Content } from '../workbook/workbook.ts';

export const DATE_ORDERS = ['DMY', 'MDY'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export const DateOrderField = z
  .enum(DATE_ORDERS)
  .optional()
  .describe('DMY or MDY for dates like 12/04/2024 (default: per column).');

/** d/m/y or m/d/y with / . or -, a 2- or 4-digit year, and an optional time. */
const NUMERIC_DATE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AaPp])[Mm])?)?$/;

interface Parts {
  a: number;
  b: number;
  year: number;
  sep: string;
  twoDigitYear: boolean;
  time?: { h: number; m: number; s?: number; ampm?: 'a' | 'p' };
}

export function numericDateParts(raw: string): Parts | null {
  if (raw.length > 32) return null;
  const m = NUMERIC_DATE.exec(raw.trim());
  if (!m) return null;
  const twoDigitYear = m[4]!.length === 2;
  const y = Number(m[4]);
  // Excel's two-digit years: 00-29 are 20xx, 30-99 are 19xx.
  const year = twoDigitYear ? (y < 30 ? 2000 + y : 1900 + y) : y;
  const time = m[5] !== undefined ? { h: Number(m[5]), m: Number(m[6]), s: m[7] !== undefined ? Number(m[7]) : undefined, ampm: m[8]?.toLowerCase() as 'a' | 'p' | undefined } : undefined;
  return { a: Number(m[1]), b: Number(m[3]), year, sep: m[2]!, twoDigitYear, time };
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function dayMonth(p: Parts, order: DateOrder): { day: number; month: number } | null {
  const [day, month] = order === 'DMY' ? [p.a, p.b] : [p.b, p.a];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(p.year, month)) return null;
  return { day, month };
}

function timeFraction(t: NonNullable<Parts['time']>): number | null {
  let h = t.h;
  if (t.ampm) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (t.ampm === 'p' ? 12 : 0);
  }
  if (h > 23 || t.m > 59 || (t.s ?? 0) > 59) return null;
  return (h * 3600 + t.m * 60 + (t.s ?? 0)) / 86400;
}

/** Whether the value can be read in this order (a real day of a real month, a real time). */
export function fits(p: Parts, order: DateOrder): boolean {
  return dayMonth(p, order) !== null && (p.time === undefined || timeFraction(p.time) !== null);
}

/** The cell a numeric date becomes in this order (a serial shown as typed), or null when it does not fit. */
export function typedDate(p: Parts, order: DateOrder): Content {
  const dm = dayMonth(p, order);
  const frac = p.time ? timeFraction(p.time) : 0;
  if (!dm || frac === null || p.year < 1900) return null;
  const serial = serialOf(new Date(Date.UTC(p.year, dm.month - 1, dm.day))) + frac;
  const s = p.sep;
  const date = order === 'DMY' ? `%d${s}%m${s}${p.twoDigitYear ? '%y' : '%Y'}` : `%m${s}%d${s}${p.twoDigitYear ? '%y' : '%Y'}`;
  const time = !p.time ? '' : p.time.ampm ? ` %I:%M${p.time.s !== undefined ? ':%S' : ''} %p` : ` %H:%M${p.time.s !== undefined ? ':%S' : ''}`;
  return { v: serial, auto: { date_time: date + time } };
}

interface ColumnEvidence {
  count: number;
  dmy: number;
  mdy: number;
  example?: string;
  onlyDmy?: string;
  onlyMdy?: string;
  header?: string;
}

export type ColumnDecision = DateOrder | 'text';

/**
 * Collects the numeric dates of each column, then decides each column's order: the given one,
 * else the only order every value fits. `origin` is the sheet column of index 0 (for warnings).
 */
export class DateColumns {
  private readonly cols = new Map<number, ColumnEvidence>();
  private decided?: Map<number, ColumnDecision>;

  constructor(private readonly order?: DateOrder) {}

  /** Notes one value of column j; `header` is the column's first value when that is a label. */
  see(j: number, raw: string, header?: string): void {
    const p = numericDateParts(raw);
    if (!p) return;
    let e = this.cols.get(j);
    if (!e) this.cols.set(j, (e = { count: 0, dmy: 0, mdy: 0, example: raw, header }));
    e.count++;
    const d = fits(p, 'DMY'), m = fits(p, 'MDY');
    if (d) e.dmy++;
    if (m) e.mdy++;
    if (d && !m) e.onlyDmy ??= raw;
    if (m && !d) e.onlyMdy ??= raw;
  }

  get any(): boolean {
    return this.cols.size > 0;
  }

  decision(j: number): ColumnDecision | undefined {
    this.decided ??= this.decide();
    return this.decided.get(j);
  }

  private decide(): Map<number, ColumnDecision> {
    const out = new Map<number, ColumnDecision>();
    for (const [j, e] of this.cols) {
      if (this.order) out.set(j, this.order);
      else if (e.dmy === e.count && e.mdy < e.count) out.set(j, 'DMY');
      else if (e.mdy === e.count && e.dmy < e.count) out.set(j, 'MDY');
      else out.set(j, 'text');
    }
    return out;
  }

  /** The cell for a value of column j (a date in the column's order, or the text as it is); undefined when the value is no numeric date. */
  type(j: number, raw: string): Content | undefined {
    const p = numericDateParts(raw);
    if (!p) return undefined;
    const d = this.decision(j);
    if (d === undefined || d === 'text') return raw;
    return typedDate(p, d) ?? raw;
  }

  /** One sentence per column whose numeric dates were not all read as dates. */
  warnings(firstCol: number): string[] {
    const out: string[] = [];
    for (const [j, e] of [...this.cols].sort((x, y) => x[0] - y[0])) {
      const name = `column ${indexToCol(firstCol + j)}${e.header ? ` ("${e.header}")` : ''}`;
      const d = this.decision(j);
      if (this.order) {
        const bad = e.count - (this.order === 'DMY' ? e.dmy : e.mdy);
        if (bad) out.push(`${name}: ${bad} of ${e.count} numeric dates are no dates in date_order ${this.order} (e.g. ${(this.order === 'DMY' ? e.onlyMdy : e.onlyDmy) ?? e.example}); they stay text`);
      } else if (d === 'text') {
        if (e.onlyDmy && e.onlyMdy) out.push(`${name}: numeric dates in both orders (${e.onlyDmy} is day-first, ${e.onlyMdy} month-first); kept as text. Give date_order "DMY" or "MDY" to read them as dates`);
        else if (e.dmy === e.count && e.mdy === e.count) out.push(`${name}: ${e.count} numeric dates such as ${e.example} read as day-first or as month-first; kept as text. Give date_order "DMY" or "MDY" to read them as dates`);
        else out.push(`${name}: ${e.count - Math.max(e.dmy, e.mdy)} of ${e.count} values such as ${e.example} are no dates in either order; kept as text`);
      }
    }
    return out;
  }
}
