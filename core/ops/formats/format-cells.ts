// PUT /v1/files/{id}/cells/formats: applies format fields (spec §2) to a range, whole columns or whole rows.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { targetRange } from '../../workbook/targets.ts';
import { VersionOut } from '../../op-fields.ts';
import { applyStyle } from '../../formats/apply.ts';
import { checkFormatArgs, formatFields, pickFormatArgs, styleUpdater } from '../../formats/fields.ts';
import { lineRange } from '../../formats/ranges.ts';

export const formatCells = defineOp({
  name: 'format_cells',
  summary: 'Format a range or whole columns/rows. Omitted fields are kept, null resets one.',
  area: 'formats',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/cells/formats' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('A:C or 2:5 also style cells added later.'),
    sheet: SheetName.optional(),
    ...formatFields,
  }),
  output: z.object({ version: VersionOut, sheet: z.string(), range: z.string().describe('The range as formatted (A:C and 2:5 stay whole).') }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const args = pickFormatArgs(input);
    checkFormatArgs(args);
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      await applyStyle(wb, t, styleUpdater(args), ctx.services.config.limits.cellsPerWrite);
      return { sheet: t.sheet.name, range: lineRange(t) };
    });
    return { version, ...result };
  },
});

