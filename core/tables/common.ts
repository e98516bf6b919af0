// Shared by the table ops: finding a table by name (400 naming the field when there is none),
// column lookup by header, and the table as returned.
import { z } from 'zod';
import { invalidArg } from '../errors.ts';
import { allTables, findTable } from './model.ts';
import { StyleOut } from './style-fields.ts';
import type { Workbook } from '../workbook/workbook.ts';

export const TableRef = z.string().min(1, 'must not be empty').max(100).describe('Name or id.');

export const TableOut = z.object({
  name: z.string(),
  id: z.string(),
  sheet: z.string(),
  range: z.string(),
  data_range: z.string().nullable(),
  columns: z.array(z.string()),
  rows: z.number().int(),
  formula_names: z.array(z.string()).describe('The table and its columns as formulas name them, e.g. =SUM(Sales[Amount]).'),
  code_cell: z.string().optional(),
  style: StyleOut.describe('How Excel, the viewer and the PDF draw the table.'),
});

export function locateTable(wb: Workbook, name: string, sheet: string | undefined, field = 'table') {
  const found = findTable(wb, name);
  if (!found) {
    const names = allTables(wb).map((t) => t.table.name);
    throw invalidArg(field, `no table named '${name}' in this file; ${names.length ? `tables are: ${names.join(', ')}` : 'it has no tables (create_table makes one)'}`);
  }
  if (sheet !== undefined && wb.sheet(sheet) !== found.sheet) throw invalidArg('sheet', `table '${found.table.name}' is on sheet '${found.sheet.name}', not '${sheet}'`);
  return found;
}

/** Zero-based column of a header (case-insensitive); 400 listing the columns otherwise. */
export function columnIndex(columns: string[], name: string, field: string, table: string): number {
  const i = columns.findIndex((c) => c.toLowerCase() === name.trim().toLowerCase());
  if (i < 0) throw invalidArg(field, `'${name}' is not a column of table '${table}'; columns are: ${columns.map((c) => `'${c}'`).join(', ')}`);
  return i;
}
