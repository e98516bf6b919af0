// Zod pieces shared by the pivot ops.
import { z } from 'zod';
import { A1Cell, A1Range } from '../schemas.ts';
import { AGGREGATES } from './model.ts';

export const PivotId = z.string().min(1).max(100).describe('pivot_id or name.');
const Field = z.string().trim().min(1, 'must not be empty').max(200).describe('Source header.');

export const pivotFields = {
  source: A1Range.optional().describe('With headers, e.g. Data!A:F; or source_table.'),
  source_table: z.string().min(1).max(100).optional().describe('Data table name.'),
  anchor: A1Cell.describe('Top-left output cell, e.g. Report!A1.'),
  name: z.string().trim().min(1).max(100).optional().describe('Default "Pivot N".'),
  rows: z.array(Field).max(10, 'at most 10 row fields').default([]).describe('Row fields, outermost first.'),
  columns: z.array(Field).max(10, 'at most 10 column fields').default([]).describe('Column fields.'),
  values: z
    .array(z.strictObject({ field: Field, agg: z.enum(AGGREGATES).describe('count = non-empty cells.'), label: z.string().trim().min(1).max(200).optional().describe('Default "Sum of X".') }))
    .max(20, 'at most 20 values')
    .default([])
    .describe('Summaries.'),
  filters: z
    .array(z.strictObject({ field: Field, include: z.array(z.string()).optional().describe('Labels to keep; (blank) = empty.'), exclude: z.array(z.string()).optional().describe('Labels to drop.') }))
    .max(20, 'at most 20 filters')
    .default([])
    .describe('Row filters.'),
  grand_totals: z.boolean().default(true).describe('Grand Total line and column.'),
  subtotals: z.boolean().default(true).describe('Totals of outer groups.'),
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
  output_range: z.string().nullable(),
  error: z.string().optional(),
});
