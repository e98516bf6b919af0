// Reading a table's rows for query_table: filters (compared as spreadsheets compare: numbers as
// numbers, text without case), sorting with spreadsheet order (numbers, text, booleans, errors,
// blanks last in both directions), and the comparison sort_table uses to reorder the cells.
import { isRich, valueOf, type Cell, type Scalar } from '../workbook/cell.ts';
import { parseTyped } from '../workbook/typed-input.ts';

export const FILTER_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contains', 'not_contains', 'starts_with', 'ends_with', 'blank', 'not_blank', 'in'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface Filter {
  column: number;
  op: FilterOp;
  value?: string;
  values?: string[];
}

/** Sort rank of a value's kind: numbers < text < booleans < errors < blanks. */
function kind(cell: Cell): number {
  if (isRich(cell) && cell.e !== undefined) return 3;
  const v = valueOf(cell);
  if (v === null || v === '') return 4;
  if (typeof v === 'number') return 0;
  if (typeof v === 'string') return 1;
  return 2;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: false });

/** Whether a cell sorts as blank (empty, or empty text). */
export const sortsAsBlank = (cell: Cell): boolean => kind(cell) === 4;

/** Compares two cells for sorting; blanks go last whatever the direction. */
export function compareCells(a: Cell, b: Cell, descending: boolean): number {
  const ka = kind(a), kb = kind(b);
  if (ka === 4 || kb === 4) return ka === kb ? 0 : ka === 4 ? 1 : -1;
  let d: number;
  if (ka !== kb) d = ka - kb;
  else if (ka === 0) d = (valueOf(a) as number) - (valueOf(b) as number);
  else if (ka === 1) d = collator.compare(valueOf(a) as string, valueOf(b) as string);
  else if (ka === 2) d = Number(valueOf(a)) - Number(valueOf(b));
  else d = 0;
  return descending ? -d : d;
}

function typed(text: string): Scalar | null {
  const c = parseTyped(text);
  if (c === null) return null;
  if (typeof c === 'object') return 'v' in c ? c.v : null;
  return c;
}

/** Does the cell (with its displayed text) pass the filter? */
export function passes(cell: Cell, shown: string, f: Filter): boolean {
  const v = isRich(cell) && cell.e !== undefined ? null : valueOf(cell);
  const blank = v === null || v === '';
  if (f.op === 'blank') return blank;
  if (f.op === 'not_blank') return !blank;
  if (f.op === 'in') return (f.values ?? []).some((x) => equal(v, shown, x));
  const target = f.value ?? '';
  if (f.op === 'eq') return equal(v, shown, target);
  if (f.op === 'ne') return !equal(v, shown, target);
  const text = shown.toLowerCase(), t = target.toLowerCase();
  if (f.op === 'contains') return text.includes(t);
  if (f.op === 'not_contains') return !text.includes(t);
  if (f.op === 'starts_with') return text.startsWith(t);
  if (f.op === 'ends_with') return text.endsWith(t);
  if (blank) return false;
  const want = typed(target);
  let d: number;
  if (typeof v === 'number' && typeof want === 'number') d = v - want;
  else if (typeof v === 'number' || typeof want === 'number') return false;
  else d = collator.compare(shown, target);
  if (f.op === 'gt') return d > 0;
  if (f.op === 'gte') return d >= 0;
  if (f.op === 'lt') return d < 0;
  return d <= 0;
}

function equal(v: Scalar | null, shown: string, target: string): boolean {
  if (target === '') return v === null || v === '';
  const want = typed(target);
  if (typeof v === 'number' && typeof want === 'number') return Math.abs(v - want) < 1e-9 * Math.max(1, Math.abs(v));
  if (typeof v === 'boolean' && typeof want === 'boolean') return v === want;
  return shown.toLowerCase() === target.toLowerCase() || (typeof v === 'string' && v.toLowerCase() === target.toLowerCase());
}
