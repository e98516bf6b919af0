// A table's columns and rows as they are now: header texts read from the header row, the data
// body under it, and the names formulas use for the table ("Sales") and each column (Excel's
// "Sales[Unit Price]"; the engine's named expression "Sales.Unit_Price").
import { indexToCol, quoteSheet, rectToA1, type Rect } from '../a1.ts';
import { displayCell } from '../workbook/display.ts';
import { effectiveStyle } from '../workbook/read.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import type { TableSpec } from './model.ts';
import { styleView } from './style-fields.ts';
import { printNode } from '../formula/print.ts';

/** Header texts as displayed (the header row must be loaded). */
export function headersOf(wb: Workbook, sheet: SheetModel, table: TableSpec): string[] {
  const { r0, c0, c1 } = table.rect;
  const out: string[] = [];
  for (let c = c0; c <= c1; c++) {
    const cell = sheet.get(r0, c);
    out.push(cell === null || cell === undefined ? '' : displayCell(cell, effectiveStyle(sheet, wb.styles, r0, c, cell), sheet.meta));
  }
  return out;
}

/** Data rows (without the header); may be empty (r1 < r0). */
export function bodyOf(table: TableSpec): Rect {
  return table.no_header ? { ...table.rect } : { ...table.rect, r0: table.rect.r0 + 1 };
}

export function rowCount(table: TableSpec): number {
  return table.rect.r1 - table.rect.r0 + (table.no_header ? 1 : 0);
}

/** The part of a column name usable after the dot: letters, digits and _ (others become _). */
export function columnName(header: string, index: number): string {
  let s = header.trim().replace(/[^A-Za-z0-9_]/g, '_');
  if (!s) s = `Column${index + 1}`;
  if (/^[0-9]/.test(s)) s = `_${s}`;
  return s;
}

/**
 * The table's name in the engine's formulas: its own name when the engine reads it as a name
 * (letters, digits, _), else each other character written _xHHHH_. Excel's names may start with \,
 * hold dots and letters of any script (\_Prime.1, テーブル15); the engine's names may not.
 */
export function formulaTableName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : name.replace(/[^A-Za-z0-9]/g, (c) => `_x${c.charCodeAt(0).toString(16).padStart(4, '0')}_`);
}

function absolute(sheet: SheetModel, rect: Rect): string {
  const a = `$${indexToCol(rect.c0)}$${rect.r0 + 1}`;
  const b = `$${indexToCol(rect.c1)}$${rect.r1 + 1}`;
  return `${quoteSheet(sheet.name)}!${a}:${b}`;
}

/**
 * Names for formulas: the table's data body and each column's, as absolute references. A table
 * without data rows points at the empty row under its header, so SUM(Name) is 0, not an error.
 */
export function tableNames(sheet: SheetModel, table: TableSpec, headers: string[]): { name: string; ref: string }[] {
  const body = bodyOf(table);
  if (body.r1 < body.r0) body.r1 = body.r0;
  const name = formulaTableName(table.name);
  const out = [{ name, ref: absolute(sheet, body) }];
  const seen = new Set<string>();
  headers.forEach((h, i) => {
    const col = columnName(h, i);
    if (seen.has(col.toLowerCase())) return;
    seen.add(col.toLowerCase());
    out.push({ name: `${name}.${col}`, ref: absolute(sheet, { ...body, c0: body.c0 + i, c1: body.c0 + i }) });
  });
  return out;
}

/** How formulas name the table and each column, as Excel writes them: Sales, Sales[Unit Price]. */
function excelNames(table: string, headers: string[]): string[] {
  const seen = new Set<string>();
  const cols = headers.filter((h) => !seen.has(h.toLowerCase()) && Boolean(seen.add(h.toLowerCase())));
  return [table, ...cols.map((h) => printNode({ kind: 'structured', table, spec: { items: [], cols: [h, h] } }))];
}

/** The table as the API returns it; headers come from the spec (kept current by the tables hook). */
export function tableView(_wb: Workbook, sheet: SheetModel, table: TableSpec) {
  const headers = table.columns;
  const body = bodyOf(table);
  return {
    name: table.name,
    id: table.id,
    sheet: sheet.name,
    range: rectToA1(table.rect),
    data_range: body.r1 >= body.r0 ? rectToA1(body) : null,
    columns: headers,
    rows: rowCount(table),
    formula_names: excelNames(table.name, headers),
    ...(table.code_cell ? { code_cell: table.code_cell } : {}),
    style: styleView(table),
  };
}
