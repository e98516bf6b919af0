// Small per-sheet state kept as one jsonb value: sizes, merges, row/column styles, and one slice
// per area for its sheet-level objects. Each area declares its slice next to its model
// (`declare module '../workbook/sheet-meta.ts'` in core/charts/model.ts, ...), so this file knows
// no area. Changes are found at commit by comparing with what is stored (SheetModel.changedRecord).

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
  /** false: the sheet is shown without gridlines (Excel's View > Gridlines off). */
  show_gridlines?: false;
  /** The sheet tab's colour, #RRGGBB. */
  tab_color?: string;
  /** A sheet hidden from the tabs ('very_hidden': only a program can show it again, as in Excel). */
  visibility?: 'hidden' | 'very_hidden';
  [extension: string]: unknown;
}

export const DEFAULT_COL_WIDTH = 100;
export const DEFAULT_ROW_HEIGHT = 21;
