// POST /v1/files/{id}/columns: inserts empty rows or columns; everything below/right shifts and
// formulas (on every sheet) are re-pointed, as in a spreadsheet.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { applyStructure, axisLimit, checkEdit } from '../../workbook/structure.ts';
import { VersionOut } from '../../op-fields.ts';
import { LineName, axisWord, parseSpan, spanLabel } from '../../structure/lines.ts';

export const insertLines = defineOp({
  name: 'insert_rows_or_columns',
  summary: 'Insert empty rows or columns; what follows shifts.',
  area: 'structure',
  http: { method: 'POST', path: '/v1/files/:file_uuid/columns' },
  input: z.strictObject({
    file_uuid: FileId,
    at: LineName.describe('"C" inserts columns, "5" rows.'),
    count: z.number().int().min(1, 'must be at least 1').max(1_048_576, 'must be at most 1048576').default(1).describe('Default 1.'),
    side: z.enum(['before', 'after']).default('before').describe('Default before.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({
    sheet: z.string(),
    axis: z.enum(['rows', 'columns']),
    inserted: z.string().describe('The new empty lines, e.g. "C:D" or "5:7".'),
    count: z.number().int(),
    version: VersionOut,
  }),
  hints: { readOnly: false, destructive: false },
  handler: async (ctx, input) => {
    const span = parseSpan(input.at, 'at', false);
    const at = input.side === 'after' ? span.from + 1 : span.from;
    if (input.count > axisLimit(span.axis)) throw invalidArg('count', `must be at most ${axisLimit(span.axis)} for ${axisWord(span.axis)}`);
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const sheet = wb.sheet(input.sheet);
      const edit = { kind: 'insert', axis: span.axis, at, count: input.count } as const;
      if (at >= axisLimit(span.axis)) throw invalidArg('side', `${spanLabel(span.axis, span.from, 1)} is the last of the sheet's ${axisWord(span.axis)}; nothing can be inserted after it`);
      await checkEdit(wb, sheet, edit, 'count');
      await applyStructure(wb, sheet, [edit]);
      return { sheet: sheet.name, axis: axisWord(span.axis), inserted: spanLabel(span.axis, at, input.count), count: input.count };
    });
    return { ...result, version };
  },
});
