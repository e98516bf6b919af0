// DELETE /v1/files/{id}/sheets: removes a sheet; formulas that referred to it show #REF!.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { VersionOut } from '../../op-fields.ts';

export const deleteSheet = defineOp({
  name: 'delete_sheet',
  summary: 'Delete a sheet and all on it; formulas that refer to it become #REF!.',
  area: 'sheets',
  http: { method: 'DELETE', path: '/v1/files/:file_uuid/sheets' },
  input: z.strictObject({ file_uuid: FileId, sheet: SheetName.describe('Name of the sheet to delete.') }),
  output: z.object({ deleted: z.string(), sheets: z.array(z.string()), version: VersionOut }),
  hints: { readOnly: false, idempotent: true, destructive: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const sheet = wb.sheet(input.sheet);
      if (wb.sheets.length === 1) throw invalidArg('sheet', `'${sheet.name}' is the only sheet; a file keeps at least one (add another first)`);
      if (wb.hasFormulas()) await wb.ensureEngine();
      wb.removeSheet(sheet);
      return { deleted: sheet.name, sheets: wb.sheets.map((s) => s.name) };
    });
    return { ...result, version };
  },
});
