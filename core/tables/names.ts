// Tables in formulas: each table (and each of its columns) is a workbook-level named expression
// in HyperFormula. The hook gives them to a new engine; core/workbook/defined-names.ts brings a
// live engine up to date after tables change, and rewrites formulas on renames and removals.
import type { NamedExpressionDef } from '../workbook/hooks.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { allTables, type TableSpec } from './model.ts';
import { columnName, formulaTableName, headersOf, tableNames } from './columns.ts';
import { fixHeaders } from './create.ts';
import { renameColumns, renameNames } from '../formula/rename-names.ts';
import { rewriteFormulaTexts, syncNames } from '../workbook/defined-names.ts';

/** Names of every table and column, from the stored specs (no cells read). */
export function tableNamedExpressions(wb: Workbook): NamedExpressionDef[] {
  const out: NamedExpressionDef[] = [];
  for (const { sheet, table } of allTables(wb)) {
    for (const n of tableNames(sheet, table, table.columns)) out.push({ name: n.name, expression: `=${n.ref}`, sheetId: sheet.id });
  }
  return out;
}

/**
 * Re-reads the header texts of tables whose header row this write touched. A header typed anew
 * renames its column, as in Excel: formulas naming it follow (Sales[Units] becomes Sales[Qty] in
 * the text a cell keeps, Sales.Units becomes Sales.Qty in the engine's).
 */
export async function refreshColumns(wb: Workbook, all = false): Promise<void> {
  const renamed: { sheet: SheetModel; table: TableSpec; before: string[] }[] = [];
  for (const { sheet, table } of allTables(wb)) {
    if (table.no_header) continue;
    const header = { ...table.rect, r1: table.rect.r0 };
    if (!all && !wb.changes.touches(sheet.id, header)) continue;
    await wb.load(sheet, header);
    const now = fixHeaders(headersOf(wb, sheet, table));
    if (now.join('\u0000') !== table.columns.join('\u0000')) {
      if (now.length === table.columns.length) renamed.push({ sheet, table, before: table.columns });
      table.columns = now;
    }
  }
  if (!renamed.length || !wb.hasFormulas()) return;
  await syncNames(wb);
  for (const { sheet, table, before } of renamed) {
    const columns = new Map<string, string>(), engine = new Map<string, string>();
    // Headers the table only tidied (an imported 'Total ' read as 'Total') are no renames.
    const tidied = fixHeaders(before);
    before.forEach((old, i) => {
      const now = table.columns[i]!;
      if (tidied[i] === now) return;
      columns.set(old.toLowerCase(), now);
      const name = formulaTableName(table.name);
      engine.set(`${name}.${columnName(old, i)}`.toLowerCase(), `${name}.${columnName(now, i)}`);
    });
    const r = table.rect;
    const inTable = (s: SheetModel, row: number, col: number) => s === sheet && row >= r.r0 && row <= r.r1 && col >= r.c0 && col <= r.c1;
    await rewriteFormulaTexts(wb, (text, s, row, col) => renameColumns(renameNames(text, engine), table.name, columns, inTable(s, row, col)));
  }
}
