// exceljs cell styles <-> our Style: fonts, fills (solid, pattern and gradient), every border
// side and style, alignment with indent and rotation, number formats. Colours resolve to RGB
// through the file's theme with their tint (xlsx-colors.ts); nothing Excel stores in a cell style
// is dropped except font outline/shadow; protection (locked, hidden) is kept as locked/formula_hidden.
import type ExcelJS from 'exceljs';
import { formatCode } from '../workbook/display.ts';
import type { Border, BorderLine, FillGradient, Style, ThemeRef, ThemeSlot } from '../workbook/style.ts';
import { fieldsOfCode } from './numfmt-map.ts';
import { OFFICE_THEME, resolveColor, type XlsxColor } from './xlsx-colors.ts';

const colorOf = (c: Partial<ExcelJS.Color> | undefined, theme: string[]) => resolveColor(c as XlsxColor | undefined, theme);

/** The theme reference of an exceljs colour that names one, with the RGB it resolved to. */
function themeRef(c: Partial<ExcelJS.Color> | undefined, rgb: string | undefined): ThemeRef | undefined {
  const t = (c as { theme?: unknown } | undefined)?.theme;
  if (typeof t !== 'number' || !rgb) return undefined;
  const tint = (c as { tint?: unknown }).tint;
  return { theme: t, ...(typeof tint === 'number' && tint !== 0 ? { tint } : {}), rgb: rgb.slice(0, 7).toUpperCase() };
}

/** Collects the theme references of one style as it is read (undefined slots are skipped). */
function refs(): { add(slot: ThemeSlot, c: Partial<ExcelJS.Color> | undefined, rgb: string | undefined): void; out: Partial<Record<ThemeSlot, ThemeRef>> } {
  const out: Partial<Record<ThemeSlot, ThemeRef>> = {};
  return {
    out,
    add(slot, c, rgb) {
      const r = themeRef(c, rgb);
      if (r) out[slot] = r;
    },
  };
}

const LINE_OUT: Record<BorderLine, ExcelJS.BorderStyle> = {
  line1: 'thin', line2: 'medium', line3: 'thick', double: 'double', dotted: 'dotted', dashed: 'dashed', hair: 'hair',
  medium_dashed: 'mediumDashed', dash_dot: 'dashDot', medium_dash_dot: 'mediumDashDot', dash_dot_dot: 'dashDotDot',
  medium_dash_dot_dot: 'mediumDashDotDot', slant_dash_dot: 'slantDashDot',
};
const LINE_IN = Object.fromEntries(Object.entries(LINE_OUT).map(([ours, xl]) => [xl, ours])) as Record<string, BorderLine>;

function borderOf(b: Partial<ExcelJS.Border> | undefined, theme: string[]): Border | undefined {
  if (!b?.style) return undefined;
  const line = LINE_IN[b.style];
  return line ? { line, color: colorOf(b.color, theme) ?? '#000000' } : undefined;
}

const H_ALIGN: Record<string, Style['align']> = { left: 'left', center: 'center', right: 'right', justify: 'justify', fill: 'fill', distributed: 'distributed', centerContinuous: 'center_continuous' };
const V_ALIGN: Record<string, Style['vertical_align']> = { top: 'top', middle: 'middle', center: 'middle', bottom: 'bottom', justify: 'justify', distributed: 'distributed' };
const UNDERLINE: Record<string, Style['underline_style']> = { double: 'double', singleAccounting: 'single_accounting', doubleAccounting: 'double_accounting' };

function fillOf(fill: ExcelJS.Fill | undefined, s: Style, theme: string[], themed: ReturnType<typeof refs>): void {
  if (fill?.type === 'pattern' && fill.pattern && fill.pattern !== 'none') {
    const fg = colorOf(fill.fgColor, theme), bg = colorOf(fill.bgColor, theme);
    if (fill.pattern === 'solid') {
      // An automatic foreground is the system's text colour: black.
      s.fill_color = fg ?? '#000000';
      themed.add('fill_color', fill.fgColor, fg);
      return;
    }
    s.fill_pattern = { pattern: fill.pattern, color: fg ?? '#000000' };
    themed.add('fill_pattern', fill.fgColor, fg);
    themed.add('fill_color', fill.bgColor, bg);
    if (bg) s.fill_color = bg;
  } else if (fill?.type === 'gradient') {
    const g = fill as { gradient?: string; degree?: number; center?: { left: number; top: number }; stops?: { position: number; color: Partial<ExcelJS.Color> }[] };
    const stops = (g.stops ?? []).map((st) => ({ position: st.position, color: colorOf(st.color, theme) ?? '#000000' }));
    if (!stops.length) return;
    const out: FillGradient = g.gradient === 'path' ? { type: 'path', center: { left: g.center?.left ?? 0, top: g.center?.top ?? 0 }, stops } : { type: 'linear', degree: g.degree ?? 0, stops };
    s.fill_gradient = out;
  }
}

/**
 * Our style for an exceljs cell style (undefined fields are left out). `theme`: the file's theme
 * colours (themeColors), `baseFont`: its default font, whose name and size cells need not repeat.
 */
export function styleFromExcel(x: Partial<ExcelJS.Style>, theme: string[] = OFFICE_THEME, baseFont = { name: 'Calibri', size: 11 }): Style {
  const s: Style = { ...fieldsOfCode(x.numFmt) };
  const themed = refs();
  const f = x.font;
  if (f) {
    if (f.bold) s.bold = true;
    if (f.italic) s.italic = true;
    if (f.underline && f.underline !== 'none') {
      s.underline = true;
      const kind = UNDERLINE[String(f.underline)];
      if (kind) s.underline_style = kind;
    }
    if (f.strike) s.strikethrough = true;
    if (f.vertAlign === 'superscript' || f.vertAlign === 'subscript') s.font_script = f.vertAlign;
    if (typeof f.size === 'number' && f.size !== 11) s.font_size = f.size;
    else if (f.size === undefined && baseFont.size !== 11) s.font_size = baseFont.size;
    if (f.name && f.name !== 'Calibri') s.font_family = f.name;
    else if (!f.name && baseFont.name !== 'Calibri') s.font_family = baseFont.name;
    const color = colorOf(f.color, theme);
    if (color && color !== '#000000') s.text_color = color;
    themed.add('text_color', f.color, color);
  }
  fillOf(x.fill, s, theme, themed);
  const a = x.alignment;
  if (a) {
    const h = a.horizontal ? H_ALIGN[a.horizontal] : undefined;
    if (h) s.align = h;
    const v = a.vertical ? V_ALIGN[a.vertical] : undefined;
    if (v) s.vertical_align = v;
    if (a.wrapText) s.wrap = 'wrap';
    else if (a.shrinkToFit) s.wrap = 'clip';
    if (typeof a.indent === 'number' && a.indent > 0) s.indent = a.indent;
    const rot = a.textRotation as number | 'vertical' | undefined;
    if (rot === 'vertical') s.text_rotation = 255;
    else if (typeof rot === 'number' && rot !== 0) s.text_rotation = rot < 0 ? 90 - rot : rot;
  }
  const p = x.protection as { locked?: boolean | string; hidden?: boolean | string } | undefined;
  if (p && (p.locked === false || p.locked === '0' || p.locked === 'false')) s.locked = false;
  if (p && (p.hidden === true || p.hidden === '1' || p.hidden === 'true')) s.formula_hidden = true;
  const b = x.border;
  if (b) {
    const top = borderOf(b.top, theme), bottom = borderOf(b.bottom, theme), left = borderOf(b.left, theme), right = borderOf(b.right, theme);
    for (const k of ['top', 'bottom', 'left', 'right', 'diagonal'] as const) themed.add(`border_${k}`, b[k]?.color, b[k]?.style ? colorOf(b[k]?.color, theme) : undefined);
    if (top) s.border_top = top;
    if (bottom) s.border_bottom = bottom;
    if (left) s.border_left = left;
    if (right) s.border_right = right;
    const d = b.diagonal as (Partial<ExcelJS.Border> & { up?: boolean; down?: boolean }) | undefined;
    const diagonal = borderOf(d, theme);
    if (diagonal && d?.up) s.border_diagonal_up = diagonal;
    if (diagonal && d?.down) s.border_diagonal_down = diagonal;
  }
  // A style that is only the default font's theme colour is no style: such cells stay plain.
  if (Object.keys(themed.out).length && Object.keys(s).length) s.theme_colors = themed.out;
  return s;
}

function argb(hex: string): string {
  const h = hex.replace('#', '').toUpperCase();
  return h.length === 8 ? h.slice(6) + h.slice(0, 6) : `FF${h}`;
}

/**
 * The colour to write at a slot: the file's theme reference while the style still shows the RGB it
 * resolved to on import (a new theme in Excel restyles it), else the RGB.
 */
function colorOut(s: Style, slot: ThemeSlot, rgb: string): Partial<ExcelJS.Color> {
  const ref = s.theme_colors?.[slot];
  if (ref && rgb.slice(0, 7).toUpperCase() === ref.rgb && (rgb.length === 7 || rgb.slice(7).toUpperCase() === 'FF')) return { theme: ref.theme, ...(ref.tint !== undefined ? { tint: ref.tint } : {}) } as Partial<ExcelJS.Color>;
  return { argb: argb(rgb) };
}

/** The exceljs style for one of ours (export). */
export function styleToExcel(s: Style, hint?: string): Partial<ExcelJS.Style> {
  const out: Partial<ExcelJS.Style> = {};
  let code = formatCode(s, hint);
  // Date codes escape their separators; other programs write them bare (same display).
  if (s.date_time) code = code.replace(/\\([-/: ])/g, '$1');
  if (code !== 'General') out.numFmt = code;
  // Every font names its face and size: a reader's default font is not necessarily Calibri 11.
  const font: Partial<ExcelJS.Font> = { name: s.font_family ?? 'Calibri', size: s.font_size ?? 11 };
  if (s.bold) font.bold = true;
  if (s.italic) font.italic = true;
  if (s.underline) font.underline = s.underline_style ? UNDERLINE_OUT[s.underline_style] : true;
  if (s.strikethrough) font.strike = true;
  if (s.font_script) font.vertAlign = s.font_script;
  // Black text is stored as no colour; a theme's black (Text 1) goes back as that reference.
  const text = s.text_color ?? (s.theme_colors?.text_color ? '#000000' : undefined);
  if (text) font.color = colorOut(s, 'text_color', text) as ExcelJS.Color;
  out.font = font;
  if (s.fill_gradient) {
    const g = s.fill_gradient;
    const stops = g.stops.map((st) => ({ position: st.position, color: { argb: argb(st.color) } }));
    out.fill = (g.type === 'path' ? { type: 'gradient', gradient: 'path', center: g.center ?? { left: 0, top: 0 }, stops } : { type: 'gradient', gradient: 'angle', degree: g.degree ?? 0, stops }) as ExcelJS.Fill;
  } else if (s.fill_pattern) {
    out.fill = { type: 'pattern', pattern: s.fill_pattern.pattern as ExcelJS.FillPatterns, fgColor: colorOut(s, 'fill_pattern', s.fill_pattern.color), ...(s.fill_color ? { bgColor: colorOut(s, 'fill_color', s.fill_color) } : {}) };
  } else if (s.fill_color) out.fill = { type: 'pattern', pattern: 'solid', fgColor: colorOut(s, 'fill_color', s.fill_color) };
  const al: Partial<ExcelJS.Alignment> = {};
  if (s.align) al.horizontal = s.align === 'center_continuous' ? 'centerContinuous' : s.align;
  if (s.vertical_align) al.vertical = s.vertical_align;
  if (s.wrap === 'wrap') al.wrapText = true;
  if (s.wrap === 'clip') al.shrinkToFit = true;
  if (s.indent) al.indent = s.indent;
  if (s.text_rotation) al.textRotation = s.text_rotation === 255 ? 'vertical' : s.text_rotation > 90 ? 90 - s.text_rotation : s.text_rotation;
  if (Object.keys(al).length) out.alignment = al;
  const border: Partial<ExcelJS.Borders> & { diagonal?: Partial<ExcelJS.BorderDiagonal> } = {};
  const side = (b: Border, slot: ThemeSlot) => ({ style: LINE_OUT[b.line], color: colorOut(s, slot, b.color) as ExcelJS.Color });
  for (const k of ['top', 'bottom', 'left', 'right'] as const) {
    const b = s[`border_${k}`];
    if (b) border[k] = side(b, `border_${k}`);
  }
  const diagonal = s.border_diagonal_up ?? s.border_diagonal_down;
  if (diagonal) border.diagonal = { ...side(diagonal, 'border_diagonal'), up: !!s.border_diagonal_up, down: !!s.border_diagonal_down };
  if (Object.keys(border).length) out.border = border;
  if (s.locked === false || s.formula_hidden) out.protection = { ...(s.locked === false ? { locked: false } : {}), ...(s.formula_hidden ? { hidden: true } : {}) };
  return out;
}

const UNDERLINE_OUT: Record<NonNullable<Style['underline_style']>, ExcelJS.Font['underline']> = { double: 'double', single_accounting: 'singleAccounting', double_accounting: 'doubleAccounting' };
