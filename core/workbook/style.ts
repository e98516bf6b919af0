// Cell styles: the format fields of spec §2 plus borders. Styles are interned per file (StyleTable)
// and cells carry the index, so a formatted million-row column costs one small object.

export interface Border {
  /**
   * The API's six lines, and the rest of Excel's border styles, kept from imported files
   * (hair, medium_dashed, dash_dot, medium_dash_dot, dash_dot_dot, medium_dash_dot_dot,
   * slant_dash_dot).
   */
  line: BorderLine;
  /** #RRGGBB or #RRGGBBAA */
  color: string;
}

export const API_LINES = ['line1', 'line2', 'line3', 'double', 'dotted', 'dashed'] as const;
export const EXCEL_ONLY_LINES = ['hair', 'medium_dashed', 'dash_dot', 'medium_dash_dot', 'dash_dot_dot', 'medium_dash_dot_dot', 'slant_dash_dot'] as const;
export type BorderLine = (typeof API_LINES)[number] | (typeof EXCEL_ONLY_LINES)[number];

/** A cell's fill other than a solid colour, kept from imported files (fill_color is then the background). */
export type FillPattern = { pattern: string; color: string };
export type FillGradient = { type: 'linear' | 'path'; degree?: number; center?: { left: number; top: number }; stops: { position: number; color: string }[] };

/** Where a style has a colour: its text, fill, hatch, and each border line. */
export type ThemeSlot = 'text_color' | 'fill_color' | 'fill_pattern' | 'border_top' | 'border_bottom' | 'border_left' | 'border_right' | 'border_diagonal';

/**
 * A colour as the file's theme names it (Excel's theme index, with its tint), and the #RRGGBB it
 * showed as on import. Export writes the reference while the style's colour there is still that
 * RGB; a colour set since then goes out as the RGB it is.
 */
export interface ThemeRef {
  theme: number;
  tint?: number;
  rgb: string;
}

export interface Style {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  /** The API's three, and Excel's other horizontal alignments kept from imported files. */
  align?: 'left' | 'center' | 'right' | 'justify' | 'fill' | 'distributed' | 'center_continuous';
  vertical_align?: 'top' | 'middle' | 'bottom' | 'justify' | 'distributed';
  /** Indent level (Excel: about 3 spaces' width each). */
  indent?: number;
  /** Degrees counter-clockwise (0-90), 91-180 for -1 to -90, 255 for letters stacked vertically. */
  text_rotation?: number;
  /** An underline other than single (underline is then true too). */
  underline_style?: 'double' | 'single_accounting' | 'double_accounting';
  font_script?: 'superscript' | 'subscript';
  fill_pattern?: FillPattern;
  fill_gradient?: FillGradient;
  wrap?: 'overflow' | 'wrap' | 'clip';
  font_size?: number;
  font_family?: string;
  text_color?: string;
  fill_color?: string;
  number_format?: 'number' | 'currency' | 'percent' | 'exponential' | 'text' | 'accounting' | 'date' | 'time' | 'datetime';
  decimals?: number;
  currency_symbol?: string;
  numeric_commas?: boolean;
  negative?: 'minus' | 'minus_red' | 'red' | 'parentheses' | 'parentheses_red';
  date_time?: string;
  /** A raw spreadsheet number-format code, kept from imported files when no field above expresses it. */
  format_code?: string;
  border_top?: Border;
  border_bottom?: Border;
  border_left?: Border;
  border_right?: Border;
  /**
   * The cell's format is the default on purpose, so its row's and column's formats do not show
   * through (Excel: a cell that exists in the file keeps its own format, default or not).
   */
  plain?: true;
  /** Diagonal lines: bottom-left to top-right, and top-left to bottom-right. */
  border_diagonal_up?: Border;
  border_diagonal_down?: Border;
  /**
   * Excel's cell protection, kept from files and written back (not enforced here): false when the
   * cell stays editable on a protected sheet (Excel's default is locked).
   */
  locked?: false;
  /** The cell's formula is hidden from the formula bar on a protected sheet (Excel's "Hidden"). */
  formula_hidden?: true;
  /** Colours the imported file gave as theme colours (kept for export; reads show the RGB fields). */
  theme_colors?: Partial<Record<ThemeSlot, ThemeRef>>;
}

function canonical(style: Style): string {
  const keys = Object.keys(style).sort() as (keyof Style)[];
  return JSON.stringify(keys.filter((k) => style[k] !== undefined).map((k) => [k, style[k]]));
}

/** Interned styles of one file. Id 0 is the empty style. */
export class StyleTable {
  private list: Style[];
  private ids = new Map<string, number>();
  dirty = false;

  constructor(list: unknown[] = []) {
    this.list = list.length ? (list as Style[]) : [{}];
    this.list.forEach((s, i) => {
      const key = canonical(s);
      if (!this.ids.has(key)) this.ids.set(key, i);
    });
  }

  get(id: number): Style {
    return this.list[id] ?? {};
  }

  intern(style: Style): number {
    const key = canonical(style);
    const found = this.ids.get(key);
    if (found !== undefined) return found;
    const clean = Object.fromEntries(Object.entries(style).filter(([, v]) => v !== undefined)) as Style;
    this.list.push(clean);
    const id = this.list.length - 1;
    this.ids.set(key, id);
    this.dirty = true;
    return id;
  }

  /** Applies a patch to the style with this id and returns the id of the result. */
  patch(id: number, patch: Partial<Style>): number {
    return this.intern({ ...this.get(id), ...patch });
  }

  toJSON(): Style[] {
    return this.list;
  }
}

/** How much of a cell each Excel fill pattern covers with its colour (the rest shows the background). */
const PATTERN_COVER: Record<string, number> = {
  gray0625: 0.0625, gray125: 0.125, lightGray: 0.25, mediumGray: 0.5, darkGray: 0.75,
  lightHorizontal: 0.25, lightVertical: 0.25, lightDown: 0.25, lightUp: 0.25, lightGrid: 0.4, lightTrellis: 0.4,
  darkHorizontal: 0.5, darkVertical: 0.5, darkDown: 0.5, darkUp: 0.5, darkGrid: 0.75, darkTrellis: 0.75,
};

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const mix = (a: string, b: string, t: number) =>
  `#${channels(a)
    .map((x, i) => Math.round(x * (1 - t) + channels(b)[i]! * t).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;

/**
 * The solid colour a renderer paints for a cell's fill, #RRGGBB or undefined: the fill colour, a
 * pattern as the blend of its colour over the background in the share it covers, a gradient as the
 * blend of its stops. Drawing the pattern itself is left to a renderer that can.
 */
export function shownFill(s: Style): string | undefined {
  const base = s.fill_color?.slice(0, 7);
  if (s.fill_gradient?.stops.length) {
    const stops = s.fill_gradient.stops;
    return stops.slice(1).reduce((acc, st, i) => mix(acc, st.color.slice(0, 7), 1 / (i + 2)), stops[0]!.color.slice(0, 7));
  }
  if (s.fill_pattern) return mix(base ?? '#FFFFFF', s.fill_pattern.color.slice(0, 7), PATTERN_COVER[s.fill_pattern.pattern] ?? 0.5);
  return base;
}
