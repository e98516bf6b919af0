// A sheet as list_sheets, add_sheet and get_context describe it.
import { z } from 'zod';
import { rectToA1 } from '../a1.ts';
import type { SheetModel } from '../workbook/sheet.ts';

export const SheetInfo = z.object({
  name: z.string(),
  index: z.number().int().describe('Zero-based position.'),
  used_range: z.string().nullable().describe('A1 range from A1 to the last used cell; null when empty.'),
  rows: z.number().int().describe('Rows in use (from row 1).'),
  cols: z.number().int().describe('Columns in use (from column A).'),
  hidden: z.literal(true).optional(),
});

export function sheetInfo(sheet: SheetModel) {
  const used = sheet.usedExtent();
  return { name: sheet.name, index: sheet.position, used_range: used.rows ? rectToA1({ r0: 0, c0: 0, r1: used.rows - 1, c1: used.cols - 1 }) : null, rows: used.rows, cols: used.cols, ...(sheet.meta.visibility ? { hidden: true as const } : {}) };
}
