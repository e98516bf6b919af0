// Shared pieces of the row/column ops: how a line is named (column letter C, row number 5, or
// the spans C:E and 2:5), turning names into indices with 400s that name the field, and labels.
import { z } from 'zod';
import { A1Error, indexToCol, parseLine } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import type { Axis } from '../workbook/structure.ts';

export const LineName = z
  .union([z.string().max(20, 'must be at most 20 characters'), z.number().int()])
  .describe('A column letter ("C") or a row number ("5" or 5).');

export const AxisParam = z.enum(['columns', 'rows']).describe('columns or rows.');

export interface LineSpan {
  axis: Axis;
  /** Zero-based, inclusive. */
  from: number;
  to: number;
}

/** "C", "5", 5, "C:E" or "2:5" -> a span of lines on one axis; anything else is a 400 naming field. */
export function parseSpan(value: string | number, field: string, allowSpan = true): LineSpan {
  const text = String(value).trim();
  try {
    const parts = text.split(':');
    if (parts.length === 2 && allowSpan) {
      const a = parseLine(parts[0]!), b = parseLine(parts[1]!);
      if (a.axis !== b.axis) throw new A1Error(`'${text}' mixes a column and a row; use C:E for columns or 2:5 for rows`);
      return { axis: a.axis, from: Math.min(a.index, b.index), to: Math.max(a.index, b.index) };
    }
    if (typeof value === 'number' && value < 1) throw new A1Error(`row ${value} is outside 1..1048576`);
    const one = parseLine(text);
    return { axis: one.axis, from: one.index, to: one.index };
  } catch (err) {
    if (!(err instanceof A1Error)) throw err;
    const forms = allowSpan ? 'a column letter (C), a row number (5), or a span (C:E, 2:5)' : 'a column letter (C) or a row number (5)';
    throw invalidArg(field, `${err.message}; expected ${forms}`);
  }
}

/** Several names that must all be on one axis. */
export function parseSpans(values: (string | number)[], field: string): { axis: Axis; spans: LineSpan[] } {
  const spans = values.map((v, i) => parseSpan(v, `${field}[${i}]`));
  const axis = spans[0]!.axis;
  const other = spans.findIndex((s) => s.axis !== axis);
  if (other >= 0) {
    throw invalidArg(field, `mixes ${axisWord(axis)} (${String(values[0])}) and ${axisWord(spans[other]!.axis)} (${String(values[other])}); give only columns or only rows in one call`);
  }
  return { axis, spans };
}

/** Sorted, merged runs of lines [start, count] (highest first when `descending`). */
export function runsOf(spans: LineSpan[], descending = false): { at: number; count: number }[] {
  const sorted = [...spans].sort((a, b) => a.from - b.from);
  const runs: { at: number; count: number }[] = [];
  for (const s of sorted) {
    const last = runs[runs.length - 1];
    if (last && s.from <= last.at + last.count) last.count = Math.max(last.count, s.to - last.at + 1);
    else runs.push({ at: s.from, count: s.to - s.from + 1 });
  }
  return descending ? runs.reverse() : runs;
}

export function axisWord(axis: Axis): 'rows' | 'columns' {
  return axis === 'row' ? 'rows' : 'columns';
}

export function lineLabel(axis: Axis, index: number): string {
  return axis === 'row' ? String(index + 1) : indexToCol(index);
}

/** "C", "C:E", "5" or "5:7". */
export function spanLabel(axis: Axis, from: number, count: number): string {
  const a = lineLabel(axis, from);
  return count <= 1 ? a : `${a}:${lineLabel(axis, from + count - 1)}`;
}
