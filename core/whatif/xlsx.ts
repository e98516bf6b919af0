// What-if data tables in the xlsx export. exceljs writes no <f t="dataTable">: each table's first
// cell goes out as a formula marked TABLE(), its other cells as their cached values, and the
// marker becomes Excel's <f t="dataTable" ref dt2D dtr r1 r2/> in the archive. A table one of
// whose cells was typed over is no data table any more: its cells go out as values.
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { indexToCol, rectToA1 } from '../a1.ts';
import type { RichCell } from '../workbook/cell.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { dataTablesOf, holdsTable, tableAt, type DataTableSpec } from './model.ts';

/** The marker the writer gets in a table's first cell; replaced in the archive. */
const MARK = 'TABLE()';

function intact(sheet: SheetModel, t: DataTableSpec): boolean {
  for (let r = t.rect.r0; r <= t.rect.r1; r++) {
    for (let c = t.rect.c0; c <= t.rect.c1; c++) {
      const cell = sheet.get(r, c);
      if (cell !== null && cell !== undefined && !holdsTable(t, cell)) return false;
    }
  }
  return true;
}

/** The sheet's tables that go out as data tables. */
export function exportedTables(sheet: SheetModel): Set<DataTableSpec> {
  return new Set(dataTablesOf(sheet).filter((t) => intact(sheet, t)));
}

/**
 * How a kept {=TABLE(...)} cell goes to the writer: the first cell of an exported table as the
 * marker formula with its cached result, any other as its cached result alone. Undefined for
 * other cells.
 */
export function tableCellOut(sheet: SheetModel, tables: Set<DataTableSpec>, row: number, col: number, cell: RichCell, result: unknown): { formula?: string; result: unknown } | undefined {
  if (!cell.k || !cell.f?.startsWith('{=TABLE(')) return undefined;
  const t = tableAt(sheet, row, col);
  if (t && tables.has(t) && t.rect.r0 === row && t.rect.c0 === col) return { formula: MARK, result };
  return { result };
}

const a1 = (p: { row: number; col: number } | undefined) => (p ? `${indexToCol(p.col)}${p.row + 1}` : 'A1');

function element(t: DataTableSpec): string {
  const attrs = [`t="dataTable"`, `ref="${rectToA1(t.rect)}"`, `dt2D="${t.two ? 1 : 0}"`, `dtr="${t.row ? 1 : 0}"`];
  if (t.del1 || !t.r1) attrs.push('del1="1"');
  if (t.two && (t.del2 || !t.r2)) attrs.push('del2="1"');
  attrs.push(`r1="${a1(t.r1)}"`);
  if (t.two) attrs.push(`r2="${a1(t.r2)}"`);
  return `<f ${attrs.join(' ')}/>`;
}

/** The export with each exported table's first cell written as Excel writes a data table (sheets are xl/worksheets/sheetN.xml in tab order). */
export function addDataTables(xlsx: Buffer, wb: Workbook): Buffer {
  const busy = wb.sheets.map((s, i) => ({ n: i + 1, tables: [...exportedTables(s)] })).filter((s) => s.tables.length);
  if (!busy.length) return xlsx;
  const files = unzipSync(new Uint8Array(xlsx));
  for (const { n, tables } of busy) {
    const path = `xl/worksheets/sheet${n}.xml`;
    if (!files[path]) continue;
    let xml = strFromU8(files[path]!);
    for (const t of tables) {
      const at = `${indexToCol(t.rect.c0)}${t.rect.r0 + 1}`;
      xml = xml.replace(new RegExp(`(<c r="${at}"[^>]*>)<f>${MARK.replace(/[()]/g, '\\$&')}</f>`), (_m, open: string) => `${open}${element(t)}`);
    }
    files[path] = strToU8(xml);
  }
  return Buffer.from(zipSync(files, { level: 6 }));
}
