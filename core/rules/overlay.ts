// Registers conditional-format rules as a style overlay, so read_formats (with conditional: true)
// and the viewer show what a person sees after rules apply.
import { registerStyleOverlay } from '../workbook/overlays.ts';
import { ruleOverlay } from './effective.ts';

registerStyleOverlay('conditional_formats', async (wb, sheet, rect) => {
  if (!sheet.meta.cond_formats?.length) return undefined;
  const grid = await ruleOverlay(wb, sheet, rect);
  return (row, col) => grid[row - rect.r0]?.[col - rect.c0]?.style;
});
