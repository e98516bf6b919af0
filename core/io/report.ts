// What an import answers: the sheets written, functions the engine lacks, and warnings.
import { z } from 'zod';

export const SheetReportOut = z.object({
  sheet: z.string(),
  range: z.string().nullable().describe('Cells written (null: the sheet is empty).'),
  rows: z.number().int(),
  cols: z.number().int(),
  formulas: z.number().int().optional(),
});
export type SheetReport = z.infer<typeof SheetReportOut>;

export const UnsupportedOut = z.object({
  name: z.string(),
  cells: z.number().int(),
  first_cell: z.string(),
});
export type UnsupportedFunction = z.infer<typeof UnsupportedOut>;

export const ImportOut = z.object({
  uuid: z.string().describe('The file imported into.'),
  name: z.string(),
  version: z.number().int(),
  format: z.enum(['csv', 'xlsx', 'xls', 'parquet']),
  sheets: z.array(SheetReportOut),
  unsupported_functions: z.array(UnsupportedOut).describe('Functions the engine lacks: those formulas are kept as written (and exported again) and show the value the file cached, but are not recomputed.'),
  warnings: z.array(z.string()),
  encoding: z.string().optional(),
  delimiter: z.string().optional(),
});
export type ImportResult = z.infer<typeof ImportOut>;
