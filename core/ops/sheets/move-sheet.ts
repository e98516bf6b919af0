// POST /v1/files/{id}/sheets/move: reorders sheets.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { VersionOut } from '../../op-fields.ts';
import { Position } from '../../schemas.ts';

export const moveSheet = defineOp({
  name: 'move_sheet',
  summary: 'Move a sheet (position 0 = first, the default sheet).',
  area: 'sheets',
  http: { method: 'POST', path: '/v1/files/:file_uuid/sheets/move' },
  input: z.strictObject({ file_uuid: FileId, sheet: SheetName.describe('Name of the sheet to move.'), position: Position }),
  output: z.object({ sheets: z.array(z.string()), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const sheet = wb.sheet(input.sheet);
      if (input.position >= wb.sheets.length) throw invalidArg('position', `must be 0..${wb.sheets.length - 1}`);
      wb.moveSheet(sheet, input.position);
      return { sheets: wb.sheets.map((s) => s.name) };
    });
    return { ...result, version };
  },
});
