// GET /v1/files/{id}/charts: every chart with its spec and the series it shows now.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { chartViews } from '../../charts/view.ts';
import { ChartOut } from '../../charts/schemas.ts';

export const listCharts = defineOp({
  name: 'list_charts',
  summary: 'List charts with their options and current series.',
  area: 'charts',
  http: { method: 'GET', path: '/v1/files/:file_uuid/charts' },
  input: z.strictObject({ file_uuid: FileId, sheet: SheetName.optional().describe('Only this sheet.') }),
  output: z.object({ charts: z.array(ChartOut) }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, async (wb) => ({ charts: await chartViews(wb, input.sheet !== undefined ? wb.sheet(input.sheet) : undefined) })),
});
