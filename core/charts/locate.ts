// A chart by id (on the named sheet when one is given), or a 400 that lists the ones there are.
import { invalidArg } from '../errors.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { findChart } from './model.ts';

export function locateChart(wb: Workbook, id: string, sheet: string | undefined) {
  const found = findChart(wb, id);
  if (!found) {
    const ids = wb.sheets.flatMap((s) => (s.meta.charts ?? []).map((c) => c.id));
    throw invalidArg('chart_id', `no chart '${id}' in this file; ${ids.length ? `charts are: ${ids.join(', ')}` : 'it has no charts'}`);
  }
  if (sheet !== undefined && wb.sheet(sheet) !== found.sheet) throw invalidArg('sheet', `chart '${id}' is on sheet '${found.sheet.name}', not '${sheet}'`);
  return found;
}
