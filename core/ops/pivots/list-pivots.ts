// GET /v1/files/{id}/pivots: every pivot table with its layout and where its output is.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { pivotViews } from '../../pivots/view.ts';
import { PivotOut } from '../../pivots/schemas.ts';

export const listPivots = defineOp({
  name: 'list_pivots',
  summary: 'List pivot tables with their fields and output range.',
  area: 'pivots',
  http: { method: 'GET', path: '/v1/files/:file_uuid/pivots' },
  input: z.strictObject({ file_uuid: FileId, sheet: SheetName.optional().describe('Only this sheet.') }),
  output: z.object({ pivots: z.array(PivotOut) }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) => ctx.services.workbooks.read(ctx, input.file_uuid, (wb) => ({ pivots: pivotViews(wb, input.sheet !== undefined ? wb.sheet(input.sheet) : undefined) })),
});
