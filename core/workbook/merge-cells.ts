// Merging cells as a spreadsheet does: the merged cell shows the top-left value, so the values of
// the other cells are cleared (formulas recompute). Merges never overlap one another.
import { cellToA1, rectToA1, rectsIntersect, type Rect } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import { hasContent, styleOf, withStyle } from './cell.ts';
import { contains, mergeRects, sameRect, setMerges } from './merges.ts';
import type { SheetModel } from './sheet.ts';
import type { Workbook } from './workbook.ts';

/** The merges a merge request makes: the range, or one per row with by_rows. */
export function plannedMerges(rect: Rect, byRows: boolean, field: string): Rect[] {
  const planned = byRows ? Array.from({ length: rect.r1 - rect.r0 + 1 }, (_, i) => ({ r0: rect.r0 + i, r1: rect.r0 + i, c0: rect.c0, c1: rect.c1 })) : [rect];
  if (planned.some((r) => r.r0 === r.r1 && r.c0 === r.c1)) {
    throw invalidArg(field, byRows ? `${rectToA1(rect)} is one column wide, so merging by rows would merge single cells; give at least two columns` : `${rectToA1(rect)} is a single cell; a merge needs at least two cells`);
  }
  return planned;
}

/**
 * Existing merges wholly inside a planned merge are absorbed; one that only partly overlaps is a
 * 400 (a cell belongs to one merge at most).
 */
export function checkOverlaps(sheet: SheetModel, planned: Rect[], field: string): void {
  for (const m of mergeRects(sheet)) {
    for (const p of planned) {
      if (rectsIntersect(m, p) && !contains(p, m)) {
        throw invalidArg(field, `overlaps the merged range ${rectToA1(m)}, which is not wholly inside ${rectToA1(p)}; unmerge it first (unmerge_cells) or choose a range that contains it or avoids it`);
      }
    }
  }
}

/** Merges; returns the cells whose values were cleared (A1, in reading order). */
export async function mergeRanges(wb: Workbook, sheet: SheetModel, planned: Rect[], center: boolean): Promise<string[]> {
  const cleared: string[] = [];
  for (const p of planned) {
    await wb.load(sheet, p);
    // Everything but the top-left: the rest of the first row, then the rows below.
    const parts = [{ r0: p.r0, r1: p.r0, c0: p.c0 + 1, c1: p.c1 }, { r0: p.r0 + 1, r1: p.r1, c0: p.c0, c1: p.c1 }].filter((x) => x.r1 >= x.r0 && x.c1 >= x.c0);
    for (const part of parts) {
      const here: [number, number][] = [];
      for (let r = part.r0; r <= part.r1; r++) for (let c = part.c0; c <= part.c1; c++) if (hasContent(sheet.get(r, c))) here.push([r, c]);
      if (!here.length) continue;
      // writeCells keeps each cell's style and recomputes formulas that read the cleared cells.
      const nulls = Array.from({ length: part.r1 - part.r0 + 1 }, () => new Array<null>(part.c1 - part.c0 + 1).fill(null));
      await wb.writeCells(sheet, part.r0, part.c0, nulls);
      for (const [r, c] of here) {
        for (const h of wb.hooks) h.onClear?.(wb, sheet, { r0: r, c0: c, r1: r, c1: c });
        cleared.push(cellToA1({ row: r, col: c }));
      }
    }
    if (center) {
      const cell = sheet.get(p.r0, p.c0);
      wb.putCell(sheet, p.r0, p.c0, withStyle(cell, wb.styles.patch(styleOf(cell), { align: 'center' })));
      wb.changes.add(sheet.id, { r0: p.r0, c0: p.c0, r1: p.r0, c1: p.c0 });
    }
  }
  const kept = mergeRects(sheet).filter((m) => !planned.some((p) => contains(p, m)));
  setMerges(sheet, [...kept, ...planned]);
  return cleared;
}

/** Removes every merge that touches the range; returns them. */
export function unmergeRange(sheet: SheetModel, rect: Rect): string[] {
  const all = mergeRects(sheet);
  const gone = all.filter((m) => rectsIntersect(m, rect));
  if (gone.length) setMerges(sheet, all.filter((m) => !gone.some((g) => sameRect(g, m))));
  return gone.map(rectToA1);
}
