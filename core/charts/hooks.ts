// Charts follow the sheet: data ranges and anchors shift with row/column inserts, deletes and
// moves and with cell moves; clearing the anchor cell removes the chart; a duplicated sheet gets
// copies with fresh ids that plot the copy's cells.
import { rectsIntersect } from '../a1.ts';
import type { SheetObjectHooks } from '../workbook/hooks.ts';
import { shiftIndex, shiftRect } from '../workbook/shift.ts';
import { newId } from '../objects/ranges.ts';

export const chartObjects: SheetObjectHooks = {
  onStructure(wb, sheet, edit) {
    for (const home of wb.sheets) {
      const charts = home.meta.charts;
      if (!charts?.length) continue;
      const kept = charts.filter((chart) => {
        if (chart.data.sheet === sheet.id) {
          const moved = shiftRect(chart.data.rect, edit);
          if (!moved) return false;
          chart.data.rect = moved;
        }
        if (home.id === sheet.id) {
          const key = edit.axis === 'row' ? 'row' : 'col';
          const at = shiftIndex(chart.anchor[key], edit);
          chart.anchor[key] = at ?? (edit.kind === 'delete' ? edit.at : chart.anchor[key]);
        }
        return true;
      });
      home.meta.charts = kept;
    }
  },
  onClear(_wb, sheet, rect) {
    const charts = sheet.meta.charts;
    if (!charts?.length) return;
    const kept = charts.filter((c) => !rectsIntersect(rect, { r0: c.anchor.row, c0: c.anchor.col, r1: c.anchor.row, c1: c.anchor.col }));
    if (kept.length !== charts.length) {
      sheet.meta.charts = kept;
    }
  },
  onMove(wb, sheet, from, to) {
    const dr = to.row - from.r0, dc = to.col - from.c0;
    const inside = (r: { r0: number; c0: number; r1: number; c1: number }) => r.r0 >= from.r0 && r.r1 <= from.r1 && r.c0 >= from.c0 && r.c1 <= from.c1;
    for (const home of wb.sheets) {
      for (const chart of home.meta.charts ?? []) {
        if (chart.data.sheet === sheet.id && inside(chart.data.rect)) {
          const r = chart.data.rect;
          chart.data.rect = { r0: r.r0 + dr, r1: r.r1 + dr, c0: r.c0 + dc, c1: r.c1 + dc };
        }
        if (home.id === sheet.id && inside({ r0: chart.anchor.row, r1: chart.anchor.row, c0: chart.anchor.col, c1: chart.anchor.col })) {
          chart.anchor = { row: chart.anchor.row + dr, col: chart.anchor.col + dc };
        }
      }
    }
  },
  onDuplicate(_wb, source, copy) {
    for (const chart of copy.meta.charts ?? []) {
      chart.id = newId('chart');
      if (chart.data.sheet === source.id) chart.data.sheet = copy.id;
    }
  },
};
