// Whether what a code cell's run read changed before its result commits. A run's reads are stored
// only with its result, so a write that lands while the run is under way (another cell's result,
// an edit) cannot queue a rerun of it, and a result of the same group is written in the same
// commit. Each in-memory workbook remembers what its last writes changed; a result whose reads
// were changed after its run's first read commits, and its cell runs again, with the loop-guard
// chain of the write that changed them (as reruns.ts gives a rerun).
import { rectsIntersect, type Rect } from '../a1.ts';
import type { OpContext } from '../context.ts';
import type { ChangeLog } from '../workbook/changes.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { codeCells, edgeRect, type ReadEdge } from './model.ts';
import type { ResultArgs } from './reruns.ts';

/** Cells one write, or one result of a group, changed; `chain` is what a rerun it causes carries. */
export interface Touched {
  rects: Map<string, Rect[]>;
  structural: Set<string>;
  chain: string[];
}

/** Writes remembered per workbook; a run that read before the oldest is treated as stale. */
const KEEP = 128;
const logs = new WeakMap<Workbook, { version: number; touched: Touched[] }[]>();
/** What each result of the group being written changed, handed from result-commits.ts to afterCommit. */
const groups = new WeakMap<Workbook, Touched[]>();

/** A copy of the change log as it is now. */
export function snapshot(changes: ChangeLog, chain: string[] = []): Touched {
  const rects = new Map<string, Rect[]>();
  for (const id of changes.sheets()) rects.set(id, changes.rects(id).map((r) => ({ ...r })));
  return { rects, structural: new Set(changes.structural), chain };
}

/** What the change log gained since `before` (it only appends, or extends its last rectangle down). */
export function since(before: Touched, changes: ChangeLog, chain: string[]): Touched {
  const rects = new Map<string, Rect[]>();
  for (const id of changes.sheets()) {
    const now = changes.rects(id);
    const old = before.rects.get(id) ?? [];
    const added: Rect[] = [];
    for (let i = 0; i < now.length; i++) {
      const r = now[i]!;
      if (i >= old.length) added.push({ ...r });
      else if (r.r1 > old[i]!.r1) added.push({ ...r, r0: old[i]!.r1 + 1 });
    }
    if (added.length) rects.set(id, added);
  }
  const structural = new Set([...changes.structural].filter((id) => !before.structural.has(id)));
  return { rects, structural, chain };
}

function touches(t: Touched, reads: ReadEdge[]): boolean {
  return reads.some((e) => t.structural.has(e.sheet_id) || (t.rects.get(e.sheet_id) ?? []).some((r) => rectsIntersect(r, edgeRect(e))));
}

/** The longest chain among the changes that touch `reads`, or undefined when none does. */
export function touchedBy(items: readonly Touched[], reads: ReadEdge[]): string[] | undefined {
  let best: string[] | undefined;
  for (const t of items) if (touches(t, reads) && (!best || t.chain.length > best.length)) best = t.chain;
  return best;
}

/**
 * Whether writes after `version` changed `reads`: the chain their rerun carries, `fallback` when
 * the workbook does not remember every write since (it was loaded again), undefined if none did.
 */
export function changedSince(wb: Workbook, version: number, reads: ReadEdge[], fallback: string[]): string[] | undefined {
  if (version >= wb.version || reads.length === 0) return undefined;
  const log = logs.get(wb) ?? [];
  const kept = log.filter((w) => w.version > version);
  if (kept.length < wb.version - version) return fallback;
  // The results of a group first (each knows its chain), then whatever else the write changed.
  let best: string[] | undefined;
  for (const w of kept) {
    const chain = touchedBy(w.touched.slice(0, -1), reads) ?? touchedBy(w.touched.slice(-1), reads);
    if (chain && (!best || chain.length > best.length)) best = chain;
  }
  return best;
}

/** result-commits.ts: what each result of the group being written changed. */
export function noteGroup(wb: Workbook, results: Touched[]): void {
  groups.set(wb, results);
}

/** After every commit: remember what it changed (code-cell hooks). */
export function rememberWrite(ctx: OpContext, wb: Workbook, version: number): void {
  const results = groups.get(wb) ?? [];
  groups.delete(wb);
  // No code cell, no run that could have read: nothing to remember.
  if (!wb.sheets.some((s) => codeCells(s).length)) return void logs.delete(wb);
  const args = ctx.op.args as Partial<ResultArgs> | undefined;
  const chains = (Array.isArray(args?.results) ? args.results : []).map((r) => [...(r.chain ?? []), r.cell_id]);
  const longest = chains.reduce<string[]>((a, c) => (c.length > a.length ? c : a), []);
  let log = logs.get(wb);
  if (!log) logs.set(wb, (log = []));
  log.push({ version, touched: [...results, snapshot(wb.changes, longest)] });
  if (log.length > KEEP) log.splice(0, log.length - KEEP);
}
