// Reads the old binary .xls (BIFF) format with SheetJS (the @e965/xlsx republish of the fixed
// build, docs/dependencies.md) into a Book: values, formulas with cached results, number
// formats, merges, column widths and row heights. SheetJS's free build reads no fonts, fills or
// borders from .xls, so those are lost (docs/import-export.md).
import type * as XLSX from '@e965/xlsx';
import { loadXlsx } from '../libs.ts';
import { parseXls } from './xls-parse.ts';
import { rectToA1 } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import { dateToSerial, ptToPx, type Book, type BookCell, type BookSheet } from './book.ts';
import { fieldsOfCode } from './numfmt-map.ts';

const ERRORS: Record<number, string> = { 0x00: '#NULL!', 0x07: '#DIV/0!', 0x0f: '#VALUE!', 0x17: '#REF!', 0x1d: '#NAME?', 0x24: '#NUM!', 0x2a: '#N/A', 0x2b: '#GETTING_DATA' };

function cellOf(c: XLSX.CellObject, row: number, col: number): BookCell | undefined {
  const out: BookCell = { row, col };
  if (c.t === 'e') out.error = c.w && c.w.startsWith('#') ? c.w : (ERRORS[c.v as number] ?? '#N/A');
  else if (c.t === 'n' || c.t === 's' || c.t === 'b') out.value = c.v as number | string | boolean;
  else if (c.t === 'd') out.value = dateToSerial(c.v as Date);
  if (c.f) out.formula = c.f;
  if (c.F && c.f) {
    out.arrayRef = c.F;
    out.array = true;
  }
  const fmt = typeof c.z === 'string' ? fieldsOfCode(c.z) : {};
  if (Object.keys(fmt).length) out.style = fmt;
  if (out.value === undefined && out.formula === undefined && out.error === undefined) return undefined;
  return out;
}

function sheetOf(name: string, ws: XLSX.WorkSheet, utils: typeof XLSX.utils): BookSheet {
  const colWidths: Record<string, number> = {};
  (ws['!cols'] ?? []).forEach((c, i) => {
    if (!c) return;
    if (c.hidden) colWidths[String(i)] = 0;
    else if (c.wpx !== undefined) colWidths[String(i)] = Math.round(c.wpx);
  });
  const rowHeights: Record<string, number> = {};
  (ws['!rows'] ?? []).forEach((r, i) => {
    if (!r) return;
    if (r.hidden) rowHeights[String(i)] = 0;
    else if (r.hpx !== undefined) rowHeights[String(i)] = Math.round(r.hpx);
    else if (r.hpt !== undefined) rowHeights[String(i)] = ptToPx(r.hpt);
  });
  const merges = (ws['!merges'] ?? []).map((m) => rectToA1({ r0: m.s.r, c0: m.s.c, r1: m.e.r, c1: m.e.c }));
  return {
    name,
    merges,
    colWidths,
    rowHeights,
    forEachCell(fn) {
      const ref = ws['!ref'];
      if (!ref) return;
      const range = utils.decode_range(ref);
      const dense = (ws as { '!data'?: XLSX.CellObject[][] })['!data'];
      for (let r = range.s.r; r <= range.e.r; r++) {
        for (let c = range.s.c; c <= range.e.c; c++) {
          const cell = dense ? dense[r]?.[c] : (ws[utils.encode_cell({ r, c })] as XLSX.CellObject | undefined);
          if (!cell) continue;
          const out = cellOf(cell, r, c);
          if (out) fn(out);
        }
      }
    },
  };
}

export async function readXls(bytes: Buffer): Promise<Book> {
  const xlsx = await loadXlsx();
  const report: string[] = [];
  const wb = await parseXls(bytes, report);
  if (!wb.SheetNames.length) throw invalidArg('file_data', 'the workbook has no worksheets');
  const sheets: BookSheet[] = [];
  for (const n of wb.SheetNames.filter((name) => wb.Sheets[name])) {
    try {
      sheets.push(guardedCells(sheetOf(n, wb.Sheets[n]!, xlsx.utils), report));
    } catch {
      report.push(`not read: sheet ${n}: its layout (merges, sizes) could not be read; the sheet is not imported`);
    }
  }
  if (!sheets.length) throw invalidArg('file_data', `is not a readable .xls file: none of its sheets could be read (${wb.SheetNames.join(', ')})`);
  // Each name on its own: SheetJS gives some files' names without a text (Ref) it can print.
  const names: NonNullable<Book['names']> = [];
  let unread = 0;
  for (const n of wb.Workbook?.Names ?? []) {
    if (!n.Name || /^_xl(nm|fn)\./i.test(n.Name)) continue;
    if (typeof n.Ref !== 'string' || !n.Ref) {
      unread++;
      continue;
    }
    names.push({ name: n.Name, refersTo: n.Ref.replace(/^=/, ''), ...(n.Sheet !== undefined && wb.SheetNames[n.Sheet] ? { sheet: wb.SheetNames[n.Sheet] } : {}) });
  }
  if (unread) report.push(`not read: ${unread} defined name(s): the file holds no text for them that could be read`);
  report.push('.xls files bring values, formulas, number formats, merges and sizes; fonts, fills and borders are not read from this format');
  // Serials are read as numbers (cellDates: false), so a 1904 file keeps them and says so.
  const date1904 = wb.Workbook?.WBProps?.date1904 === true;
  // One list, which the import reads after the cells: a sheet whose cells stop short adds its line then.
  return { sheets, names, warnings: report, ...(date1904 ? { date1904 } : {}) };
}

/** The sheet with its cell walk guarded: cells that cannot be read end the walk with a line in `report`. */
function guardedCells(sheet: BookSheet, report: string[]): BookSheet {
  return {
    ...sheet,
    forEachCell(fn) {
      let inFn = false;
      try {
        sheet.forEachCell((cell) => {
          inFn = true;
          fn(cell);
          inFn = false;
        });
      } catch (err) {
        if (inFn) throw err;
        report.push(`not read in full: the cells of sheet ${sheet.name}: they could not be read to the end`);
      }
    },
  };
}
