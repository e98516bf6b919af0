// Reads the cell references out of formula text without building a formula engine, for the
// compact dependency summary of GET /context. String literals are skipped, function names
// that look like cells (LOG10(, ATAN2() are not references, sheet names may be quoted.
import { MAX_ROWS, colToIndex, type Rect } from '../a1.ts';

export interface FormulaRef {
  /** Sheet name as written (unquoted), or undefined for the formula's own sheet. */
  sheet?: string;
  rect: Rect;
}

const COL = String.raw`\$?([A-Za-z]{1,3})`;
const ROW = String.raw`\$?([0-9]{1,7})`;
const SHEET = String.raw`(?:'((?:[^']|'')+)'|([A-Za-z_\u00C0-\uFFFF][A-Za-z0-9_.\u00C0-\uFFFF]*))!`;
// cell[:cell] | col:col | row:row, optionally after Sheet! (sticky: matched at one position)
const REF = new RegExp(`(?:${SHEET})?(?:${COL}${ROW}(?::${COL}${ROW})?|${COL}:${COL}|${ROW}:${ROW})`, 'y');
const BEFORE = /[A-Za-z0-9_.$'!\u00C0-\uFFFF]/;
const AFTER = /[A-Za-z0-9_.(![\u00C0-\uFFFF]/;

function row(d: string): number {
  return Math.min(Number(d), MAX_ROWS) - 1;
}

function col(l: string): number | null {
  try {
    return colToIndex(l);
  } catch {
    return null;
  }
}

function rectOf(m: RegExpExecArray): Rect | null {
  const [, , , c0, r0, c1, r1, wc0, wc1, wr0, wr1] = m;
  if (c0 !== undefined) {
    const a = col(c0), b = c1 !== undefined ? col(c1) : a;
    if (a === null || b === null || Number(r0) < 1) return null;
    const ra = row(r0!), rb = r1 !== undefined ? row(r1) : ra;
    return { r0: Math.min(ra, rb), r1: Math.max(ra, rb), c0: Math.min(a, b), c1: Math.max(a, b) };
  }
  if (wc0 !== undefined) {
    const a = col(wc0), b = col(wc1!);
    if (a === null || b === null) return null;
    return { r0: 0, r1: Infinity, c0: Math.min(a, b), c1: Math.max(a, b) };
  }
  if (Number(wr0) < 1 || Number(wr1) < 1) return null;
  const a = row(wr0!), b = row(wr1!);
  return { r0: Math.min(a, b), r1: Math.max(a, b), c0: 0, c1: Infinity };
}

export function formulaRefs(formula: string): FormulaRef[] {
  const out: FormulaRef[] = [];
  const s = formula;
  let i = s.startsWith('=') ? 1 : 0;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === '"') {
      // String literal; "" is an escaped quote.
      i++;
      while (i < s.length && !(s[i] === '"' && s[i + 1] !== '"')) i += s[i] === '"' ? 2 : 1;
      i++;
      continue;
    }
    if (i > 0 && BEFORE.test(s[i - 1]!)) {
      i++;
      continue;
    }
    REF.lastIndex = i;
    const m = REF.exec(s);
    if (m && !(m.index + m[0].length < s.length && AFTER.test(s[m.index + m[0].length]!))) {
      const rect = rectOf(m);
      if (rect) {
        const sheet = m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2];
        out.push(sheet !== undefined ? { sheet, rect } : { rect });
      }
      i += m[0].length;
      continue;
    }
    // Skip the rest of a word so its tail is not read as a reference (e.g. the "A1" in "XA1(").
    if (/[A-Za-z0-9_.\u00C0-\uFFFF]/.test(ch)) {
      while (i < s.length && /[A-Za-z0-9_.\u00C0-\uFFFF]/.test(s[i]!)) i++;
      continue;
    }
    if (ch === "'") {
      // A quoted name not followed by a reference: skip to its closing quote.
      i++;
      while (i < s.length && !(s[i] === "'" && s[i + 1] !== "'")) i += s[i] === "'" ? 2 : 1;
      i++;
      continue;
    }
    i++;
  }
  return out;
}
