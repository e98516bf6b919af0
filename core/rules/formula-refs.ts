// Rewrites the cell references inside formula text that sheet objects keep outside the cells
// (conditional-format conditions), so they follow row/column inserts, deletes, moves and cell
// moves like formulas in cells do. Strings are left alone; a reference whose cells were
// deleted becomes #REF!.
import { colToIndex, indexToCol, quoteSheet, splitSheet, type Rect } from '../a1.ts';
import { LAST_COL, LAST_ROW } from '../objects/ranges.ts';
import { shiftIndex, shiftRect, type StructureEdit } from '../workbook/shift.ts';

/** One reference as written: a cell, a rectangle, whole columns or whole rows, maybe sheet-qualified. */
export interface Ref {
  sheet?: string;
  kind: 'cells' | 'cols' | 'rows';
  r0: number;
  c0: number;
  r1: number;
  c1: number;
  /** $ flags per corner: [row0, col0, row1, col1]. */
  abs: [boolean, boolean, boolean, boolean];
}

const SHEET = String.raw`(?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!`;
const CELL = String.raw`\$?[A-Za-z]{1,3}\$?\d{1,7}`;
const COL = String.raw`\$?[A-Za-z]{1,3}`;
const ROW = String.raw`\$?\d{1,7}`;
const TOKEN = new RegExp(String.raw`"(?:[^"]|"")*"|(?<![\w.$])(${SHEET})?(${CELL}(?::${CELL})?|${COL}:${COL}|${ROW}:${ROW})(?![\w.(!])`, 'g');

function parseCorner(text: string): { row?: number; col?: number; absRow: boolean; absCol: boolean } {
  const m = /^(\$?)([A-Za-z]{1,3})?(\$?)(\d+)?$/.exec(text)!;
  const hasCol = m[2] !== undefined;
  return {
    col: hasCol ? colToIndex(m[2]!) : undefined,
    row: m[4] !== undefined ? Number(m[4]) - 1 : undefined,
    absCol: hasCol && m[1] === '$',
    absRow: m[4] !== undefined && (hasCol ? m[3] === '$' : m[1] === '$' || m[3] === '$'),
  };
}

function parseRef(sheetPart: string | undefined, body: string): Ref | null {
  try {
    const sheet = sheetPart ? splitSheet(`${sheetPart}A1`).sheet : undefined;
    const [a, b = a] = body.split(':') as [string, string?] as [string, string];
    const p = parseCorner(a), q = parseCorner(b);
    const kind = p.row === undefined ? 'cols' : p.col === undefined ? 'rows' : 'cells';
    return { sheet, kind, r0: p.row ?? 0, c0: p.col ?? 0, r1: q.row ?? 0, c1: q.col ?? 0, abs: [p.absRow, p.absCol, q.absRow, q.absCol] };
  } catch {
    return null;
  }
}

function corner(row: number | undefined, col: number | undefined, absRow: boolean, absCol: boolean): string {
  return `${col !== undefined ? `${absCol ? '$' : ''}${indexToCol(col)}` : ''}${row !== undefined ? `${absRow ? '$' : ''}${row + 1}` : ''}`;
}

function refText(sheetPart: string | undefined, r: Ref): string {
  const prefix = sheetPart ?? '';
  if (r.kind === 'cols') return `${prefix}${corner(undefined, r.c0, false, r.abs[1])}:${corner(undefined, r.c1, false, r.abs[3])}`;
  if (r.kind === 'rows') return `${prefix}${corner(r.r0, undefined, r.abs[0], false)}:${corner(r.r1, undefined, r.abs[2], false)}`;
  const a = corner(r.r0, r.c0, r.abs[0], r.abs[1]);
  if (r.r0 === r.r1 && r.c0 === r.c1 && r.abs[0] === r.abs[2] && r.abs[1] === r.abs[3]) return `${prefix}${a}`;
  return `${prefix}${a}:${corner(r.r1, r.c1, r.abs[2], r.abs[3])}`;
}

/**
 * Calls fn for every reference (outside string literals); fn returns the new reference, the same
 * one, or null for #REF!. A reference returned with another `sheet` is written qualified with it.
 */
export function mapRefs(formula: string, fn: (ref: Ref) => Ref | null): string {
  return formula.replace(TOKEN, (whole, sheetPart: string | undefined, body: string | undefined) => {
    if (body === undefined) return whole;
    const ref = parseRef(sheetPart, body);
    if (!ref) return whole;
    const out = fn(ref);
    if (!out) return '#REF!';
    const prefix = out.sheet === ref.sheet ? sheetPart : out.sheet === undefined ? undefined : `${quoteSheet(out.sheet)}!`;
    return refText(prefix, out);
  });
}

/** References that name sheet `from` name `to` instead (a sheet was renamed). */
export function renameSheetInFormula(formula: string, from: string, to: string): string {
  return formula.replace(TOKEN, (whole, sheetPart: string | undefined, body: string | undefined) => {
    if (body === undefined || !sheetPart) return whole;
    const ref = parseRef(sheetPart, body);
    return ref?.sheet?.toLowerCase() === from.toLowerCase() ? `${quoteSheet(to)}!${body}` : whole;
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
 * stay (what copying a formula does). A reference pushed off the sheet becomes #REF!.
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
