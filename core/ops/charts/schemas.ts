// Zod pieces shared by the chart ops: the body fields of spec §4.5 and the chart as returned
// (its spec plus the series it shows now).
import { z } from 'zod';
import { A1Cell, A1Range, SheetName } from '../../schemas.ts';
import { CHART_TYPES, LABEL_POINTS, MARKS } from '../../charts/model.ts';

export const ChartId = z.string().min(1).max(64).describe('Id of the chart (chart_id from add_chart or list_charts).');
const Column = z.number().int().min(0, 'must be >= 0').max(16383, 'must be <= 16383');
const Columns = (what: string) => z.array(Column).max(200, 'at most 200 entries').describe(what);

export const ChartTypeField = z
  .enum(CHART_TYPES)
  .describe('bar (horizontal bars), column (vertical bars), line, area, pie, doughnut, scatter (x/y points), combo (bars and lines mixed; see series_marks).');
export const DataRange = A1Range.describe("A1 range with the data, e.g. A1:C13 or Data!A:C (may be on another sheet than the chart). Whole columns grow with the data.");

/** Fields both add_chart and update_chart take. In update_chart, a supplied field replaces the stored one. */
export const chartFields = {
  chart_name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional().describe('Display name; default "Chart N".'),
  title: z.string().max(200, 'must be at most 200 characters').optional().describe('Title drawn above the chart; "" removes it.'),
  position: A1Cell.optional().describe('Anchor cell (top-left corner of the chart), e.g. E2. Default: two columns right of the data.'),
  width_cells: z.number().int().min(1, 'must be 1..100').max(100, 'must be 1..100').optional().describe('Width in columns (default 6).'),
  height_cells: z.number().int().min(1, 'must be 1..500').max(500, 'must be 1..500').optional().describe('Height in rows (default 18).'),
  first_row_headers: z.boolean().optional().describe('First row of the data holds series names. Default: detected (a first row of text over numbers).'),
  first_col_labels: z.boolean().optional().describe('First column holds category labels (x values for scatter). Default: detected (text in the first column; always for pie, doughnut and scatter with 2+ columns).'),
  x_column: Column.optional().describe('Zero-based column of the data holding the categories (instead of the first).'),
  transpose: z.boolean().optional().describe('Swap rows and columns: series are rows. Column indices in the other options then count rows.'),
  series_columns: Columns('Zero-based columns of the data to plot as series (default: every column but the category column).').optional(),
  data_labels: z.boolean().optional().describe('Show value labels on points (default false; true when data_label_series or data_label_points is given).'),
  data_label_series: Columns('Series (by zero-based column) that get value labels; absent = all series.').optional(),
  data_label_points: z.enum(LABEL_POINTS).optional().describe('Which points are labelled: all (default), first, last, both (first and last), min_max (smallest and largest value).'),
  secondary_series: Columns('Series (by zero-based column) plotted against a second value axis on the right.').optional(),
  trend_series: Columns('Series (by zero-based column) with a linear trend line (least squares); [] = every series.').optional(),
  series_marks: z
    .array(z.strictObject({ series: Column.describe('Zero-based column of the series (0 is the category column, so the first series is 1).'), mark: z.enum(MARKS).describe('bar, line, area or point.') }))
    .max(200, 'at most 200 entries')
    .optional()
    .describe('Per-series mark for combined charts (chart_type combo, or column/line/area/scatter mixed). Series without one keep the type\'s mark (combo: first series bars, others lines).'),
  sheet: SheetName.optional().describe('Sheet the chart is placed on; default the first sheet (or the sheet of a qualified position).'),
};

/** update_chart: the same fields; null clears x_column and the series lists. */
export const patchFields = {
  ...chartFields,
  x_column: chartFields.x_column.unwrap().nullable().optional().describe('Zero-based category column; null goes back to first_col_labels.'),
  series_columns: chartFields.series_columns.unwrap().nullable().optional().describe('Zero-based columns to plot; null plots every column but the category column.'),
  data_label_series: chartFields.data_label_series.unwrap().nullable().optional().describe('Series (by zero-based column) with value labels; null = all series.'),
  secondary_series: chartFields.secondary_series.unwrap().nullable().optional().describe('Series on the right-hand axis; null = none.'),
  trend_series: chartFields.trend_series.unwrap().nullable().optional().describe('Series with a linear trend line; [] = every series; null = none.'),
  series_marks: chartFields.series_marks.unwrap().nullable().optional().describe('Per-series marks (bar, line, area, point); null removes them.'),
};

const SeriesOut = z.object({
  column: z.number().int().describe('Zero-based column of the data: the number to use in series options.'),
  name: z.string(),
  mark: z.enum(MARKS),
  axis: z.enum(['primary', 'secondary']),
  values: z.array(z.number().nullable()).describe('Current numeric values; null for blanks, text and errors.'),
  labels: z.array(z.number().int()).optional().describe('Indices of points with value labels.'),
  trend: z.object({ slope: z.number(), intercept: z.number(), r2: z.number() }).optional().describe('Least-squares line over x = 1..n (scatter: the x values).'),
});

export const ChartOut = z.object({
  chart_id: z.string(),
  chart_name: z.string(),
  chart_type: z.enum(CHART_TYPES),
  sheet: z.string(),
  data_range: z.string(),
  position: z.string(),
  width_cells: z.number().int(),
  height_cells: z.number().int(),
  title: z.string().optional(),
  first_row_headers: z.boolean(),
  first_col_labels: z.boolean(),
  x_column: z.number().int().optional(),
  transpose: z.boolean(),
  series_columns: z.array(z.number().int()).optional(),
  data_labels: z.boolean(),
  data_label_series: z.array(z.number().int()).optional(),
  data_label_points: z.enum(LABEL_POINTS).optional(),
  secondary_series: z.array(z.number().int()).optional(),
  trend_series: z.array(z.number().int()).optional(),
  series_marks: z.array(z.object({ series: z.number().int(), mark: z.enum(MARKS) })).optional(),
  categories: z.array(z.string()).describe('Category labels as displayed (scatter: the x cells as displayed).'),
  x_values: z.array(z.number().nullable()).optional().describe('Scatter only: numeric x of each point.'),
  series: z.array(SeriesOut),
  warnings: z.array(z.string()).optional(),
});
