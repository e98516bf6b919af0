// Reading the text INDIRECT is given: A1 ("B2", "Sheet 2!A1:C3", "'Q1 data'!B:B", "4:4") or, when
// a1 is FALSE, R1C1 ("R2C3", "R[-1]C", relative to the formula's cell).
import { MAX_COLS, MAX_ROWS, colToIndex as colIndex } from '../../a1.ts';

export interface ParsedReference {
  sheet?: string;
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

function parseA1(body: string): Omit<ParsedReference, 'sheet'> | undefined {
  const cells = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})(?::\$?([A-Za-z]{1,3})\$?(\d{1,7}))?$/.exec(body);
  if (cells) {
    const [r0, c0] = [Number(cells[2]) - 1, colIndex(cells[1]!)];
    const [r1, c1] = cells[3] ? [Number(cells[4]) - 1, colIndex(cells[3])] : [r0, c0];
    return { r0: Math.min(r0, r1), c0: Math.min(c0, c1), r1: Math.max(r0, r1), c1: Math.max(c0, c1) };
  }
  const cols = /^\$?([A-Za-z]{1,3}):\$?([A-Za-z]{1,3})$/.exec(body);
  if (cols) return { r0: 0, r1: MAX_ROWS - 1, c0: Math.min(colIndex(cols[1]!), colIndex(cols[2]!)), c1: Math.max(colIndex(cols[1]!), colIndex(cols[2]!)) };
  const rows = /^\$?(\d{1,7}):\$?(\d{1,7})$/.exec(body);
  if (rows) return { c0: 0, c1: MAX_COLS - 1, r0: Math.min(Number(rows[1]), Number(rows[2])) - 1, r1: Math.max(Number(rows[1]), Number(rows[2])) - 1 };
  return undefined;
}

function parseR1C1(body: string, row: number, col: number): Omit<ParsedReference, 'sheet'> | undefined {
  const part = (m: string | undefined, here: number) => (m === undefined || m === '' ? here : m.startsWith('[') ? here + Number(m.slice(1, -1)) : Number(m) - 1);
  const one = (t: string) => {
    const m = /^R(\[-?\d+\]|\d+)?C(\[-?\d+\]|\d+)?$/i.exec(t);
    return m ? { r: part(m[1], row), c: part(m[2], col) } : undefined;
  };
  const [a, b] = body.split(':');
  const p = a !== undefined ? one(a) : undefined;
  const q = b !== undefined ? one(b) : p;
  if (!p || !q) return undefined;
  return { r0: Math.min(p.r, q.r), c0: Math.min(p.c, q.c), r1: Math.max(p.r, q.r), c1: Math.max(p.c, q.c) };
}

export function parseReference(text: string, a1: boolean, row: number, col: number): ParsedReference | undefined {
  const m = /^(?:'((?:[^']|'')+)'|([^'!]+))!(.+)$/.exec(text.trim());
  const sheet = m ? (m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2]) : undefined;
  const body = m ? m[3]! : text.trim();
  let rect: Omit<ParsedReference, 'sheet'> | undefined;
  try {
    rect = a1 ? parseA1(body) : parseR1C1(body, row, col);
  } catch {
    return undefined; // a column past XFD
  }
  if (!rect || rect.r0 < 0 || rect.c0 < 0 || rect.r1 >= MAX_ROWS || rect.c1 >= MAX_COLS) return undefined;
  return { ...rect, ...(sheet !== undefined ? { sheet } : {}) };
}

