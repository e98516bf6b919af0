// The autofilter area: a filter per sheet (Excel's Data > Filter) set, applied and cleared,
// following structure edits, listed in /context, and kept through xlsx import and export with
// every kind of criterion and its sort state.
import { defineArea } from '../../area.ts';
import { filterRect, followStructure } from '../../autofilter/model.ts';
import { autofilterXlsx } from '../../autofilter/xlsx.ts';
import { indexToCol } from '../../a1.ts';
import type { FilterColumn } from '../../autofilter/model.ts';
import type { Workbook } from '../../workbook/workbook.ts';
import { clearAutofilter } from './clear-autofilter.ts';
import { setAutofilter } from './set-autofilter.ts';

/** A column's criteria in a few words for /context. */
function describe(c: FilterColumn): string {
  if (c.xml !== undefined) return `kept as the file wrote it (${/<(?:\w+:)?(\w+)/.exec(c.xml)?.[1] ?? 'criteria'})`;
  if (c.top) return `${c.top.bottom ? 'bottom' : 'top'} ${c.top.count}${c.top.percent ? '%' : ''}`;
  if (c.conditions) return c.conditions.map((k) => `${k.operator} ${JSON.stringify(k.value)}`).join(c.and ? ' and ' : ' or ');
  const values = c.values ?? [];
  const shown = values.length > 10 ? [...values.slice(0, 10), `… ${values.length - 10} more`] : values;
  return `values ${JSON.stringify(shown)}${c.blank ? ' or blank' : ''}`;
}

const autofilterContext = (wb: Workbook) =>
  wb.sheets.flatMap((sheet) => {
    const f = sheet.meta.autofilter;
    if (!f) return [];
    const base = filterRect(f).c0;
    return [{ sheet: sheet.name, range: f.range, criteria: (f.columns ?? []).map((c) => ({ column: indexToCol(base + c.col), filter: describe(c) })), ...(f.sort_xml ? { sorted: true } : {}) }];
  });

export const autofilterArea = defineArea({
  name: 'autofilter',
  group: 'cells',
  ops: [setAutofilter, clearAutofilter],
  objects: { onStructure: (_wb, sheet, edit) => followStructure(sheet, edit) },
  context: { autofilters: autofilterContext },
  xlsx: autofilterXlsx,
});
