// Small per-sheet state kept as one jsonb value: sizes, merges, row/column styles and the
// sheet-level objects that later areas add (charts, rules, tables, pivots, code cells).
import type { ChartSpec } from '../charts/model.ts';
import type { PivotSpec } from '../pivots/model.ts';
import type { RuleSpec } from '../rules/model.ts';
import type { TableSpec } from '../tables/model.ts';

export interface SheetMeta {
  /** Number of formula cells on the sheet; a file whose sheets all have 0 never builds an engine. */
  formulas?: number;
  default_col_width?: number;
  default_row_height?: number;
  /** Column index / row index -> size in pixels. */
  col_widths?: Record<string, number>;
  row_heights?: Record<string, number>;
  /** Whole-column and whole-row style ids (from formatting A:C or 2:5). */
  col_styles?: Record<string, number>;
  row_styles?: Record<string, number>;
  /** Merged ranges as A1 rectangles. */
  merges?: string[];
  frozen?: { rows: number; cols: number };
  /** Charts anchored on this sheet (their data may be on another sheet). */
  charts?: ChartSpec[];
  /** Conditional-format rules, in priority order (first wins where two set the same field). */
  cond_formats?: RuleSpec[];
  /** Data tables whose range is on this sheet. */
  tables?: TableSpec[];
  /** Pivot tables whose output is on this sheet. */
  pivots?: PivotSpec[];
  /** Code cells anchored on this sheet (core/code/model.ts). */
  code_cells?: import('../code/model.ts').CodeCell[];
  [extension: string]: unknown;
}

export const DEFAULT_COL_WIDTH = 100;
export const DEFAULT_ROW_HEIGHT = 21;
