// POST /v1/files/{id}/charts: a live chart over a data range (spec §4.5).
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { anchorOf, checkSeries, comboIfMixed, dataRef, defaultAnchor, detectLayout, homeSheet } from '../../charts/build.ts';
import { DEFAULT_HEIGHT_CELLS, DEFAULT_WIDTH_CELLS, chartsOf, type ChartSpec } from '../../charts/model.ts';
import { chartView } from '../../charts/view.ts';
import { newId } from '../../objects/ranges.ts';
import { VersionOut } from '../../op-fields.ts';
import { ChartOut, ChartTypeField, DataRange, chartFields } from '../../charts/schemas.ts';

export const addChart = defineOp({
  name: 'add_chart',
  summary: 'Add a live chart over a data range.',
  area: 'charts',
  http: { method: 'POST', path: '/v1/files/:file_uuid/charts' },
  input: z.strictObject({ file_uuid: FileId, chart_type: ChartTypeField, data_range: DataRange, ...chartFields }),
  output: ChartOut.extend({ version: VersionOut }),
  hints: { readOnly: false, destructive: false },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const home = homeSheet(wb, input.sheet, input.position);
      const data = dataRef(wb, home, input.data_range);
      const transpose = input.transpose ?? false;
      const guess = input.first_row_headers === undefined || input.first_col_labels === undefined ? await detectLayout(wb, data, input.chart_type, transpose) : undefined;
      const width = input.width_cells ?? DEFAULT_WIDTH_CELLS;
      const taken = new Set(wb.sheets.flatMap((s) => (s.meta.charts ?? []).map((c) => c.name.toLowerCase())));
      let n = taken.size + 1;
      while (taken.has(`chart ${n}`)) n++;
      const spec: ChartSpec = {
        id: newId('chart'),
        name: input.chart_name ?? `Chart ${n}`,
        type: input.chart_type,
        data,
        anchor: input.position !== undefined ? anchorOf(input.position) : defaultAnchor(data, width),
        width_cells: width,
        height_cells: input.height_cells ?? DEFAULT_HEIGHT_CELLS,
        ...(input.title ? { title: input.title } : {}),
        first_row_headers: input.first_row_headers ?? guess!.headers,
        first_col_labels: input.first_col_labels ?? guess!.labels,
        ...(input.x_column !== undefined ? { x_column: input.x_column } : {}),
        transpose,
        ...(input.series_columns ? { series_columns: input.series_columns } : {}),
        data_labels: input.data_labels ?? (input.data_label_series !== undefined || input.data_label_points !== undefined),
        ...(input.data_label_series ? { data_label_series: input.data_label_series } : {}),
        ...(input.data_label_points ? { data_label_points: input.data_label_points } : {}),
        ...(input.secondary_series ? { secondary_series: input.secondary_series } : {}),
        ...(input.trend_series ? { trend_series: input.trend_series } : {}),
        ...(input.series_marks ? { series_marks: input.series_marks } : {}),
      };
      comboIfMixed(spec);
      checkSeries(wb, spec);
      chartsOf(home).push(spec);
      return chartView(wb, home, spec);
    });
    return { ...result, version };
  },
});
