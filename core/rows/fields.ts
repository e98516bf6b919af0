// What the row operations share: the dry_run field and a range clamped to the sheet's used rows
// (A:K names a million rows; only the used ones are tested or moved).
import { z } from 'zod';
import type { Rect } from '../a1.ts';
import type { SheetModel } from '../workbook/sheet.ts';

export const DryRun = z.boolean().default(false).describe('Report what would change; change nothing.');

/** The rect cut to the sheet's used rows, or null when no used row is in it. */
export function clampToUsed(sheet: SheetModel, rect: Rect): Rect | null {
  const last = sheet.usedExtent().rows - 1;
  const r1 = Math.min(rect.r1, last);
  return r1 >= rect.r0 ? { ...rect, r1 } : null;
}
