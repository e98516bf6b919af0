// Conditional-format rules as stored in a sheet's meta, in priority order. A formula rule's
// formula is written for the top-left cell of its range and shifts for the others, as in
// spreadsheets; a colour scale maps numbers to a gradient between thresholds.
import type { Rect } from '../a1.ts';
import type { FillPattern, ThemeRef } from '../workbook/style.ts';
import type { SheetModel } from '../workbook/sheet.ts';

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** Conditional-format rules, in priority order (first wins where two set the same field). */
    cond_formats?: RuleSpec[];
  }
}

export interface RuleStyle {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  text_color?: string;
  fill_color?: string;
  /**
   * A patterned fill as Excel stores it in a rule's format (hatching such as lightUp, drawn in
   * `color` over fill_color or no background). Kept from imported files and written back; the
   * ops do not set it (agents fill with a colour).
   */
  fill_pattern?: FillPattern;
}

/** The style fields an agent sets on a rule (set_conditional_format). */
export const STYLE_FIELDS = ['bold', 'italic', 'underline', 'strikethrough', 'text_color', 'fill_color'] as const;
/** Every field a rule's style lays over a cell's. */
export const OVERLAY_FIELDS = [...STYLE_FIELDS, 'fill_pattern'] as const;

export interface FormulaRule {
  id: string;
  /** Rules imported from one Excel rule over several ranges share this; xlsx export writes them as one again. */
  group?: string;
  type: 'formula';
  range: Rect;
  formula: string;
  style: RuleStyle;
  apply_to_blank: boolean;
  /** Excel's "Stop If True" (kept from files; the ops do not set it): where this rule holds, later rules do not apply. */
  stop_if_true?: boolean;
  /**
   * The differential format an imported file gave the rule, as read (number format, borders, theme
   * colours, alignment: more than `style` draws), and `style` as it was imported. The export writes
   * the file's format back while `style` is unchanged, the style's own fields once it is edited.
   */
  xlsx_format?: { dxf: unknown; drawn: string };
  /**
   * Excel's type of the rule an imported file held (expression, cellIs, top10, endsWith, ...): the
   * export writes it back as that kind while the formula still says it (an expression that reads
   * like a comparison stays an expression). Rules an agent makes have none.
   */
  xlsx_kind?: string;
  /**
   * The file held the rule in Excel 2010's extension part only (its formula names another sheet, or
   * a text rule's text is a reference, which Excel 2007's part cannot say): written back there.
   */
  xlsx_x14?: boolean;
}

/**
 * The <formula> elements a file wrote in a colour scale's, data bar's or icon set's rule (Excel
 * 2007 writes MAX(IF(ISBLANK(range),"",...)) there; nothing reads them), written back while the rule
 * is over the ranges `ref` (as written, space-separated) it had.
 */
export interface XlsxFormulae {
  ref: string;
  formulae: string[];
}

export const THRESHOLD_TYPES = ['min', 'max', 'number', 'percent', 'percentile'] as const;
export type ThresholdType = (typeof THRESHOLD_TYPES)[number];

/**
 * Where a threshold sits. Besides the types an agent gives, a file may place one at a formula's
 * value (Excel's cfvo type "formula", e.g. `=$T$5`): `formula` is written for the rule's top-left
 * cell, shifts with the sheet, and is evaluated when the rule is drawn (bounds.ts).
 */
export type BoundType = ThresholdType | 'formula';

export interface Threshold {
  value_type: BoundType;
  color: string;
  value?: number;
  formula?: string;
}

export interface ColorScaleRule {
  id: string;
  group?: string;
  type: 'color_scale';
  range: Rect;
  thresholds: Threshold[];
  auto_contrast_text: boolean;
  /** The file's theme colour of each threshold (null: an RGB), written back while the threshold keeps the RGB it showed as. */
  theme_colors?: (ThemeRef | null)[];
  /** Excel's "Stop If True" on a rule of this kind, kept from files and written back (it draws no differently). */
  stop_if_true?: boolean;
  xlsx_formulae?: XlsxFormulae;
}

/**
 * Where a data bar's ends or an icon's lower bounds sit (as a colour scale's thresholds, without
 * colour). A percent or percentile may be given by a `formula` too (Excel's cfvo type="percent"
 * val="$A$12"), evaluated as a `formula` bound is.
 */
export interface Bound {
  value_type: BoundType;
  value?: number;
  formula?: string;
}

/** A bar in each cell, as long as its number's place between `min` and `max` (Excel's data bar). */
export interface DataBarRule {
  id: string;
  group?: string;
  type: 'data_bar';
  range: Rect;
  min: Bound;
  max: Bound;
  color: string;
  /** Fades to white toward the bar's end (Excel 2007-2010's default). */
  gradient: boolean;
  border_color?: string;
  /** Colour of bars for negative numbers (drawn left of an axis); default the bar's colour. */
  negative_color?: string;
  show_value: boolean;
  /** The file's theme colour of the bar, written back while `color` is still the RGB it showed as. */
  theme_color?: ThemeRef;
  /**
   * Excel 2010's part of the bar as the file wrote it (<x14:dataBar>: its attributes such as
   * minLength and axisPosition, its automatic bounds, its colours with the RGB each showed as),
   * written back with the model's own fields laid over it. Kept from files; the ops do not set it.
   */
  xlsx_ext?: { attributes: Record<string, string>; cfvo?: unknown[]; colors: Record<string, { color: unknown; rgb?: string }> };
  /** Kept from files and written back, as on colour scales. */
  stop_if_true?: boolean;
  xlsx_formulae?: XlsxFormulae;
}

/** An icon in each cell chosen by its number's place among thresholds (Excel's icon set). */
export interface IconSetRule {
  id: string;
  group?: string;
  type: 'icon_set';
  range: Rect;
  /** Excel's set name: 3Arrows, 3TrafficLights1, 4Rating, 5Quarters, ... (core/rules/icons.ts). */
  icon_set: string;
  /** One per icon, lowest first: a number reaches icon i when it is >= (or > when `gte` is false) bound i. The first is ignored. */
  thresholds: (Bound & { gte?: boolean })[];
  reverse: boolean;
  show_value: boolean;
  /**
   * Excel's custom icons (kept from files; the ops do not set them): for each threshold, lowest
   * first, an icon of any set (`NoIcons`: none). Without it, the icons of `icon_set`.
   */
  icons?: { set: string; id: number }[];
  /** Kept from files and written back, as on colour scales. */
  stop_if_true?: boolean;
  xlsx_formulae?: XlsxFormulae;
}

export type RuleSpec = FormulaRule | ColorScaleRule | DataBarRule | IconSetRule;

export function rulesOf(sheet: SheetModel): RuleSpec[] {
  return (sheet.meta.cond_formats ??= []);
}
