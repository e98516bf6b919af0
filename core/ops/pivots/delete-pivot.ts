// DELETE /v1/files/{id}/pivots: removes a pivot table and (unless keep_values) its output cells.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { clearOutput } from '../../pivots/refresh.ts';
import { VersionOut } from '../../op-fields.ts';
import { PivotId } from '../../pivots/schemas.ts';
import { locatePivot } from '../../pivots/locate.ts';

export const deletePivot = defineOp({
  name: 'delete_pivot',
  summary: 'Delete a pivot table; its output is cleared unless keep_values.',
  area: 'pivots',
  http: { method: 'DELETE', path: '/v1/files/:file_uuid/pivots' },
  input: z.strictObject({ file_uuid: FileId, pivot_id: PivotId, keep_values: z.boolean().default(false).describe('Keep the output as values.') }),
  output: z.object({ pivot_id: z.string(), deleted: z.boolean(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true, destructive: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const { sheet, pivot } = locatePivot(wb, input.pivot_id);
      if (!input.keep_values) await clearOutput(wb, sheet, pivot);
      sheet.meta.pivots = (sheet.meta.pivots ?? []).filter((p) => p !== pivot);
      return pivot.id;
    });
    return { pivot_id: result, deleted: true, version };
  },
});
