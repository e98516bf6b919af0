// POST /v1/files/{id}/sheets: a new empty sheet, at the end or at a position.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { FileId, Position } from '../../schemas.ts';
import { SheetNameInput } from '../../workbook/names.ts';
import { VersionOut } from '../../op-fields.ts';
import { SheetInfo, sheetInfo } from '../../sheets/info.ts';

export const addSheet = defineOp({
  name: 'add_sheet',
  summary: 'Add an empty sheet to a file.',
  area: 'sheets',
  http: { method: 'POST', path: '/v1/files/:file_uuid/sheets' },
  input: z.strictObject({ file_uuid: FileId, name: SheetNameInput, position: Position.optional() }),
  output: z.object({ sheet: SheetInfo, sheets: z.array(z.string()), version: VersionOut }),
  hints: { readOnly: false, destructive: false },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      if (wb.findSheet(input.name)) throw invalidArg('name', `a sheet named '${input.name}' already exists (names are compared without case)`);
      if (input.position !== undefined && input.position > wb.sheets.length) throw invalidArg('position', `must be 0..${wb.sheets.length}`);
      const sheet = wb.addSheet(input.name, input.position);
      return { sheet: sheetInfo(sheet), sheets: wb.sheets.map((s) => s.name) };
    });
    return { ...result, version };
  },
});
