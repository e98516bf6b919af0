// Work the synchronous sheet-object hooks leave for beforeCommit, per workbook: result cells of
// removed code cells to clear, owner labels to rename after a move, code cells to run again.
import type { Rect } from '../a1.ts';
import type { Workbook } from '../workbook/workbook.ts';

export interface Pending {
  /** Cells still marked with a removed code cell's label. */
  orphans: { sheetId: string; rect: Rect; label: string }[];
  /** Code cell id -> its label before this write moved it. */
  relabel: Map<string, string>;
  /** Code cells to run again (copied sheets, partly moved results, moved references, edited code). */
  rerun: Set<string>;
}

const pending = new WeakMap<Workbook, Pending>();

export function pend(wb: Workbook): Pending {
  let p = pending.get(wb);
  if (!p) pending.set(wb, (p = { orphans: [], relabel: new Map(), rerun: new Set() }));
  return p;
}

/** Hands the pending work to beforeCommit, once. */
export function takePending(wb: Workbook): Pending | undefined {
  const p = pending.get(wb);
  pending.delete(wb);
  return p;
}
