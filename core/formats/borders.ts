// Borders. Each edge between two cells is stored once, on the side that was written last, and the
// other cell's facing side is removed in the same write; reads resolve a side as "own, else the
// neighbour's facing side". So an edge reads the same from both cells.
import { MAX_COLS, MAX_ROWS, type Rect } from '../a1.ts';
import { OpError } from '../errors.ts';
import { styleOf, withStyle } from '../workbook/cell.ts';
import { effectiveStyleId } from '../workbook/read.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Border, Style, StyleTable } from '../workbook/style.ts';
import type { Workbook } from '../workbook/workbook.ts';

export type Side = 'top' | 'bottom' | 'left' | 'right';
export const SIDES: Side[] = ['top', 'bottom', 'left', 'right'];
export const BORDER_SIDES = ['all', 'inner', 'outer', 'horizontal', 'vertical', 'left', 'top', 'right', 'bottom', 'clear'] as const;
export type BorderSides = (typeof BORDER_SIDES)[number];

/** Per side (index into SIDES): the side facing it on the neighbour, and where that neighbour is. */
const FACING = [
  { side: 1, dr: -1, dc: 0 },
  { side: 0, dr: 1, dc: 0 },
  { side: 3, dr: 0, dc: -1 },
  { side: 2, dr: 0, dc: 1 },
];
const TOP = 0, BOTTOM = 1, LEFT = 2, RIGHT = 3;

export const borderKey = (s: number) => `border_${SIDES[s]}` as `border_${Side}`;

/**
 * Edits per cell (key row * MAX_COLS + col) as two bit masks over SIDES: sides to set to the one
 * border of this call, and sides to remove. A set wins over a removal coming from a neighbour's edge.
 */
export type Edits = Map<number, { set: number; remove: number }>;

function edit(edits: Edits, row: number, col: number, side: number, set: boolean): void {
  if (row < 0 || col < 0 || row >= MAX_ROWS || col >= MAX_COLS) return;
  const k = row * MAX_COLS + col;
  let e = edits.get(k);
  if (!e) edits.set(k, (e = { set: 0, remove: 0 }));
  if (set) {
    e.set |= 1 << side;
    e.remove &= ~(1 << side);
  } else if (!(e.set & (1 << side))) e.remove |= 1 << side;
}

/** Puts a border on one side of a cell (or removes it) and removes the neighbour's facing side. */
function setEdge(edits: Edits, row: number, col: number, side: number, set: boolean): void {
  edit(edits, row, col, side, set);
  const f = FACING[side]!;
  edit(edits, row + f.dr, col + f.dc, f.side, false);
}

/** The edits that `sides` asks for on rect. */
export function borderEdits(rect: Rect, sides: Set<BorderSides>): Edits {
  const edits: Edits = new Map();
  const has = (...names: BorderSides[]) => names.some((n) => sides.has(n));
  if (has('clear')) {
    for (let r = rect.r0; r <= rect.r1; r++) for (let c = rect.c0; c <= rect.c1; c++) for (let s = 0; s < 4; s++) setEdge(edits, r, c, s, false);
  }
  const [outerT, outerB, outerL, outerR] = [has('all', 'outer', 'top'), has('all', 'outer', 'bottom'), has('all', 'outer', 'left'), has('all', 'outer', 'right')];
  const [innerH, innerV] = [has('all', 'inner', 'horizontal'), has('all', 'inner', 'vertical')];
  for (let r = rect.r0; r <= rect.r1; r++) {
    for (let c = rect.c0; c <= rect.c1; c++) {
      if (r === rect.r0 && outerT) setEdge(edits, r, c, TOP, true);
      if (r === rect.r1 && outerB) setEdge(edits, r, c, BOTTOM, true);
      if (c === rect.c0 && outerL) setEdge(edits, r, c, LEFT, true);
      if (c === rect.c1 && outerR) setEdge(edits, r, c, RIGHT, true);
      if (r < rect.r1 && innerH) setEdge(edits, r, c, BOTTOM, true);
      if (c < rect.c1 && innerV) setEdge(edits, r, c, RIGHT, true);
    }
  }
  return edits;
}

/** Which sides a style has a border on, as a mask over SIDES (memoised per style id). */
export function sideMasks(styles: StyleTable): (id: number) => number {
  const memo = new Map<number, number>();
  return (id) => {
    let m = memo.get(id);
    if (m === undefined) {
      const s = styles.get(id);
      m = 0;
      for (let i = 0; i < 4; i++) if (s[borderKey(i)]) m |= 1 << i;
      memo.set(id, m);
    }
    return m;
  };
}

/** Applies border edits; each cell's new own style starts from the style it shows now. */
export async function applyBorders(wb: Workbook, sheet: SheetModel, rect: Rect, edits: Edits, border: Border, maxCells: number): Promise<void> {
  if (edits.size > maxCells) throw new OpError('payload_too_large', `range: ${edits.size} cells would change; at most ${maxCells} per call. Split the range.`, { field: 'range', limit: maxCells });
  await wb.load(sheet, { r0: Math.max(0, rect.r0 - 1), c0: Math.max(0, rect.c0 - 1), r1: Math.min(MAX_ROWS - 1, rect.r1 + 1), c1: Math.min(MAX_COLS - 1, rect.c1 + 1) });
  const mask = sideMasks(wb.styles);
  const memo = new Map<number, number>();
  for (const [k, e] of edits) {
    const row = Math.floor(k / MAX_COLS), col = k % MAX_COLS;
    const cell = sheet.get(row, col);
    const base = effectiveStyleId(sheet, row, col, cell);
    // Removing a side nobody has is no change: neighbours outside the range stay untouched.
    const remove = e.remove & mask(base);
    if (!e.set && !remove) continue;
    const memoKey = base * 256 + e.set * 16 + remove;
    let id = memo.get(memoKey);
    if (id === undefined) {
      const next: Style = { ...wb.styles.get(base) };
      for (let s = 0; s < 4; s++) {
        if (e.set & (1 << s)) next[borderKey(s)] = border;
        else if (remove & (1 << s)) delete next[borderKey(s)];
      }
      id = wb.styles.intern(next);
      memo.set(memoKey, id);
    }
    if (styleOf(cell) !== id) sheet.set(row, col, withStyle(cell, id));
  }
}

/**
 * Resolves the sides a cell lacks from its neighbours' facing sides. Fills `out` per side with a
 * small number standing for the border seen there (-1 for none), equal for equal borders, so runs
 * can compare cells by these numbers; `borderOf` turns them back into borders. The caller loads
 * one cell around the range, so neighbours are loaded.
 */
export class NeighbourBorders {
  private readonly mask: (id: number) => number;
  private readonly byStyleSide = new Map<number, number>();
  private readonly ids = new Map<string, number>();
  private readonly list: Border[] = [];

  constructor(private readonly styles: StyleTable) {
    this.mask = sideMasks(styles);
  }

  resolve(sheet: SheetModel, row: number, col: number, ownId: number, out: number[]): boolean {
    const own = this.mask(ownId);
    let any = false;
    for (let s = 0; s < 4; s++) {
      out[s] = -1;
      if (own & (1 << s)) continue;
      const f = FACING[s]!;
      const r = row + f.dr, c = col + f.dc;
      if (r < 0 || c < 0 || r >= MAX_ROWS || c >= MAX_COLS) continue;
      const nid = effectiveStyleId(sheet, r, c, sheet.get(r, c));
      if (nid && this.mask(nid) & (1 << f.side)) {
        out[s] = this.borderId(nid, f.side);
        any = true;
      }
    }
    return any;
  }

  /** Border fields for the numbers `resolve` produced. */
  fields(ids: number[]): Partial<Record<`border_${Side}`, Border>> {
    const out: Partial<Record<`border_${Side}`, Border>> = {};
    for (let s = 0; s < 4; s++) if (ids[s]! >= 0) out[borderKey(s)] = this.list[ids[s]!];
    return out;
  }

  private borderId(styleId: number, side: number): number {
    const k = styleId * 4 + side;
    let id = this.byStyleSide.get(k);
    if (id === undefined) {
      const border = this.styles.get(styleId)[borderKey(side)]!;
      const text = JSON.stringify(border);
      id = this.ids.get(text);
      if (id === undefined) {
        id = this.list.push(border) - 1;
        this.ids.set(text, id);
      }
      this.byStyleSide.set(k, id);
    }
    return id;
  }
}

/** True when any style of the file carries a border (so reads can skip neighbour lookups). */
export function anyBorders(styles: StyleTable): boolean {
  return styles.toJSON().some((s) => s.border_top || s.border_bottom || s.border_left || s.border_right);
}
