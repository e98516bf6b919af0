// Cell values to and from the sandbox wire format: dates travel as {d: ISO} both ways, errors
// as their text (#DIV/0!), everything else as JSON scalars.
import { dateFromSerial, dateToSerial, isDateFormat } from 'numfmt';
import { isRich, type Cell } from '../workbook/cell.ts';
import { formatCode } from '../workbook/display.ts';
import type { Style } from '../workbook/style.ts';
import type { Content } from '../workbook/workbook.ts';
import type { WireScalar } from './sandbox/types.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored cell as the code sees it. Time-only values (under one day) stay fractions of a day. */
export function toWire(cell: Cell, style: Style): WireScalar {
  if (cell === null || cell === undefined) return null;
  if (isRich(cell) && cell.e !== undefined) return cell.e;
  const v = isRich(cell) ? (cell.v ?? null) : cell;
  if (typeof v === 'number' && v >= 1 && isDateFormat(formatCode(style, isRich(cell) ? cell.h : undefined))) {
    const [y, m, d, hh, mm, ss] = dateFromSerial(v) as number[];
    const date = `${y}-${pad(m!)}-${pad(d!)}`;
    return { d: hh || mm || ss ? `${date}T${pad(hh!)}:${pad(mm!)}:${pad(ss!)}` : date };
  }
  return v;
}

/** A value from the code as cell content: dates become serial numbers with a date format. */
export function fromWire(v: WireScalar): Content {
  if (v === null || typeof v !== 'object') return v;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(v.d);
  if (!m) return v.d;
  const [y, mo, d, hh, mi, ss] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x)));
  const serial = dateToSerial([y!, mo!, d!, hh!, mi!, ss!]) as number;
  const timed = m[4] !== undefined && (hh || mi || ss);
  return { v: serial, auto: { date_time: timed ? '%Y-%m-%d %H:%M:%S' : '%Y-%m-%d' } };
}
