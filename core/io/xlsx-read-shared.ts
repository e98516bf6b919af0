// Shared formulas (<f t="shared">): each copy is the master's formula moved to the copy's cell,
// as exceljs moved it (slideFormula), and as copying moves whole columns and rows, which
// exceljs left in place (=NPV(P1, B:B) copied one column right stays B:B).
import { reanchor } from '../formula/move-refs.ts';
import { namesWholeLines } from '../formula/refs.ts';

function letters(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function colNumber(letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + (letters.charCodeAt(i) - 64);
  return n;
}

const CANDIDATE = /(([a-z_\-0-9]*)!)?([a-z0-9_$]{2,})([(])?/gi;
const CELL = /^([$])?([a-z]+)([$])?([1-9][0-9]*)$/i;

/**
 * exceljs's move of a shared formula to one of its cells (slideFormula), by rows and columns: a
 * relative reference moves, a name or function stays. A reference moved off the grid is #REF!.
 */
function slideFormula(formula: string, dr: number, dc: number): string {
  return formula.replace(CANDIDATE, (match: string, sheet: string | undefined, _name: string, addr: string, paren: string | undefined) => {
    if (paren) return match;
    const m = CELL.exec(addr);
    if (!m) return match;
    const colText = m[2]!.toUpperCase();
    if (colText.length > 3 || (colText.length === 3 && colText > 'XFD')) return match;
    const col = colNumber(colText) + (m[1] ? 0 : dc);
    const row = parseInt(m[4]!, 10) + (m[3] ? 0 : dr);
    if (col < 1 || col > 16_384 || row < 1) return `${sheet ?? ''}#REF!`;
    return `${sheet ?? ''}${m[1] ?? ''}${letters(col)}${m[3] ?? ''}${row}`;
  });
}

/** A shared formula's copy `dr` rows and `dc` columns from its master, moved as copying moves it. */
export function sharedCopy(master: string, dr: number, dc: number): string {
  // Whole columns (B:B) and rows (3:5), which exceljs's move leaves in place, move as copying moves them.
  if (master.includes(':') && namesWholeLines(`=${master}`)) return reanchor(`=${master}`, dr, dc).slice(1);
  return slideFormula(master, dr, dc);
}
