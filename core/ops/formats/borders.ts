// Borders. Each edge between two cells is stored once, on the side that was written last, and the
// other cell's facing side is removed in the same write; reads resolve a side as "own, else the
// neighbour's facing side". So an edge reads the same from both cells.
import { MAX_COLS, MAX_ROWS, type Rect } from '../../a1.ts';
import { OpError } from '../../errors.ts';
import { styleOf, withStyle } from '../../workbook/cell.ts';
import { effectiveStyle, effectiveStyleId } from '../../workbook/read.ts';
import type { SheetModel } from '../../workbook/sheet.ts';
import type { Border, Style, StyleTable } from '../../workbook/style.ts';
import type { Workbook } from '../../workbook/workbook.ts';

export type Side = 'top' | 'bottom' | 'left' | 'right';
export const SIDES: Side[] = ['top', 'bottom', 'left', 'right'];
export const BORDER_SIDES = ['all', 'inner', 'outer', 'horizontal', 'vertical', 'left', 'top', 'right', 'bottom', 'clear'] as const;
export type BorderSides = (typeof BORDER_SIDES)[number];

const FACING: Record<Side, { side: Side; dr: number; dc: number }> = {
  top: { side: 'bottom', dr: -1, dc: 0 },
  bottom: { side: 'top', dr: 1, dc: 0 },
  left: { side: 'right', dr: 0, dc: -1 },
  right: { side: 'left', dr: 0, dc: 1 },
};

const key = (s: Side) => `border_${s}` as const;

/** Edits per cell: a border to set, or null to remove that side. */
type Edits = Map<number, { row: number; col: number; sides: Partial<Record<Side, Border | null>> }>;

function edit(edits: Edits, row: number, col: number, side: Side, value: Border | null): void {
  if (row < 0 || col < 0 || row >= MAX_ROWS || col >= MAX_COLS) return;
  const k = row * MAX_COLS + col;
  let e = edits.get(k);
  if (!e) edits.set(k, (e = { row, col, sides: {} }));
  // A set wins over a removal of the same side coming from a neighbour's edge.
  if (value !== null || e.sides[side] === undefined) e.sides[side] = value;
}

/** Puts a border on one side of a cell and removes the neighbour's facing side. */
function setEdge(edits: Edits, row: number, col: number, side: Side, border: Border | null): void {
  edit(edits, row, col, side, border);
  const f = FACING[side];
  edit(edits, row + f.dr, col + f.dc, f.side, null);
}

/** The edits that `sides` asks for on rect (null border = remove). */
export function borderEdits(rect: Rect, sides: Set<BorderSides>, border: Border): Edits {
  const edits: Edits = new Map();
  const has = (...names: BorderSides[]) => names.some((n) => sides.has(n));
  if (has('clear')) {
    for (let r = rect.r0; r <= rect.r1; r++) for (let c = rect.c0; c <= rect.c1; c++) for (const s of SIDES) setEdge(edits, r, c, s, null);
  }
  for (let r = rect.r0; r <= rect.r1; r++) {
    for (let c = rect.c0; c <= rect.c1; c++) {
      if (r === rect.r0 && has('all', 'outer', 'top')) setEdge(edits, r, c, 'top', border);
      if (r === rect.r1 && has('all', 'outer', 'bottom')) setEdge(edits, r, c, 'bottom', border);
      if (c === rect.c0 && has('all', 'outer', 'left')) setEdge(edits, r, c, 'left', border);
      if (c === rect.c1 && has('all', 'outer', 'right')) setEdge(edits, r, c, 'right', border);
      if (r < rect.r1 && has('all', 'inner', 'horizontal')) setEdge(edits, r, c, 'bottom', border);
      if (c < rect.c1 && has('all', 'inner', 'vertical')) setEdge(edits, r, c, 'right', border);
    }
  }
  return edits;
}

/** Applies border edits; each cell's new own style starts from the style it shows now. */
export async function applyBorders(wb: Workbook, sheet: SheetModel, rect: Rect, edits: Edits, maxCells: number): Promise<void> {
  if (edits.size > maxCells) throw new OpError('payload_too_large', `range: ${edits.size} cells would change; at most ${maxCells} per call. Split the range.`, { field: 'range', limit: maxCells });
  await wb.load(sheet, { r0: Math.max(0, rect.r0 - 1), c0: Math.max(0, rect.c0 - 1), r1: Math.min(MAX_ROWS - 1, rect.r1 + 1), c1: Math.min(MAX_COLS - 1, rect.c1 + 1) });
  const memo = new Map<string, number>();
  for (const { row, col, sides } of edits.values()) {
    const cell = sheet.get(row, col);
    const base = effectiveStyleId(sheet, row, col, cell);
    const baseStyle = wb.styles.get(base);
    // Removing a side nobody has is no change: keeps neighbours outside the range untouched.
    const real = SIDES.filter((s) => sides[s] !== undefined && (sides[s] !== null || baseStyle[key(s)] !== undefined));
    if (real.length === 0) continue;
    const memoKey = `${base}|${real.map((s) => `${s}:${JSON.stringify(sides[s])}`).join('|')}`;
    let id = memo.get(memoKey);
    if (id === undefined) {
      const next: Style = { ...baseStyle };
      for (const s of real) {
        const v = sides[s];
        if (v) next[key(s)] = v;
        else delete next[key(s)];
      }
      id = wb.styles.intern(next);
      memo.set(memoKey, id);
    }
    if (styleOf(cell) !== id) sheet.set(row, col, withStyle(cell, id));
  }
}

/** A cell's borders as a person sees them: its own side, else the neighbour's facing side. */
export function resolvedBorders(sheet: SheetModel, styles: StyleTable, row: number, col: number, own: Style): Partial<Record<`border_${Side}`, Border>> {
  const out: Partial<Record<`border_${Side}`, Border>> = {};
  for (const s of SIDES) {
    let b = own[key(s)];
    if (!b) {
      const f = FACING[s];
      const r = row + f.dr, c = col + f.dc;
      if (r >= 0 && c >= 0 && r < MAX_ROWS && c < MAX_COLS) b = neighbourStyle(sheet, styles, r, c)[key(f.side)];
    }
    if (b) out[key(s)] = b;
  }
  return out;
}

/** Callers load one cell around the range they read, so neighbours are always loaded. */
function neighbourStyle(sheet: SheetModel, styles: StyleTable, row: number, col: number): Style {
  return effectiveStyle(sheet, styles, row, col, sheet.get(row, col));
}

/** True when any style of the file carries a border (so reads can skip neighbour lookups). */
export function anyBorders(styles: StyleTable): boolean {
  return styles.toJSON().some((s) => s.border_top || s.border_bottom || s.border_left || s.border_right);
}
