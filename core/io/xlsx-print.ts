// A sheet's print setup as Excel stores it (paper, orientation, margins, scaling, centring,
// gridlines and headings, header and footer, print area and titles) <-> the PDF export's own
// settings (spec §4.2.1), kept per sheet in `meta.print`: the export prints a sheet as the file
// says unless the request says otherwise (pdf/plan.ts).
import type ExcelJS from 'exceljs';
import { PageSetup, SheetOptions, type PageSetupIn, type PaperSize, type SheetOptionsIn } from './pdf/settings.ts';
import { lenientSection } from './pdf/header-footer.ts';
import { headerFooterFromXml, headerFooterToExcel, type XlHeaderFooter } from './xlsx-header-footer.ts';

export interface SheetPrint {
  page?: PageSetupIn;
  sheet?: SheetOptionsIn;
  /** The file's <headerFooter> as written: exported verbatim while page.header/footer still match it. */
  headerFooter?: XlHeaderFooter;
  /** The page setup's values the sheet's scaling does not use (a zoom kept beside fit-to, fit-to pages beside a zoom): Excel keeps them for when the choice flips. */
  inert?: { scale?: number; fitToWidth?: number; fitToHeight?: number };
}

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** Print setup kept from an imported workbook: the PDF export's defaults for this sheet. */
    print?: SheetPrint;
  }
}

/** Excel's paperSize numbers of the sizes the PDF export has. */
const PAPER: Record<number, PaperSize> = { 1: 'letter', 3: 'tabloid', 5: 'legal', 7: 'executive', 8: 'a3', 9: 'a4', 11: 'a5' };
const PAPER_OUT = Object.fromEntries(Object.entries(PAPER).map(([n, name]) => [name, Number(n)])) as Record<PaperSize, number>;

type XlPageSetup = Partial<ExcelJS.PageSetup> & { printArea?: string; printTitlesRow?: string; printTitlesColumn?: string; horizontalCentered?: boolean; verticalCentered?: boolean };

/** "&LLeft&CCentre&RRight" -> sections, each with its codes as written (font, size and colour too; an & that starts no code becomes &&). */
export function sections(text: string | undefined): { left?: string; center?: string; right?: string } | undefined {
  if (!text) return undefined;
  const out: Record<string, string> = {};
  let side = 'center';
  // && is a literal ampersand, never the start of &L, &C or &R.
  for (const part of text.split(/((?:&&)|&[LCR])/)) {
    if (/^&[LCR]$/.test(part)) side = { '&L': 'left', '&C': 'center', '&R': 'right' }[part]!;
    else if (part) out[side] = (out[side] ?? '') + part;
  }
  for (const k of Object.keys(out)) out[k] = lenientSection(out[k]!);
  return Object.keys(out).length ? out : undefined;
}

export type Sections = { left?: string; center?: string; right?: string };

/** The first page's and even pages' own header and footer, when the file has them (differentFirst, differentOddEven). */
export interface OtherPages {
  first?: { header?: Sections; footer?: Sections };
  even?: { header?: Sections; footer?: Sections };
}

export function otherPagesOf(hf: XlHeaderFooter | undefined): OtherPages | undefined {
  const out: OtherPages = {};
  if (hf?.differentFirst) out.first = { header: sections(hf.firstHeader), footer: sections(hf.firstFooter) };
  if (hf?.differentOddEven) out.even = { header: sections(hf.evenHeader), footer: sections(hf.evenFooter) };
  return out.first || out.even ? out : undefined;
}

function joinSections(s: { left?: string; center?: string; right?: string } | undefined): string | undefined {
  if (!s) return undefined;
  const out = (s.left ? `&L${s.left}` : '') + (s.center ? `&C${s.center}` : '') + (s.right ? `&R${s.right}` : '');
  return out || undefined;
}

const bare = (ref: string) => ref.replace(/\$/g, '').replace(/^.*!/, '');

/**
 * The print setup of an exceljs worksheet, or undefined when it has none worth keeping. What the
 * PDF export cannot take (an unknown paper, a second print area, header codes it does not know)
 * goes into `dropped`.
 */
export function printFromExcel(ws: ExcelJS.Worksheet, dropped: string[], tail = ''): SheetPrint | undefined {
  const p = (ws.pageSetup ?? {}) as XlPageSetup;
  const page: Record<string, unknown> = {};
  if (p.paperSize !== undefined && PAPER[p.paperSize as number]) page.paperSize = PAPER[p.paperSize as number];
  else if (p.paperSize !== undefined) dropped.push(`paper size ${String(p.paperSize)}`);
  if (p.orientation === 'landscape') page.orientation = 'landscape';
  if (p.pageOrder === 'overThenDown') page.pageOrder = 'overThenDown';
  if (p.margins) page.margins = { ...p.margins };
  const inert: NonNullable<SheetPrint['inert']> = {};
  if (p.fitToPage) {
    page.scaling = { type: 'fitTo', width: p.fitToWidth ? p.fitToWidth : null, height: p.fitToHeight ? p.fitToHeight : null };
    if (p.scale && p.scale !== 100) inert.scale = p.scale;
  } else {
    if (p.scale && p.scale !== 100) page.scaling = { type: 'zoom', percent: Math.min(400, Math.max(10, p.scale)) };
    if (p.fitToWidth !== undefined && p.fitToWidth !== 1) inert.fitToWidth = p.fitToWidth;
    if (p.fitToHeight !== undefined && p.fitToHeight !== 1) inert.fitToHeight = p.fitToHeight;
  }
  if (p.horizontalCentered) page.centerHorizontally = true;
  if (p.verticalCentered) page.centerVertically = true;
  if (p.showGridLines) page.printGridlines = true;
  if (p.showRowColHeaders) page.printHeadings = true;
  const hf = headerFooterFromXml(tail);
  const header = sections(hf?.oddHeader), footer = sections(hf?.oddFooter);
  if (header) page.header = header;
  if (footer) page.footer = footer;
  const sheet: Record<string, unknown> = {};
  if (p.printArea) {
    const areas = p.printArea.split(/[,;]/);
    sheet.printArea = bare(areas[0]!);
    if (areas.length > 1) dropped.push(`${areas.length - 1} more print area(s)`);
  }
  if (p.printTitlesRow) sheet.repeatRows = bare(p.printTitlesRow);
  if (p.printTitlesColumn) sheet.repeatCols = bare(p.printTitlesColumn);
  const out: SheetPrint = {};
  // Each part is checked as a request's would be: what the export would refuse is not kept.
  const pageOk = PageSetup.safeParse(page);
  if (pageOk.success && Object.keys(pageOk.data).length) out.page = pageOk.data;
  else if (!pageOk.success) {
    const { header: _h, footer: _f, ...rest } = page;
    const again = PageSetup.safeParse(rest);
    if (again.success && Object.keys(again.data).length) out.page = again.data;
    dropped.push(`the header or footer (${pageOk.error.issues[0]?.message ?? 'not readable'})`);
  }
  if (hf) out.headerFooter = hf;
  if (Object.keys(inert).length) out.inert = inert;
  const sheetOk = SheetOptions.safeParse(sheet);
  if (sheetOk.success && Object.keys(sheetOk.data).length) out.sheet = sheetOk.data;
  else if (!sheetOk.success) dropped.push(`print area or titles '${Object.values(sheet).join(', ')}'`);
  return out.page || out.sheet || out.headerFooter || out.inert ? out : undefined;
}

/** Writes a kept print setup back onto an exceljs worksheet. */
export function printToExcel(print: SheetPrint | undefined, ws: Pick<ExcelJS.Worksheet, 'pageSetup' | 'headerFooter'>): void {
  if (!print) return;
  const p = ws.pageSetup as XlPageSetup;
  const page = print.page ?? {};
  if (page.paperSize) p.paperSize = PAPER_OUT[page.paperSize] as ExcelJS.PaperSize;
  if (page.orientation) p.orientation = page.orientation;
  if (page.pageOrder) p.pageOrder = page.pageOrder;
  if (page.margins) p.margins = { left: 0.7, right: 0.7, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3, ...page.margins };
  if (page.scaling?.type === 'fitTo') {
    p.fitToPage = true;
    p.fitToWidth = page.scaling.width ?? 0;
    p.fitToHeight = page.scaling.height ?? 0;
  } else if (page.scaling?.type === 'zoom') p.scale = page.scaling.percent;
  // What the scaling in use leaves alone goes back as the file had it.
  const inert = print.inert ?? {};
  if (page.scaling?.type !== 'zoom' && inert.scale !== undefined) p.scale = inert.scale;
  if (page.scaling?.type !== 'fitTo') {
    if (inert.fitToWidth !== undefined) p.fitToWidth = inert.fitToWidth;
    if (inert.fitToHeight !== undefined) p.fitToHeight = inert.fitToHeight;
  }
  if (page.centerHorizontally) p.horizontalCentered = true;
  if (page.centerVertically) p.verticalCentered = true;
  if (page.printGridlines) p.showGridLines = true;
  if (page.printHeadings) p.showRowColHeaders = true;
  const header = joinSections(page.header), footer = joinSections(page.footer);
  const file = print.headerFooter;
  // Untouched (the sections still read as the file's), the element goes back as the file wrote it.
  if (file && header === joinSections(sections(file.oddHeader)) && footer === joinSections(sections(file.oddFooter))) ws.headerFooter = headerFooterToExcel(file);
  else if (header || footer) ws.headerFooter = { ...(header ? { oddHeader: header } : {}), ...(footer ? { oddFooter: footer } : {}) } as ExcelJS.HeaderFooter;
  const s = print.sheet ?? {};
  if (s.printArea) p.printArea = s.printArea;
  if (s.repeatRows) p.printTitlesRow = s.repeatRows.includes(':') ? s.repeatRows : `${s.repeatRows}:${s.repeatRows}`;
  if (s.repeatCols) p.printTitlesColumn = s.repeatCols.includes(':') ? s.repeatCols : `${s.repeatCols}:${s.repeatCols}`;
}
