// Conditional-format rules as stored in a sheet's meta, in priority order. A formula rule's
// formula is written for the top-left cell of its range and shifts for the others, as in
// spreadsheets; a colour scale maps numbers to a gradient between thresholds.
import type { Rect } from '../a1.ts';
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
}

export const STYLE_FIELDS = ['bold', 'italic', 'underline', 'strikethrough', 'text_color', 'fill_color'] as const;

export interface FormulaRule {
  id: string;
  type: 'formula';
  range: Rect;
  formula: string;
  style: RuleStyle;
  apply_to_blank: boolean;
}

export const THRESHOLD_TYPES = ['min', 'max', 'number', 'percent', 'percentile'] as const;
export type ThresholdType = (typeof THRESHOLD_TYPES)[number];

export interface Threshold {
  value_type: ThresholdType;
  color: string;
  value?: number;
}

export interface ColorScaleRule {
  id: string;
  type: 'color_scale';
  range: Rect;
  thresholds: Threshold[];
  auto_contrast_text: boolean;
}

export type RuleSpec = FormulaRule | ColorScaleRule;

export function rulesOf(sheet: SheetModel): RuleSpec[] {
  return (sheet.meta.cond_formats ??= []);
}
