// Code-cell outputs with a header row become data tables (named Output_B2 after the code cell),
// and follow the output as it grows or shrinks on reruns. The code area calls these after it
// writes an output (cells marked with `o`); a clash with another table leaves the output a plain
// range rather than failing the run.
import { cellToA1, rectToA1, rectsIntersect, type Rect } from '../a1.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Content, Workbook } from '../workbook/workbook.ts';
import { tableView } from './columns.ts';
import { fixHeaders, freeTableName, makeTable } from './create.ts';
import { headersOf } from './columns.ts';
import { tablesOf, type TableSpec } from './model.ts';
import { syncNames } from '../workbook/defined-names.ts';

export interface OutputTableResult {
  table: ReturnType<typeof tableView> | null;
  /** Why no table was made (e.g. it would overlap another table). */
  reason?: string;
}

/**
 * Makes (or resizes) the table for a code cell's output. `codeCell` is the code cell's position,
 * `rect` the output's header row plus data rows on the same sheet.
 */
export async function tableFromOutput(wb: Workbook, sheet: SheetModel, codeCell: { row: number; col: number }, rect: Rect, opts: { name?: string } = {}): Promise<OutputTableResult> {
  const a1 = cellToA1(codeCell);
  const own = tablesOf(sheet).find((t) => t.code_cell === a1);
  const clash = tablesOf(sheet).find((t) => t !== own && rectsIntersect(t.rect, rect));
  if (clash) return { table: null, reason: `the output ${rectToA1(rect)} overlaps table '${clash.name}' (${rectToA1(clash.rect)})` };
  let table: TableSpec;
  if (own) {
    own.rect = rect;
    await wb.load(sheet, { ...rect, r1: rect.r0 });
    own.columns = fixHeaders(headersOf(wb, sheet, own));
    table = own;
  } else {
    const base = `Output_${a1}`;
    const taken = wb.sheets.some((s) => (s.meta.tables ?? []).some((t) => t.name.toLowerCase() === base.toLowerCase()));
    // The output's cells belong to the code cell: headers are taken as they are, not rewritten.
    table = await makeTable(wb, sheet, rect, opts.name ?? (taken ? freeTableName(wb, `${base}_`) : base), { codeCell: a1, writeHeaders: false });
  }
  await syncNames(wb);
  return { table: tableView(wb, sheet, table) };
}

/** Drops the table of a code cell's output (the output was cleared or the code cell removed). */
export async function removeOutputTable(wb: Workbook, sheet: SheetModel, codeCell: { row: number; col: number }): Promise<boolean> {
  const a1 = cellToA1(codeCell);
  const before = tablesOf(sheet).length;
  sheet.meta.tables = tablesOf(sheet).filter((t) => t.code_cell !== a1);
  if (sheet.meta.tables.length === before) return false;
  await syncNames(wb);
  return true;
}

/**
 * After a code cell's run: a result of 2+ rows whose first row is all text becomes (or stays) a
 * table over the output; any other result (or an error) drops the table the output had.
 */
export async function syncOutputTable(wb: Workbook, sheet: SheetModel, codeCell: { row: number; col: number }, grid: Content[][] | null, rect: Rect): Promise<void> {
  const header = grid && grid.length >= 2 ? grid[0]! : null;
  if (header && header.length && header.every((h) => typeof h === 'string' && h.trim() !== '')) await tableFromOutput(wb, sheet, codeCell, rect);
  else if (tablesOf(sheet).some((t) => t.code_cell === cellToA1(codeCell))) await removeOutputTable(wb, sheet, codeCell);
}
