// PATCH /v1/files/{id}/sheets: rename; formulas that name the sheet follow the new name.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { SheetNameInput } from '../../workbook/names.ts';
import { VersionOut } from '../../op-fields.ts';

export const renameSheet = defineOp({
  name: 'rename_sheet',
  summary: 'Rename a sheet; formulas follow.',
  area: 'sheets',
  http: { method: 'PATCH', path: '/v1/files/:file_uuid/sheets' },
  input: z.strictObject({ file_uuid: FileId, sheet: SheetName.describe('Current name.'), new_name: SheetNameInput }),
  output: z.object({ sheet: z.string(), sheets: z.array(z.string()), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const sheet = wb.sheet(input.sheet);
      const clash = wb.findSheet(input.new_name);
      if (clash && clash !== sheet) throw invalidArg('new_name', `a sheet named '${clash.name}' already exists`);
      if (sheet.name !== input.new_name) {
        if (wb.hasFormulas()) await wb.ensureEngine();
        const from = sheet.name;
        wb.renameSheet(sheet, input.new_name);
        for (const h of wb.hooks) h.onRenameSheet?.(wb, from, input.new_name);
      }
      return { sheet: sheet.name, sheets: wb.sheets.map((s) => s.name) };
    });
    return { ...result, version };
  },
});
