// A1 notation: cells, rectangles, whole rows/columns, sheet-qualified references.
// Indices are zero-based internally; A1 strings are what every door speaks.

/** Sheet bounds: the same as Excel's, so xlsx files round-trip. */
export const MAX_ROWS = 1_048_576;
export const MAX_COLS = 16_384; // XFD

export interface CellAddr {
  row: number;
  col: number;
}

/** An inclusive rectangle. Whole columns/rows keep their open end as Infinity until resolved. */
export interface Rect {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

export interface ParsedRef {
  sheet?: string;
  rect: Rect;
  /** 'cells' = A1 or A1:B2, 'cols' = A:C, 'rows' = 2:5 */
  kind: 'cells' | 'cols' | 'rows';
}

export class A1Error extends Error {}

export function colToIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) throw new A1Error(`'${letters}' is not a column letter`);
    n = n * 26 + (code - 64);
  }
  if (n < 1 || n > MAX_COLS) throw new A1Error(`column '${letters}' is outside A..XFD`);
  return n - 1;
}

export function indexToCol(index: number): string {
  let s = '';
  let n = index + 1;
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export function cellToA1(addr: CellAddr): string {
  return `${indexToCol(addr.col)}${addr.row + 1}`;
}

export function rectToA1(r: Rect): string {
  const a = cellToA1({ row: r.r0, col: r.c0 });
  if (r.r0 === r.r1 && r.c0 === r.c1) return a;
  return `${a}:${cellToA1({ row: r.r1, col: r.c1 })}`;
}

/** Quotes a sheet name for use in a reference when it needs it: 'My Sheet'!A1. */
export function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !/^[A-Za-z]{1,3}[0-9]+$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

export function qualified(sheet: string | undefined, a1: string): string {
  return sheet === undefined ? a1 : `${quoteSheet(sheet)}!${a1}`;
}

const CELL_RE = /^\$?([A-Za-z]{1,3})\$?([0-9]{1,7})$/;
const COL_RE = /^\$?([A-Za-z]{1,3})$/;
const ROW_RE = /^\$?([0-9]{1,7})$/;

function parseRow(digits: string): number {
  const n = Number(digits);
  if (n < 1 || n > MAX_ROWS) throw new A1Error(`row ${digits} is outside 1..${MAX_ROWS}`);
  return n - 1;
}

/** Splits "Sheet!A1:B2" / "'My ''x'''!A:B" into sheet and the local part. */
export function splitSheet(ref: string): { sheet?: string; local: string } {
  const s = ref.trim();
  if (s.startsWith("'")) {
    let i = 1;
    let name = '';
    while (i < s.length) {
      if (s[i] === "'") {
        if (s[i + 1] === "'") {
          name += "'";
          i += 2;
          continue;
        }
        break;
      }
      name += s[i++];
    }
    if (s[i] !== "'" || s[i + 1] !== '!') throw new A1Error(`'${ref}' has an unterminated quoted sheet name`);
    if (!name) throw new A1Error(`'${ref}' has an empty sheet name`);
    return { sheet: name, local: s.slice(i + 2) };
  }
  const bang = s.lastIndexOf('!');
  if (bang < 0) return { local: s };
  const sheet = s.slice(0, bang);
  if (!sheet) throw new A1Error(`'${ref}' has an empty sheet name`);
  return { sheet, local: s.slice(bang + 1) };
}

export function parseCell(ref: string): { sheet?: string; addr: CellAddr } {
  const { sheet, local } = splitSheet(ref);
  const m = CELL_RE.exec(local);
  if (!m) throw new A1Error(`'${ref}' is not an A1 cell (like B3 or Sheet2!B3)`);
  return { sheet, addr: { row: parseRow(m[2]!), col: colToIndex(m[1]!) } };
}

/** Parses A1, A1:C10, A:C, 2:5 (each optionally sheet-qualified). Corners are normalised. */
export function parseRange(ref: string): ParsedRef {
  const { sheet, local } = splitSheet(ref);
  const parts = local.split(':');
  if (parts.length > 2 || parts.some((p) => p === '')) throw new A1Error(`'${ref}' is not an A1 range (like A1:C10, A:C or 2:5)`);
  const [a, b = a] = parts as [string, string?] as [string, string];
  const ca = CELL_RE.exec(a);
  const cb = CELL_RE.exec(b);
  if (ca && cb) {
    const r0 = parseRow(ca[2]!);
    const r1 = parseRow(cb[2]!);
    const c0 = colToIndex(ca[1]!);
    const c1 = colToIndex(cb[1]!);
    return { sheet, kind: 'cells', rect: { r0: Math.min(r0, r1), r1: Math.max(r0, r1), c0: Math.min(c0, c1), c1: Math.max(c0, c1) } };
  }
  if (parts.length === 2) {
    const xa = COL_RE.exec(a);
    const xb = COL_RE.exec(b);
    if (xa && xb) {
      const c0 = colToIndex(xa[1]!);
      const c1 = colToIndex(xb[1]!);
      return { sheet, kind: 'cols', rect: { r0: 0, r1: Infinity, c0: Math.min(c0, c1), c1: Math.max(c0, c1) } };
    }
    const ya = ROW_RE.exec(a);
    const yb = ROW_RE.exec(b);
    if (ya && yb) {
      const r0 = parseRow(ya[1]!);
      const r1 = parseRow(yb[1]!);
      return { sheet, kind: 'rows', rect: { r0: Math.min(r0, r1), r1: Math.max(r0, r1), c0: 0, c1: Infinity } };
    }
  }
  throw new A1Error(`'${ref}' is not an A1 range (like A1:C10, Sheet2!A:C or 2:5)`);
}

/** Clamps open ends (whole rows/columns) to the given used extent; an empty sheet gives A1. */
export function resolveRect(rect: Rect, used: { rows: number; cols: number }): Rect {
  return {
    r0: rect.r0,
    c0: rect.c0,
    r1: rect.r1 === Infinity ? Math.max(rect.r0, used.rows - 1) : rect.r1,
    c1: rect.c1 === Infinity ? Math.max(rect.c0, used.cols - 1) : rect.c1,
  };
}

export function rectSize(r: Rect): { rows: number; cols: number } {
  return { rows: r.r1 - r.r0 + 1, cols: r.c1 - r.c0 + 1 };
}

export function rectContains(r: Rect, row: number, col: number): boolean {
  return row >= r.r0 && row <= r.r1 && col >= r.c0 && col <= r.c1;
}

export function rectsIntersect(a: Rect, b: Rect): boolean {
  return a.r0 <= b.r1 && b.r0 <= a.r1 && a.c0 <= b.c1 && b.c0 <= a.c1;
}

/** A column letter ("C") or a one-based row number ("5" or 5) as used by the structure ops. */
export function parseLine(at: string | number): { axis: 'col' | 'row'; index: number } {
  const s = String(at).trim();
  if (/^[0-9]+$/.test(s)) return { axis: 'row', index: parseRow(s) };
  if (/^[A-Za-z]{1,3}$/.test(s)) return { axis: 'col', index: colToIndex(s) };
  throw new A1Error(`'${s}' is neither a column letter (like C) nor a row number (like 5)`);
}
