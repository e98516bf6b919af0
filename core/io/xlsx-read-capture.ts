// exceljs reads what the import still takes from it (sheet properties, views, columns,
// conditional formats, print setup) from a workbook built for it here: a workbook part listing
// the sheets and nothing else, and each worksheet with only those elements and no cells. So a part
// exceljs cannot read (a drawing, a table, a VML note, an autofilter on icons, a name it cannot
// parse) never reaches it, and the cells, the bulk of a file, are read by xlsx-read-cells.ts.
// If exceljs still fails, each sheet is tried alone, then each of its elements: an element it
// cannot read is left out and named, and the rest of the workbook comes in.
import type ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { loadExcelJs, loadExcelStylesXform } from '../libs.ts';
import { invalidArg } from '../errors.ts';
import { storedArchive } from './xlsx-read-zip.ts';
import { whyUnreadable, withoutIgnorable } from './xml-check.ts';

/** What exceljs's styles part gives for a cell style id (null when the file has no such style). */
export interface ExcelStyles {
  getStyleModel(id: number): Partial<ExcelJS.Style> | null;
}

/** What the cells are read against: shared strings, styles and the date system. */
export interface Capture {
  /** Shared strings: a string or exceljs's rich text ({ richText: [{ text }] }). */
  sharedStrings?: { getString(i: number): unknown };
  styles?: ExcelStyles;
  date1904: boolean;
}

/** One worksheet as exceljs is given it. */
export interface SkeletonSheet {
  name: string;
  state?: string;
  /** The worksheet's root tag, its attributes each once. */
  root: { open: string; close: string };
  /** The top-level elements exceljs reads, in the file's order. */
  elements: { name: string; text: string }[];
  /** _xlnm.Print_Area and _xlnm.Print_Titles of this sheet (exceljs turns them into its page setup). */
  printNames: { name: string; text: string }[];
}

/** The elements of a worksheet exceljs still reads for the import. */
const KEEP = new Set(['sheetPr', 'dimension', 'sheetViews', 'sheetFormatPr', 'cols', 'conditionalFormatting', 'printOptions', 'pageMargins', 'pageSetup', 'headerFooter', 'rowBreaks', 'colBreaks', 'extLst']);

/** What each element holds, for the import report. */
const HOLDS: Record<string, string> = {
  sheetPr: 'the sheet properties (tab colour)',
  dimension: 'the used range',
  sheetViews: 'the sheet view (frozen panes, gridlines)',
  sheetFormatPr: 'the default row height and column width',
  cols: 'the column widths and formats',
  conditionalFormatting: 'a conditional format',
  printOptions: 'the print options',
  pageMargins: 'the page margins',
  pageSetup: 'the page setup',
  headerFooter: 'the header and footer',
  rowBreaks: 'the page breaks',
  colBreaks: 'the page breaks',
  extLst: 'the Excel 2010 extensions (data bars, icon sets)',
};

const NAME_END = /[\s/>]/;

/** Where the tag opened at `p` ends (its '>'), quoted values skipped; -1 when cut short. */
function tagEnd(xml: string, p: number): number {
  for (let i = p; i < xml.length; i++) {
    const c = xml[i];
    if (c === '>') return i;
    if (c === '"' || c === "'") {
      const e = xml.indexOf(c, i + 1);
      if (e < 0) return -1;
      i = e;
    }
  }
  return -1;
}

/** The root tag rebuilt with each attribute once (a repeated one would make exceljs refuse the sheet). */
function rootOf(tag: string, name: string): string {
  const seen = new Set<string>();
  const attrs: string[] = [];
  for (const m of tag.matchAll(/([^\s=<>/]+)\s*=\s*("[^"]*"|'[^']*')/g)) {
    if (seen.has(m[1]!)) continue;
    seen.add(m[1]!);
    attrs.push(`${m[1]}=${m[2]}`);
  }
  return `<${name}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`;
}

/** A worksheet's XML as exceljs is given it: its root and the elements it reads, cells left out. */
export function sheetForExcelJs(xml: string): Pick<SkeletonSheet, 'root' | 'elements'> {
  const elements: SkeletonSheet['elements'] = [];
  let p = xml.indexOf('<');
  while (p >= 0 && (xml.startsWith('<?', p) || xml.startsWith('<!', p))) p = xml.indexOf('<', tagEnd(xml, p) + 1);
  const fallback = { root: { open: '<worksheet>', close: '</worksheet>' }, elements };
  if (p < 0) return fallback;
  const rootEnd = tagEnd(xml, p);
  if (rootEnd < 0) return fallback;
  const rootName = xml.slice(p + 1).split(NAME_END, 1)[0]!;
  const root = { open: rootOf(xml.slice(p + 1 + rootName.length, rootEnd), rootName), close: `</${rootName}>` };
  if (xml[rootEnd - 1] === '/') return { root, elements };
  p = xml.indexOf('<', rootEnd + 1);
  while (p >= 0) {
    if (xml.startsWith('<?', p) || xml.startsWith('<!', p)) {
      const e = xml.startsWith('<!--', p) ? xml.indexOf('-->', p) : tagEnd(xml, p);
      p = e < 0 ? -1 : xml.indexOf('<', e + 1);
      continue;
    }
    if (xml[p + 1] === '/') break; // the root's end
    const name = xml.slice(p + 1).split(NAME_END, 1)[0]!;
    const local = name.slice(name.indexOf(':') + 1);
    const end = tagEnd(xml, p);
    if (end < 0) break;
    let next: number;
    let text: string;
    if (xml[end - 1] === '/') {
      next = end + 1;
      text = xml.slice(p, next);
    } else {
      const close = `</${name}>`;
      if (local === 'sheetData') {
        const at = xml.indexOf(close, end);
        next = at < 0 ? xml.length : at + close.length;
        text = `<${name}/>`;
      } else {
        // Same-named elements nested inside (none in practice) are counted.
        let depth = 1, q = end + 1;
        while (depth > 0) {
          const open = xml.indexOf(`<${name}`, q), shut = xml.indexOf(close, q);
          if (shut < 0) break;
          if (open >= 0 && open < shut && NAME_END.test(xml[open + name.length + 1] ?? '')) {
            depth++;
            q = open + name.length + 1;
          } else {
            depth--;
            q = shut + close.length;
          }
        }
        if (depth > 0) break; // cut short: the element is not whole
        next = q;
        text = xml.slice(p, next);
      }
    }
    if (KEEP.has(local) || local === 'sheetData') elements.push({ name: local, text });
    p = xml.indexOf('<', next);
  }
  if (!elements.some((e) => e.name === 'sheetData')) elements.push({ name: 'sheetData', text: '<sheetData/>' });
  return { root, elements };
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const escText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The workbook exceljs is given: sheet k at xl/worksheets/sheet{k}.xml with sheetId k. */
function skeleton(sheets: readonly SkeletonSheet[]): Buffer {
  const parts = new Map<string, string>();
  // Sheets are named S1, S2...: a name exceljs would not take (too long, a character it refuses) never reaches it.
  const list = sheets.map((s, i) => `<sheet name="S${i + 1}" sheetId="${i + 1}"${s.state ? ` state="${s.state}"` : ''} r:id="rId${i + 1}"/>`).join('');
  const names = sheets.flatMap((s, i) => s.printNames.map((n) => `<definedName name="${n.name}" localSheetId="${i}">${escText(n.text)}</definedName>`)).join('');
  parts.set('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets>${list}</sheets>${names ? `<definedNames>${names}</definedNames>` : ''}</workbook>`);
  parts.set('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}</Relationships>`);
  sheets.forEach((s, i) => parts.set(`xl/worksheets/sheet${i + 1}.xml`, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s.root.open}${s.elements.map((e) => e.text).join('')}${s.root.close}`));
  return storedArchive(parts);
}

interface XlsxProto {
  workbook: object;
  reconcile(model: { styles?: unknown }, options: object): void;
}

const stylesFor = new WeakMap<object, ExcelStyles>();
let patched: Promise<typeof ExcelJS> | undefined;

/** exceljs, with its loader taught to take the styles the import parsed (the skeleton has none). */
function excelJsForImport(): Promise<typeof ExcelJS> {
  return (patched ??= (async () => {
    const excel = await loadExcelJs();
    // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
    const mod = (await import('exceljs/lib/xlsx/xlsx.js')) as { default: { prototype: XlsxProto } };
    const proto = mod.default.prototype;
    const reconcile = proto.reconcile;
    proto.reconcile = function (model, options) {
      const styles = stylesFor.get(this.workbook);
      if (styles) model.styles = styles;
      reconcile.call(this, model, options);
    };
    return excel;
  })());
}

/** Loads the skeleton; worksheets in the order of `sheets`. */
async function loadOnce(sheets: readonly SkeletonSheet[], styles: ExcelStyles): Promise<ExcelJS.Worksheet[]> {
  const excel = await excelJsForImport();
  const wb = new excel.Workbook();
  stylesFor.set(wb, styles);
  await wb.xlsx.load(skeleton(sheets) as unknown as ArrayBuffer);
  const byId = new Map(wb.worksheets.map((ws) => [ws.id, ws]));
  return sheets.map((_, i) => {
    const ws = byId.get(i + 1);
    if (!ws) throw new Error(`exceljs did not read sheet ${i + 1}`);
    return ws;
  });
}

async function attempt(sheets: readonly SkeletonSheet[], styles: ExcelStyles): Promise<ExcelJS.Worksheet[] | Error> {
  try {
    return await loadOnce(sheets, styles);
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/**
 * The worksheets as exceljs reads them, one per sheet given. What exceljs cannot read is left out
 * element by element, each with a line in `problems` naming the sheet and what it held.
 */
export async function loadSheets(sheets: SkeletonSheet[], styles: ExcelStyles, problems: string[]): Promise<ExcelJS.Worksheet[]> {
  const first = await attempt(sheets, styles);
  if (!(first instanceof Error)) return first;
  const fixed = [...sheets];
  for (let k = 0; k < fixed.length; k++) {
    const sheet = fixed[k]!;
    if (!((await attempt([sheet], styles)) instanceof Error)) continue;
    let bare: SkeletonSheet = { ...sheet, elements: [{ name: 'sheetData', text: '<sheetData/>' }] };
    const bareErr = await attempt([bare], styles);
    if (bareErr instanceof Error) {
      problems.push(`not read: the print area and print titles of sheet '${sheet.name}': ${whyUnreadable(bareErr)}`);
      bare = { ...bare, printNames: [], root: { open: '<worksheet>', close: '</worksheet>' } };
    }
    const kept: SkeletonSheet['elements'] = [];
    for (const e of sheet.elements) {
      if (e.name === 'sheetData') continue;
      const err = await attempt([{ ...bare, elements: [...kept, e, ...bare.elements] }], styles);
      if (err instanceof Error) problems.push(`not read: ${HOLDS[e.name] ?? `<${e.name}>`} of sheet '${sheet.name}': ${whyUnreadable(err)}`);
      else kept.push(e);
    }
    fixed[k] = { ...bare, elements: [...kept, ...bare.elements] };
  }
  const second = await attempt(fixed, styles);
  if (!(second instanceof Error)) return second;
  const stripped = fixed.map((s) => ({ ...s, printNames: [], root: { open: '<worksheet>', close: '</worksheet>' }, elements: [{ name: 'sheetData', text: '<sheetData/>' }] }));
  const last = await attempt(stripped, styles);
  if (last instanceof Error) throw invalidArg('file_data', 'is not a readable .xlsx file: its sheets could not be read together');
  problems.push(`not read: the layout of every sheet (column widths, merged cells, conditional formats, print setup): ${whyUnreadable(second)}; the cells came in`);
  return last;
}

const MINIMAL_STYLES = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${NS}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellXfs></styleSheet>`;

/** The file's cell formats (exceljs's styles part), or Excel's defaults with a line in `problems` when they cannot be read. */
export async function readStyles(xml: Buffer | undefined, path: string, problems: string[]): Promise<ExcelStyles> {
  const Xform = await loadExcelStylesXform();
  const parse = async (text: Buffer | string) => {
    const styles = new Xform();
    await styles.parseStream(Readable.from([text]));
    // A part without one of its lists still answers (exceljs would index an absent list).
    const model = (styles as unknown as { model: Record<string, unknown> }).model;
    for (const k of ['styles', 'fonts', 'fills', 'borders', 'dxfs', 'numFmts']) model[k] ??= [];
    return styles;
  };
  if (xml) {
    try {
      return await parse(withoutIgnorable(xml.toString('utf8')));
    } catch (err) {
      problems.push(`not read: the cell formats ${path}: ${whyUnreadable(err)}; cells come in without their fonts, fills, borders and number formats`);
    }
  }
  return parse(MINIMAL_STYLES);
}

type SharedStrings = NonNullable<Capture['sharedStrings']>;

/** Shared strings from what can be read of a damaged part: each whole <si>, its <t> texts outside phonetic runs. */
function salvageStrings(xml: string): string[] {
  const dec = (s: string) => s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => (e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e.toLowerCase()]!));
  return [...xml.matchAll(/<(?:\w+:)?si>([\s\S]*?)<\/(?:\w+:)?si>/g)].map((m) =>
    [...m[1]!.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '').matchAll(/<(?:\w+:)?t(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?t>/g)].map((t) => dec(t[1]!)).join(''),
  );
}

/** The shared strings part (exceljs's reader), or what can be salvaged of it with a line in `problems`. */
export async function readSharedStrings(xml: Buffer | undefined, path: string, problems: string[]): Promise<SharedStrings | undefined> {
  if (!xml) return undefined;
  const text = withoutIgnorable(xml.toString('utf8'));
  if (!/(?:<\/(?:\w+:)?sst>|<(?:\w+:)?sst\b[^<]*\/>)\s*$/.test(text.slice(-4096))) {
    const salvaged = salvageStrings(text);
    problems.push(`not read in full: the shared strings ${path}: it is cut short; ${salvaged.length} text(s) were read from it, cells whose text comes after those come in empty`);
    return { getString: (i: number) => salvaged[i] };
  }
  // exceljs is given the strings only (<si> elements): markup it does not know between them is left out.
  const open = /<((?:\w+:)?)sst\b[^>]*>/.exec(text);
  const only = open && !open[0].endsWith('/>') ? `${open[0]}${(text.match(/<(?:\w+:)?si\b[^>]*\/>|<(?:\w+:)?si\b[^>]*>[\s\S]*?<\/(?:\w+:)?si>/g) ?? []).join('')}</${open[1]}sst>` : text;
  try {
    // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
    const mod = (await import('exceljs/lib/xlsx/xform/strings/shared-strings-xform.js')) as { default: new () => SharedStrings & { parseStream(s: NodeJS.ReadableStream): Promise<void> } };
    const strings = new mod.default();
    await strings.parseStream(Readable.from([only]));
    return strings;
  } catch (err) {
    const salvaged = salvageStrings(text);
    problems.push(`not read in full: the shared strings ${path}: ${whyUnreadable(err)}; ${salvaged.length} text(s) were read from it, cells whose text comes after those come in empty`);
    return { getString: (i: number) => salvaged[i] };
  }
}
