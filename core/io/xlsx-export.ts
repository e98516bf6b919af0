// xlsx export with exceljs: every sheet's values, formulas with their cached results, styles,
// merges, column widths, row heights and frozen panes, so that the file reads back the same.
import type ExcelJS from 'exceljs';
import { isDateFormat } from 'numfmt';
import { loadExcelJs } from '../libs.ts';
import { isRich, type Cell } from '../workbook/cell.ts';
import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT } from '../workbook/sheet-meta.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { effectiveStyleId } from '../workbook/read.ts';
import { TILE_COLS, TILE_ROWS, tileOf } from '../workbook/tile.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { pxToChars, pxToPt } from './book.ts';
import { addChartsToXlsx } from './xlsx-chart-export.ts';
import { styleToExcel } from './style-map.ts';
import { withXlfn } from './xlfn.ts';
import { useOwnValidationWriter, validationsToExcel } from './xlsx-validation.ts';
import { excelTableRefs, planExcelTables, tablesToExcel, type ExcelTablePlan } from './xlsx-tables.ts';
import { implicitIntersections, withParameterPrefixes } from '../workbook/implicit-intersection.ts';
import { allNames } from '../names/model.ts';
import { notesOf } from '../notes/model.ts';
import { linksToExcel, useOwnHyperlinkWriter } from './xlsx-links.ts';
import { spillRange } from '../workbook/effects.ts';
import { printToExcel } from './xlsx-print.ts';
import { rulesToExcel } from './xlsx-cf.ts';
import { rectToA1 } from '../a1.ts';

/** A literal, a formula's cached result or an error; dates are serials under a date format. */
function valueOf(cell: Cell): ExcelJS.CellValue {
  if (cell === null || cell === undefined) return null;
  const v = isRich(cell) ? (cell.e !== undefined ? undefined : cell.v) : cell;
  if (isRich(cell) && cell.e !== undefined) return { error: cell.e } as ExcelJS.CellErrorValue;
  // A number past a double's range has no xlsx form ("Infinity" is not a number to Excel).
  if (typeof v === 'number' && !Number.isFinite(v)) return { error: '#NUM!' } as ExcelJS.CellErrorValue;
  return v ?? null;
}

/**
 * Excel's serial for a date before March 1900: Excel counts a 29 February 1900 that never was,
 * which the import took out (book.ts dateToSerial), so such dates go back one day here.
 */
function excelSerial(v: ExcelJS.CellValue, code: string): ExcelJS.CellValue {
  return typeof v === 'number' && v >= 2 && v < 61 && isDateFormat(code) ? v - 1 : v;
}

/** The range a formula's spill covers (A1), or undefined. */
function spillRef(sheet: SheetModel, row: number, col: number): string | undefined {
  const rect = spillRange(sheet, row, col);
  return rect ? rectToA1(rect) : undefined;
}



/**
 * Formula text (no '=') as Excel reads it: tables' names per the plan (as cells with `cells`, for
 * conditional formats and validation rules, where Excel takes no table references), _xlpm. and
 * _xlfn. prefixes.
 */
function excelFormula(text: string, plan: ExcelTablePlan, cells = false): string {
  return withXlfn(withParameterPrefixes(excelTableRefs(text, plan, cells)));
}

async function writeSheet(wb: Workbook, sheet: SheetModel, ws: ExcelJS.Worksheet, plan: ExcelTablePlan): Promise<void> {
  await wb.loadAll(sheet);
  const styleCache = new Map<string, Partial<ExcelJS.Style>>();
  const meta = sheet.meta;
  for (const [key, tile] of sheet.loadedTiles()) {
    const { tr, tc } = tileOf(key);
    tile.rows.forEach((line, r) => {
      line?.forEach((cell, c) => {
        if (cell === null || cell === undefined) return;
        const row = tr * TILE_ROWS + r, col = tc * TILE_COLS + c;
        const target = ws.getCell(row + 1, col + 1);
        const sid = effectiveStyleId(sheet, row, col, cell);
        const hint = isRich(cell) ? cell.h : undefined;
        let st: Partial<ExcelJS.Style> | undefined;
        if (sid || hint) {
          const k = `${sid}\t${hint ?? ''}`;
          st = styleCache.get(k);
          if (!st) {
            st = styleToExcel(wb.styles.get(sid), hint);
            styleCache.set(k, st);
          }
        }
        const shown = (v: ExcelJS.CellValue) => (st?.numFmt ? excelSerial(v, st.numFmt) : v);
        if (isRich(cell) && cell.f !== undefined) {
          const result = shown(valueOf({ ...cell, f: undefined }));
          const ref = spillRef(sheet, row, col);
          // A kept formula is the file's own text, prefixes included. Others are written as Excel
          // writes a formula that does not spill, where intersection is implicit (no SINGLE).
          const formula = cell.k ? cell.f.slice(1) : excelFormula(ref ? cell.f.slice(1) : implicitIntersections(cell.f.slice(1)), plan);
          target.value = (ref ? { formula, result, shareType: 'array', ref } : { formula, result }) as ExcelJS.CellValue;
        } else target.value = shown(valueOf(cell));
        if (st && Object.keys(st).length) target.style = st;
      });
    });
  }
  const lineStyle = (sid: number) => {
    const k = `${sid}\t`;
    let st = styleCache.get(k);
    if (!st) styleCache.set(k, (st = styleToExcel(wb.styles.get(sid))));
    return st;
  };
  for (const [i, sid] of Object.entries(meta.col_styles ?? {})) if (sid) ws.getColumn(Number(i) + 1).style = lineStyle(sid);
  const defaultHeight = meta.default_row_height ?? DEFAULT_ROW_HEIGHT;
  // exceljs writes a row only when it has cells or a height: a hidden or formatted empty row gets the default height.
  const keepRow = (row: ExcelJS.Row) => {
    if (!row.height) row.height = pxToPt(defaultHeight);
  };
  for (const [i, sid] of Object.entries(meta.row_styles ?? {})) {
    if (!sid) continue;
    const row = ws.getRow(Number(i) + 1) as ExcelJS.Row & { style: Partial<ExcelJS.Style> };
    row.style = lineStyle(sid);
    keepRow(row);
  }
  // Covered cells keep their own styles (borders of a merged block sit on its edge cells).
  for (const m of meta.merges ?? []) ws.mergeCellsWithoutStyle(m);
  const defaultWidth = meta.default_col_width ?? DEFAULT_COL_WIDTH;
  ws.properties.defaultColWidth = pxToChars(defaultWidth);
  ws.properties.defaultRowHeight = pxToPt(defaultHeight);
  for (const [i, px] of Object.entries(meta.col_widths ?? {})) {
    const col = ws.getColumn(Number(i) + 1);
    if (px === 0) col.hidden = true;
    // exceljs leaves out a column exactly 9 characters wide as its own default: a hair more is written.
    else col.width = pxToChars(px) === 9 ? 9 + 1e-9 : pxToChars(px);
  }
  for (const [i, px] of Object.entries(meta.row_heights ?? {})) {
    const row = ws.getRow(Number(i) + 1);
    if (px === 0) {
      row.hidden = true;
      keepRow(row);
    } else row.height = pxToPt(px);
  }
  const frozen = meta.frozen && (meta.frozen.rows || meta.frozen.cols) ? { state: 'frozen' as const, xSplit: meta.frozen.cols, ySplit: meta.frozen.rows } : {};
  if (Object.keys(frozen).length || meta.show_gridlines === false) ws.views = [{ ...frozen, ...(meta.show_gridlines === false ? { showGridLines: false } : {}) }];
  if (meta.tab_color) ws.properties.tabColor = { argb: `FF${meta.tab_color.slice(1, 7)}` };
  printToExcel(meta.print, ws);
  const toExcel = (f: string) => excelFormula(f, plan, true);
  rulesToExcel(meta.cond_formats, ws, toExcel);
  validationsToExcel(meta.validations, ws, toExcel);
  for (const [at, note] of notesOf(sheet)) ws.getCell(at.row + 1, at.col + 1).note = note.text;
  linksToExcel(sheet, ws);
  tablesToExcel(sheet, ws, plan);
  // Pictures: anchored at their cell with their offset in EMU (9525 a pixel), at their own size.
  for (const im of meta.images ?? []) {
    const id = ws.workbook.addImage({ base64: im.data, extension: im.type === 'jpeg' ? 'jpeg' : im.type });
    ws.addImage(id, { tl: { nativeCol: im.anchor.col, nativeColOff: Math.round(im.dx * 9525), nativeRow: im.anchor.row, nativeRowOff: Math.round(im.dy * 9525) } as unknown as ExcelJS.Anchor, ext: { width: im.width, height: im.height }, editAs: 'oneCell' });
  }
  if (meta.visibility) ws.state = meta.visibility === 'very_hidden' ? 'veryHidden' : 'hidden';
}

export async function workbookToXlsx(wb: Workbook, step: (done: number, total: number) => Promise<void>): Promise<Buffer> {
  const out = new (await loadExcelJs()).Workbook();
  await useOwnValidationWriter();
  await useOwnHyperlinkWriter();
  const plan = await planExcelTables(wb);
  out.creator = 'sheets';
  for (let i = 0; i < wb.sheets.length; i++) {
    const sheet = wb.sheets[i]!;
    await writeSheet(wb, sheet, out.addWorksheet(sheet.name), plan);
    await step(i + 1, wb.sheets.length);
  }
  writeNames(out, wb, plan);
  // exceljs writes no charts: they are added to its archive as Excel's own chart parts.
  return addChartsToXlsx(Buffer.from(await out.xlsx.writeBuffer()), wb);
}

/**
 * The file's named ranges as defined names. exceljs's own API takes only cell ranges (it expands
 * each into a cell matrix), while its writer prints each name's `ranges` as text: the names are
 * given to the writer as that text, so constants and formulas are written as Excel writes them. A
 * sheet's own name carries that sheet's position (localSheetId).
 */
function writeNames(out: ExcelJS.Workbook, wb: Workbook, plan: ExcelTablePlan): void {
  const names = allNames(wb).map(({ sheet, spec }) => ({ name: spec.name, ranges: [excelFormula(spec.refers_to.replace(/^=/, ''), plan)], ...(spec.local ? { localSheetId: wb.sheets.indexOf(sheet) } : {}) }));
  if (!names.length) return;
  Object.defineProperty(out.definedNames, 'model', { get: () => names, set: () => undefined, configurable: true });
}
