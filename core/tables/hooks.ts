// Tables follow the sheet (structure edits, cell moves, clears, sheet copies), keep their column
// headers current, and give the formula engine their names (Workbooks.write brings a live
// engine's names in line before each commit: core/workbook/defined-names.ts).
import { rectToA1, rectsIntersect } from '../a1.ts';
import type { SheetObjectHooks } from '../workbook/hooks.ts';
import { shiftRect } from '../workbook/shift.ts';
import { newId } from '../objects/ranges.ts';
import { freeTableName } from './create.ts';
import { refreshColumns, tableNamedExpressions } from './names.ts';

export const tableObjects: SheetObjectHooks = {
  namedExpressions: tableNamedExpressions,
  occupies(_wb, sheet, rect) {
    return (sheet.meta.tables ?? []).filter((t) => rectsIntersect(t.rect, rect)).map((t) => `table ${t.name} (${rectToA1(t.rect)})`);
  },
  onStructure(_wb, sheet, edit) {
    const tables = sheet.meta.tables;
    if (!tables?.length) return;
    sheet.meta.tables = tables.filter((t) => {
      const moved = shiftRect(t.rect, edit);
      if (!moved) return false;
      t.rect = moved;
      return true;
    });
  },
  onClear(_wb, sheet, rect) {
    const tables = sheet.meta.tables;
    if (!tables?.length) return;
    const kept = tables.filter((t) => !(t.rect.r0 >= rect.r0 && t.rect.r1 <= rect.r1 && t.rect.c0 >= rect.c0 && t.rect.c1 <= rect.c1));
    if (kept.length !== tables.length) {
      sheet.meta.tables = kept;
    }
  },
  onMove(_wb, sheet, from, to) {
    const dr = to.row - from.r0, dc = to.col - from.c0;
    for (const t of sheet.meta.tables ?? []) {
      const r = t.rect;
      if (r.r0 >= from.r0 && r.r1 <= from.r1 && r.c0 >= from.c0 && r.c1 <= from.c1) {
        t.rect = { r0: r.r0 + dr, r1: r.r1 + dr, c0: r.c0 + dc, c1: r.c1 + dc };
      }
      // A table partly moved away keeps its place; its headers are re-read before the commit.
    }
  },
  onDuplicate(wb, _source, copy) {
    // Names are unique in the file: the copy's tables become Sales_1, Sales_2, ...
    for (const t of copy.meta.tables ?? []) {
      t.id = newId('tbl');
      t.name = freeTableName(wb, `${t.name}_`);
    }
  },
  async beforeCommit(wb) {
    await refreshColumns(wb);
  },
};
