// A chart as the API returns it: the stored spec in the request's field names plus the series
// it shows now. Used by add/update/list and by GET /context.
import { significant15 } from '../numbers.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { anchorText } from '../objects/ranges.ts';
import type { ChartSpec } from './model.ts';
import { resolveChart } from './resolve.ts';

export async function chartView(wb: Workbook, sheet: SheetModel, spec: ChartSpec) {
  const r = await resolveChart(wb, spec);
  return {
    chart_id: spec.id,
    chart_name: spec.name,
    chart_type: spec.type,
    sheet: sheet.name,
    data_range: r.dataRange,
    position: anchorText(spec.anchor),
    width_cells: spec.width_cells,
    height_cells: spec.height_cells,
    ...(spec.title ? { title: spec.title } : {}),
    first_row_headers: spec.first_row_headers,
    first_col_labels: spec.first_col_labels,
    ...(spec.x_column !== undefined ? { x_column: spec.x_column } : {}),
    transpose: spec.transpose,
    ...(spec.series_columns ? { series_columns: spec.series_columns } : {}),
    data_labels: spec.data_labels,
    ...(spec.data_label_series ? { data_label_series: spec.data_label_series } : {}),
    ...(spec.data_label_points ? { data_label_points: spec.data_label_points } : {}),
    ...(spec.secondary_series ? { secondary_series: spec.secondary_series } : {}),
    ...(spec.trend_series ? { trend_series: spec.trend_series } : {}),
    ...(spec.series_marks ? { series_marks: spec.series_marks } : {}),
    categories: r.categories,
    ...(r.xValues ? { x_values: r.xValues.map((v) => (typeof v === 'number' ? significant15(v) : v)) } : {}),
    series: r.series.map((s) => ({
      column: s.column,
      name: s.name,
      mark: s.mark,
      axis: s.axis,
      values: s.values.map((v) => (v === null ? null : significant15(v))),
      ...(s.labels.length ? { labels: s.labels } : {}),
      ...(s.trend ? { trend: { slope: significant15(s.trend.slope), intercept: significant15(s.trend.intercept), r2: significant15(s.trend.r2) } } : {}),
    })),
    ...(r.warnings.length ? { warnings: r.warnings } : {}),
  };
}

/** Every chart of the file (or of one sheet). */
export async function chartViews(wb: Workbook, only?: SheetModel) {
  const out = [];
  for (const sheet of wb.sheets) {
    if (only && sheet !== only) continue;
    for (const spec of sheet.meta.charts ?? []) out.push(await chartView(wb, sheet, spec));
  }
  return out;
}
