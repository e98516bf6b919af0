// Where a cell's text goes, by Excel's rules, for the PDF export and the viewer alike (one model,
// so the two show the same thing):
// - text that does not fit flows into empty neighbours: left-aligned to the right, right-aligned to
//   the left, centred to both sides; it stops at the next cell with a value, a merge, or the edge of
//   what is drawn, and is clipped there;
// - a number or date that does not fit never flows: in the General format it first loses decimals
//   (then goes to scientific notation), as Excel shows it; otherwise the cell shows `#` across;
// - wrapped text breaks into lines at spaces (a word longer than the line breaks anywhere);
// - indent moves text away from its aligned edge; "fill" repeats the text across the cell.
// Sizes are pixels at 100 % (96 dpi); widths come from the fonts of core/layout/fonts.ts.
import { isRich, type Cell } from '../workbook/cell.ts';
import type { DateSystemOption } from '../formats/number-format.ts';
import { displayCell, formatCode } from '../workbook/display.ts';
import type { Style } from '../workbook/style.ts';
import { familyOf, textWidth, variantOf } from './fonts.ts';

/** Excel leaves this much room on each side of a cell's text (its column widths add 5 px: 2 + 2 + the gridline). */
export const PAD = 2;
/** Points of a cell with no font size (Excel's default, Calibri 11). */
export const DEFAULT_PT = 11;
/** Pixels per indent level (three spaces of the default font, as Excel indents). */
const INDENT_PX = 9;

export interface TextCell {
  /** The displayed text. */
  text: string;
  /** n number, t text, b boolean, e error. */
  kind: 'n' | 't' | 'b' | 'e';
  style: Style;
  /** The value of a number shown in the General format, which may lose decimals to fit. */
  general?: number;
}

/**
 * What the layout needs of a cell with a value: its text, kind, style, and a General number's value.
 * `dates` is the file's date system (a sheet's meta carries it: core/workbook/date-system.ts).
 */
export function textCell(cell: Cell, style: Style, dates?: DateSystemOption): TextCell {
  const error = isRich(cell) && cell.e !== undefined;
  const v = isRich(cell) ? cell.v : cell;
  const kind = error ? 'e' : typeof v === 'number' ? 'n' : typeof v === 'boolean' ? 'b' : 't';
  const out: TextCell = { text: displayCell(cell, style, dates), kind, style };
  if (kind === 'n' && formatCode(style, isRich(cell) ? cell.h : undefined) === 'General') out.general = v as number;
  return out;
}

export type Align = 'left' | 'center' | 'right';

export interface Placed {
  /** What is drawn: the text, a shortened General number, or `#`s. */
  text: string;
  align: Align;
  /** Columns the text is drawn over: its own (or its merge's), widened over empty neighbours. */
  c0: number;
  c1: number;
  /** Left of the text in pixels from the left edge of column c0 (single-line text). */
  x: number;
  /** Width of the text in pixels (single-line text). */
  width: number;
  /** The text is wider than its columns and is cut at their edges. */
  clip: boolean;
  /** Wrapped text: its lines, each drawn with `align` inside the cell. */
  lines?: string[];
}

export interface RowContext {
  /** Width in pixels of column c (0 for a hidden column). */
  width(c: number): number;
  /** True when column c of this row holds a value or a merge: text does not flow into it. */
  blocked(c: number): boolean;
  /** The columns drawn (text never flows past them). */
  first: number;
  last: number;
}

export function fontOf(style: Style): { family: ReturnType<typeof familyOf>; variant: ReturnType<typeof variantOf>; pt: number } {
  const pt = typeof style.font_size === 'number' && style.font_size > 0 ? style.font_size : DEFAULT_PT;
  return { family: familyOf(style.font_family), variant: variantOf(style.bold, style.italic), pt };
}

export function measure(text: string, style: Style): number {
  const f = fontOf(style);
  return textWidth(text, f.family, f.variant, f.pt);
}

/** Horizontal alignment by Excel's defaults: numbers right, text left, booleans and errors centred. */
export function alignOf(cell: Pick<TextCell, 'kind' | 'style'>): Align {
  const a = cell.style.align;
  if (a === 'left' || a === 'center' || a === 'right') return a;
  if (a === 'center_continuous' || a === 'distributed') return 'center';
  if (a) return 'left';
  return cell.kind === 'n' ? 'right' : cell.kind === 't' ? 'left' : 'center';
}

/** Lines of wrapped text within `room` pixels: breaks at spaces, a too-long word anywhere. */
export function wrapLines(text: string, style: Style, room: number): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/(?<= )/)) {
      const next = line + word;
      if (!line || measure(next.trimEnd(), style) <= room) {
        line = next;
        continue;
      }
      out.push(line.trimEnd());
      line = word;
    }
    // A word wider than the line breaks where it must.
    while (line && measure(line.trimEnd(), style) > room && line.length > 1) {
      let n = line.length - 1;
      while (n > 1 && measure(line.slice(0, n), style) > room) n--;
      out.push(line.slice(0, n));
      line = line.slice(n);
    }
    out.push(line.trimEnd());
  }
  return out;
}

/**
 * The General format's shorter forms of a number, longest first, as Excel tries them when the
 * column is narrow: fewer decimals, then scientific notation with fewer digits.
 */
function* generalForms(v: number, text: string): Generator<string> {
  const dot = text.indexOf('.');
  if (dot >= 0 && !/e/i.test(text)) {
    let last = text;
    for (let d = text.length - dot - 2; d >= 0; d--) {
      const s = String(Number(v.toFixed(d)));
      if (s !== last && s !== '0' && s !== '-0') yield (last = s);
    }
  }
  if (v === 0) return;
  for (let p = 5; p >= 0; p--) {
    const [m, e] = v.toExponential(p).split('e') as [string, string];
    const exp = Number(e);
    yield `${m.toUpperCase()}E${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
}

/** Excel's `####`: as many as fit (at least one). */
function hashes(style: Style, room: number): string {
  const w = measure('#', style);
  return '#'.repeat(Math.max(1, Math.floor(room / Math.max(w, 1))));
}

/**
 * Where the text of the cell in column `c` goes. `span` is the merge the cell anchors, if any
 * (columns c..span), inside which text neither flows nor spills.
 */
export function placeText(cell: TextCell, c: number, row: RowContext, span?: { c1: number }): Placed {
  const s = cell.style;
  const align = alignOf(cell);
  let c0 = c, c1 = span?.c1 ?? c;
  let own = 0;
  for (let i = c0; i <= c1; i++) own += row.width(i);
  const indent = (align === 'center' ? 0 : Math.max(0, Math.min(s.indent ?? 0, 250))) * INDENT_PX;
  const room = Math.max(own - 2 * PAD - indent, 0);

  if (s.wrap === 'wrap' || s.align === 'justify' || s.vertical_align === 'justify' || (cell.kind === 't' && cell.text.includes('\n') && s.wrap !== 'clip')) {
    return { text: cell.text, align, c0, c1, x: PAD + indent, width: room, clip: true, lines: wrapLines(cell.text, s, Math.max(room, 1)) };
  }

  let text = cell.text;
  let width = measure(text, s);
  if (s.align === 'fill' && width > 0 && width < room) {
    text = text.repeat(Math.max(1, Math.floor(room / width)));
    width = measure(text, s);
  }
  if (cell.kind === 'n' && width > room) {
    let shown: string | undefined;
    if (cell.general !== undefined) {
      for (const form of generalForms(cell.general, text)) {
        if (measure(form, s) <= room) {
          shown = form;
          break;
        }
      }
    }
    text = shown ?? hashes(s, room);
    width = measure(text, s);
  }

  // Text flows over empty neighbours (not out of a merge, not when clipped or rotated).
  const flows = cell.kind === 't' && !span && (s.wrap ?? 'overflow') === 'overflow' && !s.text_rotation && s.align !== 'fill';
  if (flows && width > room) {
    if (align === 'left') {
      let have = own;
      while (have - 2 * PAD - indent < width && c1 < row.last && !row.blocked(c1 + 1)) have += row.width(++c1);
    } else if (align === 'right') {
      let have = own;
      while (have - 2 * PAD - indent < width && c0 > row.first && !row.blocked(c0 - 1)) have += row.width(--c0);
    } else {
      const half = (width - room) / 2;
      let left = 0, right = 0;
      while (left < half && c0 > row.first && !row.blocked(c0 - 1)) left += row.width(--c0);
      while (right < half && c1 < row.last && !row.blocked(c1 + 1)) right += row.width(++c1);
    }
  }
  let before = 0;
  for (let i = c0; i < c; i++) before += row.width(i);
  let total = 0;
  for (let i = c0; i <= c1; i++) total += row.width(i);
  const x = align === 'left' ? before + PAD + indent : align === 'right' ? before + own - PAD - indent - width : before + (own - width) / 2;
  return { text, align, c0, c1, x, width, clip: x < 0 || x + width > total };
}

/** Line height in pixels of a font of `pt` points (Calibri 11: 17.9 px, in Excel's 20 px row). */
export const lineHeightPx = (pt: number) => ((pt * 96) / 72) * 1.22;

/**
 * The height Excel gives a row whose height was never set: enough for its tallest text, wrapped
 * text counted in lines of its cell's width; never below `floor` (the sheet's default). Cells in
 * merges are not measured (Excel does not fit rows to them). `cells` yields the row's cells with
 * their widths in pixels.
 */
export function fitRowHeight(cells: Iterable<{ cell: TextCell; width: number }>, floor: number): number {
  let h = floor;
  for (const { cell, width } of cells) {
    const s = cell.style;
    const pt = fontOf(s).pt;
    const wraps = s.wrap === 'wrap' || s.align === 'justify' || (cell.kind === 't' && cell.text.includes('\n'));
    if (!wraps && pt <= DEFAULT_PT) continue;
    const indent = Math.max(0, Math.min(s.indent ?? 0, 250)) * INDENT_PX;
    const lines = wraps ? wrapLines(cell.text, s, Math.max(width - 2 * PAD - indent, 1)).length : 1;
    h = Math.max(h, Math.ceil(lines * lineHeightPx(pt) + 2));
  }
  return Math.min(h, 409 * (4 / 3)); // Excel's tallest row: 409 pt
}
