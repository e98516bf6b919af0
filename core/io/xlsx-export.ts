// xlsx export with exceljs: every sheet's values, formulas with their cached results, styles,
// merges, column widths, row heights and frozen panes, so that the file reads back the same.
import type ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { isDate1904 } from '../workbook/date-system.ts';
import { iterationOf, type Iteration } from '../workbook/iteration.ts';
import { workbookProtectionOf } from '../protection/model.ts';
import { elementXml } from '../protection/xlsx.ts';
import { themePaletteOf, withThemePalette } from '../workbook/theme-palette.ts';
import { loadExcelHeaderFooterXform, loadExcelJs, loadExcelSheetExtXform, type ExcelXform } from '../libs.ts';
import { isRich, richRuns, type Cell, type RichCell, type TextRun } from '../workbook/cell.ts';
import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT } from '../workbook/sheet-meta.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { effectiveStyleId } from '../workbook/read.ts';
import { TILE_COLS, TILE_ROWS, tileOf, type Tile } from '../workbook/tile.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { pxToChars, pxToPt } from './book.ts';
import { addPartsToXlsx } from './xlsx-parts.ts';
import { styleToExcel } from './style-map.ts';
import { withFunctionPrefixes, withParameterPrefixes } from '../formula/prefixes.ts';
import { useOwnValidationWriter, validationsToExcel } from './xlsx-validation.ts';
import { excelTableRefs, planExcelTables, type ExcelTablePlan } from './xlsx-tables.ts';
import { legacyFormula } from '../workbook/implicit-intersection.ts';
import { arrayFillAsWritten, bareRangeAsWritten, etaNamesAsStored, lambdaCallsAsWritten, rangeJoinsAsWritten } from '../formula/engine-text.ts';
import { allNames, type NameSpec } from '../names/model.ts';
import { tablesNamed } from '../formula/tables-named.ts';
import { notesOf } from '../notes/model.ts';
import { XLSX_SHEET_ELEMENTS, type XlsxLineOut, type XlsxSheetOut } from '../workbook/area.ts';
import { useOwnHyperlinkWriter, withLink } from './xlsx-links.ts';
import { linksOf } from '../links/model.ts';
import { spillRange } from '../workbook/effects.ts';
import { printToExcel } from './xlsx-print.ts';
import { patchHeaderFooterXform } from './xlsx-header-footer.ts';
import { rulesToExcel } from './xlsx-cf.ts';
import { rectToA1 } from '../a1.ts';
import { importFormula } from './formula-import.ts';
import { bookIndexer } from '../extlinks/model.ts';
import { addExternalLinks } from '../extlinks/xlsx.ts';
import { addDataTables, exportedTables, tableCellOut } from '../whatif/xlsx.ts';

/** A literal, a formula's cached result or an error; dates are serials under a date format. */
function valueOf(cell: Cell): ExcelJS.CellValue {
  if (cell === null || cell === undefined) return null;
  const v = isRich(cell) ? (cell.e !== undefined ? undefined : cell.v) : cell;
  if (isRich(cell) && cell.e !== undefined) return { error: cell.e } as ExcelJS.CellErrorValue;
  // A number past a double's range has no xlsx form ("Infinity" is not a number to Excel).
  if (typeof v === 'number' && !Number.isFinite(v)) return { error: '#NUM!' } as ExcelJS.CellErrorValue;
  if (typeof v === 'string') return xlsxText(v);
  return v ?? null;
}

/**
 * Text as xlsx holds it: XML has no control characters, so Excel writes them as _xHHHH_ (CHAR(1)
 * is _x0001_), and a text that itself reads like one gets its underscore escaped (_x005F_); readers
 * (Excel, LibreOffice, exceljs, openpyxl) turn both back. exceljs dropped control characters.
 */
export function xlsxText(s: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is escaped here
  if (!/[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/.test(s)) return s;
  return s
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    // eslint-disable-next-line no-control-regex -- as above
    .replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
}

/** The range a formula's spill covers (A1), or undefined. */
function spillRef(sheet: SheetModel, row: number, col: number): string | undefined {
  const rect = spillRange(sheet, row, col);
  return rect ? rectToA1(rect) : undefined;
}

/**
 * Formula text (no '=') as Excel reads it: tables' names per the plan (as cells with `cells`, for
 * conditional formats and validation rules, where Excel takes no table references), _xlpm.,
 * _xleta. and _xlfn. prefixes.
 */
function excelFormula(text: string, plan: ExcelTablePlan, cells = false): string {
  return withFunctionPrefixes(rangeJoinsAsWritten(bareRangeAsWritten(arrayFillAsWritten(lambdaCallsAsWritten(etaNamesAsStored(withParameterPrefixes(excelTableRefs(text, plan, cells))))))));
}

type StreamWorkbook = ExcelJS.stream.xlsx.WorkbookWriter;

/** The streaming writer's sheet: rows are written in order and committed; its tail is written by commit(). */
interface StreamSheet extends ExcelJS.Worksheet {
  _merges: { toString(): string }[];
  _rows: unknown[];
  _rowZero: number;
  _writeHyperlinks(): void;
  _writeAutoFilter(): void;
  _writeConditionalFormatting(): void;
  _writeDataValidations(): void;
  _writeCloseWorksheet(): void;
  _writeColumns(): void;
  _writeOpenSheetData(): void;
  startedData: boolean;
  _workbook: { styles: object };
  conditionalFormatting: object[];
  stream: { write(text: string): void };
  commit(): void;
}

/** Attributes of <printOptions>: exceljs's streaming writer leaves the element out. */
function printOptionsXml(ws: ExcelJS.Worksheet): string {
  const p = ws.pageSetup as Partial<ExcelJS.PageSetup> & { showRowColHeaders?: boolean };
  const attrs = [p.showRowColHeaders && 'headings="1"', p.showGridLines && 'gridLines="1"', p.horizontalCentered && 'horizontalCentered="1"', p.verticalCentered && 'verticalCentered="1"'].filter(Boolean);
  return attrs.length ? `<printOptions ${attrs.join(' ')}/>` : '';
}

/**
 * The sheet's tail as the in-memory writer writes it, in the order ECMA-376 gives (CT_Worksheet):
 * exceljs's streaming writer puts hyperlinks before conditional formats and validation rules, which
 * Excel repairs, and writes neither <printOptions> nor the <extLst> that holds Excel 2010's
 * conditional formats (data bars with an axis, newer icon sets). Hyperlinks and print options are
 * written after the validation rules, the extension list last.
 */
function fixTail(ws: StreamSheet, Ext: ExcelXform): void {
  const links = ws._writeHyperlinks.bind(ws);
  const formats = ws._writeConditionalFormatting.bind(ws);
  const rules = ws._writeDataValidations.bind(ws);
  const close = ws._writeCloseWorksheet.bind(ws);
  const ext = new Ext();
  const model = { conditionalFormattings: ws.conditionalFormatting };
  ws._writeHyperlinks = () => undefined;
  // The extension's rules get their ids before the rules that point at them are written.
  ws._writeConditionalFormatting = () => {
    ext.prepare(model, { styles: ws._workbook.styles });
    formats();
  };
  ws._writeDataValidations = () => {
    rules();
    links();
    const options = printOptionsXml(ws);
    if (options) ws.stream.write(options);
  };
  ws._writeCloseWorksheet = () => {
    ws.stream.write(ext.toXml(model));
    close();
  };
}

/** The rows to write, in order: those holding cells, and `extra` (rows with a height, a style, a note or a link). */
function rowsToWrite(sheet: SheetModel, extra: Iterable<number>): number[] {
  const rows = new Set<number>(extra);
  for (const [key, tile] of sheet.loadedTiles()) {
    const { tr } = tileOf(key);
    tile.rows.forEach((line, r) => {
      if (line?.some((c) => c !== null && c !== undefined)) rows.add(tr * TILE_ROWS + r);
    });
  }
  return [...rows].sort((a, b) => a - b);
}

/**
 * One sheet through exceljs's streaming writer: columns first, then each row in order (cells with
 * their styles, notes and links, height, row style), merges and the sheet's rules, which its
 * commit writes after the rows. Only the row being written is held as exceljs objects.
 */
/**
 * The file's own text of an imported formula (RichCell.x) while it still reads as the cell's
 * formula against the exported tables; else undefined, and the formula goes out as the engine has it.
 */
function fileText(cell: RichCell & { f: string }, sheet: string, row: number, col: number, plan: ExcelTablePlan, names: ReadonlySet<string>): string | undefined {
  if (!cell.x) return undefined;
  const reads = (legacy: boolean) => importFormula(cell.x!, null, undefined, { legacy, names, tables: plan.asBook, at: { sheet, row, col } }).cell.f === cell.f;
  return reads(true) || reads(false) ? cell.x : undefined;
}

/**
 * Rich text as exceljs writes it. Its shared-string table looks values up by their string form,
 * which is "[object Object]" for every rich text (all would share the first one's entry): each
 * gets a string form of its own runs.
 */
function richValue(runs: TextRun[]): ExcelJS.CellRichTextValue {
  const value = { richText: runs.map((run) => ({ text: run.t, ...(run.font ? { font: run.font } : {}) })) };
  const key = `\u0000rich\u0000${JSON.stringify(runs)}`;
  Object.defineProperty(value, 'toString', { value: () => key, enumerable: false });
  return value as ExcelJS.CellRichTextValue;
}

/** What the areas add to one worksheet (AreaXlsx.write), merged: row and column attributes, sheet properties. */
function areaParts(wb: Workbook, sheet: SheetModel) {
  const rows = new Map<number, XlsxLineOut>(), cols = new Map<number, XlsxLineOut>();
  const format: NonNullable<XlsxSheetOut['format']> = {};
  const elements: NonNullable<XlsxSheetOut['elements']> = {};
  for (const area of wb.areas) {
    const part = area.xlsx?.write?.(sheet);
    if (!part) continue;
    for (const [i, a] of part.rows ?? []) rows.set(i, { ...rows.get(i), ...a });
    for (const [i, a] of part.cols ?? []) cols.set(i, { ...cols.get(i), ...a });
    Object.assign(format, part.format);
    Object.assign(elements, part.elements);
  }
  const { summaryBelow, summaryRight, ...levels } = format;
  const outlineProperties = summaryBelow !== undefined || summaryRight !== undefined ? { outlineProperties: { summaryBelow, summaryRight } } : {};
  const afterCells = XLSX_SHEET_ELEMENTS.map((k) => elements[k] ?? '').join('');
  return { rows, cols, properties: { ...levels, ...outlineProperties }, afterCells };
}

/**
 * A row's or column's outline attributes. exceljs derives `collapsed` from the level (every line at
 * the deepest level would say collapsed): the line's own flag replaces that getter.
 */
function lineAttrs(line: ExcelJS.Row | ExcelJS.Column, attrs: XlsxLineOut): void {
  if (attrs.outlineLevel) line.outlineLevel = attrs.outlineLevel;
  Object.defineProperty(line, 'collapsed', { value: !!attrs.collapsed, configurable: true });
}

async function writeSheet(wb: Workbook, sheet: SheetModel, out: StreamWorkbook, plan: ExcelTablePlan, indexBooks: (f: string) => string): Promise<void> {
  await wb.loadAll(sheet);
  const meta = sheet.meta;
  // Defined names, as the import passes them (a call of one is a LAMBDA call).
  const names = new Set(allNames(wb).map(({ spec }) => spec.name.toUpperCase()));
  const defaultWidth = meta.default_col_width ?? DEFAULT_COL_WIDTH;
  const defaultHeight = meta.default_row_height ?? DEFAULT_ROW_HEIGHT;
  const frozen = meta.frozen && (meta.frozen.rows || meta.frozen.cols) ? { state: 'frozen' as const, xSplit: meta.frozen.cols, ySplit: meta.frozen.rows } : {};
  const views = Object.keys(frozen).length || meta.show_gridlines === false ? [{ ...frozen, ...(meta.show_gridlines === false ? { showGridLines: false } : {}) }] : [];
  // The writer prints the sheet's head (properties, views, page setup) as it is made.
  const print: Pick<ExcelJS.Worksheet, 'pageSetup' | 'headerFooter'> = { pageSetup: {} as ExcelJS.PageSetup, headerFooter: {} as ExcelJS.HeaderFooter };
  patchHeaderFooterXform((await loadExcelHeaderFooterXform()).prototype);
  printToExcel(meta.print, print);
  const parts = areaParts(wb, sheet);
  // What-if data tables written back as Excel's (core/whatif/xlsx.ts).
  const dataTables = exportedTables(sheet);
  const ws = out.addWorksheet(sheet.name, {
    views,
    pageSetup: print.pageSetup,
    headerFooter: print.headerFooter,
    properties: { defaultColWidth: pxToChars(defaultWidth), defaultRowHeight: pxToPt(defaultHeight), ...(meta.tab_color ? { tabColor: { argb: `FF${meta.tab_color.slice(1, 7)}` } } : {}), ...parts.properties } as ExcelJS.WorksheetProperties,
    ...(meta.visibility ? { state: meta.visibility === 'very_hidden' ? 'veryHidden' : 'hidden' } : {}),
  }) as StreamSheet;
  fixTail(ws, await loadExcelSheetExtXform());
  // The areas' elements between the cells and the merged ranges (autoFilter, ...), where exceljs
  // would write its own autoFilter.
  if (parts.afterCells) ws._writeAutoFilter = () => ws.stream.write(parts.afterCells);
  const styleCache = new Map<string, Partial<ExcelJS.Style>>();
  const styleOf = (sid: number, hint?: string) => {
    const k = `${sid}\t${hint ?? ''}`;
    let st = styleCache.get(k);
    if (!st) styleCache.set(k, (st = styleToExcel(wb.styles.get(sid), hint)));
    return st;
  };
  // Columns go out before the first row.
  for (const [i, sid] of Object.entries(meta.col_styles ?? {})) if (sid) ws.getColumn(Number(i) + 1).style = styleOf(sid);
  for (const [i, px] of Object.entries(meta.col_widths ?? {})) {
    const col = ws.getColumn(Number(i) + 1);
    if (px === 0) col.hidden = true;
    // exceljs leaves out a column exactly 9 characters wide as its own default: a hair more is written.
    else col.width = pxToChars(px) === 9 ? 9 + 1e-9 : pxToChars(px);
  }
  for (const [i, attrs] of parts.cols) lineAttrs(ws.getColumn(i + 1), attrs);
  const toExcel = (f: string) => excelFormula(f, plan, true);
  rulesToExcel(meta.cond_formats, ws, toExcel);
  validationsToExcel(meta.validations, ws, toExcel);
  // Covered cells keep their own styles (borders of a merged block sit on its edge cells): the
  // ranges are listed, the cells are not turned into exceljs merge cells.
  for (const m of meta.merges ?? []) ws._merges.push({ toString: () => m });

  const byRow = <T>(entries: [{ row: number; col: number }, T][]) => {
    const m = new Map<number, [number, T][]>();
    for (const [at, v] of entries) {
      const line = m.get(at.row);
      if (line) line.push([at.col, v]);
      else m.set(at.row, [[at.col, v]]);
    }
    return m;
  };
  const notes = byRow(notesOf(sheet));
  const links = byRow(linksOf(sheet));
  const rowStyles = meta.row_styles ?? {};
  const heights = meta.row_heights ?? {};
  const tilesOfBand = new Map<number, [number, Tile][]>();
  for (const [key, tile] of sheet.loadedTiles()) {
    const { tr, tc } = tileOf(key);
    const band = tilesOfBand.get(tr);
    if (band) band.push([tc, tile]);
    else tilesOfBand.set(tr, [[tc, tile]]);
  }
  for (const tiles of tilesOfBand.values()) tiles.sort((a, b) => a[0] - b[0]);
  const extra = [...Object.keys(rowStyles), ...Object.keys(heights)].map(Number).concat([...notes.keys(), ...links.keys(), ...parts.rows.keys()]);
  for (const row of rowsToWrite(sheet, extra)) {
    // exceljs keeps uncommitted rows in an array from its first uncommitted row number and shift()s
    // it on commit: a first row at 100,000 (or a gap that long) made an array that long and each
    // commit quadratic (Open XML SDK's FilterByCF.xlsx took minutes). Nothing is held between rows.
    if (!ws._rows.length) ws._rowZero = row + 1;
    const line = ws.getRow(row + 1);
    const tr = Math.floor(row / TILE_ROWS);
    for (const [tc, tile] of tilesOfBand.get(tr) ?? []) {
      tile.rows[row - tr * TILE_ROWS]?.forEach((cell, c) => {
        if (cell === null || cell === undefined) return;
        const col = tc * TILE_COLS + c;
        const target = line.getCell(col + 1);
        const sid = effectiveStyleId(sheet, row, col, cell);
        const hint = isRich(cell) ? cell.h : undefined;
        const st = sid || hint ? styleOf(sid, hint) : undefined;
        const whatIf = isRich(cell) && cell.k ? tableCellOut(sheet, dataTables, row, col, cell, valueOf({ ...cell, f: undefined })) : undefined;
        if (whatIf) target.value = (whatIf.formula !== undefined ? { formula: whatIf.formula, result: whatIf.result } : whatIf.result) as ExcelJS.CellValue;
        else if (isRich(cell) && cell.f !== undefined) {
          const result = valueOf({ ...cell, f: undefined });
          const ref = spillRef(sheet, row, col);
          // A kept formula is the file's own text, prefixes included. Others are written as Excel
          // writes them: an array formula with its @ as _xlfn.SINGLE; one that does not spill
          // where intersection is implicit, with SINGLE only where Excel would not intersect itself.
          const formula = cell.k ? indexBooks(cell.f.slice(1)) : (fileText(cell as RichCell & { f: string }, sheet.name, row, col, plan, names) ?? excelFormula(ref ? cell.f.slice(1) : legacyFormula(cell.f.slice(1)), plan));
          target.value = (ref ? { formula, result, shareType: 'array', ref } : { formula, result }) as ExcelJS.CellValue;
        } else {
          // Rich text goes out as runs while they still spell the value (cell.ts, richRuns).
          const runs = richRuns(cell);
          target.value = runs ? richValue(runs) : valueOf(cell);
        }
        if (st && Object.keys(st).length) target.style = st;
      });
    }
    for (const [col, link] of links.get(row) ?? []) {
      const target = line.getCell(col + 1);
      const value = withLink(target.value, link);
      if (value) target.value = value;
    }
    for (const [col, note] of notes.get(row) ?? []) line.getCell(col + 1).note = note.text;
    const attrs = parts.rows.get(row);
    if (attrs) lineAttrs(line, attrs);
    const keepRow = () => {
      if (!line.height) line.height = pxToPt(defaultHeight);
    };
    const sid = rowStyles[row];
    if (sid) {
      (line as ExcelJS.Row & { style: Partial<ExcelJS.Style> }).style = styleOf(sid);
      keepRow();
    }
    const px = heights[row];
    if (px === 0) {
      line.hidden = true;
      keepRow();
    } else if (px !== undefined) line.height = pxToPt(px);
    // exceljs writes a row only when it has values or a height: a hidden, formatted or annotated
    // empty row gets the default height.
    if (!line.hasValues) keepRow();
    line.commit();
  }
  // A sheet without rows still gets its columns (the writer prints them before the first row).
  if (!ws.startedData) {
    ws._writeColumns();
    ws._writeOpenSheetData();
    ws.startedData = true;
  }
  ws.commit();
}

/**
 * The workbook as an xlsx file, written by exceljs's streaming writer (cells are never all held
 * as exceljs objects); pictures, charts and tables, which that writer does not write, are added
 * to its archive afterwards (xlsx-parts.ts).
 */
export async function workbookToXlsx(wb: Workbook, step: (done: number, total: number) => Promise<void>): Promise<Buffer> {
  const ExcelJs = await loadExcelJs();
  await useOwnValidationWriter();
  await useOwnHyperlinkWriter();
  const plan = await planExcelTables(wb);
  // Formulas name linked workbooks by number in the file ([Budget.xlsx]Sheet1!A1 -> [1]Sheet1!A1).
  const indexBooks = bookIndexer(wb);
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (c: Buffer) => chunks.push(c));
  const out = new ExcelJs.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: true });
  out.creator = 'sheets';
  amendParts(out, isDate1904(wb), workbookProtectionOf(wb.sheets), iterationOf(wb));
  for (let i = 0; i < wb.sheets.length; i++) {
    await writeSheet(wb, wb.sheets[i]!, out, plan, indexBooks);
    await step(i + 1, wb.sheets.length);
  }
  writeNames(out, wb, plan, indexBooks);
  await out.commit();
  // The imported file's theme colours, which its styles' theme references name (exceljs writes its own theme).
  return withThemePalette(addDataTables(addExternalLinks(await addPartsToXlsx(Buffer.concat(chunks), wb, plan), wb), wb), themePaletteOf(wb.sheets));
}

/**
 * A 1904 file says so in its workbook.xml (<workbookPr date1904="1"/>), and its serials are written
 * as they are; a protected workbook keeps its <workbookProtection>, which follows <workbookPr>; a
 * file that computes cycles by iteration says so in its <calcPr iterate="1">.
 * exceljs's streaming writer does
 * none of this, so the parts' text is amended on the way into the archive.
 */
function amendParts(out: StreamWorkbook, date1904: boolean, protection: Record<string, string> | undefined, iteration: Iteration | undefined): void {
  if (!date1904 && !protection && !iteration) return;
  const zip = (out as unknown as { zip: { append(data: unknown, opts: { name: string }): unknown } }).zip;
  const append = zip.append.bind(zip);
  const amend = (xml: string) => {
    let text = date1904 ? xml.replace(/<workbookPr\b/, '<workbookPr date1904="1"') : xml;
    if (protection) text = text.replace(/<workbookPr\b[^>]*?(?:\/>|>[\s\S]*?<\/workbookPr>)/, (pr) => pr + elementXml('workbookProtection', protection));
    if (iteration) text = text.replace(/<calcPr\b/, `<calcPr iterate="1" iterateCount="${iteration.count}" iterateDelta="${iteration.delta}"`);
    return text;
  };
  const isPart = (data: unknown, name: string, re: RegExp): data is string => typeof data === 'string' && re.test(name);
  zip.append = (data, opts) => {
    if (isPart(data, opts.name, /^\/?xl\/workbook\.xml$/)) return append(amend(data), opts);
    return append(data, opts);
  };
}

/**
 * The file's named ranges as defined names. exceljs's own API takes only cell ranges (it expands
 * each into a cell matrix), while its writer prints each name's `ranges` as text: the names are
 * given to the writer as that text, so constants and formulas are written as Excel writes them. A
 * sheet's own name carries that sheet's position (localSheetId).
 */
function writeNames(out: StreamWorkbook, wb: Workbook, plan: ExcelTablePlan, indexBooks: (f: string) => string): void {
  const exported = new Set([...plan.exported].map((t) => t.name.toLowerCase()));
  const asWritten = (spec: NameSpec) => spec.file?.from === spec.refers_to && tablesNamed(spec.file.text).every((t) => exported.has(t.toLowerCase()));
  const names = allNames(wb).map(({ sheet, spec }) => ({ name: spec.name, ranges: [indexBooks(asWritten(spec) ? spec.file!.text : excelFormula(spec.refers_to.replace(/^=/, ''), plan))], ...(spec.local ? { localSheetId: wb.sheets.indexOf(sheet) } : {}) }));
  if (!names.length) return;
  Object.defineProperty(out.definedNames, 'model', { get: () => names, set: () => undefined, configurable: true });
}
