// DELETE /v1/files/{id}/charts: removes a chart (spec §4.5).
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { VersionOut } from '../../op-fields.ts';
import { ChartId } from '../../charts/schemas.ts';
import { locateChart } from '../../charts/locate.ts';

export const deleteChart = defineOp({
  name: 'delete_chart',
  summary: 'Delete a chart; its cells stay.',
  area: 'charts',
  http: { method: 'DELETE', path: '/v1/files/:file_uuid/charts' },
  input: z.strictObject({ file_uuid: FileId, chart_id: ChartId, sheet: SheetName.optional() }),
  output: z.object({ chart_id: z.string(), deleted: z.boolean(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true, destructive: true },
  handler: async (ctx, input) => {
    const { version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const { sheet, chart } = locateChart(wb, input.chart_id, input.sheet);
      sheet.meta.charts = (sheet.meta.charts ?? []).filter((c) => c !== chart);
    });
    return { chart_id: input.chart_id, deleted: true, version };
  },
});
