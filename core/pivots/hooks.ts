// Pivot tables stay current: before every commit, each pivot whose source (or whose own sheet's
// structure) changed in the write is recomputed and rewritten, so the refresh lands in the same
// version as the edit. Anchors, outputs and source ranges follow structure edits and cell moves;
// clearing the anchor removes the pivot; a sheet copy gets its own pivots.
import { rectToA1, rectsIntersect, type Rect } from '../a1.ts';
import type { SheetObjectHooks } from '../workbook/hooks.ts';
import { shiftIndex, shiftRect } from '../workbook/shift.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { newId } from '../objects/ranges.ts';
import { allPivots } from './model.ts';
import { refreshPivot } from './refresh.ts';
import { locateSource } from './source.ts';

/** Refreshes pivots whose inputs changed; pivots fed by another pivot's output follow in later rounds. */
export async function refreshChanged(wb: Workbook): Promise<void> {
  let written: { sheet: string; rect: Rect }[] = [];
  for (let round = 0; round < 5; round++) {
    const now: { sheet: string; rect: Rect }[] = [];
    for (const { sheet, pivot } of allPivots(wb)) {
      const src = locateSource(wb, pivot);
      let stale: boolean;
      if ('error' in src) stale = round === 0 && !pivot.error;
      else if (round === 0) stale = wb.changes.touches(src.sheet.id, src.rect) || wb.changes.structural.has(sheet.id);
      else stale = written.some((w) => w.sheet === src.sheet.id && rectsIntersect(w.rect, src.rect));
      if (!stale) continue;
      await refreshPivot(wb, sheet, pivot, false);
      if (pivot.output) now.push({ sheet: sheet.id, rect: pivot.output });
    }
    if (!now.length) return;
    written = now;
  }
}

export const pivotObjects: SheetObjectHooks = {
  occupies(_wb, sheet, rect) {
    return (sheet.meta.pivots ?? []).filter((p) => p.output && rectsIntersect(p.output, rect)).map((p) => `pivot table ${p.name} (${rectToA1(p.output!)})`);
  },
  onStructure(wb, sheet, edit) {
    for (const { sheet: home, pivot } of allPivots(wb)) {
      if (pivot.source.range?.sheet === sheet.id) {
        const moved = shiftRect(pivot.source.range.rect, edit);
        // A source whose rows/columns were all deleted is gone: the refresh reports it.
        if (moved) pivot.source.range.rect = moved;
        else pivot.source = {};
      }
      if (home.id === sheet.id) {
        const key = edit.axis === 'row' ? 'row' : 'col';
        pivot.anchor[key] = shiftIndex(pivot.anchor[key], edit) ?? (edit.kind === 'delete' ? edit.at : pivot.anchor[key]);
        if (pivot.output) {
          const out = shiftRect(pivot.output, edit);
          if (out) pivot.output = out;
          else delete pivot.output;
        }
      }
    }
  },
  onClear(_wb, sheet, rect) {
    const pivots = sheet.meta.pivots;
    if (!pivots?.length) return;
    const kept = pivots.filter((p) => !rectsIntersect(rect, { r0: p.anchor.row, c0: p.anchor.col, r1: p.anchor.row, c1: p.anchor.col }));
    if (kept.length !== pivots.length) {
      sheet.meta.pivots = kept;
    }
  },
  onMove(wb, sheet, from, to) {
    const dr = to.row - from.r0, dc = to.col - from.c0;
    const inside = (r: Rect) => r.r0 >= from.r0 && r.r1 <= from.r1 && r.c0 >= from.c0 && r.c1 <= from.c1;
    const shifted = (r: Rect) => ({ r0: r.r0 + dr, r1: r.r1 + dr, c0: r.c0 + dc, c1: r.c1 + dc });
    for (const { sheet: home, pivot } of allPivots(wb)) {
      if (pivot.source.range?.sheet === sheet.id && inside(pivot.source.range.rect)) {
        pivot.source.range.rect = shifted(pivot.source.range.rect);
      }
      if (home.id === sheet.id && inside({ r0: pivot.anchor.row, r1: pivot.anchor.row, c0: pivot.anchor.col, c1: pivot.anchor.col })) {
        pivot.anchor = { row: pivot.anchor.row + dr, col: pivot.anchor.col + dc };
        if (pivot.output && inside(pivot.output)) pivot.output = shifted(pivot.output);
        else delete pivot.output;
      }
    }
  },
  onDuplicate(_wb, source, copy) {
    for (const p of copy.meta.pivots ?? []) {
      p.id = newId('pvt');
      if (p.source.range?.sheet === source.id) p.source.range.sheet = copy.id;
    }
  },
  beforeCommit: refreshChanged,
};
