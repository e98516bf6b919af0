// Checks pivot input that does not depend on the source (one source, something to show, filter
// lists) and resolves the source, naming the field at fault.
import { parseCell, parseRange } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { storable, type SheetRect } from '../objects/ranges.ts';
import { allTables, findTable } from '../tables/model.ts';
import type { PivotFilter, PivotSpec } from './model.ts';

/** An unqualified source range is on the pivot's own sheet (`home`). */
export function sourceOf(wb: Workbook, home: SheetModel, source: string | undefined, table: string | undefined): PivotSpec['source'] {
  if ((source === undefined) === (table === undefined)) throw invalidArg('source', 'give exactly one of source (a range with a header row) or source_table (a table name)');
  if (table !== undefined) {
    const t = findTable(wb, table);
    if (!t) throw invalidArg('source_table', `no table named '${table}'; tables are: ${allTables(wb).map((x) => x.table.name).join(', ') || 'none'}`);
    return { table: t.table.id };
  }
  const parsed = parseRange(source!);
  const sheet = parsed.sheet !== undefined ? wb.sheet(parsed.sheet, 'source') : home;
  const range: SheetRect = { sheet: sheet.id, rect: storable(parsed.rect) };
  return { range };
}

/** The output sheet and anchor from `anchor` and `sheet` (a qualified anchor must agree). */
export function anchorOf(wb: Workbook, sheetParam: string | undefined, anchor: string): { sheet: SheetModel; at: { row: number; col: number } } {
  const parsed = parseCell(anchor);
  return { sheet: wb.sheetFor(sheetParam, parsed.sheet, 'anchor'), at: parsed.addr };
}

export function checkShape(rows: string[], columns: string[], values: unknown[], filters: PivotFilter[]): void {
  if (!rows.length && !columns.length && !values.length) throw invalidArg('rows', 'give at least one of rows, columns or values');
  filters.forEach((f, i) => {
    if ((f.include === undefined) === (f.exclude === undefined)) throw invalidArg(`filters[${i}]`, 'give exactly one of include or exclude');
  });
  const seen = new Map<string, string>();
  [...rows.map((f, i) => [f, `rows[${i}]`]), ...columns.map((f, i) => [f, `columns[${i}]`])].forEach(([f, where]) => {
    const k = f!.toLowerCase();
    if (seen.has(k)) throw invalidArg(where!, `'${f}' is already used in ${seen.get(k)}; a field can be a row or a column field once`);
    seen.set(k, where!);
  });
}
