// The outline area: grouped rows and columns (Excel's Data > Group), collapsed and expanded,
// following structure edits, listed in /context, and kept through xlsx import and export.
import { defineArea } from '../../area.ts';
import { followStructure, groupsOf } from '../../outline/model.ts';
import { outlineXlsx } from '../../outline/xlsx.ts';
import { spanLabel } from '../../structure/lines.ts';
import type { Workbook } from '../../workbook/workbook.ts';
import { collapseLines } from './collapse-rows-or-columns.ts';
import { groupLines } from './group-rows-or-columns.ts';

/** At most this many groups per sheet in /context. */
const CONTEXT_GROUPS = 50;

const outlineContext = (wb: Workbook) =>
  wb.sheets.flatMap((sheet) => {
    const list = (axis: 'row' | 'col') => groupsOf(sheet, axis).slice(0, CONTEXT_GROUPS).map((g) => ({ range: spanLabel(axis, g.from, g.to - g.from + 1), level: g.level, collapsed: g.collapsed }));
    const rows = list('row'), columns = list('col');
    return rows.length || columns.length ? [{ sheet: sheet.name, ...(rows.length ? { rows } : {}), ...(columns.length ? { columns } : {}) }] : [];
  });

export const outlineArea = defineArea({
  name: 'outline',
  group: 'sheets',
  ops: [groupLines, collapseLines],
  objects: {
    onStructure: (_wb, sheet, edit) => followStructure(sheet, edit),
  },
  context: { outline: outlineContext },
  xlsx: outlineXlsx,
});

