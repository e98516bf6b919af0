// Shared by the size ops: the pixel size field and writing sizes into sheet meta.
import { z } from 'zod';
import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT } from '../workbook/sheet-meta.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Axis } from '../workbook/structure.ts';

export const SizePx = z
  .number({ message: 'must be a number of pixels, 1 to 2000' })
  .min(1, 'must be 1 to 2000 pixels')
  .max(2000, 'must be 1 to 2000 pixels')
  .describe('Pixels.');

/** A size for named lines: 0 hides them, as Excel hides a row or column. */
export const LineSizePx = z
  .number({ message: 'must be a number of pixels, 0 (hidden) to 2000' })
  .min(0, 'must be 0 (hidden) to 2000 pixels')
  .max(2000, 'must be 0 (hidden) to 2000 pixels')
  .describe('Pixels; 0 hides.');

/** Lines one set_sizes call may name; whole-sheet changes use the default size. */
export const MAX_SIZED_LINES = 10_000;

export function setDefaultSize(sheet: SheetModel, axis: Axis, size: number): void {
  if (axis === 'col') sheet.meta.default_col_width = size;
  else sheet.meta.default_row_height = size;
}

export function defaults(sheet: SheetModel): { default_col_width: number; default_row_height: number } {
  return { default_col_width: sheet.meta.default_col_width ?? DEFAULT_COL_WIDTH, default_row_height: sheet.meta.default_row_height ?? DEFAULT_ROW_HEIGHT };
}
