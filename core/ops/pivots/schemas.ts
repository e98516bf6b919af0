// Zod pieces shared by the pivot ops.
import { z } from 'zod';
import { A1Cell, A1Range } from '../../schemas.ts';
import { AGGREGATES } from '../../pivots/model.ts';

export const PivotId = z.string().min(1).max(100).describe('Id of the pivot table (pivot_id from create_pivot or list_pivots), or its name.');
const Field = z.string().trim().min(1, 'must not be empty').max(200).describe('Header of a source column (case does not matter).');

export const pivotFields = {
  source: A1Range.optional().describe('Source range with a header row, e.g. Data!A1:F1000 or Data!A:F (whole columns grow with the data). Give source or source_table.'),
  source_table: z.string().min(1).max(100).optional().describe('Name of a data table to use as the source (follows the table as it grows).'),
  anchor: A1Cell.describe('Top-left cell of the pivot output, e.g. H1 or Summary!A1.'),
  name: z.string().trim().min(1).max(100).optional().describe('Display name; default "Pivot N".'),
  rows: z.array(Field).max(10, 'at most 10 row fields').default([]).describe('Fields whose labels become rows, outermost first.'),
  columns: z.array(Field).max(10, 'at most 10 column fields').default([]).describe('Fields whose labels become columns, outermost first.'),
  values: z
    .array(z.strictObject({ field: Field, agg: z.enum(AGGREGATES).describe('sum, count (non-empty cells), count_numbers, average, min, max, count_distinct.'), label: z.string().trim().min(1).max(200).optional().describe('Header of the value column; default like "Sum of Amount".') }))
    .max(20, 'at most 20 values')
    .default([])
    .describe('Summaries shown in the cells.'),
  filters: z
    .array(z.strictObject({ field: Field, include: z.array(z.string()).max(10000).optional().describe('Labels to keep (as displayed; "(blank)" for empty cells).'), exclude: z.array(z.string()).max(10000).optional().describe('Labels to drop.') }))
    .max(20, 'at most 20 filters')
    .default([])
    .describe('Source rows whose label passes every filter are counted.'),
  grand_totals: z.boolean().default(true).describe('Add a Grand Total line and column (default true).'),
  subtotals: z.boolean().default(true).describe('Add "X Total" lines/columns for outer groups when there are 2+ row or column fields (default true).'),
};

export const PivotOut = z.object({
  pivot_id: z.string(),
  name: z.string(),
  sheet: z.string(),
  anchor: z.string(),
  source: z.string().nullable(),
  source_table: z.string().nullable(),
  rows: z.array(z.string()),
  columns: z.array(z.string()),
  values: z.array(z.object({ field: z.string(), agg: z.enum(AGGREGATES), label: z.string() })),
  filters: z.array(z.object({ field: z.string(), include: z.array(z.string()).optional(), exclude: z.array(z.string()).optional() })),
  grand_totals: z.boolean(),
  subtotals: z.boolean(),
  output_range: z.string().nullable().describe('Cells the pivot wrote (read them with read_cells).'),
  error: z.string().optional().describe('Why the last refresh wrote nothing (e.g. no room).'),
});
