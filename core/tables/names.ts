// Tables in formulas: each table (and each of its columns) is a workbook-level named expression
// in HyperFormula. The hook gives them to a new engine; core/workbook/defined-names.ts brings a
// live engine up to date after tables change, and rewrites formulas on renames and removals.
import type { NamedExpressionDef } from '../workbook/hooks.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { allTables } from './model.ts';
import { headersOf, tableNames } from './columns.ts';
import { fixHeaders } from './create.ts';

/** Names of every table and column, from the stored specs (no cells read). */
export function tableNamedExpressions(wb: Workbook): NamedExpressionDef[] {
  const out: NamedExpressionDef[] = [];
  for (const { sheet, table } of allTables(wb)) {
    for (const n of tableNames(sheet, table, table.columns)) out.push({ name: n.name, expression: `=${n.ref}`, sheetId: sheet.id });
  }
  return out;
}

/** Re-reads the header texts of tables whose header row this write touched. */
export async function refreshColumns(wb: Workbook, all = false): Promise<void> {
  for (const { sheet, table } of allTables(wb)) {
    if (table.no_header) continue;
    const header = { ...table.rect, r1: table.rect.r0 };
    if (!all && !wb.changes.touches(sheet.id, header)) continue;
    await wb.load(sheet, header);
    const now = fixHeaders(headersOf(wb, sheet, table));
    if (now.join('\u0000') !== table.columns.join('\u0000')) {
      table.columns = now;
    }
  }
}
