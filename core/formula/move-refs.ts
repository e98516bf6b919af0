// References that follow edits, as walks over the formula tree: row/column inserts, deletes and
// moves, cell moves, copies to another cell (relative parts move) and sheet renames. Used for
// the formulas kept outside the engine (conditional formats, validations, names, kept formulas)
// and to check the engine's own moves. String literals are never touched.
import { MAX_COLS, MAX_ROWS, type Rect } from '../a1.ts';
import { shiftIndex, shiftRect, type StructureEdit } from '../workbook/shift.ts';
import type { Node, Prefix, RefNode } from './ast.ts';
import { refKind } from './refs.ts';
import { rewrite } from './walk.ts';

/** Sheet bounds (zero-based last row and column). */
const LAST_ROW = MAX_ROWS - 1, LAST_COL = MAX_COLS - 1;

/** One reference as written: a cell, a rectangle, whole columns or whole rows, maybe sheet-qualified. */
export interface Ref {
  sheet?: string;
  kind: 'cells' | 'cols' | 'rows';
  /** Corners as written (not sorted); 0 for the missing part of whole columns or rows. */
  r0: number;
  c0: number;
  r1: number;
  c1: number;
  /** $ flags per corner: [row0, col0, row1, col1]. */
  abs: [boolean, boolean, boolean, boolean];
}

function toRef(n: RefNode): Ref {
  const b = n.b ?? n.a;
  return { ...(n.prefix?.sheet !== undefined ? { sheet: n.prefix.sheet } : {}), kind: refKind(n), r0: n.a.row ?? 0, c0: n.a.col ?? 0, r1: b.row ?? 0, c1: b.col ?? 0, abs: [n.a.rowAbs, n.a.colAbs, b.rowAbs, b.colAbs] };
}

function sameRef(a: Ref, b: Ref): boolean {
  return a.sheet === b.sheet && a.kind === b.kind && a.r0 === b.r0 && a.c0 === b.c0 && a.r1 === b.r1 && a.c1 === b.c1 && a.abs.every((x, i) => x === b.abs[i]);
}

function fromRef(n: RefNode, r: Ref): RefNode {
  const prefix: Prefix | undefined = r.sheet === n.prefix?.sheet ? n.prefix : r.sheet === undefined ? undefined : { sheet: r.sheet };
  const rows = r.kind !== 'cols', cols = r.kind !== 'rows';
  const a = { ...(cols ? { col: r.c0 } : {}), ...(rows ? { row: r.r0 } : {}), rowAbs: rows && r.abs[0], colAbs: cols && r.abs[1] };
  const b = { ...(cols ? { col: r.c1 } : {}), ...(rows ? { row: r.r1 } : {}), rowAbs: rows && r.abs[2], colAbs: cols && r.abs[3] };
  const single = r.kind === 'cells' && r.r0 === r.r1 && r.c0 === r.c1 && r.abs[0] === r.abs[2] && r.abs[1] === r.abs[3];
  return { kind: 'ref', ...(prefix ? { prefix } : {}), a, ...(single ? {} : { b }) };
}

/**
 * Calls fn for every reference to this workbook's cells (not other workbooks', not 3-D spans);
 * fn returns the new reference, the same one, or null for #REF!. A reference returned with
 * another `sheet` is written qualified with it.
 */
export function mapRefs(formula: string, fn: (ref: Ref) => Ref | null): string {
  return rewrite(formula, (n: Node): Node => {
    if (n.kind !== 'ref' || n.prefix?.book !== undefined || n.prefix?.sheet2 !== undefined) return n;
    const ref = toRef(n);
    const out = fn(ref);
    if (!out) return { kind: 'error', code: '#REF!' };
    return sameRef(ref, out) ? n : fromRef(n, out);
  });
}

/** References, names and #REF! that name sheet `from` name `to` instead (a sheet was renamed); 3-D ends too. */
export function renameSheetInFormula(formula: string, from: string, to: string): string {
  const lower = from.toLowerCase();
  return rewrite(formula, (n) => {
    if ((n.kind !== 'ref' && n.kind !== 'name' && n.kind !== 'error' && n.kind !== 'structured') || !n.prefix || n.prefix.book !== undefined) return n;
    const p = n.prefix;
    const hit = (s?: string) => s !== undefined && s.toLowerCase() === lower;
    if (!hit(p.sheet) && !hit(p.sheet2)) return n;
    const { text: _t, span: _s, ...rest } = n;
    return { ...rest, prefix: { ...p, ...(hit(p.sheet) ? { sheet: to } : {}), ...(hit(p.sheet2) ? { sheet2: to } : {}) } } as Node;
  });
}

/** Does the reference point at the sheet (unqualified references point at the formula's own sheet)? */
export function refOnSheet(ref: Ref, sheetName: string, home: boolean): boolean {
  return ref.sheet === undefined ? home : ref.sheet.toLowerCase() === sheetName.toLowerCase();
}

/** References on `sheetName` follow a structural edit of that sheet, as cell formulas do. */
export function shiftFormula(formula: string, home: string, sheetName: string, edit: StructureEdit): string {
  return mapRefs(formula, (ref) => {
    if (!refOnSheet(ref, sheetName, home.toLowerCase() === sheetName.toLowerCase())) return ref;
    const rect = ref.kind === 'cols' ? { r0: 0, r1: LAST_ROW, c0: ref.c0, c1: ref.c1 } : ref.kind === 'rows' ? { r0: ref.r0, r1: ref.r1, c0: 0, c1: LAST_COL } : ref;
    if ((ref.kind === 'cols' && edit.axis === 'row') || (ref.kind === 'rows' && edit.axis === 'col')) return ref;
    const moved = shiftRect({ r0: rect.r0, r1: rect.r1, c0: rect.c0, c1: rect.c1 }, edit);
    return moved ? { ...ref, r0: moved.r0, r1: moved.r1, c0: moved.c0, c1: moved.c1 } : null;
  });
}

/** References wholly inside `from` on `sheetName` follow a cell move to (row, col). */
export function moveFormula(formula: string, home: string, sheetName: string, from: Rect, to: { row: number; col: number }): string {
  const dr = to.row - from.r0, dc = to.col - from.c0;
  return mapRefs(formula, (ref) => {
    if (ref.kind !== 'cells' || !refOnSheet(ref, sheetName, home.toLowerCase() === sheetName.toLowerCase())) return ref;
    const inside = ref.r0 >= from.r0 && ref.r1 <= from.r1 && ref.c0 >= from.c0 && ref.c1 <= from.c1;
    return inside ? { ...ref, r0: ref.r0 + dr, r1: ref.r1 + dr, c0: ref.c0 + dc, c1: ref.c1 + dc } : ref;
  });
}

/**
 * A formula written for the top-left cell of `range` (a conditional format's condition, a
 * validation rule's bounds), after a structural edit of the range's own sheet: when the edit
 * deletes the range's first row or column, the formula is first re-written for the first
 * surviving cell (as spreadsheets keep it relative), then its references shift.
 */
export function shiftAnchoredFormula(formula: string, range: Rect, home: string, edit: StructureEdit): string {
  const first = edit.axis === 'row' ? range.r0 : range.c0;
  const lost = edit.kind === 'delete' && shiftIndex(first, edit) === null ? edit.at + edit.count - first : 0;
  const f = lost ? reanchor(formula, edit.axis === 'row' ? lost : 0, edit.axis === 'col' ? lost : 0) : formula;
  return shiftFormula(f, home, home, edit);
}

/**
 * The formula as written for a cell (dr, dc) away from its origin: relative parts move, $-parts
 * stay (what copying a formula does; shared formulas expand this way). A reference pushed off
 * the sheet becomes #REF!.
 */
export function reanchor(formula: string, dr: number, dc: number): string {
  if (dr === 0 && dc === 0) return formula;
  return mapRefs(formula, (ref) => {
    const out = { ...ref };
    if (ref.kind !== 'cols') {
      if (!ref.abs[0]) out.r0 += dr;
      if (!ref.abs[2]) out.r1 += dr;
    }
    if (ref.kind !== 'rows') {
      if (!ref.abs[1]) out.c0 += dc;
      if (!ref.abs[3]) out.c1 += dc;
    }
    const bad = out.r0 < 0 || out.r1 < 0 || out.c0 < 0 || out.c1 < 0 || out.r1 > LAST_ROW || out.r0 > LAST_ROW || out.c1 > LAST_COL || out.c0 > LAST_COL;
    return bad ? null : out;
  });
}
