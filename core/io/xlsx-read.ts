// Reads an .xlsx into a Book: every sheet's values, formulas with their cached results, styles,
// merges, column widths, row heights and frozen panes. The package is read part by part, each in
// its own guard: a part that cannot be read is left out with a line in the report naming it, its
// sheet and why (xlsx-read-report.ts), and only a workbook part that lists no readable sheet
// refuses the file. exceljs reads the layout around the cells from a workbook built for it
// (xlsx-read-capture.ts); the cells are read from each sheet's XML (xlsx-read-cells.ts).
import type ExcelJS from 'exceljs';
import { parseCell, parseRange } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import type { Style } from '../workbook/style.ts';
import { charsToPx, ptToPx, type Book, type BookCell, type BookName, type BookSheet } from './book.ts';
import { loadSheets, readSharedStrings, readStyles, sheetForExcelJs, type Capture, type ExcelStyles, type SkeletonSheet } from './xlsx-read-capture.ts';
import { plainPackage } from './xlsx-read-zip.ts';
import { missingLines, partLine, partOwners, relationshipLines } from './xlsx-read-report.ts';
import { readWorkbookPart, type WorkbookPart, type WorkbookSheet } from './xlsx-workbook-part.ts';
import { whyUnreadable, xmlDamage } from './xml-check.ts';
import { forEachSheetCell, readRows } from './xlsx-read-cells.ts';
import { mergesFromXml } from './xlsx-read-merges.ts';
import { styleFromExcel } from './style-map.ts';
import { resolveColor, themeColors, type XlsxColor } from './xlsx-colors.ts';
import { readZipEntry } from './zip-guard.ts';
import { attr, partRelationships, readTables, relationships, unescapeXml } from './xlsx-tables.ts';
import { notKept, splitSheetXml } from './xlsx-not-kept.ts';
import { picturesOf } from './xlsx-images.ts';
import { chartsOfSheet } from './xlsx-charts.ts';
import { printFromExcel } from './xlsx-print.ts';
import { hasHeaderPictures } from './xlsx-header-footer.ts';
import { hasPicture } from './pdf/header-footer.ts';
import { rulesFromExcel } from './xlsx-cf.ts';
import { validationsFromXml } from './xlsx-validation.ts';
import { readExternalLinks } from '../extlinks/xlsx.ts';
import { isSheetRefList } from '../formula/refs.ts';

/** The <col> runs of a sheet's XML (exceljs drops those it thinks default: any of width 9). */
function colRuns(xml: string): { min: number; max: number; width?: number; hidden?: boolean }[] {
  const block = /<(?:\w+:)?cols(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?cols>/.exec(xml)?.[1] ?? '';
  return [...block.matchAll(/<(?:\w+:)?col\b([^>]*)\/?>/g)].map((m) => {
    const a = (k: string) => new RegExp(`\\b${k}="([^"]*)"`).exec(m[1]!)?.[1];
    const width = a('width');
    return { min: Number(a('min')), max: Number(a('max')), ...(width !== undefined ? { width: Number(width) } : {}), hidden: a('hidden') === '1' || a('hidden') === 'true' };
  });
}

/** Excel's own default column width in pixels for a base width in characters (8 -> 64 px, 8.43 characters). */
const defaultColPx = (base: number) => base * 7 + 8;

/** `xml`: the sheet's XML before its cells (<cols>, <sheetFormatPr>), after them (<dataValidations>), and whole. */
function sheetOf(ws: ExcelJS.Worksheet, name: string, xml: { head: string; tail: string; cells: string }, capture: Capture, styleCache: Map<string, Style | undefined>, look: Look, warnings: string[]): BookSheet {
  const { head, tail } = xml;
  const overlapping = { count: 0 };
  const merges = guard(warnings, `the merged cells of sheet ${name}`, () => mergesFromXml(tail, overlapping), []);
  if (overlapping.count) warnings.push(`not kept: merged cells on ${name}: ${overlapping.count} range(s) overlapping another merged range`);
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
  const print = guard(warnings, `the print setup of sheet ${name}`, () => printFromExcel(ws, dropped, tail), undefined);
  if (dropped.length) warnings.push(`not kept: print setup on ${name}: ${dropped.join('; ')}`);
  const hf = print?.headerFooter;
  if ((hf && Object.values(hf).some((t) => typeof t === 'string' && hasPicture(t))) || hasHeaderPictures(tail)) warnings.push(`not kept: headers and footers on ${name}: the header or footer picture (&G keeps its place in the text; the picture part is left out)`);
  const droppedRules = new Map<string, number>();
  const rules = guard(warnings, `the conditional formats of sheet ${name}`, () => rulesFromExcel(ws, look.theme, droppedRules), []);
  if (droppedRules.size) warnings.push(`not kept: conditional formats on ${name}: ${[...droppedRules].map(([kind, n]) => `${n} ${kind}`).join(', ')}`);
  const droppedValidations = { count: 0 };
  const validations = guard(warnings, `the data validations of sheet ${name}`, () => validationsFromXml(tail, droppedValidations), []);
  if (droppedValidations.count) warnings.push(`not kept: data validations: ${droppedValidations.count} on ${name} (no range this service can hold)`);
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
    name: name,
    merges,
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
      // on empty cells), read from the sheet's XML. A sheet whose cells cannot be read to the
      // end keeps those before (the report says so); a failure of `fn` is the caller's.
      const colStyle = (c: number) => (ws.getColumn(c + 1) as { style?: Partial<ExcelJS.Style> }).style;
      let last: BookCell | undefined, inFn = false;
      try {
        forEachSheetCell(xml.cells, rows, { capture, styleOf: styleOfCell, colStyle, merges }, (cell) => {
          inFn = true;
          fn(cell);
          inFn = false;
          last = cell;
        });
      } catch (err) {
        if (inFn) throw err;
        warnings.push(`not read in full: the cells of sheet ${name}: ${whyUnreadable(err)}; the cells up to ${last ? `row ${last.row + 1}` : 'there'} came in`);
      }
    },
  };
}

/** `fn`'s answer, or `otherwise` with a line in `warnings` saying what could not be read and why. */
function guard<T>(warnings: string[], what: string, fn: () => T, otherwise: T): T {
  try {
    return fn();
  } catch (err) {
    warnings.push(`not read: ${what}: ${whyUnreadable(err)}`);
    return otherwise;
  }
}

/**
 * A part the workbook's relationships point to by type (styles, sharedStrings, theme), else Excel's
 * own path; a relationship to a part the archive lacks is a line in `report`.
 */
function workbookTarget(bytes: Buffer, part: WorkbookPart, names: Set<string>, damaged: Map<string, string>, report: string[], type: string, usual: string, lost: string): string {
  const dir = part.path.includes('/') ? part.path.slice(0, part.path.lastIndexOf('/')) : '';
  const rels = relationships(bytes, `${dir ? `${dir}/` : ''}_rels/${part.path.slice(part.path.lastIndexOf('/') + 1)}.rels`, dir);
  for (const rel of rels.values()) {
    if (!rel.type.endsWith(`/${type}`)) continue;
    if (!names.has(rel.target) && !damaged.has(rel.target)) report.push(`not read: ${rel.target}: it is missing from the file; ${lost}`);
    return rel.target;
  }
  return usual;
}

/** A worksheet the import reads: where it is in the workbook part and its XML. */
interface SheetSource {
  sheet: WorkbookSheet;
  path: string;
  xml: string;
}

export async function readXlsx(input: Buffer): Promise<Book> {
  const pkg = plainPackage(input);
  const bytes = pkg.bytes;
  const report: string[] = [];
  const workbook = readWorkbookPart(bytes, pkg.names, report);
  const owners = guard(report, 'the relationships between parts', () => partOwners(bytes, workbook.sheets), new Map());
  const damaged = new Map(pkg.problems.map((p) => [p.part, p.why]));
  for (const p of pkg.problems) {
    if (owners.get(p.part)?.kind === 'worksheet') continue; // said with the sheet below
    report.push(p.why.startsWith('the archive holds a second entry') ? `not read: the second entry named ${p.part} in the archive (the first one was read)` : partLine(p.part, owners.get(p.part), p.why));
  }
  report.push(...missingLines(owners, pkg.names, new Set(damaged.keys())));
  const target = (type: string, usual: string, lost: string) => workbookTarget(bytes, workbook, pkg.names, damaged, report, type, usual, lost);
  const stylesPath = target('styles', 'xl/styles.xml', 'cells come in without their fonts, fills, borders and number formats');
  const styles = await readStyles(readZipEntry(bytes, stylesPath), stylesPath, report);
  const stringsPath = target('sharedStrings', 'xl/sharedStrings.xml', 'cells that hold its texts come in empty');
  const stringsXml = readZipEntry(bytes, stringsPath);
  // Without its shared strings a text cell holds no text (not the string's number).
  const sharedStrings = (await readSharedStrings(stringsXml, stringsPath, report)) ?? { getString: () => undefined };
  const capture: Capture = { styles, date1904: workbook.date1904, sharedStrings };
  const look = lookOf(bytes, target('theme', 'xl/theme/theme1.xml', "theme colours are Office's defaults"), styles);
  const sources: SheetSource[] = [];
  const chartSheets: string[] = [];
  for (const sheet of workbook.sheets) {
    if (sheet.chart) {
      chartSheets.push(sheet.name);
      continue;
    }
    const path = sheet.path;
    let xml = path ? readZipEntry(bytes, path)?.toString('utf8') : undefined;
    if (!path || xml === undefined) {
      report.push(`not read: sheet ${sheet.name}${path ? ` (${path})` : ''}: ${(path && damaged.get(path)) ?? (path ? 'its part is missing from the file' : 'the workbook part does not say where its part is')}; the sheet is not imported`);
      continue;
    }
    if (xml.charCodeAt(0) === 0xfeff) xml = xml.slice(1);
    if (!/^\s*(?:<\?[\s\S]*?\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:\w+:)?worksheet\b/.test(xml.slice(0, 4096))) {
      report.push(`not read: sheet ${sheet.name} (${path}): its part is not a worksheet; the sheet is not imported`);
      continue;
    }
    if (!/(?:<\/(?:\w+:)?worksheet>|<(?:\w+:)?worksheet\b[^<]*\/>)\s*$/.test(xml.slice(-4096))) report.push(`not read in full: sheet ${sheet.name} (${path}): its part is cut short; what it holds up to there came in`);
    sources.push({ sheet, path, xml });
  }
  if (!sources.length) {
    if (!workbook.sheets.some((s) => !s.chart)) throw invalidArg('file_data', 'the workbook has no worksheets');
    throw invalidArg('file_data', `is not a readable .xlsx file: none of its sheets could be read (${report.filter((l) => l.startsWith('not read: sheet')).map((l) => l.slice('not read: '.length)).join('; ')})`);
  }
  const ws = await loadSheets(sources.map((src) => skeletonOf(src, workbook)), styles, report);
  const parts = new Map(sources.map((src) => [src.sheet.name, splitSheetXml(src.path, src.xml)]));
  for (const src of sources) {
    const tail = parts.get(src.sheet.name)!.tail;
    const text = (part: string) => readZipEntry(bytes, part)?.toString('utf8');
    report.push(...guard(report, `the relationships of sheet ${src.sheet.name}`, () => relationshipLines(bytes, src.sheet.name, src.path, tail, text, xmlDamage), []));
  }
  // One list, which the import reads after the cells: a sheet whose cells stop short adds its line then.
  const warnings = report;
  warnings.push(...guard(report, 'the list of what is not kept', () => notKept(bytes, parts), []));
  const styleCache = new Map<string, Style | undefined>();
  const sheets = sources.map((src, k) => {
    const name = src.sheet.name;
    const part = parts.get(name)!;
    const sheet = sheetOf(ws[k]!, name, { head: part.head, tail: part.tail, cells: src.xml }, capture, styleCache, look, warnings);
    const notes = guard(warnings, `the notes of sheet ${name}`, () => notesOf(bytes, part.path), []);
    const links = guard(warnings, `the hyperlinks of sheet ${name}`, () => linksOf(bytes, part.path, part.tail), []);
    const dropped = new Map<string, number>();
    const size = { col: (c: number) => sheet.colWidths[String(c)] ?? sheet.defaultColWidth ?? 64, row: (r: number) => sheet.rowHeights[String(r)] ?? sheet.defaultRowHeight ?? 20 };
    const images = guard(warnings, `the pictures of sheet ${name}`, () => picturesOf(bytes, part.path, size, (why) => dropped.set(why, (dropped.get(why) ?? 0) + 1)), []);
    if (dropped.size) warnings.push(`not kept: images on ${name}: ${[...dropped].map(([why, n]) => `${n} ${why}`).join(', ')}`);
    const chartsDropped = new Map<string, number>();
    const charts = guard(warnings, `the charts of sheet ${name}`, () => chartsOfSheet(bytes, part.path, (why) => chartsDropped.set(why, (chartsDropped.get(why) ?? 0) + 1)), []);
    if (chartsDropped.size) warnings.push(`not kept: charts on ${name}: ${[...chartsDropped].map(([why, n]) => `${n} ${why}`).join(', ')}`);
    return { ...sheet, ...(notes.length ? { notes } : {}), ...(links.length ? { links } : {}), ...(images.length ? { images } : {}), ...(charts.length ? { charts } : {}) };
  });
  if (chartSheets.length) warnings.push(`not kept: chart sheets: ${chartSheets.join(', ')}`);
  const paths = new Map(sources.map((src) => [src.sheet.name, src.path]));
  const tables = guard(warnings, 'the Excel tables', () => readTables(bytes, paths, { theme: look.theme, stylesXml: readZipEntry(bytes, stylesPath)?.toString('utf8') }), []);
  const names = guard(warnings, `the defined names of ${workbook.path}`, () => definedNames(workbook), []);
  const externalLinks = guard(warnings, 'the links to other workbooks', () => readExternalLinks(bytes, workbook.path, warnings), []);
  return { sheets, names, tables, warnings, ...(externalLinks.length ? { externalLinks } : {}), ...(capture.date1904 ? { date1904: true } : {}), ...(workbook.iteration ? { iteration: workbook.iteration } : {}), ...(workbook.protection ? { workbookProtection: workbook.protection } : {}), themeColors: look.theme };
}

/** A worksheet as exceljs is given it, with its print area and titles. */
function skeletonOf(src: SheetSource, workbook: WorkbookPart): SkeletonSheet {
  // Print area and titles as exceljs reads them (a sheet-qualified range list); others are left to the report.
  const printNames = workbook.names
    .filter((n) => n.localSheetId === src.sheet.index && (n.name === '_xlnm.Print_Area' || n.name === '_xlnm.Print_Titles') && isSheetRefList(n.text.replace(/^=/, '')))
    .map((n) => ({ name: n.name, text: n.text.replace(/^=/, '') }));
  return { name: src.sheet.name, ...(src.sheet.state ? { state: src.sheet.state } : {}), ...sheetForExcelJs(src.xml), printNames };
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
    const authors = [...xml.matchAll(/<(?:\w+:)?author(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?author>/g)].map((m) => unescapeXml(m[1]!));
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

function lookOf(bytes: Buffer, themePath: string, styles: ExcelStyles): Look {
  const theme = themeColors(readZipEntry(bytes, themePath)?.toString('utf8'));
  // xf 0: what cells without a style of their own show (exceljs reads those as no style).
  const base = styles.getStyleModel(0) ?? {};
  return { theme, base, font: { name: base.font?.name ?? 'Calibri', size: base.font?.size ?? 11 } };
}

/**
 * The defined names of xl/workbook.xml, read from the part itself: exceljs keeps only names that
 * are plain ranges and drops constants and formulas. Built-in names (_xlnm.Print_Area, ...) and the
 * hidden _xlfn. names Excel writes for newer functions are left out. A sheet-scoped name's
 * localSheetId counts every sheet of the workbook part, chart sheets too.
 */
function definedNames(workbook: WorkbookPart): BookName[] {
  const out: BookName[] = [];
  for (const n of workbook.names) {
    if (/^_xl(nm|fn)\./i.test(n.name)) continue;
    const sheet = n.localSheetId !== undefined ? workbook.nameAt[n.localSheetId] : undefined;
    out.push({ name: n.name, refersTo: n.text.replace(/^=/, ''), ...(sheet !== undefined ? { sheet } : {}) });
  }
  return out;
}
