// POST /cells/move: a cut and paste of a rectangle on one sheet. Values, formulas, styles and
// code outputs travel; the target area is overwritten; references into the block follow it
// (HyperFormula moveCells), references to overwritten cells become #REF! as in a spreadsheet.
import { MAX_COLS, MAX_ROWS, rectToA1, rectsIntersect, type Rect } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import { formulaOf, type Cell } from './cell.ts';
import { contains, cutMerges, mergeRects, setMerges } from './merges.ts';
import type { SheetModel } from './sheet.ts';
import { engineFor } from './structure.ts';
import { moveWrittenTexts } from './written-texts.ts';
import type { Workbook } from './workbook.ts';

export interface BlockMove {
  sheet: SheetModel;
  from: Rect;
  to: { row: number; col: number };
}

export function targetRect(m: BlockMove): Rect {
  return { r0: m.to.row, c0: m.to.col, r1: m.to.row + m.from.r1 - m.from.r0, c1: m.to.col + m.from.c1 - m.from.c0 };
}

/** Every reason the move cannot happen, as a 400 naming source or target; nothing is changed. */
export async function checkBlockMove(wb: Workbook, m: BlockMove): Promise<void> {
  const { from, to, sheet } = m;
  const dest = targetRect(m);
  if (from.r0 === to.row && from.c0 === to.col) throw invalidArg('target', `is the top-left of the source ${rectToA1(from)} itself; nothing would move — give another cell`);
  if (dest.r1 >= MAX_ROWS) throw invalidArg('target', `the ${from.r1 - from.r0 + 1}-row block would run past the last row (${MAX_ROWS}); pick a target higher up`);
  if (dest.c1 >= MAX_COLS) throw invalidArg('target', `the ${from.c1 - from.c0 + 1}-column block would run past the last column (XFD); pick a target further left`);
  const cutSource = cutMerges(sheet, from);
  if (cutSource.length) throw invalidArg('source', `cuts through the merged range ${rectToA1(cutSource[0]!)}; include the whole merge in the source or unmerge it first`);
  const cutTarget = cutMerges(sheet, dest).filter((r) => !contains(from, r));
  if (cutTarget.length) throw invalidArg('target', `the block would cover part of the merged range ${rectToA1(cutTarget[0]!)}; unmerge it first or move the block elsewhere`);
  const engine = await engineFor(wb);
  if (engine?.has(sheet)) {
    const id = engine.hfId(sheet);
    const range = { start: { sheet: id, row: from.r0, col: from.c0 }, end: { sheet: id, row: from.r1, col: from.c1 } };
    if (!engine.hf.isItPossibleToMoveCells(range, { sheet: id, row: to.row, col: to.col })) {
      throw invalidArg('source', 'the block, or the area it would land on, holds part of an array formula\'s spilled result; move the whole spilled range with its formula, or pick another place');
    }
  }
}

/** Moves the block; call checkBlockMove first. Returns how many non-empty target cells were overwritten. */
export async function moveBlock(wb: Workbook, m: BlockMove): Promise<{ overwritten: number }> {
  const { from, to, sheet } = m;
  const dest = targetRect(m);
  const engine = await engineFor(wb);
  await wb.load(sheet, from);
  await wb.load(sheet, dest);
  const h = from.r1 - from.r0 + 1, w = from.c1 - from.c0 + 1;
  const buffer: Cell[][] = [];
  let formulasBefore: number, formulasMoved = 0, overwritten = 0;
  for (let i = 0; i < h; i++) {
    const line: Cell[] = new Array(w);
    for (let j = 0; j < w; j++) {
      const cell = sheet.get(from.r0 + i, from.c0 + j) ?? null;
      line[j] = cell;
      if (formulaOf(cell) !== undefined) formulasMoved++;
    }
    buffer.push(line);
  }
  formulasBefore = formulasMoved;
  for (let r = dest.r0; r <= dest.r1; r++) {
    for (let c = dest.c0; c <= dest.c1; c++) {
      if (r >= from.r0 && r <= from.r1 && c >= from.c0 && c <= from.c1) continue;
      const cell = sheet.get(r, c);
      if (cell === null || cell === undefined) continue;
      overwritten++;
      if (formulaOf(cell) !== undefined) formulasBefore++;
    }
  }
  for (let r = from.r0; r <= from.r1; r++) for (let c = from.c0; c <= from.c1; c++) sheet.set(r, c, null);
  for (let i = 0; i < h; i++) for (let j = 0; j < w; j++) sheet.set(dest.r0 + i, dest.c0 + j, buffer[i]![j]!);
  if (formulasMoved !== formulasBefore) {
    sheet.meta.formulas = Math.max(0, (sheet.meta.formulas ?? 0) + formulasMoved - formulasBefore);
  }
  wb.changes.add(sheet.id, from);
  wb.changes.add(sheet.id, dest);

  if (engine?.has(sheet)) {
    const id = engine.hfId(sheet);
    const changes = engine.hf.moveCells({ start: { sheet: id, row: from.r0, col: from.c0 }, end: { sheet: id, row: from.r1, col: from.c1 } }, { sheet: id, row: to.row, col: to.col });
    wb.applyChanges(changes);
    wb.refreshFormulaTexts();
    // The source area is empty now: a formula whose spill it blocked can spill.
    wb.rescanBlockedSpills(sheet);
    wb.retryBlockedSpills();
  }

  // Merges inside the block travel with it; merges the block lands on are replaced, as pasting does.
  const dr = to.row - from.r0, dc = to.col - from.c0;
  const merges = mergeRects(sheet);
  if (merges.length) {
    const next = merges
      .filter((r) => contains(from, r) || !rectsIntersect(r, dest))
      .map((r) => (contains(from, r) ? { r0: r.r0 + dr, r1: r.r1 + dr, c0: r.c0 + dc, c1: r.c1 + dc } : r));
    setMerges(sheet, next);
  }
  moveWrittenTexts(wb.sheets, sheet, from, to);
  for (const hook of wb.hooks) hook.onMove?.(wb, sheet, from, to);
  return { overwritten };
}
