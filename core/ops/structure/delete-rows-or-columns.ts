// DELETE /v1/files/{id}/columns: deletes whole rows or columns; the rest shifts up/left and
// references into the deleted lines become #REF!.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import type { StructureEdit } from '../../workbook/shift.ts';
import { applyStructure, checkEdit } from '../../workbook/structure.ts';
import { VersionOut } from '../../op-fields.ts';
import { LineName, axisWord, parseSpans, runsOf, spanLabel } from '../../structure/lines.ts';

export const deleteLines = defineOp({
  name: 'delete_rows_or_columns',
  summary: 'Delete whole rows or columns; references to them become #REF!.',
  area: 'structure',
  http: { method: 'DELETE', path: '/v1/files/:file_uuid/columns' },
  input: z.strictObject({
    file_uuid: FileId,
    indices: z
      .array(LineName)
      .min(1, 'must name at least one row or column')
      .max(10_000, 'at most 10000 entries; use spans like "2:500"')
      .describe('Columns ("B", "D:F") or rows ("3", 7, "10:12").'),
    sheet: SheetName.optional(),
  }),
  output: z.object({
    sheet: z.string(),
    axis: z.enum(['rows', 'columns']),
    deleted: z.array(z.string()).describe('The deleted lines as runs, in the numbering before the call, e.g. ["B", "D:F"].'),
    count: z.number().int(),
    version: VersionOut,
  }),
  hints: { readOnly: false, destructive: true },
  handler: async (ctx, input) => {
    const { axis, spans } = parseSpans(input.indices, 'indices');
    // Highest first, so each deletion leaves the lower indices of the next one where they were.
    const runs = runsOf(spans, true);
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const sheet = wb.sheet(input.sheet);
      const edits: StructureEdit[] = runs.map((r) => ({ kind: 'delete', axis, at: r.at, count: r.count }));
      for (const e of edits) await checkEdit(wb, sheet, e, 'indices');
      await applyStructure(wb, sheet, edits);
      return {
        sheet: sheet.name,
        axis: axisWord(axis),
        deleted: [...runs].reverse().map((r) => spanLabel(axis, r.at, r.count)),
        count: runs.reduce((n, r) => n + r.count, 0),
      };
    });
    return { ...result, version };
  },
});
