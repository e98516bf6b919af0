// Making a table: checks the name (a formula name: unique in the file, not a cell reference) and
// that the range overlaps no other table or pivot table, then fixes the header row the way
// spreadsheets do (blank headers become Column1, Column2...; repeated ones get a number).
import { HyperFormula } from 'hyperformula';
import { rectToA1, rectsIntersect, type Rect } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import { formulaOf, valueOf } from '../workbook/cell.ts';
import { engineConfig } from '../workbook/engine.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { newId } from '../objects/ranges.ts';
import { formulaTableName, headersOf } from './columns.ts';
import { allTables, tablesOf, type TableSpec } from './model.ts';

let scratch: HyperFormula | undefined;

/** Table names: a letter or _ first, then letters, digits, _; not a cell reference (A1, R1C1); unique without case. */
export function checkTableName(wb: Workbook, name: string, field: string, except?: TableSpec, excel = false): void {
  // A file's table may bear any name Excel takes: \ or a letter of any script first, dots too (\_Prime.1, テーブル15).
  if (excel ? !/^[\p{L}_\\][\p{L}\p{N}_.\\]{0,254}$/u.test(name) : !/^[A-Za-z_][A-Za-z0-9_]{0,99}$/.test(name)) throw invalidArg(field, `'${name}' is not a table name: use 1-100 letters, digits and _, starting with a letter or _ (names are used in formulas)`);
  scratch ??= HyperFormula.buildEmpty(engineConfig());
  if (/^(true|false)$/i.test(name) || !scratch.isItPossibleToAddNamedExpression(formulaTableName(name), '=1')) throw invalidArg(field, `'${name}' cannot be a table name: it reads as a cell reference or a value in formulas (try '${name}_data')`);
  const clash = allTables(wb).find((t) => t.table !== except && t.table.name.toLowerCase() === name.toLowerCase());
  if (clash) throw invalidArg(field, `a table named '${clash.table.name}' already exists (on sheet '${clash.sheet.name}'); names are unique in the file, compared without case`);
}

/** A free default name, as Excel gives: Table1, Table2, ... (names like these are names, not cells: hf-long-names.ts). */
export function freeTableName(wb: Workbook, base = 'Table'): string {
  const taken = new Set(allTables(wb).map((t) => t.table.name.toLowerCase()));
  for (let i = 1; ; i++) if (!taken.has(`${base}${i}`.toLowerCase())) return `${base}${i}`;
}

/** 400 when the rectangle overlaps another table or a pivot table's output on the sheet. */
export function checkNoOverlap(sheet: SheetModel, rect: Rect, field: string, except?: TableSpec): void {
  for (const t of sheet.meta.tables ?? []) {
    if (t !== except && rectsIntersect(t.rect, rect)) throw invalidArg(field, `${rectToA1(rect)} overlaps table '${t.name}' (${rectToA1(t.rect)}); tables cannot overlap`);
  }
  for (const p of sheet.meta.pivots ?? []) {
    if (p.output && rectsIntersect(p.output, rect)) throw invalidArg(field, `${rectToA1(rect)} overlaps pivot table '${p.name}' (${rectToA1(p.output)})`);
  }
}

/** Unique, non-blank headers for these texts. */
export function fixHeaders(texts: string[]): string[] {
  const seen = new Set<string>();
  return texts.map((t, i) => {
    let h = t.trim() || `Column${i + 1}`;
    for (let k = 2; seen.has(h.toLowerCase()); k++) h = `${t.trim() || `Column${i + 1}`}${k}`;
    seen.add(h.toLowerCase());
    return h;
  });
}

/** Creates the table (validated by the caller) and writes fixed headers where they differ. */
export async function makeTable(wb: Workbook, sheet: SheetModel, rect: Rect, name: string, opts: { codeCell?: string; writeHeaders?: boolean } = {}): Promise<TableSpec> {
  await wb.load(sheet, rect);
  const table: TableSpec = { id: newId('tbl'), name, rect, columns: [] };
  const shown = headersOf(wb, sheet, table);
  const fixed = fixHeaders(shown);
  // Headers are text: numbers, dates and formulas in the header row become their displayed text.
  const isText = (i: number) => {
    const cell = sheet.get(rect.r0, rect.c0 + i);
    return typeof valueOf(cell) === 'string' && formulaOf(cell) === undefined;
  };
  const changed = opts.writeHeaders === false ? [] : fixed.map((h, i) => (h !== shown[i] || !isText(i) ? i : -1)).filter((i) => i >= 0);
  for (const i of changed) await wb.writeCells(sheet, rect.r0, rect.c0 + i, [[fixed[i]!]]);
  table.columns = fixed;
  if (opts.codeCell) table.code_cell = opts.codeCell;
  tablesOf(sheet).push(table);
  return table;
}
