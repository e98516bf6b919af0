// DELETE /v1/files/{id}/autofilter: shows every row the sheet's filter hid, and removes the filter
// (Data > Filter off) or, with keep_buttons, only its criteria (Data > Clear).
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { VersionOut } from '../../op-fields.ts';
import { invalidArg } from '../../errors.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { showAll } from '../../autofilter/apply.ts';

export const clearAutofilter = defineOp({
  name: 'clear_autofilter',
  summary: "Show the rows a sheet's autofilter hid and remove it (or only its criteria).",
  area: 'autofilter',
  http: { method: 'DELETE', path: '/v1/files/:file_uuid/autofilter' },
  input: z.strictObject({ file_uuid: FileId, keep_buttons: z.boolean().default(false).describe('Keep the filter, clear its criteria.'), sheet: SheetName.optional() }),
  output: z.object({ sheet: z.string(), range: z.string().describe('The filter that was cleared.'), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  text: { example: { sheet: 'Sales' } },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const sheet = wb.sheet(input.sheet);
      const f = sheet.meta.autofilter;
      if (!f) throw invalidArg('sheet', `'${sheet.name}' has no autofilter; set_autofilter makes one`);
      showAll(wb, sheet);
      if (input.keep_buttons) sheet.meta.autofilter = { range: f.range };
      else delete sheet.meta.autofilter;
      return { sheet: sheet.name, range: f.range };
    });
    return { ...result, version };
  },
});
