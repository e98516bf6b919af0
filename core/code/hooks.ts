// Code cells as sheet objects: they follow structural edits, clears, moves, sheet copies and
// find/replace; before every commit the cells whose inputs changed are queued to run again
// (reruns.ts), and after it what it changed is remembered for runs under way (read-log.ts). Work
// that needs tiles loaded is left in pending.ts for beforeCommit.
import { randomUUID } from 'node:crypto';
import { rectContains, type Rect } from '../a1.ts';
import type { SheetObjectHooks, TextReplace } from '../workbook/hooks.ts';
import { shiftIndex, shiftRect, type StructureEdit } from '../workbook/shift.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { anchorA1, codeCells, edgeRect, setCodeCells, type CodeCell } from './model.ts';
import { pend } from './pending.ts';
import { rememberWrite } from './read-log.ts';
import { beforeCommit } from './reruns.ts';
import { shiftCodeRefs } from './rewrite.ts';
import { occupies, replaceInCode } from './seams.ts';

function moveTo(wb: Workbook, cc: CodeCell, row: number, col: number): void {
  const p = pend(wb);
  if (!p.relabel.has(cc.id)) p.relabel.set(cc.id, anchorA1(cc));
  cc.row = row;
  cc.col = col;
}

function removeCell(wb: Workbook, sheet: SheetModel, cc: CodeCell, spill: Rect | null): void {
  const p = pend(wb);
  const label = p.relabel.get(cc.id) ?? anchorA1(cc);
  if (spill) p.orphans.push({ sheetId: sheet.id, rect: spill, label });
  setCodeCells(sheet, codeCells(sheet).filter((c) => c !== cc));
}

function onStructure(wb: Workbook, sheet: SheetModel, edit: StructureEdit): void {
  for (const cc of [...codeCells(sheet)]) {
    const spill = cc.spill ? shiftRect(cc.spill, edit) : null;
    const row = edit.axis === 'row' ? shiftIndex(cc.row, edit) : cc.row;
    const col = edit.axis === 'col' ? shiftIndex(cc.col, edit) : cc.col;
    if (row === null || col === null) {
      removeCell(wb, sheet, cc, spill);
      continue;
    }
    if (row !== cc.row || col !== cc.col) moveTo(wb, cc, row, col);
    cc.spill = spill ?? { r0: row, c0: col, r1: row, c1: col };
  }
  for (const s of wb.sheets) {
    for (const cc of codeCells(s)) {
      const code = shiftCodeRefs(cc.code, cc.language, s.name, sheet.name, edit);
      if (code !== cc.code) {
        cc.code = code;
        pend(wb).rerun.add(cc.id);
      }
      if (!cc.reads?.some((e) => e.sheet_id === sheet.id)) continue;
      const before = cc.reads.length;
      cc.reads = cc.reads.flatMap((e) => {
        if (e.sheet_id !== sheet.id) return [e];
        const r = shiftRect(edgeRect(e), edit);
        return r ? [{ sheet_id: e.sheet_id, r0: r.r0, c0: r.c0, r1: r.r1 === Infinity ? null : r.r1, c1: r.c1 === Infinity ? null : r.c1 }] : [];
      });
      if (cc.reads.length < before) pend(wb).rerun.add(cc.id);
    }
  }
}

function onClear(wb: Workbook, sheet: SheetModel, rect: Rect): void {
  for (const cc of [...codeCells(sheet)]) if (rectContains(rect, cc.row, cc.col)) removeCell(wb, sheet, cc, cc.spill ?? null);
}

function onMove(wb: Workbook, sheet: SheetModel, from: Rect, to: { row: number; col: number }): void {
  const dr = to.row - from.r0, dc = to.col - from.c0;
  const dest: Rect = { r0: to.row, c0: to.col, r1: from.r1 + dr, c1: from.c1 + dc };
  for (const cc of [...codeCells(sheet)]) {
    if (rectContains(from, cc.row, cc.col)) {
      const spill = cc.spill ?? { r0: cc.row, c0: cc.col, r1: cc.row, c1: cc.col };
      const whole = spill.r0 >= from.r0 && spill.r1 <= from.r1 && spill.c0 >= from.c0 && spill.c1 <= from.c1;
      const label = pend(wb).relabel.get(cc.id) ?? anchorA1(cc);
      // Result cells left behind are cleared, and the code cell runs again to spill whole.
      if (!whole) {
        pend(wb).orphans.push({ sheetId: sheet.id, rect: spill, label });
        pend(wb).rerun.add(cc.id);
      }
      moveTo(wb, cc, cc.row + dr, cc.col + dc);
      cc.spill = whole ? { r0: spill.r0 + dr, c0: spill.c0 + dc, r1: spill.r1 + dr, c1: spill.c1 + dc } : { r0: cc.row, c0: cc.col, r1: cc.row, c1: cc.col };
    } else if (rectContains(dest, cc.row, cc.col)) {
      removeCell(wb, sheet, cc, cc.spill ?? null);
    }
  }
}

function onDuplicate(wb: Workbook, source: SheetModel, copy: SheetModel): void {
  const list = codeCells(copy).map((cc) => ({ ...cc, id: randomUUID(), reads: cc.reads?.map((e) => (e.sheet_id === source.id ? { ...e, sheet_id: copy.id } : e)) }));
  setCodeCells(copy, list);
  for (const cc of list) if (cc.status === 'queued') pend(wb).rerun.add(cc.id);
}

function onReplace(wb: Workbook, sheet: SheetModel, rect: Rect, replace: TextReplace) {
  return replaceInCode(sheet, rect, replace, (id) => pend(wb).rerun.add(id));
}

export const codeCellObjects: SheetObjectHooks = { onStructure, onClear, onMove, onDuplicate, occupies, onReplace, beforeCommit, afterCommit: rememberWrite };
