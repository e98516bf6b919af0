// What a chart is, as stored in its sheet's meta: the spec the agent gave (data range by sheet
// id, anchor cell, options). Values are never stored: they are read from the cells on demand.
import type { SheetRect } from '../objects/ranges.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** Charts anchored on this sheet (their data may be on another sheet). */
    charts?: ChartSpec[];
  }
}

export const CHART_TYPES = ['bar', 'column', 'line', 'area', 'pie', 'doughnut', 'scatter', 'combo'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const MARKS = ['bar', 'line', 'area', 'point'] as const;
export type Mark = (typeof MARKS)[number];

/** Which points of a labelled series get a value label. */
export const LABEL_POINTS = ['all', 'first', 'last', 'both', 'min_max'] as const;
export type LabelPoints = (typeof LABEL_POINTS)[number];

export interface SeriesMark {
  series: number;
  mark: Mark;
}

export interface ChartSpec {
  id: string;
  name: string;
  type: ChartType;
  data: SheetRect;
  anchor: { row: number; col: number };
  width_cells: number;
  height_cells: number;
  title?: string;
  first_row_headers: boolean;
  first_col_labels: boolean;
  /** Zero-based column (of the possibly transposed data) holding categories / x values. */
  x_column?: number;
  transpose: boolean;
  /** Columns plotted as series; absent = every column but the category column. */
  series_columns?: number[];
  data_labels: boolean;
  /** Series (by column index) with value labels; absent = all. */
  data_label_series?: number[];
  data_label_points?: LabelPoints;
  secondary_series?: number[];
  /** Series with a linear trend line; [] = all series; absent = none. */
  trend_series?: number[];
  series_marks?: SeriesMark[];
}

/** Types whose series may mix marks (series_marks). Pie, doughnut and horizontal bar cannot. */
export const MARKABLE: readonly ChartType[] = ['column', 'line', 'area', 'scatter', 'combo'];

export function chartsOf(sheet: SheetModel): ChartSpec[] {
  return (sheet.meta.charts ??= []);
}

export function findChart(wb: Workbook, id: string): { sheet: SheetModel; chart: ChartSpec } | undefined {
  for (const sheet of wb.sheets) {
    const chart = sheet.meta.charts?.find((c) => c.id === id);
    if (chart) return { sheet, chart };
  }
  return undefined;
}

export const DEFAULT_WIDTH_CELLS = 6;
export const DEFAULT_HEIGHT_CELLS = 18;
