// From the request and the open workbook to a print job: which sheets, what each prints (print
// area, titles, breaks), how it splits into pages, and a snapshot of what is drawn. Every check
// that needs the file happens here, before a single page is drawn.
import { colToIndex, indexToCol, parseRange, resolveRect, splitSheet, type Rect } from '../../a1.ts';
import type { Config } from '../../config.ts';
import type { OpContext } from '../../context.ts';
import { OpError, invalidArg } from '../../errors.ts';
import type { SheetModel } from '../../workbook/sheet.ts';
import type { Workbook } from '../../workbook/workbook.ts';
import { mergesOf, snapshotCells, snapshotCharts, snapshotImages, type Snapshot } from './collect.ts';
import { placeText, textCell } from '../../layout/cells.ts';
import { fittedRowHeight } from '../../layout/rows.ts';
import { hasContent, isRich } from '../../workbook/cell.ts';
import { effectiveStyle } from '../../workbook/read.ts';
import { cellKey, sheetAxes, type SizedAxis } from './geometry.ts';
import { pageFormat, type PageFormat } from './paper.ts';
import { pageOrder, paginate, type PageRef, type Pagination, type SheetLayout } from './paginate.ts';
import { checkPngData, decodePngRaster, RasterBudget, type Raster } from './rasters.ts';
import { parseColSpan, parseRowSpan, type PageSetupIn, type SheetOptionsIn } from './settings.ts';
import { otherPagesOf, type OtherPages } from '../xlsx-print.ts';

export interface ExportInput {
  fileName?: string;
  printedAt?: string;
  sheetIds?: string[];
  chartImages?: Record<string, string>;
  sheetOptions?: Record<string, SheetOptionsIn>;
  pageSetup?: PageSetupIn;
}

export interface PrintSheet {
  name: string;
  /** This sheet's paper and page setup: its own from the file, with the request's fields winning. */
  format: PageFormat;
  setup: PageSetupIn;
  /** The file's own header and footer for the sheet's first page and even pages (none when the request sets a header or footer). */
  otherPages?: OtherPages;
  layout: SheetLayout;
  pagination: Pagination;
  pages: PageRef[];
  snapshot: Snapshot;
  colOffset(i: number): number;
  rowOffset(i: number): number;
}

export interface PrintJob {
  /** The first printed sheet's page format (the page of a PDF with nothing to print). */
  format: PageFormat;
  sheets: PrintSheet[];
  pages: number;
}

function findSheet(wb: Workbook, key: string): SheetModel | undefined {
  return wb.sheets.find((s) => s.id === key) ?? wb.findSheet(key);
}

function sheetList(wb: Workbook): string {
  return wb.sheets.map((s) => `'${s.name}'`).join(', ');
}

/** The sheets named, or every sheet that is not hidden (a spreadsheet program prints those). */
function selectSheets(wb: Workbook, ids: string[] | undefined): SheetModel[] {
  if (!ids) {
    const shown = wb.sheets.filter((s) => !s.meta.visibility);
    return shown.length ? shown : wb.sheets;
  }
  const chosen = new Set<SheetModel>();
  ids.forEach((id, i) => {
    const s = findSheet(wb, id);
    if (!s) throw invalidArg(`sheetIds[${i}]`, `no sheet '${id}'; sheets are ${sheetList(wb)}`);
    chosen.add(s);
  });
  return wb.sheets.filter((s) => chosen.has(s));
}

/** chartImages keys → "sheetId!row,col" of the chart's anchor, each checked against the file's charts. */
function chartImages(wb: Workbook, given: Record<string, string> | undefined, budget: RasterBudget): Map<string, Raster | 'frame'> {
  const out = new Map<string, Raster | 'frame'>();
  const valid: string[] = [];
  const anchors = new Set<string>();
  for (const s of wb.sheets) {
    for (const c of s.meta.charts ?? []) {
      anchors.add(`${s.id}!${c.anchor.row},${c.anchor.col}`);
      valid.push(`${s.name}!${indexToCol(c.anchor.col)}${c.anchor.row + 1}`);
    }
  }
  for (const [key, data] of Object.entries(given ?? {})) {
    const field = `chartImages.${key}`;
    const hint = valid.length ? `charts are at ${valid.slice(0, 20).join(', ')}` : 'this file has no charts';
    let sheetPart: string | undefined, local: string;
    try {
      ({ sheet: sheetPart, local } = splitSheet(key));
    } catch {
      throw invalidArg(field, `is not a key like Sheet1!E2 or Sheet1!5,2; ${hint}`);
    }
    const sheet = sheetPart === undefined ? undefined : findSheet(wb, sheetPart);
    if (!sheet) throw invalidArg(field, `names no sheet of this file (sheets are ${sheetList(wb)}); ${hint}`);
    let row: number, col: number;
    const xy = /^(\d{1,7}),(\d{1,7})$/.exec(local);
    try {
      if (xy) [col, row] = [Number(xy[1]) - 1, Number(xy[2]) - 1];
      else ({ r0: row, c0: col } = parseRange(local).rect);
    } catch {
      throw invalidArg(field, `is not a key like Sheet1!E2 or Sheet1!5,2 (x = column number, y = row number); ${hint}`);
    }
    const anchor = `${sheet.id}!${row},${col}`;
    if (!anchors.has(anchor)) throw invalidArg(field, `no chart is anchored there; ${hint}`);
    const raster = decodePngRaster(field, data);
    if (!budget.take(raster)) {
      out.set(anchor, 'frame');
      continue;
    }
    checkPngData(field, raster);
    out.set(anchor, raster);
  }
  return out;
}

function layoutOf(sheet: SheetModel, opts: SheetOptionsIn | undefined, field: string): SheetLayout | undefined {
  const axes = sheetAxes(sheet.meta);
  const used = sheet.usedExtent();
  let rows = used.rows, cols = used.cols;
  for (const c of sheet.meta.charts ?? []) {
    rows = Math.max(rows, c.anchor.row + c.height_cells);
    cols = Math.max(cols, c.anchor.col + c.width_cells);
  }
  // Pictures: the cell their far corner falls in.
  for (const im of sheet.meta.images ?? []) {
    let r = im.anchor.row, c = im.anchor.col;
    for (let y = im.dy + im.height; y > axes.rows.size(r) && r < im.anchor.row + 10_000; r++) y -= axes.rows.size(r) || 0;
    for (let x = im.dx + im.width; x > axes.cols.size(c) && c < im.anchor.col + 1_000; c++) x -= axes.cols.size(c) || 0;
    rows = Math.max(rows, r + 1);
    cols = Math.max(cols, c + 1);
  }
  let area: Rect;
  if (opts?.printArea) {
    const parsed = parseRange(opts.printArea);
    if (parsed.sheet !== undefined && parsed.sheet.toLowerCase() !== sheet.name.toLowerCase()) {
      throw invalidArg(`${field}.printArea`, `names sheet '${parsed.sheet}' but these options are for '${sheet.name}'; leave the sheet out`);
    }
    area = resolveRect(parsed.rect, { rows: Math.max(rows, 1), cols: Math.max(cols, 1) });
  } else {
    if (rows === 0 || cols === 0) return undefined;
    area = { r0: 0, c0: 0, r1: rows - 1, c1: cols - 1 };
  }
  const colBreaks = (opts?.colBreaks ?? []).map((b) => (typeof b === 'number' ? b - 1 : colToIndex(b)));
  return {
    area,
    rows: axes.rows,
    cols: axes.cols,
    repeatRows: opts?.repeatRows ? parseRowSpan(opts.repeatRows) : undefined,
    repeatCols: opts?.repeatCols ? parseColSpan(opts.repeatCols) : undefined,
    rowBreaks: new Set((opts?.rowBreaks ?? []).map((b) => b - 1)),
    colBreaks: new Set(colBreaks),
  };
}

/**
 * The last column a sheet prints when no print area is set: its last used column, or further when
 * text at the end of a row flows past it (a spreadsheet program prints that text whole).
 */
async function overflowEnd(wb: Workbook, sheet: SheetModel, l: SheetLayout): Promise<number> {
  const a = l.area;
  await wb.load(sheet, a);
  let end = a.c1;
  const merges = mergesOf(sheet);
  for (let r = a.r0; r <= a.r1; r++) {
    let c = a.c1;
    while (c >= a.c0 && !hasContent(sheet.get(r, c))) c--;
    if (c < a.c0 || merges.anchors.has(cellKey(r, c)) || merges.covered.has(cellKey(r, c))) continue;
    const cell = sheet.get(r, c);
    if (typeof (isRich(cell) ? cell.v : cell) !== 'string') continue;
    const placed = placeText(textCell(cell, effectiveStyle(sheet, wb.styles, r, c, cell), sheet.meta), c, { width: (i) => l.cols.size(i), blocked: (i) => i <= a.c1 && hasContent(sheet.get(r, i)), first: a.c0, last: Math.min(c + 64, 16_383) });
    end = Math.max(end, placed.c1);
  }
  return end;
}

/** Heights of the printed rows whose height was never set and whose text needs more room. */
async function fittedRows(wb: Workbook, sheet: SheetModel, rects: Rect[], cols: SheetLayout['cols']): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const merges = mergesOf(sheet);
  for (const rect of rects) {
    await wb.load(sheet, rect);
    for (let r = rect.r0; r <= rect.r1; r++) {
      if (out[String(r)] !== undefined) continue;
      const h = fittedRowHeight(sheet, wb.styles, r, rect.c0, rect.c1, (c) => cols.size(c), (c) => merges.anchors.has(cellKey(r, c)) || merges.covered.has(cellKey(r, c)));
      if (h !== undefined) out[String(r)] = h;
    }
  }
  return out;
}

/** The rectangles whose cells are printed: the area and the repeated titles beside it. */
function printedRects(l: SheetLayout): Rect[] {
  const a = l.area;
  const out: Rect[] = [a];
  const rr = l.repeatRows, rc = l.repeatCols;
  if (rr) out.push({ r0: rr[0], r1: rr[1], c0: a.c0, c1: a.c1 });
  if (rc) out.push({ r0: a.r0, r1: a.r1, c0: rc[0], c1: rc[1] });
  if (rr && rc) out.push({ r0: rr[0], r1: rr[1], c0: rc[0], c1: rc[1] });
  return out;
}

export async function planJob(ctx: Pick<OpContext, 'signal'>, wb: Workbook, input: ExportInput, config: Config): Promise<PrintJob> {
  const selected = selectSheets(wb, input.sheetIds);
  // The print setup a workbook brought from Excel is each sheet's default; the request's fields win.
  const setupOf = (sheet: SheetModel): PageSetupIn => ({ ...sheet.meta.print?.page, ...input.pageSetup });
  const options = new Map<SheetModel, { opts: SheetOptionsIn; field: string }>();
  for (const sheet of selected) if (sheet.meta.print?.sheet) options.set(sheet, { opts: sheet.meta.print.sheet, field: `sheetOptions.${sheet.name}` });
  for (const [key, opts] of Object.entries(input.sheetOptions ?? {})) {
    const s = findSheet(wb, key);
    if (!s) throw invalidArg(`sheetOptions.${key}`, `no sheet '${key}'; sheets are ${sheetList(wb)}`);
    options.set(s, { opts, field: `sheetOptions.${key}` });
  }
  const budget = new RasterBudget(config.limits.pdfRasterBytes);
  const images = chartImages(wb, input.chartImages, budget);
  const planned: { sheet: SheetModel; format: PageFormat; setup: PageSetupIn; layout: SheetLayout; pagination: Pagination; pages: PageRef[] }[] = [];
  let pages = 0, cells = 0;
  for (const sheet of selected) {
    const setup = setupOf(sheet);
    const format = pageFormat(setup);
    const m = format.margins;
    const roomW = format.width - m.left - m.right, roomH = format.height - m.top - m.bottom;
    const o = options.get(sheet);
    const layout = layoutOf(sheet, o?.opts, o?.field ?? `sheetOptions.${sheet.name}`);
    if (!layout) continue;
    const tooMany = () => new OpError('payload_too_large', `The PDF would have more than ${config.limits.pdfMaxPages} pages (the limit); print fewer sheets (sheetIds), a smaller printArea, or scale down (pageSetup.scaling).`, { limit: config.limits.pdfMaxPages });
    // Pages before rows grow to fit their text (they only add pages): a cheap first check.
    if (pages + pageOrder(paginate(layout, roomW, roomH, setup.scaling, setup.printHeadings ?? false), setup.pageOrder).length > config.limits.pdfMaxPages) throw tooMany();
    // The cells copied for drawing are bounded like a read (a small zoom puts many on a page);
    // checked before any of them is read.
    cells += printedRects(layout).reduce((n, r) => n + (r.r1 - r.r0 + 1) * (r.c1 - r.c0 + 1), 0);
    if (cells > config.limits.cellsPerRead) {
      throw new OpError('payload_too_large', `The print areas hold ${cells} cells; one export prints at most ${config.limits.cellsPerRead}. Print fewer sheets (sheetIds) or smaller areas (sheetOptions.printArea).`, { limit: config.limits.cellsPerRead });
    }
    if (!o?.opts.printArea) layout.area.c1 = await overflowEnd(wb, sheet, layout);
    const fitted = await fittedRows(wb, sheet, printedRects(layout), layout.cols);
    if (Object.keys(fitted).length) layout.rows = sheetAxes(sheet.meta, fitted).rows;
    const pagination = paginate(layout, roomW, roomH, setup.scaling, setup.printHeadings ?? false);
    const order = pageOrder(pagination, setup.pageOrder);
    pages += order.length;
    if (pages > config.limits.pdfMaxPages) throw tooMany();
    planned.push({ sheet, format, setup, layout, pagination, pages: order });
  }
  const sheets: PrintSheet[] = [];
  for (const p of planned) {
    const printed = await snapshotCells(ctx, wb, p.sheet, printedRects(p.layout));
    const charts = await snapshotCharts(wb, p.sheet, images);
    const rowAxis = p.layout.rows as SizedAxis, colAxis = p.layout.cols as SizedAxis;
    const otherPages = input.pageSetup?.header || input.pageSetup?.footer ? undefined : otherPagesOf(p.sheet.meta.print?.headerFooter);
    sheets.push({
      name: p.sheet.name,
      format: p.format,
      setup: p.setup,
      ...(otherPages ? { otherPages } : {}),
      layout: p.layout,
      pagination: p.pagination,
      pages: p.pages,
      snapshot: { cells: printed, merges: mergesOf(p.sheet), charts, images: snapshotImages(p.sheet, colAxis.offset, rowAxis.offset, budget) },
      colOffset: colAxis.offset,
      rowOffset: rowAxis.offset,
    });
  }
  return { format: sheets[0]?.format ?? pageFormat(setupOf(selected[0] ?? wb.sheets[0]!)), sheets, pages };
}
