// Before every commit: finish what the sync hooks left (clear results of removed code cells,
// rename owner labels of moved ones), drop code cells whose anchor was written over, and queue a
// run of every code cell whose inputs the write changed. The loop guard is the chain of code
// cells whose results led to this write.
import { cellToA1, rectContains, rectsIntersect } from '../a1.ts';
import type { OpContext } from '../context.ts';
import { isRich } from '../workbook/cell.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { anchorA1, codeCells, edgeRect, setCodeCells, type CodeCell } from './model.ts';
import { takePending, type Pending } from './pending.ts';
import { queueRun, type CodeTaskPayload } from './queue.ts';
import { failure } from './sandbox/types.ts';
import { applyOutcome } from './spill.ts';

/** The op name of a worker's result write; its args carry each result's cell id and chain. */
export const RESULT_OP = 'code_cell_result';

/** What a result write says of each result it holds (ResultCommits writes several at once). */
export interface ResultArgs {
  results: { task_id: string; cell: string; cell_id: string; chain: string[] }[];
}
/** Longest chain of code cells feeding each other before a rerun is refused as a loop. */
const MAX_CHAIN = 32;

/** Finishes what the sync hooks left, then queues the code cells whose inputs changed. */
export async function beforeCommit(wb: Workbook, ctx: OpContext): Promise<void> {
  const p = takePending(wb);
  if (p) await settle(wb, p);
  if (!wb.sheets.some((s) => codeCells(s).length)) return;
  await dropOverwritten(wb);
  const maxCells = ctx.services.config.code.maxResultCells;
  const results = ctx.op.name === RESULT_OP ? ((ctx.op.args as ResultArgs).results ?? []) : [];
  const chainFor = chainsOf(wb, results);
  const handled = new Set<string>(results.map((r) => r.cell_id));
  for (const t of wb.changeset.outbox.tasks ?? []) handled.add((t.payload as CodeTaskPayload).cell_id);
  // Marking a loop writes cells, which may trigger more cells: go round until nothing new.
  for (let round = 0; round < 4; round++) {
    let more = false;
    for (const sheet of wb.sheets) {
      for (const cc of codeCells(sheet)) {
        if (handled.has(cc.id)) continue;
        const triggered = p?.rerun.has(cc.id) || cc.reads?.some((e) => wb.changes.touches(e.sheet_id, edgeRect(e)));
        if (!triggered) continue;
        handled.add(cc.id);
        if (!(await rerun(wb, ctx, sheet, cc, chainFor(cc), maxCells))) more = true;
      }
    }
    if (!more) break;
  }
}

/**
 * Queues a run of `cc` caused by the write of the cells in `chain`, or, when `cc` is in its own
 * chain (or the chain is too long), writes the loop into the cell instead; false then (a write).
 */
export async function rerun(wb: Workbook, ctx: OpContext, sheet: SheetModel, cc: CodeCell, chain: string[], maxCells: number): Promise<boolean> {
  if (chain.includes(cc.id) || chain.length >= MAX_CHAIN) {
    const path = [...chain.slice(chain.indexOf(cc.id) >= 0 ? chain.indexOf(cc.id) : 0), cc.id].map((id) => labelOf(wb, id)).join(' → ');
    const outcome = { result: failure(`Circular dependency between code cells (${path}): each reads the other's result, so they are not run again.`), reads: cc.reads ?? [], durationMs: 0, at: ctx.services.clock.now() };
    await applyOutcome(wb, sheet, cc, outcome, maxCells);
    return false;
  }
  queueRun(wb, ctx, sheet, cc, 'dependency', chain);
  return true;
}

/**
 * The chain of code cells that led to a rerun of `cc`: the result it reads (of several written
 * together, the one whose rectangle it reads; else the longest chain, as anything it reads may
 * have come from any of them through formulas), followed by that result's own cell.
 */
function chainsOf(wb: Workbook, results: ResultArgs['results']): (cc: CodeCell) => string[] {
  const chains = results.map((r) => [...(r.chain ?? []), r.cell_id]);
  const longest = chains.reduce<string[]>((best, c) => (c.length > best.length ? c : best), []);
  if (results.length <= 1) return () => longest;
  const rects = results.map((r) => {
    for (const sheet of wb.sheets) {
      const cc = codeCells(sheet).find((c) => c.id === r.cell_id);
      if (cc) return { sheetId: sheet.id, rect: cc.spill ?? { r0: cc.row, c0: cc.col, r1: cc.row, c1: cc.col } };
    }
    return undefined;
  });
  return (cc) => {
    let best: string[] | undefined;
    rects.forEach((at, i) => {
      if (at && cc.reads?.some((e) => e.sheet_id === at.sheetId && rectsIntersect(edgeRect(e), at.rect)) && (!best || chains[i]!.length > best.length)) best = chains[i];
    });
    return best ?? longest;
  };
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

