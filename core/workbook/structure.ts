// Structural edits of one sheet (insert, delete, move rows or columns), as a spreadsheet does
// them: cells in tiles move, formulas everywhere are re-pointed by HyperFormula, merges, sizes,
// row/column styles and every registered sheet object follow (hooks' onStructure).
import { MAX_COLS, MAX_ROWS } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import { mapRefs, refOnSheet, shiftFormula } from '../formula/move-refs.ts';
import { formulaOf, type Cell } from './cell.ts';
import { forEachFormula } from './spills.ts';
import type { FormulaEngine } from './engine.ts';
import { shiftIndex, type StructureEdit } from './shift.ts';
import type { SheetModel } from './sheet.ts';
import { shiftSheetMeta } from './structure-meta.ts';
import { shiftWrittenTexts } from './written-texts.ts';
import { TILE_COLS, TILE_ROWS, tileOf } from './tile.ts';
import type { Workbook } from './workbook.ts';

export type Axis = 'row' | 'col';

export const axisLimit = (axis: Axis) => (axis === 'row' ? MAX_ROWS : MAX_COLS);

/**
 * The engine that must follow this edit, built first when the file has formulas (so it holds the
 * pre-edit cells). A file whose engine was never built has no formulas and nothing to re-point.
 * Placeholder sheets (present in the engine by name only) get the same edit: their engine copy
 * is empty, so it costs nothing, and any reference to them is kept right; when filled later they
 * are read from the already-shifted tiles.
 */
export async function engineFor(wb: Workbook): Promise<FormulaEngine | undefined> {
  if (wb.engine) return wb.engine;
  return wb.hasFormulas() ? wb.ensureEngine() : undefined;
}

/** Highest used line index on this axis (-1 on an empty sheet). */
function lastUsed(sheet: SheetModel, axis: Axis): number {
  const used = sheet.usedExtent();
  return (axis === 'row' ? used.rows : used.cols) - 1;
}

/** Checks an edit against the sheet's bounds and the engine's rules; throws a 400 naming `field`. */
export async function checkEdit(wb: Workbook, sheet: SheetModel, e: StructureEdit, field: string): Promise<void> {
  const limit = axisLimit(e.axis);
  const noun = e.axis === 'row' ? 'rows' : 'columns';
  if (e.kind === 'insert') {
    if (e.at >= limit) throw invalidArg(field, `the sheet has ${limit} ${noun}; nothing can be inserted after the last one`);
    const last = lastUsed(sheet, e.axis);
    if (last >= e.at && last + e.count >= limit) {
      throw invalidArg(field, `inserting ${e.count} ${noun} would push cells past the sheet's last ${e.axis === 'row' ? 'row' : 'column'} (${limit}); delete or move the cells at the end first, or insert fewer`);
    }
  }
  const engine = await engineFor(wb);
  if (!engine?.has(sheet)) return;
  const hf = engine.hf;
  const id = engine.hfId(sheet);
  const ok =
    e.kind === 'insert' ? (e.axis === 'row' ? hf.isItPossibleToAddRows(id, [e.at, e.count]) : hf.isItPossibleToAddColumns(id, [e.at, e.count]))
    : e.kind === 'delete' ? (e.axis === 'row' ? hf.isItPossibleToRemoveRows(id, [e.at, e.count]) : hf.isItPossibleToRemoveColumns(id, [e.at, e.count]))
    : e.axis === 'row' ? hf.isItPossibleToMoveRows(id, e.from, e.count, e.to) : hf.isItPossibleToMoveColumns(id, e.from, e.count, e.to);
  if (!ok) throw invalidArg(field, `these ${noun} cut through the result of an array formula (a spilled range); move or delete the whole spilled range, or its formula, instead`);
}

/**
 * Applies edits in order (each in the numbering left by the one before) to cells, formulas,
 * sheet meta and sheet objects. Callers validate first (checkEdit) so nothing fails half-way.
 */
export async function applyStructure(wb: Workbook, sheet: SheetModel, edits: StructureEdit[]): Promise<void> {
  const engine = await engineFor(wb);
  for (const e of edits) await remapCells(wb, sheet, e);
  if (engine && engine.has(sheet)) {
    const id = engine.hfId(sheet);
    const changes = engine.hf.batch(() => {
      for (const e of edits) {
        // The tiles are already in their new places; a move comes alone (move_rows_or_columns).
        const reshaped = e.kind === 'move' && edits.length === 1 ? formulasAcrossMove(wb, engine, sheet, e) : [];
        applyToEngine(engine, id, e);
        for (const f of reshaped) keepMovedRanges(engine, sheet, e, f);
      }
    });
    wb.applyChanges(changes);
    wb.refreshFormulaTexts();
    // Deleted or moved lines may have freed the cells a #SPILL! formula was blocked by.
    wb.rescanBlockedSpills(sheet);
    wb.retryBlockedSpills();
  }
  for (const e of edits) {
    shiftWrittenTexts(wb.sheets, sheet, e);
    shiftSheetMeta(sheet, e);
    for (const h of wb.hooks) h.onStructure?.(wb, sheet, e);
  }
  wb.changes.structural.add(sheet.id);
}

interface FormulaAt {
  home: SheetModel;
  /** Where the formula is after the move (its tile position). */
  row: number;
  col: number;
  /** The engine's text of the formula before the edit. */
  text: string;
}

/** Where a line that is at `p` after the move was before it (shiftIndex inverted). */
function beforeMove(p: number, e: Extract<StructureEdit, { kind: 'move' }>): number {
  const { from, count, to } = e;
  if (to < from) {
    if (p >= to && p < to + count) return from + (p - to);
    if (p >= to + count && p < from + count) return p - count;
  } else if (to > from + count) {
    if (p >= to - count && p < to) return from + (p - (to - count));
    if (p >= from && p < to - count) return p + count;
  }
  return p;
}

/**
 * Formulas holding a range on the moved sheet that the move's band [lo, hi) reaches into. The
 * engine moves lines as insert + move + delete, which shrinks a range whose own lines are shuffled
 * (SUM(B2:B5) becomes SUM(B3:B5) when row 5 moves to row 2); these get the rule of shift.ts instead.
 */
function formulasAcrossMove(wb: Workbook, engine: FormulaEngine, sheet: SheetModel, e: Extract<StructureEdit, { kind: 'move' }>): FormulaAt[] {
  const lo = Math.min(e.from, e.to), hi = Math.max(e.from + e.count, e.to);
  const out: FormulaAt[] = [];
  for (const home of wb.sheets) {
    if (!engine.has(home)) continue;
    const hid = engine.hfId(home);
    forEachFormula(home, (row, col) => {
      // The tiles hold the formula where it lands; the engine still has it where it was.
      const moved = home === sheet;
      const pre = { row: moved && e.axis === 'row' ? beforeMove(row, e) : row, col: moved && e.axis === 'col' ? beforeMove(col, e) : col };
      const text = engine.hf.getCellFormula({ sheet: hid, ...pre });
      if (!text) return;
      let across = false;
      mapRefs(text, (ref) => {
        if (!refOnSheet(ref, sheet.name, home === sheet)) return ref;
        const [a, b] = e.axis === 'row' ? (ref.kind === 'cols' ? [0, Infinity] : [ref.r0, ref.r1]) : ref.kind === 'rows' ? [0, Infinity] : [ref.c0, ref.c1];
        if (b > a && a < hi && b >= lo) across = true;
        return ref;
      });
      if (across) out.push({ home, row, col, text });
    });
  }
  return out;
}

/** Rewrites one formula found by formulasAcrossMove as shift.ts moves its references, where the engine differs. */
function keepMovedRanges(engine: FormulaEngine, sheet: SheetModel, e: StructureEdit, f: FormulaAt): void {
  const at = { sheet: engine.hfId(f.home), row: f.row, col: f.col };
  const wanted = shiftFormula(f.text, f.home.name, sheet.name, e);
  if (engine.hf.getCellFormula(at) !== wanted) engine.hf.setCellContents(at, wanted);
}

function applyToEngine(engine: FormulaEngine, id: number, e: StructureEdit): void {
  const hf = engine.hf;
  if (e.kind === 'insert' && e.axis === 'row') hf.addRows(id, [e.at, e.count]);
  else if (e.kind === 'insert') hf.addColumns(id, [e.at, e.count]);
  else if (e.kind === 'delete' && e.axis === 'row') hf.removeRows(id, [e.at, e.count]);
  else if (e.kind === 'delete') hf.removeColumns(id, [e.at, e.count]);
  else if (e.axis === 'row') hf.moveRows(id, e.from, e.count, e.to);
  else hf.moveColumns(id, e.from, e.count, e.to);
}

/** The lines an edit can change: [lo, hi). Lines outside keep their index. */
export function affectedLines(e: StructureEdit): [number, number] {
  if (e.kind === 'move') return [Math.min(e.from, e.to), Math.max(e.from + e.count, e.to)];
  return [e.at, Infinity];
}

/**
 * Rewrites the tiles holding lines in the edit's affected span: every cell there is lifted and
 * put down at its new index (or dropped when its line is deleted). This touches every tile
 * below/right of the edit, as it must: the cells really move.
 */
export async function remapCells(wb: Workbook, sheet: SheetModel, e: StructureEdit): Promise<void> {
  const [lo, hiRaw] = affectedLines(e);
  const hi = Math.min(hiRaw, axisLimit(e.axis));
  const row = e.axis === 'row';
  await wb.load(sheet, row ? { r0: lo, r1: hi - 1, c0: 0, c1: MAX_COLS - 1 } : { r0: 0, r1: MAX_ROWS - 1, c0: lo, c1: hi - 1 });
  const lifted: [number, number, Cell][] = [];
  const span = row ? TILE_ROWS : TILE_COLS;
  for (const [key, tile] of sheet.loadedTiles()) {
    const { tr, tc } = tileOf(key);
    const first = (row ? tr : tc) * span;
    if (first + span <= lo || first >= hi) continue;
    tile.rows.forEach((line, r) => {
      line?.forEach((cell, c) => {
        if (cell === null || cell === undefined) return;
        const R = tr * TILE_ROWS + r, C = tc * TILE_COLS + c;
        const i = row ? R : C;
        if (i >= lo && i < hi) lifted.push([R, C, cell]);
      });
    });
  }
  for (const [R, C] of lifted) sheet.set(R, C, null);
  let dropped = 0;
  for (const [R, C, cell] of lifted) {
    const to = shiftIndex(row ? R : C, e);
    if (to === null || to >= axisLimit(e.axis)) {
      if (formulaOf(cell) !== undefined) dropped++;
      continue;
    }
    if (row) sheet.set(to, C, cell);
    else sheet.set(R, to, cell);
  }
  if (dropped) {
    sheet.meta.formulas = Math.max(0, (sheet.meta.formulas ?? 0) - dropped);
  }
}
