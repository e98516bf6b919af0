// POST /v1/files/{id}/cells/merge: merges a range (or each of its rows) into one cell keeping the
// top-left value; with unmerge: true it unmerges instead.
import { z } from 'zod';
import { rectToA1 } from '../../a1.ts';
import { OpError, invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { checkOverlaps, mergeRanges, plannedMerges, unmergeRange } from '../../workbook/merge-cells.ts';
import { targetRange } from '../../workbook/targets.ts';
import { VersionOut } from '../../op-fields.ts';

export const CLEARED_NOTE = 'A merged cell shows only the top-left value, so the values of the other cells were cleared (as spreadsheets do).';

export const mergeCells = defineOp({
  name: 'merge_cells',
  summary: 'Merge a range into its top-left cell; other values are cleared.',
  area: 'cells',
  http: { method: 'POST', path: '/v1/files/:file_uuid/cells/merge' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('At least two cells.'),
    sheet: SheetName.optional(),
    by_rows: z.boolean().default(false).describe('Merge each row separately.'),
    center: z.boolean().default(false).describe('Also center it.'),
    unmerge: z.boolean().default(false).describe('Unmerge instead.'),
  }),
  output: z.object({
    sheet: z.string(),
    merged: z.array(z.string()).optional().describe('The merged ranges made.'),
    unmerged: z.array(z.string()).optional().describe('The merged ranges removed (unmerge).'),
    cleared: z.array(z.string()).optional().describe('Cells (up to 100) whose values were cleared because they were not the top-left of a merge.'),
    cleared_count: z.number().int().optional(),
    note: z.string().optional(),
    version: VersionOut,
  }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      if (input.unmerge) return { sheet: t.sheet.name, unmerged: unmergeRange(t.sheet, t.rect) };
      if (t.kind !== 'cells') throw invalidArg('range', `give a cell range like A1:C3, not whole ${t.kind === 'cols' ? 'columns' : 'rows'}`);
      const cells = (t.rect.r1 - t.rect.r0 + 1) * (t.rect.c1 - t.rect.c0 + 1);
      const max = ctx.services.config.limits.cellsPerWrite;
      if (cells > max) throw new OpError('payload_too_large', `range: ${cells} cells; a merge may cover at most ${max}`, { field: 'range', limit: max });
      const planned = plannedMerges(t.rect, input.by_rows, 'range');
      checkOverlaps(t.sheet, planned, 'range');
      const cleared = await mergeRanges(wb, t.sheet, planned, input.center);
      return {
        sheet: t.sheet.name,
        merged: planned.map(rectToA1),
        cleared: cleared.slice(0, 100),
        cleared_count: cleared.length,
        ...(cleared.length ? { note: CLEARED_NOTE } : {}),
      };
    });
    return { ...result, version };
  },
});
