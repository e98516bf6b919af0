// The text an agent reads for a result: grids ({range, values}) as typed CSV, one record per sheet
// row at every size, so the number 3 and the text "3" never look alike; everything else as
// compact JSON. The CSV is RFC 4180 (a CSV parser reads it back: quotes doubled, line breaks kept
// inside quotes). Generic over every op: no op is named here.
import { A1Error, indexToCol, parseRange } from '../core/a1.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isGrid = (v: unknown): v is Obj & { range: string; values: unknown[][] } => isObj(v) && typeof v.range === 'string' && Array.isArray(v.values) && v.values.every(Array.isArray);

/** Says how to read a grid's lines; tool texts say it too (prompts/tool-texts.ts). */
export const TYPED_CSV_KEY = '"text", numbers bare, TRUE/FALSE, #ERRORS, dates as serial (shown); RFC 4180';

/** A displayed string that differs from the bare number in more than rounding ($, %, commas, dates). */
const FORMATTED = /[^0-9.\-E+]/;

/** A field RFC 4180 must quote: it holds a comma, a double quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;
/** RFC 4180 quoting: the field in double quotes, each double quote inside doubled. */
const quoted = (s: string) => `"${s.replaceAll('"', '""')}"`;
/** A field that is not text: bare, or quoted whole where RFC 4180 requires it (`"=IF(A1=""x"",1,2)"`). */
const bare = (s: string) => (NEEDS_QUOTES.test(s) ? quoted(s) : s);

/**
 * One cell of typed CSV: text always quoted ("" is empty text; a text that starts with = keeps
 * Excel's apostrophe, "'=A1", so it never reads as a formula), numbers bare (followed by how the
 * cell shows them when a format changes more than rounding: `0.07 (7%)`), TRUE/FALSE, error codes
 * bare, dates and times as their serial and how they show, formulas bare, empty as nothing. A
 * field that is not text is quoted only where RFC 4180 needs it (`"1200 ($1,200.00)"`).
 */
export function typedCellText(typed: unknown, shown: unknown): string {
  if (typed === null || typed === undefined) return '';
  if (typeof typed === 'string') return quoted(typed.startsWith('=') ? `'${typed}` : typed);
  if (typeof typed === 'boolean') return typed ? 'TRUE' : 'FALSE';
  if (typeof typed === 'number') return bare(typeof shown === 'string' && shown !== '' && FORMATTED.test(shown) ? `${typed} (${shown})` : String(typed));
  if (isObj(typed)) {
    if (typeof typed.error === 'string') return typed.error;
    if (typeof typed.formula === 'string') return bare(typed.formula);
    if (typeof typed.serial === 'number') {
      const iso = typed.date ?? typed.time ?? typed.datetime;
      return bare(`${typed.serial} (${typeof shown === 'string' && shown !== '' && shown !== String(typed.serial) ? shown : String(iso)})`);
    }
  }
  return bare(JSON.stringify(typed));
}

/** A cell of a grid that carries no typed form (an op's own rows): its JSON type shows as it is. */
function plainCellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typedCellText(v, undefined);
}

/** rows 4..5, columns C..D — where the lines below sit in the sheet. */
function place(range: string, rows: number, cols: number): string {
  try {
    const ref = parseRange(range);
    return `rows ${ref.rect.r0 + 1}..${ref.rect.r0 + rows}, columns ${indexToCol(ref.rect.c0)}..${indexToCol(ref.rect.c0 + Math.max(cols, 1) - 1)}`;
  } catch (err) {
    if (!(err instanceof A1Error)) throw err;
    return `${rows} rows`;
  }
}

/** A grid as typed CSV under a line naming its range, rows and columns. */
export function gridText(label: string, range: string, values: unknown[][], typed?: unknown[][]): string {
  const cols = values[0]?.length ?? 0;
  const lines = values.map((row, i) => {
    const kinds = typed?.[i];
    return row.map((v, j) => (kinds ? typedCellText(kinds[j], v) : plainCellText(v))).join(',');
  });
  return [`${label}${range}, ${place(range, values.length, cols)} (${TYPED_CSV_KEY}):`, ...lines].join('\n');
}

function blockText(block: Obj & { range: string; values: unknown[][] }, label: string): string {
  const { values, range, errors, typed, ...rest } = block;
  const at = range.includes('!') ? '' : label;
  const parts = [values.length === 0 ? `${at}${range} (no rows)` : gridText(at, range, values, Array.isArray(typed) ? (typed as unknown[][]) : undefined)];
  if (Array.isArray(errors) && errors.length) parts.push(`errors: ${errors.map((e) => { const x = e as Obj; return `${String(x.cell)} ${String(x.error)} (${String(x.message)})`; }).join('; ')}`);
  const extra = Object.entries(rest).filter(([k]) => k !== 'sheet');
  if (extra.length) parts.push(JSON.stringify(Object.fromEntries(extra)));
  return parts.join('\n');
}

/**
 * A grid, or an object holding one a few levels down (a batch action's read, a dry run's result, a
 * spill, a per-file batch's read of several ranges: files[i].results[j].ranges[k]).
 */
function holdsGrid(v: unknown, depth = 0): boolean {
  if (isGrid(v)) return true;
  if (depth >= 5) return false;
  if (Array.isArray(v)) return v.some((x) => holdsGrid(x, depth + 1));
  return isObj(v) && Object.values(v).some((x) => holdsGrid(x, depth + 1));
}

/**
 * Grids anywhere near the top (a block, a list such as `ranges` or a batch's `results`, an object
 * such as a spill or a dry run's `result`) become typed CSV blocks, in order; the rest stays JSON.
 * A list that mixes grids with other replies (a batch of writes and reads) labels each item by
 * its place (`results[1]: ...`), so a batch answers in one form whatever it holds, and no grid
 * travels twice (displayed values and their typed form) as JSON.
 */
export function renderText(data: unknown): string {
  if (!isObj(data)) return JSON.stringify(data) ?? '';
  const sheet = typeof data.sheet === 'string' ? `${data.sheet}!` : '';
  if (isGrid(data)) return blockText(data, sheet);
  const parts: string[] = [];
  const rest: Obj = {};
  const labelOf = (b: Obj) => (typeof b.sheet === 'string' ? `${b.sheet}!` : sheet);
  for (const [k, v] of Object.entries(data)) {
    if (Array.isArray(v) && v.length && v.some((x) => holdsGrid(x))) {
      const mixed = !v.every(isGrid);
      v.forEach((item, i) => {
        const text = isGrid(item) ? blockText(item, labelOf(item)) : renderText(item);
        parts.push(mixed ? `${k}[${i}]: ${text}` : text);
      });
    } else if (isObj(v) && holdsGrid(v)) {
      parts.push(`${k}: ${isGrid(v) ? blockText(v, labelOf(v)) : renderText(v)}`);
    } else rest[k] = v;
  }
  if (!parts.length) return JSON.stringify(data);
  // Every table's first line names its sheet, so `sheet` alone would be a stray line.
  delete rest.sheet;
  return Object.keys(rest).length ? [...parts, JSON.stringify(rest)].join('\n\n') : parts.join('\n\n');
}
