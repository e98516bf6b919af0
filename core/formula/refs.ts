// References of the tree as rectangles: what a reference node covers, and the node again for a
// moved rectangle. Whole columns and rows keep their open ends (Infinity), as Rect does elsewhere.
import type { Rect } from '../a1.ts';
import type { Corner, Node, RefNode } from './ast.ts';
import { visit, tryParse } from './walk.ts';

export type RefKind = 'cells' | 'cols' | 'rows';

export function refKind(n: RefNode): RefKind {
  return n.a.row === undefined ? 'cols' : n.a.col === undefined ? 'rows' : 'cells';
}

/** The rectangle a reference covers (ends in order; open ends Infinity). */
export function refRect(n: RefNode): Rect {
  const b = n.b ?? n.a;
  const kind = refKind(n);
  const r0 = kind === 'cols' ? 0 : Math.min(n.a.row!, b.row!), r1 = kind === 'cols' ? Infinity : Math.max(n.a.row!, b.row!);
  const c0 = kind === 'rows' ? 0 : Math.min(n.a.col!, b.col!), c1 = kind === 'rows' ? Infinity : Math.max(n.a.col!, b.col!);
  return { r0, r1, c0, c1 };
}

/** The reference with its corners at the rectangle's (its $ flags and sheet kept); printed anew. */
export function withRect(n: RefNode, r: Rect): RefNode {
  const kind = refKind(n);
  const b = n.b ?? n.a;
  const corner = (c: Corner, row: number, col: number): Corner => ({ ...c, ...(kind !== 'cols' ? { row } : {}), ...(kind !== 'rows' ? { col } : {}) });
  const single = !n.b && r.r0 === r.r1 && r.c0 === r.c1;
  const a = corner(n.a, r.r0, r.c0);
  const { text: _t, span: _s, ...rest } = n;
  return single ? { ...rest, a } : { ...rest, a, b: corner(b, r.r1, r.c1) };
}

export interface FoundRef {
  /** Sheet as written (unquoted), or undefined for the formula's own sheet. */
  sheet?: string;
  rect: Rect;
}

/** The references a formula names on this workbook's sheets (not other workbooks' nor 3-D spans); none when it does not parse. */
export function referencesOf(formula: string): FoundRef[] {
  const f = tryParse(formula);
  const out: FoundRef[] = [];
  if (f)
    visit(f.body, (n) => {
      if (n.kind !== 'ref' || n.prefix?.book !== undefined || n.prefix?.sheet2 !== undefined) return;
      const sheet = n.prefix?.sheet;
      out.push(sheet !== undefined ? { sheet, rect: refRect(n) } : { rect: refRect(n) });
    });
  return out;
}

/** Does the formula name whole columns or rows (B:B, 3:5) anywhere outside its strings? False when it does not parse. */
export function namesWholeLines(formula: string): boolean {
  const f = tryParse(formula);
  let found = false;
  if (f) visit(f.body, (n) => void (n.kind === 'ref' && refKind(n) !== 'cells' && (found = true)));
  return found;
}

/**
 * Is the text a list of references each on a named sheet, as a print area or print titles are
 * stored ('My sheet'!$A$1:$C$9,Sheet1!$1:$2,Sheet1!$A:$A)? No book, no 3-D span, nothing else.
 */
export function isSheetRefList(text: string): boolean {
  const f = tryParse(text);
  const each = (n: Node): boolean => (n.kind === 'binary' && n.op === ',' ? each(n.left) && each(n.right) : n.kind === 'ref' && n.prefix?.sheet !== undefined && n.prefix.book === undefined && n.prefix.sheet2 === undefined);
  return f !== undefined && !f.lead && !f.trail && each(f.body);
}
