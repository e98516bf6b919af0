// Zod pieces shared by the chart ops: the body fields of spec §4.5 and the chart as returned
// (its spec plus the series it shows now).
import { z } from 'zod';
import { A1Cell, A1Range, SheetName } from '../schemas.ts';
import { CHART_TYPES, LABEL_POINTS, MARKS } from './model.ts';

export const ChartId = z.string().min(1).max(64).describe('From add_chart or list_charts.');

/** Zero-based columns of the data; range checks are refinements so the tool schema stays short. */
const Column = z.number().int().refine((n) => n >= 0 && n <= 16383, 'must be a column index 0..16383');
const Columns = (what: string) => z.array(Column).refine((a) => a.length <= 200, 'at most 200 entries').describe(what);

export const ChartTypeField = z.enum(CHART_TYPES).describe('bar horizontal, column vertical; combo mixes marks.');
export const DataRange = A1Range.describe('E.g. A1:C13 or Data!A:C (grows).');

/** Fields both add_chart and update_chart take. In update_chart, a supplied field replaces the stored one. */
export const chartFields = {
  chart_name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional().describe('Default "Chart N".'),
  title: z.string().max(200, 'must be at most 200 characters').optional().describe('"" removes it.'),
  position: A1Cell.optional().describe('Top-left cell (default right of the data).'),
  width_cells: z.number().int().refine((n) => n >= 1 && n <= 100, 'must be 1..100').optional().describe('Default 6.'),
  height_cells: z.number().int().refine((n) => n >= 1 && n <= 500, 'must be 1..500').optional().describe('Default 18.'),
  first_row_headers: z.boolean().optional().describe('Default detected.'),
  first_col_labels: z.boolean().optional().describe('Default detected.'),
  x_column: Column.optional().describe('Categories column.'),
  transpose: z.boolean().optional().describe('Series in rows; indices then count rows.'),
  series_columns: Columns('Default all but categories.').optional(),
  data_labels: z.boolean().optional().describe('Value labels on points.'),
  data_label_series: Columns('Labelled series (default all).').optional(),
  data_label_points: z.enum(LABEL_POINTS).optional().describe('both = first and last; min_max = extremes.'),
  secondary_series: Columns('On a right-hand axis.').optional(),
  trend_series: Columns('Linear trend; [] = all.').optional(),
  series_marks: z
    .array(z.strictObject({ series: Column.describe('Series column.'), mark: z.enum(MARKS).describe('Mark.') }))
    .refine((a) => a.length <= 200, 'at most 200 entries')
    .optional()
    .describe('Combo default: first bar, rest line.'),
  sheet: SheetName.optional(),
};

/** update_chart: the same fields; null clears x_column and the series lists. */
export const patchFields = {
  ...chartFields,
  x_column: chartFields.x_column.unwrap().nullable().optional().describe('null: first_col_labels decides.'),
  series_columns: chartFields.series_columns.unwrap().nullable().optional().describe('null: all columns.'),
  data_label_series: chartFields.data_label_series.unwrap().nullable().optional().describe('null: all series.'),
  secondary_series: chartFields.secondary_series.unwrap().nullable().optional().describe('null: none.'),
  trend_series: chartFields.trend_series.unwrap().nullable().optional().describe('[] all; null none.'),
  series_marks: chartFields.series_marks.unwrap().nullable().optional().describe('null removes.'),
  sheet: SheetName.optional().describe('Moves the chart there.'),
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
