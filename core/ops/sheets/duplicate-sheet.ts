// POST /v1/files/{id}/sheets/duplicate: a full copy of a sheet (cells, formats, sizes, merges).
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { freeName, SheetNameInput } from '../../workbook/names.ts';
import { VersionOut } from '../../op-fields.ts';
import { Position } from '../../schemas.ts';
import { SheetInfo, sheetInfo } from '../../sheets/info.ts';

export const duplicateSheet = defineOp({
  name: 'duplicate_sheet',
  summary: 'Copy a sheet with its formats and merges.',
  area: 'sheets',
  http: { method: 'POST', path: '/v1/files/:file_uuid/sheets/duplicate' },
  input: z.strictObject({
    file_uuid: FileId,
    sheet: SheetName.describe('Name of the sheet to copy.'),
    new_name: SheetNameInput.optional().describe('Default "<name> (copy)".'),
    position: Position.optional(),
  }),
  output: z.object({ sheet: SheetInfo, sheets: z.array(z.string()), version: VersionOut }),
  hints: { readOnly: false, destructive: false },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const source = wb.sheet(input.sheet);
      const name = input.new_name ?? freeName(`${source.name} (copy)`, wb.sheets.map((s) => s.name));
      if (wb.findSheet(name)) throw invalidArg('new_name', `a sheet named '${name}' already exists`);
      if (input.position !== undefined && input.position > wb.sheets.length) throw invalidArg('position', `must be 0..${wb.sheets.length}`);
      const copy = await wb.duplicateSheet(source, name, input.position ?? source.position + 1);
      return { sheet: sheetInfo(copy), sheets: wb.sheets.map((s) => s.name) };
    });
    return { ...result, version };
  },
});
