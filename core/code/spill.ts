// Lands a run's result in the sheet: the previous spill is cleared, a 2-D result spills from the
// anchor (never over cells that are not its own: that is a #SPILL! error), every cell of the
// result is marked with its owner (`o`), and the code cell's state is updated. One write.
import { MAX_COLS, MAX_ROWS, cellToA1, rectContains, type Rect } from '../a1.ts';
import { hasContent, isRich, type Cell, type RichCell } from '../workbook/cell.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Content, Workbook } from '../workbook/workbook.ts';
import { syncOutputTable } from '../tables/output.ts';
import { anchorA1, type CodeCell, type ReadEdge } from './model.ts';
import type { RunResult } from './sandbox/types.ts';
import { fromWire } from './wire.ts';

/** Output kept in the sheet (the sandbox caps what the code may print; this caps what is stored). */
export const STORED_OUTPUT_CHARS = 16 * 1024;

export interface Outcome {
  result: RunResult;
  reads: ReadEdge[];
  /** The file version the run's first read saw (none when it read nothing). */
  readVersion?: number;
  durationMs: number;
  at: Date;
}

export async function applyOutcome(wb: Workbook, sheet: SheetModel, cc: CodeCell, outcome: Outcome, maxCells: number): Promise<void> {
  const anchor = anchorA1(cc);
  const here: Rect = { r0: cc.row, c0: cc.col, r1: cc.row, c1: cc.col };
  const old = cc.spill ?? here;
  let error: { code: string; message: string; traceback?: string } | undefined;
  let grid: Content[][] = [[null]];
  if (!outcome.result.ok) error = { code: '#ERROR!', message: outcome.result.error, traceback: outcome.result.traceback };
  else {
    const v = outcome.result.value;
    if (v.kind === 'scalar') grid = [[fromWire(v.v)]];
    else if (v.kind === 'grid' && v.rows.length && v.rows[0]!.length) grid = v.rows.map((r) => r.map(fromWire));
    const rows = grid.length, cols = grid[0]!.length;
    if (rows * cols > maxCells) error = { code: '#ERROR!', message: `Result too large: ${rows} x ${cols} cells; at most ${maxCells} can spill.` };
    else if (cc.row + rows > MAX_ROWS || cc.col + cols > MAX_COLS) error = { code: '#SPILL!', message: `The result (${rows} rows x ${cols} columns) would run past the edge of the sheet from ${anchor}.` };
  }
  const next: Rect = error ? here : { r0: cc.row, c0: cc.col, r1: cc.row + grid.length - 1, c1: cc.col + grid[0]!.length - 1 };
  await wb.load(sheet, { r0: cc.row, c0: cc.col, r1: Math.max(old.r1, next.r1), c1: Math.max(old.c1, next.c1) });

  if (!error) {
    const blocked = occupied(sheet, next, anchor, cc);
    if (blocked.length) {
      error = { code: '#SPILL!', message: `The result (${grid.length} rows x ${grid[0]!.length} columns) would overwrite ${blocked.join(', ')}${blocked.length === 5 ? ', ...' : ''}; clear those cells or move the code cell. Nothing was overwritten.` };
    }
  }
  const target = error ? here : next;
  await clearOld(wb, sheet, old, target, anchor, cc);
  if (error) {
    await wb.writeCells(sheet, cc.row, cc.col, [[null]]);
    const s = styleOfCell(sheet.get(cc.row, cc.col));
    sheet.set(cc.row, cc.col, { e: error.code, m: error.message, o: anchor, ...(s ? { s } : {}) });
  } else {
    await wb.writeCells(sheet, cc.row, cc.col, grid);
    for (let r = target.r0; r <= target.r1; r++) for (let c = target.c0; c <= target.c1; c++) sheet.set(r, c, owned(sheet.get(r, c), anchor));
  }

  cc.status = error ? 'error' : 'done';
  const output = outcome.result.output;
  cc.output = output.length > STORED_OUTPUT_CHARS ? `${output.slice(0, STORED_OUTPUT_CHARS)}\n… (output cut: ${output.length} characters in all)` : output;
  if (error) {
    cc.error = error.message;
    if (error.traceback) cc.traceback = error.traceback;
    else delete cc.traceback;
  } else {
    delete cc.error;
    delete cc.traceback;
  }
  cc.spill = target;
  // A result with a header row becomes a data table (core/tables/output.ts).
  await syncOutputTable(wb, sheet, { row: cc.row, col: cc.col }, error ? null : grid, target);
  cc.reads = outcome.reads;
  cc.ran_at = outcome.at.toISOString();
  cc.duration_ms = Math.round(outcome.durationMs);
  cc.updated = cc.ran_at;
}

/** Cells of `rect` (besides the anchor) holding content that is not this code cell's own output. */
function occupied(sheet: SheetModel, rect: Rect, anchor: string, cc: CodeCell): string[] {
  const out: string[] = [];
  for (let r = rect.r0; r <= rect.r1 && out.length < 5; r++) {
    for (let c = rect.c0; c <= rect.c1 && out.length < 5; c++) {
      if (r === cc.row && c === cc.col) continue;
      const cell = sheet.get(r, c);
      if (hasContent(cell) && !(isRich(cell) && cell.o === anchor)) out.push(cellToA1({ row: r, col: c }));
    }
  }
  return out;
}

/** Empties the previous result's cells that the new one does not cover (only those still marked as ours). */
async function clearOld(wb: Workbook, sheet: SheetModel, old: Rect, keep: Rect, anchor: string, cc: CodeCell): Promise<void> {
  for (let r = old.r0; r <= old.r1; r++) {
    let run: number | undefined;
    const flush = async (end: number) => {
      if (run !== undefined) await wb.writeCells(sheet, r, run, [new Array(end - run).fill(null)]);
      run = undefined;
    };
    for (let c = old.c0; c <= old.c1; c++) {
      const cell = sheet.get(r, c);
      const mine = isRich(cell) && cell.o === anchor && !(r === cc.row && c === cc.col) && !rectContains(keep, r, c);
      if (mine && run === undefined) run = c;
      if (!mine) await flush(c);
    }
    await flush(old.c1 + 1);
  }
}

function styleOfCell(cell: Cell): number {
  return isRich(cell) ? (cell.s ?? 0) : 0;
}

/** The cell marked as output of `anchor`, content and style kept. */
export function owned(cell: Cell, anchor: string): Cell {
  if (cell === null || cell === undefined) return { o: anchor };
  if (!isRich(cell)) return { v: cell, o: anchor };
  const out: RichCell = { ...cell, o: anchor };
  return out;
}
