// Charts through every door: add (with detection, combo marks, secondary axis, labels, trends),
// live series after edits, change, delete, images, and bad input naming the field.
import { expect } from 'vitest';
import { bytesOf } from './io.ts';
import { must, newFile, type CaseGroup } from './types.ts';

const DATA = [
  ['Month', 'Sales', 'Costs'],
  ['Jan', '100', '80'],
  ['Feb', '150', '90'],
  ['Mar', '120', '110'],
  ['Apr', '180', '100'],
];

/** REST returns the body itself; MCP a PNG as image content, an SVG as an embedded resource (stdio) or a download link (HTTP). */
async function imageOf(d: any, mime: string): Promise<string> {
  if (typeof d === 'string') return d;
  const part = d.find((c: any) => c.type !== 'text');
  expect(part.mimeType ?? part.resource?.mimeType).toBe(mime);
  if (mime === 'image/png') expect(part.type).toBe('image');
  return (await bytesOf(d)).toString('latin1');
}

export const chartCases: CaseGroup[] = [
  {
    name: 'charts',
    setup: async (door) => {
      const file = await newFile(door, 'charts-case', { sheets: ['Sheet1', 'Summary'] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: DATA });
      await must(door, 'write_cells', { file_uuid: file, cell: 'H1', values: [['', 'Q1', 'Q2', 'Q3'], ['North', '1', '2', '3'], ['South', '4', '5', '6']] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'M1', values: [['x', 'y'], ['1', '2'], ['2', '4.5'], ['3', '5.5'], ['4', '8']] });
      const fx: Record<string, any> = { file };
      const col = await must(door, 'add_chart', { file_uuid: file, chart_type: 'column', data_range: 'A1:C5', title: 'Sales vs costs' });
      fx.column = col.chart_id;
      return fx;
    },
    cases: [
      {
        name: 'add_chart detects header row and label column and returns the series',
        op: 'add_chart',
        args: (fx) => ({ file_uuid: fx.file, chart_type: 'line', data_range: 'A1:C5', position: 'E2', chart_name: 'Trend' }),
        ok: (d) => {
          expect(d.chart_id).toMatch(/^chart_/);
          expect(d).toMatchObject({ chart_name: 'Trend', chart_type: 'line', sheet: 'Sheet1', data_range: 'A1:C5', position: 'E2', width_cells: 6, height_cells: 18, first_row_headers: true, first_col_labels: true, transpose: false, data_labels: false });
          expect(d.categories).toEqual(['Jan', 'Feb', 'Mar', 'Apr']);
          expect(d.series).toEqual([
            { column: 1, name: 'Sales', mark: 'line', axis: 'primary', values: [100, 150, 120, 180] },
            { column: 2, name: 'Costs', mark: 'line', axis: 'primary', values: [80, 90, 110, 100] },
          ]);
        },
      },
      {
        name: 'combo with marks, secondary axis, min/max labels and trend lines',
        op: 'add_chart',
        args: (fx) => ({ file_uuid: fx.file, chart_type: 'combo', data_range: 'A1:C5', series_marks: [{ series: 2, mark: 'line' }], secondary_series: [2], trend_series: [], data_label_series: [1], data_label_points: 'min_max' }),
        ok: (d) => {
          expect(d.data_labels).toBe(true);
          const [sales, costs] = d.series;
          expect(sales).toMatchObject({ column: 1, mark: 'bar', axis: 'primary', labels: [0, 3] });
          expect(costs).toMatchObject({ column: 2, mark: 'line', axis: 'secondary' });
          expect(costs.labels).toBeUndefined();
          // Least squares over x = 1..4: Sales 100,150,120,180 -> slope 21, intercept 85.
          expect(sales.trend.slope).toBeCloseTo(21, 10);
          expect(sales.trend.intercept).toBeCloseTo(85, 10);
          expect(sales.trend.r2).toBeCloseTo(105 ** 2 / (5 * 3675), 10);
          expect(costs.trend.slope).toBeCloseTo(8, 10); // Costs 80, 90, 110, 100: sxy 40 / sxx 5
        },
      },
      { name: 'data labels on the first and last points', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'column', data_range: 'A1:C5', data_labels: true, data_label_points: 'both' }), ok: (d) => expect(d.series.map((s: any) => s.labels)).toEqual([[0, 3], [0, 3]]) },
      { name: 'data labels on the last point only', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'area', data_range: 'A1:B5', data_label_points: 'last' }), ok: (d) => expect(d.series[0].labels).toEqual([3]) },
      {
        name: 'transpose: series in rows',
        op: 'add_chart',
        args: (fx) => ({ file_uuid: fx.file, chart_type: 'bar', data_range: 'H1:K3', transpose: true }),
        ok: (d) => {
          expect(d).toMatchObject({ first_row_headers: true, first_col_labels: true, transpose: true });
          expect(d.categories).toEqual(['Q1', 'Q2', 'Q3']);
          expect(d.series.map((s: any) => [s.name, s.values])).toEqual([['North', [1, 2, 3]], ['South', [4, 5, 6]]]);
        },
      },
      {
        name: 'scatter: x values from the first column, trend over x',
        op: 'add_chart',
        args: (fx) => ({ file_uuid: fx.file, chart_type: 'scatter', data_range: 'M1:N5', trend_series: [1] }),
        ok: (d) => {
          expect(d.x_values).toEqual([1, 2, 3, 4]);
          expect(d.series[0]).toMatchObject({ name: 'y', mark: 'point', values: [2, 4.5, 5.5, 8] });
          expect(d.series[0].trend.slope).toBeCloseTo(1.9, 10);
          expect(d.series[0].trend.intercept).toBeCloseTo(0.25, 10);
        },
      },
      { name: 'pie plots the first series only', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'pie', data_range: 'A1:C5' }), ok: (d) => { expect(d.series).toHaveLength(1); expect(d.series[0].name).toBe('Sales'); } },
      { name: 'doughnut on another sheet plotting Sheet1 data', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'doughnut', data_range: 'Sheet1!A1:B5', sheet: 'Summary', position: 'B2' }), ok: (d) => { expect(d.sheet).toBe('Summary'); expect(d.data_range).toBe('Sheet1!A1:B5'); expect(d.series[0].values).toEqual([100, 150, 120, 180]); } },
      { name: 'x_column and series_columns choose columns', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'column', data_range: 'A1:C5', x_column: 0, series_columns: [2] }), ok: (d) => expect(d.series.map((s: any) => s.name)).toEqual(['Costs']) },
      { name: 'unknown chart_type', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'radar', data_range: 'A1:C5' }), error: { code: 'invalid_argument', message: /chart_type: must be one of/ } },
      { name: 'x_column out of range', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'line', data_range: 'A1:C5', x_column: 3 }), error: { code: 'invalid_argument', message: /x_column: 3 is not a column of the data range \(columns 0\.\.2\)/ } },
      { name: 'series column out of range', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'line', data_range: 'A1:C5', series_columns: [1, 7] }), error: { code: 'invalid_argument', message: /series_columns\[1\]: 7 is not a column/ } },
      { name: 'secondary series that is the category column', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'line', data_range: 'A1:C5', secondary_series: [0] }), error: { code: 'invalid_argument', message: /secondary_series\[0\]: 0 is not a plotted series; series columns are 1, 2/ } },
      { name: 'a column chart whose series mix marks becomes a combo chart', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'column', data_range: 'A1:C5', position: 'K30', series_marks: [{ series: 2, mark: 'line' }] }), ok: (d) => { expect(d.chart_type).toBe('combo'); expect(d.series.map((x: any) => x.mark)).toEqual(['bar', 'line']); } },
      { name: 'and so does a bar chart', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'bar', data_range: 'A1:C5', position: 'K50', series_marks: [{ series: 1, mark: 'line' }] }), ok: (d) => expect(d.chart_type).toBe('combo') },
      { name: 'series_marks on a pie', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'pie', data_range: 'A1:C5', series_marks: [{ series: 1, mark: 'line' }] }), error: { code: 'invalid_argument', message: /series_marks/ } },
      { name: 'bad label points string', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'line', data_range: 'A1:C5', data_label_points: 'ends' }), error: { code: 'invalid_argument', message: /data_label_points: must be one of "all", "first", "last", "both", "min_max"/ } },
      { name: 'bad data range', op: 'add_chart', args: (fx) => ({ file_uuid: fx.file, chart_type: 'line', data_range: 'A1:' }), error: { code: 'invalid_argument', message: /data_range/ } },
      {
        name: 'charts are live: an edit shows in list_charts',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'B3', values: [['155']] }),
        ok: () => undefined,
        then: async (door, fx) => {
          const { charts } = await must(door, 'list_charts', { file_uuid: fx.file });
          const col = charts.find((c: any) => c.chart_id === fx.column);
          expect(col.series[0].values).toEqual([100, 155, 120, 180]);
          expect(col.title).toBe('Sales vs costs');
        },
      },
      {
        name: 'update_chart replaces supplied fields and keeps the rest',
        op: 'update_chart',
        args: (fx) => ({ file_uuid: fx.file, chart_id: fx.column, chart_type: 'line', title: '', width_cells: 8 }),
        ok: (d, fx) => {
          expect(d).toMatchObject({ chart_id: fx.column, chart_type: 'line', width_cells: 8, height_cells: 18, data_range: 'A1:C5' });
          expect(d.title).toBeUndefined();
          expect(d.series[0].mark).toBe('line');
        },
      },
      { name: 'update_chart with series_columns', op: 'update_chart', args: (fx) => ({ file_uuid: fx.file, chart_id: fx.column, series_columns: [1] }), ok: (d) => expect(d.series.map((s: any) => s.column)).toEqual([1]) },
      { name: 'update_chart clears series_columns with null', op: 'update_chart', args: (fx) => ({ file_uuid: fx.file, chart_id: fx.column, series_columns: null }), ok: (d) => expect(d.series.map((s: any) => s.column)).toEqual([1, 2]) },
      { name: 'update_chart unknown chart_id', op: 'update_chart', args: (fx) => ({ file_uuid: fx.file, chart_id: 'chart_nope', title: 'x' }), error: { code: 'invalid_argument', message: /chart_id: no chart 'chart_nope'/ } },
      { name: 'update_chart series out of range for the new range', op: 'update_chart', args: (fx) => ({ file_uuid: fx.file, chart_id: fx.column, data_range: 'A1:B5', trend_series: [2] }), error: { code: 'invalid_argument', message: /trend_series\[0\]: 2 is not a plotted series/ }, then: async (door, fx) => { const { charts } = await must(door, 'list_charts', { file_uuid: fx.file }); expect(charts.find((c: any) => c.chart_id === fx.column).data_range).toBe('A1:C5'); } },
      { name: 'SVG image', op: 'get_chart_image', args: (fx) => ({ file_uuid: fx.file, chart_id: fx.column, format: 'svg' }), ok: async (d) => { const svg = await imageOf(d, 'image/svg+xml'); expect(svg).toMatch(/^<svg[^>]+width="800" height="378"/); expect(svg).toContain('>Jan</text>'); } },
      { name: 'PNG image', op: 'get_chart_image', args: (fx) => ({ file_uuid: fx.file, chart_id: fx.column, width: 300, height: 200 }), ok: async (d) => expect((await imageOf(d, 'image/png')).slice(1, 4)).toBe('PNG') },
      { name: 'image of an unknown chart', op: 'get_chart_image', args: (fx) => ({ file_uuid: fx.file, chart_id: 'chart_x' }), error: { code: 'invalid_argument', message: /chart_id/ } },
      { name: 'context lists charts with series', op: 'get_context', args: (fx) => ({ file_uuid: fx.file }), ok: (d, fx) => { const c = d.charts.find((x: any) => x.chart_id === fx.column); expect(c.series[0].values).toEqual([100, 155, 120, 180]); } },
      { name: 'delete_chart', op: 'delete_chart', args: (fx) => ({ file_uuid: fx.file, chart_id: fx.column }), ok: (d) => expect(d.deleted).toBe(true), then: async (door, fx) => { const { charts } = await must(door, 'list_charts', { file_uuid: fx.file }); expect(charts.some((c: any) => c.chart_id === fx.column)).toBe(false); } },
      { name: 'delete_chart twice', op: 'delete_chart', args: (fx) => ({ file_uuid: fx.file, chart_id: fx.column }), error: { code: 'invalid_argument', message: /chart_id/ } },
    ],
  },
];
