// Data tables as stored in a sheet's meta: a named rectangle whose first row holds the column
// headers (read live from the cells). Names are unique in the file and usable in formulas.
import type { Rect } from '../a1.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import type { TableStyleDef } from './style-def.ts';

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** Data tables whose range is on this sheet. */
    tables?: TableSpec[];
  }
}

export interface TableSpec {
  id: string;
  name: string;
  /** Header row plus data rows. */
  rect: Rect;
  /** Header texts as last seen in the header row (kept in step by the tables hook), for names without loading cells. */
  columns: string[];
  /** Set when the table is the output of a code cell (A1 of that cell on the same sheet). */
  code_cell?: string;
  /**
   * An Excel table without a header row (headerRowCount 0): `rect` is its data rows, and `columns`
   * keep the file's column names (there are no header cells to read them from).
   */
  no_header?: true;
  /** An Excel table's totals row, the row under `rect` (kept as cells; exported as part of the table). */
  totals_row?: true;
  /**
   * The table's style and its options, drawn under the cells' own formats (viewer, PDF) and
   * exported; absent: TableStyleMedium2 with banded rows, as create_table makes them.
   */
  excel_style?: ExcelTableStyle;
}

export interface ExcelTableStyle {
  /** A built-in style (TableStyleMedium2) or a custom style of the file; absent: no style (plain cells). */
  name?: string;
  /** A custom style's definition, kept from the file's styles part (built-in styles are not stored). */
  definition?: TableStyleDef;
  /** The theme colours of the file the table came from (by theme index), when not Office's default. */
  theme?: string[];
  row_stripes?: boolean;
  column_stripes?: boolean;
  first_column?: boolean;
  last_column?: boolean;
}

export function tablesOf(sheet: SheetModel): TableSpec[] {
  return (sheet.meta.tables ??= []);
}

export function allTables(wb: Workbook): { sheet: SheetModel; table: TableSpec }[] {
  return wb.sheets.flatMap((sheet) => (sheet.meta.tables ?? []).map((table) => ({ sheet, table })));
}

export function findTable(wb: Workbook, name: string): { sheet: SheetModel; table: TableSpec } | undefined {
  const lower = name.toLowerCase();
  return allTables(wb).find((t) => t.table.name.toLowerCase() === lower || t.table.id === name);
}

export function findTableById(wb: Workbook, id: string): { sheet: SheetModel; table: TableSpec } | undefined {
  return allTables(wb).find((t) => t.table.id === id);
}
