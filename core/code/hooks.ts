// Code cells as sheet objects: they follow structural edits, clears, moves and sheet copies, and
// before every commit the cells whose inputs changed are queued to run again (the loop guard is
// the chain of code cells whose results caused the run). Work that needs tiles loaded is kept
// per workbook and done in beforeCommit, which may load them.
import { cellToA1, rectContains, type Rect } from '../a1.ts';
import type { OpContext } from '../context.ts';
import { isRich } from '../workbook/cell.ts';
import { registerSheetObjects, type TextReplace } from '../workbook/hooks.ts';
import { shiftIndex, shiftRect, type StructureEdit } from '../workbook/shift.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { anchorA1, codeCells, edgeRect, setCodeCells, type CodeCell } from './model.ts';
import { queueRun, type CodeTaskPayload } from './queue.ts';
import { shiftCodeRefs } from './rewrite.ts';
import { occupies, registerCodeDependencies, replaceInCode } from './seams.ts';
import { failure } from './sandbox/types.ts';
import { applyOutcome } from './spill.ts';
import { randomUUID } from 'node:crypto';

/** The op name of a worker's result write; its args carry the task's cell id and chain. */
export const RESULT_OP = 'code_cell_result';
/** Longest chain of code cells feeding each other before a rerun is refused as a loop. */
const MAX_CHAIN = 32;

interface Pending {
  /** Cells still marked with a removed code cell's label. */
  orphans: { sheetId: string; rect: Rect; label: string }[];
  /** Code cell id -> its label before this write moved it. */
  relabel: Map<string, string>;
  /** Code cells to run again (copied sheets, partly moved results). */
  rerun: Set<string>;
}

const pending = new WeakMap<Workbook, Pending>();

function pend(wb: Workbook): Pending {
  let p = pending.get(wb);
  if (!p) pending.set(wb, (p = { orphans: [], relabel: new Map(), rerun: new Set() }));
  return p;
}

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
    sheet.metaDirty = true;
  }
  for (const s of wb.sheets) {
    for (const cc of codeCells(s)) {
      const code = shiftCodeRefs(cc.code, cc.language, s.name, sheet.name, edit);
      if (code !== cc.code) {
        cc.code = code;
        s.metaDirty = true;
        // Its references moved or vanished (#REF!): run it again on what they point at now.
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
      s.metaDirty = true;
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
      sheet.metaDirty = true;
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

/** Finishes what the sync hooks left, then queues the code cells whose inputs changed. */
async function beforeCommit(wb: Workbook, ctx: OpContext): Promise<void> {
  const p = pending.get(wb);
  pending.delete(wb);
  if (p) await settle(wb, p);
  if (!wb.sheets.some((s) => codeCells(s).length)) return;
  await dropOverwritten(wb);
  const maxCells = ctx.services.config.code.maxResultCells;
  const result = ctx.op.name === RESULT_OP ? (ctx.op.args as { cell_id: string; chain: string[] }) : undefined;
  const chain = result ? [...(result.chain ?? []), result.cell_id] : [];
  const handled = new Set<string>(result ? [result.cell_id] : []);
  for (const t of wb.outbox.tasks ?? []) handled.add((t.payload as CodeTaskPayload).cell_id);
  // Marking a loop writes cells, which may trigger more cells: go round until nothing new.
  for (let round = 0; round < 4; round++) {
    let more = false;
    for (const sheet of wb.sheets) {
      for (const cc of codeCells(sheet)) {
        if (handled.has(cc.id)) continue;
        const triggered = p?.rerun.has(cc.id) || cc.reads?.some((e) => wb.changes.touches(e.sheet_id, edgeRect(e)));
        if (!triggered) continue;
        handled.add(cc.id);
        if (chain.includes(cc.id) || chain.length >= MAX_CHAIN) {
          const path = [...chain.slice(chain.indexOf(cc.id) >= 0 ? chain.indexOf(cc.id) : 0), cc.id].map((id) => labelOf(wb, id)).join(' → ');
          const outcome = { result: failure(`Circular dependency between code cells (${path}): each reads the other's result, so they are not run again.`), reads: cc.reads ?? [], durationMs: 0, at: ctx.services.clock.now() };
          await applyOutcome(wb, sheet, cc, outcome, maxCells);
          more = true;
        } else queueRun(wb, ctx, sheet, cc, 'dependency', chain);
      }
    }
    if (!more) break;
  }
}

function labelOf(wb: Workbook, id: string): string {
  for (const s of wb.sheets) for (const cc of codeCells(s)) if (cc.id === id) return cellToA1({ row: cc.row, col: cc.col });
  return '?';
}

/** Clears cells of removed code cells, and renames the owner label of moved ones. */
async function settle(wb: Workbook, p: Pending): Promise<void> {
  for (const o of p.orphans) {
    const sheet = wb.sheets.find((s) => s.id === o.sheetId);
    if (!sheet) continue;
    await wb.load(sheet, o.rect);
    for (let r = o.rect.r0; r <= o.rect.r1; r++) {
      for (let c = o.rect.c0; c <= o.rect.c1; c++) {
        const cell = sheet.get(r, c);
        if (isRich(cell) && cell.o === o.label) await wb.writeCells(sheet, r, c, [[null]]);
      }
    }
  }
  for (const sheet of wb.sheets) {
    for (const cc of codeCells(sheet)) {
      const from = p.relabel.get(cc.id);
      const to = anchorA1(cc);
      if (from === undefined || from === to) continue;
      const rect = cc.spill ?? { r0: cc.row, c0: cc.col, r1: cc.row, c1: cc.col };
      await wb.load(sheet, rect);
      for (let r = rect.r0; r <= rect.r1; r++) {
        for (let c = rect.c0; c <= rect.c1; c++) {
          const cell = sheet.get(r, c);
          if (isRich(cell) && cell.o === from) sheet.set(r, c, { ...cell, o: to });
        }
      }
    }
  }
}

/** A value written over a code cell's anchor replaces the code cell (as typing over it would). */
async function dropOverwritten(wb: Workbook): Promise<void> {
  for (const sheet of wb.sheets) {
    const rects = wb.changes.rects(sheet.id);
    if (!rects.length) continue;
    for (const cc of [...codeCells(sheet)]) {
      if (!rects.some((r) => rectContains(r, cc.row, cc.col))) continue;
      await wb.load(sheet, { r0: cc.row, c0: cc.col, r1: cc.row, c1: cc.col });
      const cell = sheet.get(cc.row, cc.col);
      if (isRich(cell) && cell.o === anchorA1(cc)) continue;
      const label = anchorA1(cc);
      setCodeCells(sheet, codeCells(sheet).filter((c) => c !== cc));
      const spill = cc.spill;
      if (!spill) continue;
      await wb.load(sheet, spill);
      for (let r = spill.r0; r <= spill.r1; r++) {
        for (let c = spill.c0; c <= spill.c1; c++) {
          const x = sheet.get(r, c);
          if (!(r === cc.row && c === cc.col) && isRich(x) && x.o === label) await wb.writeCells(sheet, r, c, [[null]]);
        }
      }
    }
  }
}

function onReplace(wb: Workbook, sheet: SheetModel, rect: Rect, replace: TextReplace) {
  return replaceInCode(sheet, rect, replace, (id) => pend(wb).rerun.add(id));
}

export function registerCodeCellHooks(): void {
  registerSheetObjects({ name: 'code_cells', onStructure, onClear, onMove, onDuplicate, occupies, onReplace, beforeCommit });
  registerCodeDependencies();
}
