// exceljs cell styles <-> our Style (fonts, fills, borders, alignment, number formats). Theme
// colours resolve through the default Office theme; tints, gradients and patterns other than
// solid fills have no field here and are dropped (docs/import-export.md).
import type ExcelJS from 'exceljs';
import { formatCode } from '../workbook/display.ts';
import type { Border, Style } from '../workbook/style.ts';
import { fieldsOfCode } from './numfmt-map.ts';

const THEME = ['FFFFFF', '000000', 'E7E6E6', '44546A', '4472C4', 'ED7D31', 'A5A5A5', 'FFC000', '5B9BD5', '70AD47'];

function colorOf(c: Partial<ExcelJS.Color> | undefined, skipDefaultText = false): string | undefined {
  if (!c) return undefined;
  if (typeof c.argb === 'string' && /^[0-9A-Fa-f]{8}$/.test(c.argb)) {
    const alpha = c.argb.slice(0, 2).toUpperCase();
    const rgb = c.argb.slice(2).toUpperCase();
    return alpha === 'FF' || alpha === '00' ? `#${rgb}` : `#${rgb}${alpha}`;
  }
  if (typeof c.theme === 'number' && THEME[c.theme]) {
    if (skipDefaultText && c.theme === 1) return undefined;
    return `#${THEME[c.theme]}`;
  }
  return undefined;
}

const LINE_IN: Record<string, Border['line']> = { thin: 'line1', hair: 'dotted', dotted: 'dotted', medium: 'line2', thick: 'line3', double: 'double', dashed: 'dashed', mediumDashed: 'dashed', dashDot: 'dashed', dashDotDot: 'dashed', slantDashDot: 'dashed', mediumDashDot: 'dashed', mediumDashDotDot: 'dashed' };
const LINE_OUT: Record<Border['line'], ExcelJS.BorderStyle> = { line1: 'thin', line2: 'medium', line3: 'thick', double: 'double', dotted: 'dotted', dashed: 'dashed' };

function borderOf(b: Partial<ExcelJS.Border> | undefined): Border | undefined {
  if (!b?.style) return undefined;
  const line = LINE_IN[b.style];
  return line ? { line, color: colorOf(b.color) ?? '#000000' } : undefined;
}

/** Our style for an exceljs cell style (undefined fields are left out). */
export function styleFromExcel(x: Partial<ExcelJS.Style>): Style {
  const s: Style = { ...fieldsOfCode(x.numFmt) };
  const f = x.font;
  if (f) {
    if (f.bold) s.bold = true;
    if (f.italic) s.italic = true;
    if (f.underline && f.underline !== 'none') s.underline = true;
    if (f.strike) s.strikethrough = true;
    if (typeof f.size === 'number' && f.size !== 11) s.font_size = f.size;
    if (f.name && f.name !== 'Calibri') s.font_family = f.name;
    const color = colorOf(f.color, true);
    if (color && color !== '#000000') s.text_color = color;
  }
  const fill = x.fill;
  if (fill?.type === 'pattern' && fill.pattern === 'solid') {
    const color = colorOf(fill.fgColor) ?? colorOf(fill.bgColor);
    if (color) s.fill_color = color;
  }
  const a = x.alignment;
  if (a) {
    if (a.horizontal === 'left' || a.horizontal === 'right' || a.horizontal === 'center') s.align = a.horizontal;
    else if (a.horizontal === 'centerContinuous') s.align = 'center';
    if (a.vertical === 'top' || a.vertical === 'middle' || a.vertical === 'bottom') s.vertical_align = a.vertical;
    if (a.wrapText) s.wrap = 'wrap';
    else if (a.shrinkToFit) s.wrap = 'clip';
  }
  const b = x.border;
  if (b) {
    const top = borderOf(b.top), bottom = borderOf(b.bottom), left = borderOf(b.left), right = borderOf(b.right);
    if (top) s.border_top = top;
    if (bottom) s.border_bottom = bottom;
    if (left) s.border_left = left;
    if (right) s.border_right = right;
  }
  return s;
}

function argb(hex: string): string {
  const h = hex.replace('#', '').toUpperCase();
  return h.length === 8 ? h.slice(6) + h.slice(0, 6) : `FF${h}`;
}

/** The exceljs style for one of ours (export). */
export function styleToExcel(s: Style, hint?: string): Partial<ExcelJS.Style> {
  const out: Partial<ExcelJS.Style> = {};
  let code = formatCode(s, hint);
  // Date codes escape their separators; other programs write them bare (same display).
  if (s.date_time) code = code.replace(/\\([-/: ])/g, '$1');
  if (code !== 'General') out.numFmt = code;
  const font: Partial<ExcelJS.Font> = {};
  if (s.bold) font.bold = true;
  if (s.italic) font.italic = true;
  if (s.underline) font.underline = true;
  if (s.strikethrough) font.strike = true;
  if (s.font_size) font.size = s.font_size;
  if (s.font_family) font.name = s.font_family;
  if (s.text_color) font.color = { argb: argb(s.text_color) };
  if (Object.keys(font).length) out.font = font;
  if (s.fill_color) out.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(s.fill_color) } };
  const al: Partial<ExcelJS.Alignment> = {};
  if (s.align) al.horizontal = s.align;
  if (s.vertical_align) al.vertical = s.vertical_align;
  if (s.wrap === 'wrap') al.wrapText = true;
  if (s.wrap === 'clip') al.shrinkToFit = true;
  if (Object.keys(al).length) out.alignment = al;
  const border: Partial<ExcelJS.Borders> = {};
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    const b = s[`border_${side}`];
    if (b) border[side] = { style: LINE_OUT[b.line], color: { argb: argb(b.color) } };
  }
  if (Object.keys(border).length) out.border = border;
  return out;
}
