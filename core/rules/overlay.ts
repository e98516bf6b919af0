// Conditional-format rules as a style overlay, so read_formats (with conditional: true), the
// viewer and the PDF show what a person sees after rules apply.
import type { StyleOverlay } from '../workbook/overlays.ts';
import { ruleOverlay } from './effective.ts';

export const ruleStyleOverlay: StyleOverlay = async (wb, sheet, rect) => {
  if (!sheet.meta.cond_formats?.length) return undefined;
  const grid = await ruleOverlay(wb, sheet, rect);
  return (row, col) => grid[row - rect.r0]?.[col - rect.c0]?.style;
};
