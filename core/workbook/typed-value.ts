// The typed form of a cell's value, beside the displayed string: a JSON number for a number, a
// string for text ("" is text that is empty, null an empty cell), a boolean, {error} for an error
// and {date|time|datetime, serial} for a number a date or time format shows as one.
import { getFormatInfo } from 'numfmt';
import { z } from 'zod';
import { significant15 } from '../numbers.ts';
import { isRich, type Cell } from './cell.ts';
import { formatCode } from './display.ts';
import { displayValue, type DateSystemOption } from '../formats/number-format.ts';
import type { Style } from './style.ts';

export type TypedValue = number | string | boolean | null | { error: string } | { date: string; serial: number } | { time: string; serial: number } | { datetime: string; serial: number };

const ISO = { date: 'yyyy-mm-dd', time: 'hh:mm:ss', datetime: 'yyyy-mm-dd hh:mm:ss' } as const;
const KIND = new Map<string, keyof typeof ISO | null>();

/** date, time or datetime when the format code shows numbers as one, else null (cached per code). */
export function dateKind(code: string): keyof typeof ISO | null {
  let kind = KIND.get(code);
  if (kind === undefined) {
    let type: string | undefined;
    try {
      type = (getFormatInfo(code) as { type?: string }).type;
    } catch {
      type = undefined;
    }
    kind = type === 'date' || type === 'time' || type === 'datetime' ? type : null;
    KIND.set(code, kind);
  }
  return kind;
}

/** Per style (the style table hands out one object per id): whether its numbers show as dates. */
const STYLE_KIND = new WeakMap<Style, keyof typeof ISO | null>();
function styleKind(style: Style): keyof typeof ISO | null {
  let kind = STYLE_KIND.get(style);
  if (kind === undefined) STYLE_KIND.set(style, (kind = dateKind(formatCode(style))));
  return kind;
}

/** The typed value of a cell under its effective style, in the file's date system (`dates`). */
export function typedCell(cell: Cell, style: Style, dates?: DateSystemOption): TypedValue {
  if (cell === null || cell === undefined) return null;
  const rich = isRich(cell);
  if (rich && cell.e !== undefined) return { error: cell.e };
  const v = rich ? (cell.v ?? null) : cell;
  if (typeof v !== 'number') return v;
  const kind = rich && cell.h ? dateKind(formatCode(style, cell.h)) : styleKind(style);
  if (!kind || !Number.isFinite(v)) return significant15(v);
  const text = displayValue(ISO[kind], v, dates);
  return { [kind]: text, serial: significant15(v) } as TypedValue;
}

/** The zod shape of typed values in replies (read_cells, export_data, set_formula, effects). */
export const TypedValueOut = z.union([
  z.number(),
  z.string(),
  z.boolean(),
  z.null(),
  z.object({ error: z.string() }),
  z.object({ date: z.string(), serial: z.number() }),
  z.object({ time: z.string(), serial: z.number() }),
  z.object({ datetime: z.string(), serial: z.number() }),
  z.object({ formula: z.string() }),
]);

export const TypedGridOut = z
  .array(z.array(TypedValueOut))
  .describe('Each value typed: number, text (string; "" is empty text), boolean, null (empty cell), {error}, {date|time|datetime, serial}; with render formula, {formula}.');
