// DELETE /v1/files/{id}/cells/merge: unmerges every merged range that touches the range. The
// values stay where they are (in the top-left cell).
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { unmergeRange } from '../../workbook/merge-cells.ts';
import { targetRange } from '../../workbook/targets.ts';
import { VersionOut } from '../../op-fields.ts';

export const unmergeCells = defineOp({
  name: 'unmerge_cells',
  summary: 'Unmerge every merge that touches a range.',
  area: 'cells',
  http: { method: 'DELETE', path: '/v1/files/:file_uuid/cells/merge' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('E.g. A1:D10.'),
    sheet: SheetName.optional(),
    by_rows: z.boolean().optional().describe('Ignored.'),
    center: z.boolean().optional().describe('Ignored.'),
  }),
  output: z.object({ sheet: z.string(), unmerged: z.array(z.string()).describe('The merged ranges removed.'), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      return { sheet: t.sheet.name, unmerged: unmergeRange(t.sheet, t.rect) };
    });
    return { ...result, version };
  },
});
