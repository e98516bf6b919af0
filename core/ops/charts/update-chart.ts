// PATCH /v1/files/{id}/charts: supplied fields replace, others are kept (spec §4.5). Every
// add_chart option is accepted here too; null clears an optional list or x_column.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { anchorOf, checkSeries, comboIfMixed, dataRef, homeSheet } from '../../charts/build.ts';
import { chartsOf, type ChartSpec } from '../../charts/model.ts';
import { chartView } from '../../charts/view.ts';
import { VersionOut } from '../../op-fields.ts';
import { ChartId, ChartOut, ChartTypeField, DataRange, patchFields } from '../../charts/schemas.ts';
import { locateChart } from '../../charts/locate.ts';

const CLEARABLE = ['x_column', 'series_columns', 'data_label_series', 'secondary_series', 'trend_series', 'series_marks'] as const;

export const updateChart = defineOp({
  name: 'update_chart',
  summary: 'Change a chart: given fields replace the stored ones (a sheet moves it).',
  area: 'charts',
  http: { method: 'PATCH', path: '/v1/files/:file_uuid/charts' },
  input: z.strictObject({ file_uuid: FileId, chart_id: ChartId, chart_type: ChartTypeField.optional(), data_range: DataRange.optional(), ...patchFields }),
  output: ChartOut.extend({ version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const found = locateChart(wb, input.chart_id, undefined);
      const home = input.sheet !== undefined || input.position !== undefined ? homeSheet(wb, input.sheet, input.position, found.sheet) : found.sheet;
      const next: ChartSpec = structuredClone(found.chart);
      if (input.chart_type !== undefined) next.type = input.chart_type;
      if (input.data_range !== undefined) next.data = dataRef(wb, home, input.data_range);
      if (input.chart_name !== undefined) next.name = input.chart_name;
      if (input.title !== undefined) {
        if (input.title === '') delete next.title;
        else next.title = input.title;
      }
      if (input.position !== undefined) next.anchor = anchorOf(input.position);
      for (const k of ['width_cells', 'height_cells', 'first_row_headers', 'first_col_labels', 'transpose', 'data_labels', 'data_label_points'] as const) {
        if (input[k] !== undefined) (next as unknown as Record<string, unknown>)[k] = input[k];
      }
      for (const k of CLEARABLE) {
        const v = input[k];
        if (v === null) delete next[k];
        else if (v !== undefined) (next as unknown as Record<string, unknown>)[k] = v;
      }
      if ((input.data_label_series || input.data_label_points) && input.data_labels === undefined) next.data_labels = true;
      comboIfMixed(next);
      checkSeries(wb, next);
      const list = chartsOf(found.sheet);
      list.splice(list.indexOf(found.chart), 1);
      chartsOf(home).push(next);
      return chartView(wb, home, next);
    });
    return { ...result, version };
  },
});
