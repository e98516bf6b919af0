// POST /v1/files/{id}/outline/group: Excel's Data > Group (and Ungroup) on whole rows or columns,
// one outline level deeper (or shallower) for each line of the span.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { VersionOut } from '../../op-fields.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { axisWord, parseSpan, spanLabel } from '../../structure/lines.ts';
import { MAX_LEVEL, levelOf, outlineAxis, shiftLevels } from '../../outline/model.ts';

export const groupLines = defineOp({
  name: 'group_rows_or_columns',
  summary: 'Group (or ungroup) whole rows or columns into an outline level, as Data > Group does.',
  area: 'outline',
  http: { method: 'POST', path: '/v1/files/:file_uuid/outline/group' },
  input: z.strictObject({
    file_uuid: FileId,
    range: z.string().max(40).describe('Rows "3:8" or columns "B:D" (one line: "5", "C").'),
    ungroup: z.boolean().default(false).describe('Remove one level instead.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({
    sheet: z.string(),
    axis: z.enum(['rows', 'columns']),
    range: z.string(),
    max_level: z.number().int().describe('The deepest outline level of these lines now.'),
    version: VersionOut,
  }),
  hints: { readOnly: false, idempotent: false },
  text: { use: 'collapse_rows_or_columns hides a group.', example: { range: '3:8' }, returns: 'the deepest level of the lines now.' },
  handler: async (ctx, input) => {
    const span = parseSpan(input.range, 'range');
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const sheet = wb.sheet(input.sheet);
      const ax = outlineAxis(sheet, span.axis);
      const levels = Array.from({ length: span.to - span.from + 1 }, (_, k) => levelOf(ax, span.from + k));
      const label = spanLabel(span.axis, span.from, span.to - span.from + 1);
      if (input.ungroup && levels.every((l) => l === 0)) throw invalidArg('range', `${axisWord(span.axis)} ${label} are not grouped; nothing to ungroup`);
      if (!input.ungroup && levels.some((l) => l >= MAX_LEVEL)) throw invalidArg('range', `${axisWord(span.axis)} ${label} are already ${MAX_LEVEL} levels deep, the most Excel allows; ungroup some first`);
      shiftLevels(sheet, span.axis, span.from, span.to, input.ungroup ? -1 : 1);
      const now = outlineAxis(sheet, span.axis);
      const max = Math.max(0, ...levels.map((_, k) => levelOf(now, span.from + k)));
      return { sheet: sheet.name, axis: axisWord(span.axis), range: label, max_level: max };
    });
    return { ...result, version };
  },
});
