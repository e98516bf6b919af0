// GET /v1/files/{id}/sheets: names, order and used extents.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { SheetInfo, sheetInfo } from '../../sheets/info.ts';

export const listSheets = defineOp({
  name: 'list_sheets',
  summary: 'List the sheets in order, with used ranges.',
  area: 'sheets',
  http: { method: 'GET', path: '/v1/files/:file_uuid/sheets' },
  input: z.strictObject({ file_uuid: FileId }),
  output: z.object({ sheets: z.array(SheetInfo) }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) => ctx.services.workbooks.read(ctx, input.file_uuid, (wb) => ({ sheets: wb.sheets.map(sheetInfo) })),
});
