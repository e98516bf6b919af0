// How a table's style paints its cells, as Excel draws it: the style's elements (whole table,
// column then row stripes, last and first column, header and totals row, corner cells) layered in
// ECMA-376's order over the table's regions, as the table's options switch them on; colours
// resolved against the theme the table came with (Office's where none). The result lies under
// each cell's own format (underCell, core/workbook/overlays.ts): a cell's fill, font colour, bold
// and borders win over the table's, as in Excel.
import type { Rect } from '../a1.ts';
import { OFFICE_THEME, resolveColor } from '../io/xlsx-colors.ts';
import type { Border, Style } from '../workbook/style.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { CellOverlay } from '../workbook/overlays.ts';
import type { Workbook } from '../workbook/workbook.ts';
import type { ExcelTableStyle, TableSpec } from './model.ts';
import { PRESET_TABLE_STYLES } from './preset-styles.ts';
import { ELEMENT_ORDER, type BorderSide, type ElementType, type StyleColor, type StyleElement, type TableStyleDef } from './style-def.ts';

/** What a table made here (create_table) or kept without a style of its own is exported with, so it is drawn with it too. */
export const DEFAULT_TABLE_STYLE: ExcelTableStyle = { name: 'TableStyleMedium2', row_stripes: true };

export const BUILT_IN_STYLE_NAMES = Object.keys(PRESET_TABLE_STYLES);

/** A built-in style's name as Excel spells it, for any casing (tablestylemedium2). */
export function builtInStyleName(name: string): string | undefined {
  const lower = name.toLowerCase();
  return BUILT_IN_STYLE_NAMES.find((n) => n.toLowerCase() === lower);
}

/** The definition a table is drawn with: its own (a custom style kept from its file) or Excel's built-in one; none for "no style". */
export function styleDefOf(style: ExcelTableStyle): TableStyleDef | undefined {
  if (style.definition) return style.definition;
  const name = style.name ? builtInStyleName(style.name) : undefined;
  return name ? PRESET_TABLE_STYLES[name] : undefined;
}

interface Region {
  type: ElementType;
  rect: Rect;
}

/** Which of two stripes holds line `at` (counted from `from`), and that stripe's first and last line. */
function stripe(def: TableStyleDef, firstType: ElementType, secondType: ElementType, at: number, from: number): [ElementType, number, number] {
  const s1 = def[firstType]?.size ?? 1, s2 = def[secondType]?.size ?? 1;
  const pos = (at - from) % (s1 + s2);
  return pos < s1 ? [firstType, at - pos, at - pos + s1 - 1] : [secondType, at - pos + s1, at - pos + s1 + s2 - 1];
}

/** The regions of the table that hold cell (r, c), lowest precedence first. */
function regionsAt(t: TableSpec, style: ExcelTableStyle, def: TableStyleDef, r: number, c: number): Region[] {
  const header = !t.no_header;
  const top = t.rect.r0, bottom = t.rect.r1 + (t.totals_row ? 1 : 0);
  const d0 = top + (header ? 1 : 0), d1 = t.rect.r1;
  const { c0, c1 } = t.rect;
  const out: Region[] = [];
  const isHeader = header && r === top, isTotal = !!t.totals_row && r === bottom, isData = r >= d0 && r <= d1;
  for (const type of ELEMENT_ORDER) {
    if (!def[type]) continue;
    switch (type) {
      case 'wholeTable':
        out.push({ type, rect: { r0: top, r1: bottom, c0, c1 } });
        break;
      case 'firstColumnStripe':
      case 'secondColumnStripe': {
        if (!style.column_stripes || !isData) break;
        const [which, a, b] = stripe(def, 'firstColumnStripe', 'secondColumnStripe', c, c0);
        if (which === type) out.push({ type, rect: { r0: d0, r1: d1, c0: a, c1: Math.min(b, c1) } });
        break;
      }
      case 'firstRowStripe':
      case 'secondRowStripe': {
        if (!style.row_stripes || !isData) break;
        const [which, a, b] = stripe(def, 'firstRowStripe', 'secondRowStripe', r, d0);
        if (which === type) out.push({ type, rect: { r0: a, r1: Math.min(b, d1), c0, c1 } });
        break;
      }
      case 'lastColumn':
        if (style.last_column && c === c1) out.push({ type, rect: { r0: top, r1: bottom, c0: c1, c1 } });
        break;
      case 'firstColumn':
        if (style.first_column && c === c0) out.push({ type, rect: { r0: top, r1: bottom, c0, c1: c0 } });
        break;
      case 'headerRow':
        if (isHeader) out.push({ type, rect: { r0: top, r1: top, c0, c1 } });
        break;
      case 'totalRow':
        if (isTotal) out.push({ type, rect: { r0: bottom, r1: bottom, c0, c1 } });
        break;
      case 'firstHeaderCell':
        if (isHeader && style.first_column && c === c0) out.push({ type, rect: { r0: r, r1: r, c0, c1: c0 } });
        break;
      case 'lastHeaderCell':
        if (isHeader && style.last_column && c === c1) out.push({ type, rect: { r0: r, r1: r, c0: c1, c1 } });
        break;
      case 'firstTotalCell':
        if (isTotal && style.first_column && c === c0) out.push({ type, rect: { r0: r, r1: r, c0, c1: c0 } });
        break;
      case 'lastTotalCell':
        if (isTotal && style.last_column && c === c1) out.push({ type, rect: { r0: r, r1: r, c0: c1, c1 } });
        break;
    }
  }
  return out;
}

type Edge = 'top' | 'bottom' | 'left' | 'right';

/** The table style's format of one cell of the table (its own format not considered). */
export function tableCellStyle(t: TableSpec, r: number, c: number): Partial<Style> | undefined {
  return tablePainter(t)?.(r, c);
}

/**
 * The format of each cell of a table: cells in the same place of the same regions look alike, so
 * each such place is painted once (colours resolved once per table).
 */
function tablePainter(t: TableSpec): ((r: number, c: number) => Partial<Style> | undefined) | undefined {
  const style = t.excel_style ?? DEFAULT_TABLE_STYLE;
  const def = styleDefOf(style);
  if (!def) return undefined;
  const theme = style.theme ?? OFFICE_THEME;
  const colors = new Map<StyleColor, string | undefined>();
  const color = (x: StyleColor | undefined) => {
    if (!x) return undefined;
    if (!colors.has(x)) colors.set(x, resolveColor(x, theme));
    return colors.get(x);
  };
  const cache = new Map<string, Partial<Style> | undefined>();
  return (r, c) => {
    const regions = regionsAt(t, style, def, r, c);
    let key = '';
    for (const { type, rect } of regions) key += `${type}${+(r === rect.r0)}${+(r === rect.r1)}${+(c === rect.c0)}${+(c === rect.c1)},`;
    if (cache.has(key)) return cache.get(key);
    const out = paint(def, regions, r, c, color);
    cache.set(key, out);
    return out;
  };
}

function paint(def: TableStyleDef, regions: Region[], r: number, c: number, color: (x: StyleColor | undefined) => string | undefined): Partial<Style> | undefined {
  const out: Partial<Style> = {};
  const edges: Partial<Record<Edge, Border | null>> = {};
  for (const { type, rect } of regions) {
    const e: StyleElement = def[type]!;
    if (e.bold !== undefined) out.bold = e.bold || undefined;
    if (e.italic !== undefined) out.italic = e.italic || undefined;
    if (e.underline !== undefined) out.underline = e.underline || undefined;
    if (e.strike !== undefined) out.strikethrough = e.strike || undefined;
    const text = color(e.color);
    if (text) out.text_color = text;
    const fill = color(e.fill);
    if (fill) out.fill_color = fill;
    if (!e.borders) continue;
    const sides: Record<Edge, BorderSide> = {
      top: r === rect.r0 ? 'top' : 'horizontal',
      bottom: r === rect.r1 ? 'bottom' : 'horizontal',
      left: c === rect.c0 ? 'left' : 'vertical',
      right: c === rect.c1 ? 'right' : 'vertical',
    };
    for (const edge of ['top', 'bottom', 'left', 'right'] as const) {
      const b = e.borders[sides[edge]];
      if (b === undefined) continue;
      edges[edge] = b && { line: b.line, color: color(b.color) ?? '#000000' };
    }
  }
  for (const edge of ['top', 'bottom', 'left', 'right'] as const) {
    const b = edges[edge];
    if (b) out[`border_${edge}`] = b;
  }
  for (const k of Object.keys(out) as (keyof Style)[]) if (out[k] === undefined) delete out[k];
  return Object.keys(out).length ? out : undefined;
}

/** The table styles of the sheet's tables that meet `rect`, as a layer under the cells' formats. */
export function tableStyleUnderlay(_wb: Workbook, sheet: SheetModel, rect: Rect): CellOverlay | undefined {
  const tables = (sheet.meta.tables ?? []).filter((t) => {
    const bottom = t.rect.r1 + (t.totals_row ? 1 : 0);
    return t.rect.r0 <= rect.r1 && bottom >= rect.r0 && t.rect.c0 <= rect.c1 && t.rect.c1 >= rect.c0 && styleDefOf(t.excel_style ?? DEFAULT_TABLE_STYLE);
  });
  if (!tables.length) return undefined;
  const painters = tables.map((t) => ({ t, paint: tablePainter(t)! }));
  return (r, c) => painters.find(({ t }) => r >= t.rect.r0 && r <= t.rect.r1 + (t.totals_row ? 1 : 0) && c >= t.rect.c0 && c <= t.rect.c1)?.paint(r, c);
}
