// The text an agent reads for a result: grids ({range, values}) as small tables with column letters
// and row numbers, everything else as compact JSON. Generic over every op: no op is named here.
import { A1Error, indexToCol, parseRange } from '../core/a1.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isGrid = (v: unknown): v is Obj & { range: string; values: unknown[][] } => isObj(v) && typeof v.range === 'string' && Array.isArray(v.values) && v.values.every(Array.isArray);

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '\\n');
}

/** | |A|B|\n|1|x|y| — markdown table headed by column letters, rows numbered as in the sheet. */
export function gridTable(range: string, values: unknown[][]): string {
  let r0 = 0, c0 = 0;
  try {
    const ref = parseRange(range);
    r0 = ref.rect.r0;
    c0 = ref.rect.c0;
  } catch (err) {
    if (!(err instanceof A1Error)) throw err;
  }
  const cols = values[0]?.length ?? 0;
  const head = `| |${Array.from({ length: cols }, (_, j) => indexToCol(c0 + j)).join('|')}|`;
  const lines = values.map((row, i) => `|${r0 + i + 1}|${row.map(cellText).join('|')}|`);
  return [head, ...lines].join('\n');
}

/** Grids past this many cells are written as CSV: no row-number column or pipes, ~30% fewer tokens than a table. */
export const CSV_FROM_CELLS = 200;

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A big grid as CSV, one line per sheet row from the range's first row. */
export function gridCsv(range: string, values: unknown[][]): string {
  let first = 1, cols = '';
  try {
    const ref = parseRange(range);
    first = ref.rect.r0 + 1;
    cols = `, columns ${indexToCol(ref.rect.c0)}..${indexToCol(ref.rect.c0 + (values[0]?.length ?? 1) - 1)}`;
  } catch (err) {
    if (!(err instanceof A1Error)) throw err;
  }
  const lines = values.map((row) => row.map(csvCell).join(','));
  return [`CSV, rows ${first}..${first + values.length - 1}${cols}:`, ...lines].join('\n');
}

function blockText(block: Obj & { range: string; values: unknown[][] }, label: string): string {
  const { values, range, errors, ...rest } = block;
  const parts = [`${range.includes('!') ? '' : label}${range}${values.length === 0 ? ' (no rows)' : ''}`];
  const cells = values.length * (values[0]?.length ?? 0);
  if (values.length) parts.push(cells > CSV_FROM_CELLS ? gridCsv(range, values) : gridTable(range, values));
  if (Array.isArray(errors) && errors.length) parts.push(`errors: ${errors.map((e) => { const x = e as Obj; return `${String(x.cell)} ${String(x.error)} (${String(x.message)})`; }).join('; ')}`);
  const extra = Object.entries(rest).filter(([k]) => k !== 'sheet');
  if (extra.length) parts.push(JSON.stringify(Object.fromEntries(extra)));
  return parts.join('\n');
}

export function renderText(data: unknown): string {
  if (!isObj(data)) return JSON.stringify(data) ?? '';
  const sheet = typeof data.sheet === 'string' ? `${data.sheet}!` : '';
  if (isGrid(data)) return blockText(data, sheet);
  const tables: string[] = [];
  const rest: Obj = {};
  for (const [k, v] of Object.entries(data)) {
    if (Array.isArray(v) && v.length && v.every(isGrid)) {
      for (const b of v) tables.push(blockText(b, typeof b.sheet === 'string' ? `${b.sheet}!` : sheet));
    } else rest[k] = v;
  }
  if (!tables.length) return JSON.stringify(data);
  return [...tables, JSON.stringify(rest)].join('\n\n');
}
