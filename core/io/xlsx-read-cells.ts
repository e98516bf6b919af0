// A worksheet's cells read straight from its XML (<sheetData>), one pass, no object per cell but
// the BookCell handed on. It gives what exceljs's cell model gave (xlsx-read-capture.ts keeps the
// cells from exceljs): shared strings and rich text as text, numbers in date formats as dates,
// shared formulas moved to each cell, array formulas with their range, merged cells as styles.
import type ExcelJS from 'exceljs';
import type { Scalar, TextRun } from '../workbook/cell.ts';
import type { Style } from '../workbook/style.ts';
import { dateToSerial, type BookCell } from './book.ts';
import type { Capture } from './xlsx-read-capture.ts';
import { fillMerges, MergeIndex } from './xlsx-read-merges.ts';
import { sharedCopy } from './xlsx-read-shared.ts';
import { Attrs, CellTag, decodeText, inlineString, intAt, localNameIs, numberAt, skipMarkup } from './xlsx-read-xml.ts';

type XlStyle = Partial<ExcelJS.Style>;

/** A <row>'s own attributes (only rows that have one of them). */
export interface RowInfo {
  row: number;
  /** Points, as written. */
  height?: number;
  hidden: boolean;
  /** exceljs's style model of the row's s attribute. */
  style?: XlStyle;
  /** Outline group level, 1-7 (absent: 0). */
  outlineLevel?: number;
  /** The row is the summary of a collapsed outline group. */
  collapsed?: boolean;
}

export interface SheetCellsContext {
  capture: Capture;
  /** Our style for an exceljs style model (undefined: the file's default cell format). */
  styleOf(x: XlStyle | undefined): Style | undefined;
  /** A column's own style (exceljs's Column.style), for merged cells the file does not list. */
  colStyle(col: number): XlStyle | undefined;
  /** Merged ranges (A1). */
  merges: readonly string[];
}

const MAX_COLS = 16_384;

/** Excel's rule (exceljs's isDateFmt): a format with date or time letters outside quotes and brackets. */
function isDateFormat(fmt: string | undefined): boolean {
  if (!fmt) return false;
  return /[ymdhMsb]+/.test(fmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** A serial in a date format, at the millisecond; a 1904 file's serials stay in its system (Book.date1904). */
function dateSerial(v: number): number {
  return dateToSerial(new Date(Math.round((v - 25_569) * 86_400_000)));
}

/**
 * A Strict OOXML date cell (`t="d"`, ISO 8601: `2009-05-01`, `10:59:59.999`, `2009-05-01T06:00:00`)
 * as the serial Excel shows: days since 1899-12-30 (1904-01-01 in the 1904 system), counting
 * Excel's 29 February 1900, the time as a fraction of the day. Text it cannot read stays text.
 */
export function isoDateSerial(text: string, date1904 = false): number | string {
  const m = /^(?:(\d{4})-(\d{2})-(\d{2}))?T?(?:(\d{2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?)?Z?$/.exec(text.trim());
  if (!m || (!m[1] && !m[4])) return text;
  const day = m[1] ? (Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - (date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30))) / 86_400_000 : 0;
  const early = m[1] && !date1904 && day < 61 ? -1 : 0;
  const time = m[4] ? (Number(m[4]) * 3600 + Number(m[5]) * 60 + Number(m[6] ?? 0)) / 86_400 : 0;
  return day + early + time;
}

/** Text as xlsx writes what XML cannot hold: _xHHHH_ for a character (_x0001_), _x005F_ for "_". */
const ooxmlText = (s: string) => (s.indexOf('_x') < 0 ? s : s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));

/** exceljs decodes a formula's cached text once more (its xmlDecode of five entities). */
const xmlDecodeAgain = (s: string) => (s.indexOf('&') < 0 ? s : s.replace(/&([a-z]*);/g, (c, n: string) => ({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' })[n] ?? c));

/** A shared string's rich text runs (exceljs's richText: text and font), when it has any. */
function sharedRuns(v: unknown): TextRun[] | undefined {
  const rich = (v as { richText?: { text?: string; font?: Record<string, unknown> }[] } | null)?.richText;
  if (!Array.isArray(rich) || !rich.length) return undefined;
  return rich.map((r) => ({ t: r.text ?? '', ...(r.font && Object.keys(r.font).length ? { font: r.font } : {}) }));
}

function sharedText(v: unknown): string | undefined {
  if (typeof v === 'string' || v === undefined) return v;
  const rich = (v as { richText?: { text?: string }[] } | null)?.richText;
  return Array.isArray(rich) ? rich.map((r) => r.text).join('') : '';
}

/** Where the cells are: the inside of <sheetData>, and the prefix its elements carry (x:). */
function sheetDataRange(xml: string): { from: number; to: number; prefix: string } | undefined {
  const open = /<((?:\w+:)?)sheetData\b/.exec(xml);
  if (!open) return undefined;
  const end = xml.indexOf('>', open.index);
  if (end < 0 || xml.charCodeAt(end - 1) === 47) return undefined;
  const close = xml.indexOf(`</${open[1]}sheetData>`, end);
  return { from: end + 1, to: close < 0 ? xml.length : close, prefix: open[1]! };
}

/** The rows' heights, hidden flags and styles, read before the cells (the import needs them first). */
export function readRows(xml: string, capture: Capture): RowInfo[] {
  const range = sheetDataRange(xml);
  if (!range) return [];
  const out: RowInfo[] = [];
  const tag = `<${range.prefix}row`;
  const at = new Attrs();
  let last = -1;
  for (let p = xml.indexOf(tag, range.from); p >= 0 && p < range.to; p = xml.indexOf(tag, p + tag.length)) {
    const next = xml.charCodeAt(p + tag.length);
    if (next !== 32 && next !== 62 && next !== 47 && next !== 9 && next !== 10 && next !== 13) continue;
    at.read(xml, p + tag.length);
    const row = at.int(xml, 'r', last + 2) - 1;
    last = row;
    const ht = at.float(xml, 'ht');
    const hidden = at.bool(xml, 'hidden');
    const s = at.int(xml, 's', 0);
    const style = s ? capture.styles?.getStyleModel(s) ?? undefined : undefined;
    const outlineLevel = at.int(xml, 'outlineLevel', 0);
    const collapsed = at.bool(xml, 'collapsed');
    if (ht || hidden || style || outlineLevel || collapsed) out.push({ row, ...(ht ? { height: ht } : {}), hidden, ...(style ? { style } : {}), ...(outlineLevel ? { outlineLevel } : {}), ...(collapsed ? { collapsed } : {}) });
  }
  return out;
}

/** Per style id: our style and whether numbers in it are dates. */
interface StyleSlot {
  style: Style | undefined;
  date: boolean;
}

/**
 * Calls `fn` with each cell of the sheet that carries something (a value, a formula or a style),
 * as exceljs's worksheet listed them for the import before.
 */
export function forEachSheetCell(xml: string, rows: readonly RowInfo[], ctx: SheetCellsContext, fn: (cell: BookCell) => void): void {
  const range = sheetDataRange(xml);
  if (!range) return;
  const { capture } = ctx;
  const merges = ctx.merges.length ? new MergeIndex(ctx.merges) : undefined;
  const slots: StyleSlot[] = [];
  const base = ctx.styleOf(undefined);
  const slot = (id: number): StyleSlot => {
    let s = slots[id];
    if (!s) {
      const x = id ? capture.styles?.getStyleModel(id) ?? undefined : undefined;
      s = slots[id] = { style: x ? ctx.styleOf(x) : base, date: !!x && isDateFormat(x.numFmt) };
    }
    return s;
  };
  const masters = new Map<string, { row: number; col: number; formula: string | undefined }>();
  const at = new Attrs();
  const cell = new CellTag();
  const { from, to } = range;
  let row = -1, col = -1;
  let p = xml.indexOf('<', from);
  while (p >= 0 && p < to) {
    const c1 = xml.charCodeAt(p + 1);
    if (c1 === 47 || c1 === 33 || c1 === 63) {
      // a closing tag, a comment or CDATA, a processing instruction: nothing to read
      p = skipMarkup(xml, p);
      continue;
    }
    // <c ...> without a prefix, the bulk of the sheet, is told by its first letters.
    const c2 = xml.charCodeAt(p + 2);
    if (c1 === 99 && (c2 === 32 || c2 === 62 || c2 === 47 || c2 === 9 || c2 === 10 || c2 === 13)) cell.read(xml, p + 2);
    else {
      const nameEnd = at.read(xml, p + 1);
      if (localNameIs(xml, p + 1, nameEnd, 'row')) {
        row = at.int(xml, 'r', row + 2) - 1;
        col = -1;
        p = xml.indexOf('<', at.end + 1);
        continue;
      }
      if (!localNameIs(xml, p + 1, nameEnd, 'c')) {
        p = xml.indexOf('<', at.end + 1);
        continue;
      }
      cell.read(xml, nameEnd);
    }
    // One <c>: its attributes, then <f>, <v> and <is> up to </c>.
    const hasRef = cell.col >= 0;
    col = hasRef ? cell.col : col + 1;
    const styleId = cell.style;
    const type = cell.type;
    const dynamic = cell.dynamic;
    let formula: string | undefined, shareType: string | undefined, fref: string | undefined, si: string | undefined;
    let dataTable: BookCell['dataTable'];
    // The value's text: one <v>'s span, read only as far as needed (a number is not made a
    // string first), or the text itself when there is more than one piece (or an inline string).
    let value: string | undefined;
    let vs = -1, ve = -1;
    let q = cell.end + 1;
    if (!cell.selfClosing) {
      q = xml.indexOf('<', q);
      while (q >= 0 && q < to) {
        const k = xml.charCodeAt(q + 1);
        // The usual children, <v>...</v> and <f>...</f> without attributes, and </c>, read directly.
        if (k === 118 && xml.charCodeAt(q + 2) === 62) {
          const te = xml.indexOf('<', q + 3);
          if (te > q + 3) {
            if (value === undefined && vs < 0) {
              vs = q + 3;
              ve = te;
            }
            else {
              value = (value ?? (vs >= 0 ? decodeText(xml, vs, ve) : '')) + decodeText(xml, q + 3, te);
              vs = -1;
            }
          }
          q = te;
          continue;
        }
        if (k === 102 && xml.charCodeAt(q + 2) === 62) {
          const te = xml.indexOf('<', q + 3);
          if (te > q + 3) formula = (formula ?? '') + decodeText(xml, q + 3, te);
          q = te;
          continue;
        }
        if (k === 47) {
          if (xml.charCodeAt(q + 2) === 99 && xml.charCodeAt(q + 3) === 62) {
            q += 4;
            break;
          }
          const end = xml.indexOf('>', q);
          if (end < 0) {
            q = -1;
            break;
          }
          if (localNameIs(xml, q + 2, end, 'c')) {
            q = end + 1;
            break;
          }
          q = xml.indexOf('<', end + 1);
          continue;
        }
        if (k === 33 || k === 63) {
          q = skipMarkup(xml, q);
          continue;
        }
        const ne = at.read(xml, q + 1);
        if (localNameIs(xml, q + 1, ne, 'f')) {
          shareType = at.str(xml, 't');
          fref = at.str(xml, 'ref');
          si = at.str(xml, 'si');
          // A what-if data table (core/whatif/model.ts): its inputs are attributes, it has no text.
          if (shareType === 'dataTable') {
            const flag = (k: string) => /^(1|true)$/.test(at.str(xml, k) ?? '');
            dataTable = { ref: fref, dt2D: flag('dt2D'), dtr: flag('dtr'), r1: at.str(xml, 'r1'), r2: at.str(xml, 'r2'), del1: flag('del1'), del2: flag('del2') };
          }
          if (!at.selfClosing) {
            const te = xml.indexOf('<', at.end + 1);
            if (te > at.end + 1) formula = (formula ?? '') + decodeText(xml, at.end + 1, te);
            q = te;
            continue;
          }
        } else if (localNameIs(xml, q + 1, ne, 'v')) {
          if (!at.selfClosing) {
            const te = xml.indexOf('<', at.end + 1);
            if (te > at.end + 1) {
              value = (value ?? (vs >= 0 ? decodeText(xml, vs, ve) : '')) + decodeText(xml, at.end + 1, te);
              vs = -1;
            }
            q = te;
            continue;
          }
        } else if (localNameIs(xml, q + 1, ne, 'is') && !at.selfClosing) {
          const inline = inlineString(xml, at.end + 1, to, at);
          if (inline.text !== undefined) {
            value = (value ?? (vs >= 0 ? decodeText(xml, vs, ve) : '')) + ooxmlText(inline.text);
            vs = -1;
          }
          q = inline.end;
          continue;
        }
        q = xml.indexOf('<', at.end + 1);
      }
    }
    p = q < 0 ? -1 : xml.indexOf('<', q);
    if (row < 0 || col < 0 || col >= MAX_COLS) continue;

    const mergeKind = merges ? merges.kind(row, col) : 0;
    const isFormula = !!formula || shareType !== undefined;
    const hasValue = value !== undefined || vs >= 0;
    if (!isFormula && !hasValue && !styleId) continue; // an empty cell exceljs did not keep
    const st = slot(styleId);
    if (mergeKind) merges!.seen.add(row * MAX_COLS + col);
    if (mergeKind === 2) {
      if (st.style) fn({ row, col, style: st.style });
      continue;
    }
    if (isFormula) {
      let text = formula;
      if (shareType === 'shared' && si !== undefined) {
        if (fref) masters.set(si, { row, col, formula });
        else {
          const m = masters.get(si);
          shareType = undefined;
          if (m?.formula) text = sharedCopy(m.formula, row - m.row, col - m.col);
        }
      }
      let result: Scalar | undefined, error: string | undefined;
      if (hasValue) {
        if (type === 'str') result = ooxmlText(xmlDecodeAgain(value ?? decodeText(xml, vs, ve)));
        else if (type === 'b') result = parseInt(value ?? decodeText(xml, vs, ve), 10) !== 0;
        else if (type === 'e') error = value ?? decodeText(xml, vs, ve);
        else if (type === 'd') result = isoDateSerial(value ?? decodeText(xml, vs, ve), capture.date1904);
        else {
          const n = vs >= 0 ? numberAt(xml, vs, ve) : parseFloat(value!);
          result = st.date ? dateSerial(n) : n;
        }
      }
      const out: BookCell = error !== undefined ? { row, col, error } : { row, col, value: result ?? null };
      if (text) out.formula = text;
      if (dataTable) out.dataTable = dataTable;
      if (st.style) out.style = st.style;
      if (text && shareType === 'array') {
        if (fref?.includes(':')) out.arrayRef = fref;
        out.array = true;
        if (hasRef && !dynamic) out.cse = true;
      }
      fn(out);
      continue;
    }
    let v: Scalar | null | undefined = null, error: string | undefined, runs: TextRun[] | undefined;
    if (hasValue) {
      if (type === 's') {
        const i = vs >= 0 ? intAt(xml, vs, ve) : parseInt(value!, 10);
        const shared = capture.sharedStrings?.getString(i);
        v = capture.sharedStrings ? sharedText(shared) ?? null : i;
        runs = sharedRuns(shared);
      } else if (type === 'str') v = xmlDecodeAgain(value ?? decodeText(xml, vs, ve));
      else if (type === 'inlineStr') v = value ?? decodeText(xml, vs, ve);
      else if (type === 'b') v = parseInt(value ?? decodeText(xml, vs, ve), 10) !== 0;
      else if (type === 'e') error = value ?? decodeText(xml, vs, ve);
      else if (type === 'd') v = isoDateSerial(value ?? decodeText(xml, vs, ve), capture.date1904);
      else {
        const n = vs >= 0 ? numberAt(xml, vs, ve) : parseFloat(value!);
        v = st.date ? dateSerial(n) : n;
      }
    }
    if (error !== undefined) fn(st.style ? { row, col, error, style: st.style } : { row, col, error });
    else if (v !== null || st.style) fn({ row, col, value: v, ...(st.style ? { style: st.style } : {}), ...(runs ? { runs } : {}) });
  }
  if (merges) fillMerges(merges, new Map(rows.filter((r) => r.style).map((r) => [r.row, r.style])), ctx, fn);
}

