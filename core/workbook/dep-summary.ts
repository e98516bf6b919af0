// The formula dependency summary GET /context shows per sheet: which sheets and ranges its
// formulas read (compacted, a handful of ranges at most) and which other sheets read it. Built
// from the stored formula texts, so it never needs the formula engine.
import type { Rect } from '../a1.ts';
import { referencesOf } from '../formula/refs.ts';
import { boundingRect, compactRects, rangeText } from './ref-compact.ts';
import type { SheetModel } from './sheet.ts';
import { forEachFormula, type Workbook } from './workbook.ts';

/** Ranges listed per read sheet before the list is cut short (the bounds still cover all). */
export const MAX_RANGES = 6;

export interface ReadsEntry {
  sheet: string;
  /** Compacted ranges read on that sheet (at most MAX_RANGES). */
  ranges: string[];
  /** How many more compacted ranges were left out; `bounds` covers them all. */
  more_ranges?: number;
  bounds?: string;
  /** References to that sheet in this sheet's formulas. */
  refs: number;
}

export interface SheetDeps {
  reads: ReadsEntry[];
  read_by: { sheet: string; formulas: number }[];
}

export async function dependencySummary(wb: Workbook): Promise<Map<SheetModel, SheetDeps>> {
  // source sheet -> target sheet -> rects / count; target -> source -> formulas reading it
  const reads = new Map<SheetModel, Map<SheetModel, { rects: Rect[]; refs: number }>>();
  const readBy = new Map<SheetModel, Map<SheetModel, number>>();
  for (const sheet of wb.sheets) {
    if (!(sheet.meta.formulas ?? 0)) continue;
    await wb.loadAll(sheet);
    const mine = new Map<SheetModel, { rects: Rect[]; refs: number }>();
    reads.set(sheet, mine);
    forEachFormula(sheet, (_r, _c, cell) => {
      const targets = new Set<SheetModel>();
      for (const ref of referencesOf(cell.f)) {
        const target = ref.sheet === undefined ? sheet : wb.findSheet(ref.sheet);
        if (!target) continue; // a name that is no sheet: the formula shows #REF!
        let entry = mine.get(target);
        if (!entry) mine.set(target, (entry = { rects: [], refs: 0 }));
        entry.rects.push(ref.rect);
        entry.refs++;
        targets.add(target);
      }
      for (const t of targets) {
        if (t === sheet) continue;
        let m = readBy.get(t);
        if (!m) readBy.set(t, (m = new Map()));
        m.set(sheet, (m.get(sheet) ?? 0) + 1);
      }
    });
  }
  const out = new Map<SheetModel, SheetDeps>();
  for (const sheet of wb.sheets) {
    const entries: ReadsEntry[] = [];
    for (const target of wb.sheets) {
      const e = reads.get(sheet)?.get(target);
      if (!e) continue;
      const rects = compactRects(e.rects);
      const entry: ReadsEntry = { sheet: target.name, ranges: rects.slice(0, MAX_RANGES).map(rangeText), refs: e.refs };
      if (rects.length > MAX_RANGES) {
        entry.more_ranges = rects.length - MAX_RANGES;
        entry.bounds = rangeText(boundingRect(rects)!);
      }
      entries.push(entry);
    }
    const by = readBy.get(sheet);
    out.set(sheet, { reads: entries, read_by: wb.sheets.filter((s) => by?.has(s)).map((s) => ({ sheet: s.name, formulas: by!.get(s)! })) });
  }
  return out;
}
