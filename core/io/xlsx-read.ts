// Reads an .xlsx into a Book: every sheet's values, formulas with their cached results, styles,
// merges, column widths, row heights and frozen panes. exceljs reads the workbook around the cells
// (xlsx-read-capture.ts); the cells are read from each sheet's XML (xlsx-read-cells.ts).
import type ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { loadExcelStylesXform } from '../libs.ts';
import { parseCell, parseRange } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import type { Style } from '../workbook/style.ts';
import { charsToPx, ptToPx, type Book, type BookName, type BookSheet } from './book.ts';
import { loadWithoutCells, type Capture } from './xlsx-read-capture.ts';
import { forEachSheetCell, readRows } from './xlsx-read-cells.ts';
import { styleFromExcel } from './style-map.ts';
import { resolveColor, themeColors, type XlsxColor } from './xlsx-colors.ts';
import { readZipEntry } from './zip-guard.ts';
import { attr, partRelationships, readTables, sheetParts, unescapeXml } from './xlsx-tables.ts';
import { notKept, splitSheetXml } from './xlsx-not-kept.ts';
import { picturesOf } from './xlsx-images.ts';
import { chartsOfSheet } from './xlsx-charts.ts';
import { printFromExcel } from './xlsx-print.ts';
import { rulesFromExcel } from './xlsx-cf.ts';
import { validationsFromXml } from './xlsx-validation.ts';

/** The <col> runs of a sheet's XML (exceljs drops those it thinks default: any of width 9). */
function colRuns(xml: string): { min: number; max: number; width?: number; hidden?: boolean }[] {
  const block = /<(?:\w+:)?cols>([\s\S]*?)<\/(?:\w+:)?cols>/.exec(xml)?.[1] ?? '';
  return [...block.matchAll(/<(?:\w+:)?col\b([^>]*)\/?>/g)].map((m) => {
    const a = (k: string) => new RegExp(`\\b${k}="([^"]*)"`).exec(m[1]!)?.[1];
    const width = a('width');
    return { min: Number(a('min')), max: Number(a('max')), ...(width !== undefined ? { width: Number(width) } : {}), hidden: a('hidden') === '1' || a('hidden') === 'true' };
  });
}

/** Excel's own default column width in pixels for a base width in characters (8 -> 64 px, 8.43 characters). */
const defaultColPx = (base: number) => base * 7 + 8;

/** `xml`: the sheet's XML before its cells (<cols>, <sheetFormatPr>), after them (<dataValidations>), and whole. */
function sheetOf(ws: ExcelJS.Worksheet, xml: { head: string; tail: string; cells: string }, capture: Capture, styleCache: Map<string, Style | undefined>, look: Look, warnings: string[]): BookSheet {
  const { head, tail } = xml;
  const merges = ((ws.model as { merges?: string[] }).merges ?? []).filter((m) => m.includes(':'));
  const colWidths: Record<string, number> = {};
  const cols = (ws.model as { cols?: { min: number; max: number; width?: number; hidden?: boolean }[] }).cols ?? [];
  let restWidth: number | undefined;
  const hasDefault = !!(ws.properties as { defaultColWidth?: number }).defaultColWidth;
  for (const c of head ? colRuns(head) : cols) {
    if (c.width === undefined) continue;
    // A run to the sheet's last column is the width of every column from there: the default,
    // not 16k columns.
    if (c.max >= 16_384 && !c.hidden && !hasDefault) {
      restWidth = charsToPx(c.width);
      continue;
    }
    for (let i = c.min; i <= Math.min(c.max, c.min + 1023); i++) colWidths[String(i - 1)] = c.hidden ? 0 : charsToPx(c.width);
  }
  const rowHeights: Record<string, number> = {};
  // Some programs (LibreOffice) write a height on every row: keep only those off the sheet's default.
  const defaultHeight = (ws.properties as { defaultRowHeight?: number }).defaultRowHeight ?? 15;
  const rows = readRows(xml.cells, capture);
  for (const row of rows) {
    if (row.hidden) rowHeights[String(row.row)] = 0;
    else if (row.height !== undefined && Math.abs(row.height - defaultHeight) > 0.01) rowHeights[String(row.row)] = ptToPx(row.height);
  }
  const view = ws.views?.[0] as { state?: string; xSplit?: number; ySplit?: number; showGridLines?: boolean } | undefined;
  const tabColor = resolveColor((ws.properties as { tabColor?: XlsxColor }).tabColor, look.theme);
  const state = (ws as { state?: string }).state;
  const dropped: string[] = [];
  const print = printFromExcel(ws, dropped);
  if (dropped.length) warnings.push(`not kept: print setup on ${ws.name}: ${dropped.join('; ')}`);
  const droppedRules = new Map<string, number>();
  const rules = rulesFromExcel(ws, look.theme, droppedRules);
  if (droppedRules.size) warnings.push(`not kept: conditional formats on ${ws.name}: ${[...droppedRules].map(([kind, n]) => `${n} ${kind}`).join(', ')}`);
  const droppedValidations = { count: 0 };
  const validations = validationsFromXml(tail, droppedValidations);
  if (droppedValidations.count) warnings.push(`not kept: data validations: ${droppedValidations.count} on ${ws.name} (no range this service can hold)`);
  const frozen = view?.state === 'frozen' && (view.xSplit || view.ySplit) ? { rows: view.ySplit ?? 0, cols: view.xSplit ?? 0 } : undefined;
  const props = ws.properties as { defaultColWidth?: number; defaultRowHeight?: number };
  // exceljs shares one style object among cells of one style: look it up by identity first.
  const byObject = new Map<object, Style | undefined>();
  const styleOfCell = (obj: Partial<ExcelJS.Style> | undefined): Style | undefined => {
    if (!obj || !Object.keys(obj).length) obj = look.base;
    if (byObject.has(obj)) return byObject.get(obj);
    const key = JSON.stringify(obj);
    let style: Style | undefined;
    if (styleCache.has(key)) style = styleCache.get(key);
    else {
      const s = styleFromExcel(obj, look.theme, look.font);
      style = Object.keys(s).length ? s : undefined;
      styleCache.set(key, style);
    }
    byObject.set(obj, style);
    return style;
  };
  // Whole-column and whole-row formats (<col style>, <row s customFormat>): what empty cells show.
  const colStyles: Record<string, Style> = {};
  for (const c of cols as { min: number; max: number; style?: Partial<ExcelJS.Style> }[]) {
    const st = c.style && Object.keys(c.style).length ? styleOfCell(c.style) : undefined;
    if (st) for (let i = c.min; i <= Math.min(c.max, c.min + 1023); i++) colStyles[String(i - 1)] = st;
  }
  const rowStyles: Record<string, Style> = {};
  for (const row of rows) {
    const st = row.style && Object.keys(row.style).length ? styleOfCell(row.style) : undefined;
    if (st) rowStyles[String(row.row)] = st;
  }
  return {
    name: ws.name,
    merges: merges.map((m) => m.replace(/\$/g, '')).filter((m) => {
      try {
        parseRange(m);
        return true;
      } catch {
        return false;
      }
    }),
    colWidths,
    rowHeights,
    ...(frozen ? { frozen } : {}),
    ...(view?.showGridLines === false ? { showGridlines: false as const } : {}),
    ...(tabColor ? { tabColor } : {}),
    ...(print ? { print } : {}),
    ...(rules.length ? { rules } : {}),
    ...(validations.length ? { validations } : {}),
    ...(state === 'hidden' ? { visibility: 'hidden' as const } : state === 'veryHidden' ? { visibility: 'very_hidden' as const } : {}),
    // Excel's defaults (15 pt rows, 8.43-character columns) are written down: ours differ.
    defaultColWidth: props.defaultColWidth ? charsToPx(props.defaultColWidth) : (restWidth ?? defaultColPx(Number(/\bbaseColWidth="([\d.]+)"/.exec(head)?.[1] ?? 8))),
    defaultRowHeight: ptToPx(props.defaultRowHeight || 15),
    colStyles,
    rowStyles,
    part: { head, tail, rows },
    forEachCell(fn) {
      // Every cell the file has, styled empty ones included (a calendar's fills and borders sit
      // on empty cells), read from the sheet's XML.
      const colStyle = (c: number) => (ws.getColumn(c + 1) as { style?: Partial<ExcelJS.Style> }).style;
      forEachSheetCell(xml.cells, rows, { capture, styleOf: styleOfCell, colStyle, merges }, fn);
    },
  };
}

export async function readXlsx(bytes: Buffer): Promise<Book> {
  let loaded: Awaited<ReturnType<typeof loadWithoutCells>>;
  try {
    loaded = await loadWithoutCells(bytes);
  } catch (err) {
    throw invalidArg('file_data', `is not a readable .xlsx file: ${(err as Error).message}`);
  }
  const { wb, capture } = loaded;
  const styleCache = new Map<string, Style | undefined>();
  const look = await lookOf(bytes);
  const paths = sheetParts(bytes);
  // A worksheet's XML as exceljs had it (a part exceljs did not read is inflated here).
  const sheetXml = (path: string) => capture.xml.get(path) ?? readZipEntry(bytes, path)?.toString('utf8') ?? '';
  const parts = new Map(
    [...paths]
      .filter(([, path]) => !path.includes('chartsheets/'))
      .map(([name, path]) => [name, splitSheetXml(path, sheetXml(path))]),
  );
  const warnings = notKept(bytes, parts);
  const sheets = wb.worksheets
    .filter((ws) => (ws as { type?: string }).type !== 'chartsheet')
    .map((ws) => {
      const part = parts.get(ws.name);
      const path = capture.pathById.get(ws.id) ?? part?.path;
      const sheet = sheetOf(ws, { head: part?.head ?? '', tail: part?.tail ?? '', cells: path ? sheetXml(path) : '' }, capture, styleCache, look, warnings);
      const notes = part ? notesOf(bytes, part.path) : [];
      const links = part ? linksOf(bytes, part.path, part.tail) : [];
      const dropped = new Map<string, number>();
      const size = { col: (c: number) => sheet.colWidths[String(c)] ?? sheet.defaultColWidth ?? 64, row: (r: number) => sheet.rowHeights[String(r)] ?? sheet.defaultRowHeight ?? 20 };
      const images = part ? picturesOf(bytes, part.path, size, (why) => dropped.set(why, (dropped.get(why) ?? 0) + 1)) : [];
      if (dropped.size) warnings.push(`not kept: images on ${ws.name}: ${[...dropped].map(([why, n]) => `${n} ${why}`).join(', ')}`);
      const chartsDropped = new Map<string, number>();
      const charts = part ? chartsOfSheet(bytes, part.path, (why) => chartsDropped.set(why, (chartsDropped.get(why) ?? 0) + 1)) : [];
      if (chartsDropped.size) warnings.push(`not kept: charts on ${ws.name}: ${[...chartsDropped].map(([why, n]) => `${n} ${why}`).join(', ')}`);
      return { ...sheet, ...(notes.length ? { notes } : {}), ...(links.length ? { links } : {}), ...(images.length ? { images } : {}), ...(charts.length ? { charts } : {}) };
    });
  const chartSheets = [...paths].filter(([, path]) => path.includes('chartsheets/')).map(([name]) => name);
  if (chartSheets.length) warnings.push(`not kept: chart sheets: ${chartSheets.join(', ')}`);
  if (!sheets.length) throw invalidArg('file_data', 'the workbook has no worksheets');
  return { sheets, names: definedNames(bytes), tables: readTables(bytes, paths), warnings, ...(capture.date1904 ? { date1904: true } : {}) };
}

/**
 * A sheet's notes, from its comments part: exceljs attaches a comment only to a cell the sheet
 * lists, so a note on an empty cell would be lost.
 */
function notesOf(bytes: Buffer, sheetPath: string): NonNullable<BookSheet['notes']> {
  const out: NonNullable<BookSheet['notes']> = [];
  for (const rel of partRelationships(bytes, sheetPath).values()) {
    if (!rel.type.endsWith('/comments')) continue;
    const xml = readZipEntry(bytes, rel.target)?.toString('utf8') ?? '';
    const authors = [...xml.matchAll(/<(?:\w+:)?author>([^<]*)<\/(?:\w+:)?author>/g)].map((m) => unescapeXml(m[1]!));
    for (const m of xml.matchAll(/<(?:\w+:)?comment\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?comment>/g)) {
      const ref = /\bref="([^"]+)"/.exec(m[1]!)?.[1];
      const author = authors[Number(/\bauthorId="(\d+)"/.exec(m[1]!)?.[1] ?? -1)];
      const text = [...m[2]!.matchAll(/<(?:\w+:)?t\b[^>]*>([^<]*)<\/(?:\w+:)?t>/g)].map((t) => unescapeXml(t[1]!)).join('');
      if (!ref || !text) continue;
      try {
        const { addr } = parseCell(ref);
        out.push({ row: addr.row, col: addr.col, text, ...(author ? { author } : {}) });
      } catch {
        // a reference outside the grid: no cell to hold the note
      }
    }
  }
  return out;
}

/**
 * A sheet's hyperlinks (<hyperlinks> after its cells): a place in the workbook (location), or an
 * address the sheet's relationships hold (r:id, kept as written: a URL is not a path to resolve).
 * A link over a range is kept on its top-left cell.
 */
function linksOf(bytes: Buffer, sheetPath: string, tail: string): NonNullable<BookSheet['links']> {
  if (!/<(?:\w+:)?hyperlink\b/.test(tail)) return [];
  const rels = partRelationships(bytes, sheetPath);
  const out: NonNullable<BookSheet['links']> = [];
  for (const m of tail.matchAll(/<(?:\w+:)?hyperlink\b([^>]*?)\/?>/g)) {
    const ref = attr(m[1]!, 'ref');
    const rid = attr(m[1]!, 'r:id');
    const url = rid === undefined ? undefined : rels.get(rid)?.target;
    const location = attr(m[1]!, 'location');
    if (!ref || (!url && !location)) continue;
    try {
      const { rect } = parseRange(ref);
      const tooltip = attr(m[1]!, 'tooltip');
      out.push({ row: rect.r0, col: rect.c0, ...(url ? { url } : {}), ...(location ? { location } : {}), ...(tooltip ? { tooltip } : {}) });
    } catch {
      // a reference outside the grid: no cell to hold the link
    }
  }
  return out;
}

/** What a file's styles resolve against: its theme's colours and its default cell format. */
interface Look {
  theme: string[];
  /** xf 0, which cells without a style of their own show (exceljs reads those as no style). */
  base: Partial<ExcelJS.Style>;
  font: { name: string; size: number };
}

async function lookOf(bytes: Buffer): Promise<Look> {
  const theme = themeColors(readZipEntry(bytes, 'xl/theme/theme1.xml')?.toString('utf8'));
  const xml = readZipEntry(bytes, 'xl/styles.xml');
  let base: Partial<ExcelJS.Style> = {};
  if (xml) {
    try {
      const styles = new (await loadExcelStylesXform())();
      await styles.parseStream(Readable.from([xml]));
      base = styles.getStyleModel(0) ?? {};
    } catch {
      // exceljs has read the same part already; a default it cannot build is Calibri 11
    }
  }
  return { theme, base, font: { name: base.font?.name ?? 'Calibri', size: base.font?.size ?? 11 } };
}

/**
 * The defined names of xl/workbook.xml, read from the part itself: exceljs keeps only names that
 * are plain ranges and drops constants and formulas. Built-in names (_xlnm.Print_Area, ...) and the
 * hidden _xlfn. names Excel writes for newer functions are left out. A sheet-scoped name's
 * localSheetId counts every sheet of the workbook part, chart sheets too.
 */
function definedNames(bytes: Buffer): BookName[] {
  const xml = readZipEntry(bytes, 'xl/workbook.xml')?.toString('utf8');
  if (!xml) return [];
  const sheetNames = [...xml.matchAll(/<(?:\w+:)?sheet\b([^>]*?)\/?>/g)].map((m) => unescapeXml(/\bname="([^"]*)"/.exec(m[1]!)?.[1] ?? ''));
  const out: BookName[] = [];
  for (const m of xml.matchAll(/<(?:\w+:)?definedName\b([^>]*)>([^<]*)<\/(?:\w+:)?definedName>/g)) {
    const attrs = m[1]!;
    const name = unescapeXml(/\bname="([^"]*)"/.exec(attrs)?.[1] ?? '');
    if (!name || /^_xl(nm|fn)\./i.test(name)) continue;
    const local = /\blocalSheetId="(\d+)"/.exec(attrs)?.[1];
    const sheet = local !== undefined ? sheetNames[Number(local)] : undefined;
    out.push({ name, refersTo: unescapeXml(m[2]!).replace(/^=/, ''), ...(sheet !== undefined ? { sheet } : {}) });
  }
  return out;
}
