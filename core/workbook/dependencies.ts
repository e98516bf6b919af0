// Direct relations of one cell: forward = what it reads, reverse = what reads it. Formula edges
// come from HyperFormula's dependency graph; other kinds of edges (code cells) come from the
// dependency providers of the workbook's areas, so this file never learns about them.
import type { SimpleCellAddress, SimpleCellRange } from 'hyperformula';
import type { Rect } from '../a1.ts';
import type { SheetModel } from './sheet.ts';
import { compactRects, refOn } from './ref-compact.ts';
import { engineFor } from './structure.ts';
import type { Workbook } from './workbook.ts';

export interface SheetRef {
  sheet: SheetModel;
  rect: Rect;
}


type HfRef = SimpleCellAddress | SimpleCellRange;
const isRange = (x: HfRef): x is SimpleCellRange => 'start' in x;

function toRect(x: HfRef): Rect {
  if (isRange(x)) return { r0: x.start.row, c0: x.start.col, r1: x.end.row, c1: x.end.col };
  return { r0: x.row, c0: x.col, r1: x.row, c1: x.col };
}

function sheetIdOf(x: HfRef): number {
  return isRange(x) ? x.start.sheet : x.sheet;
}

/**
 * HyperFormula reports a cell's dependents partly as range nodes (the SUM(A1:A9) a cell falls
 * in); those are followed to the formulas that read them.
 */
function formulaDependents(wb: Workbook, addr: SimpleCellAddress): HfRef[] {
  const hf = wb.engine!.hf;
  const out: HfRef[] = [];
  const seen = new Set<string>();
  const queue: HfRef[] = hf.getCellDependents(addr);
  while (queue.length) {
    const x = queue.pop()!;
    const key = JSON.stringify(x);
    if (seen.has(key)) continue;
    seen.add(key);
    if (isRange(x)) queue.push(...hf.getCellDependents(x));
    else out.push(x);
  }
  return out;
}

export interface Relations {
  forward: string[];
  reverse: string[];
}

/** Compact A1 lists, sheet-qualified when a reference is on another sheet than the cell. */
export async function cellRelations(wb: Workbook, sheet: SheetModel, row: number, col: number, direction: 'forward' | 'reverse' | 'both'): Promise<Relations> {
  const fwd: SheetRef[] = [];
  const rev: SheetRef[] = [];
  const engine = await engineFor(wb);
  if (engine?.has(sheet)) {
    const addr = { sheet: engine.hfId(sheet), row, col };
    const collect = (list: HfRef[], into: SheetRef[]) => {
      for (const x of list) {
        const s = engine.sheetOf(sheetIdOf(x));
        if (s) into.push({ sheet: s, rect: toRect(x) }); // sheet -1: named expressions, not cells
      }
    };
    if (direction !== 'reverse') collect(engine.hf.getCellPrecedents(addr), fwd);
    if (direction !== 'forward') collect(formulaDependents(wb, addr), rev);
  }
  for (const area of wb.areas) {
    const p = area.dependencies;
    if (!p) continue;
    if (direction !== 'reverse' && p.forward) fwd.push(...(await p.forward(wb, sheet, row, col)));
    if (direction !== 'forward' && p.reverse) rev.push(...(await p.reverse(wb, sheet, row, col)));
  }
  return { forward: render(fwd, sheet, wb), reverse: render(rev, sheet, wb) };
}

function render(refs: SheetRef[], home: SheetModel, wb: Workbook): string[] {
  const bySheet = new Map<SheetModel, Rect[]>();
  for (const r of refs) {
    let list = bySheet.get(r.sheet);
    if (!list) bySheet.set(r.sheet, (list = []));
    list.push(r.rect);
  }
  // Own sheet first, then the others in workbook order.
  const order = [home, ...wb.sheets.filter((s) => s !== home)];
  return order.flatMap((s) => (bySheet.has(s) ? compactRects(bySheet.get(s)!).map((r) => refOn(s.name, r, home.name)) : []));
}
