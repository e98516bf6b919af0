// Charts in Excel files come in as charts of the model: XlsxWriter's reference charts saved by
// Excel (bar, column, line, area, pie, scatter over A1:C5) and Apache POI's budget template (a
// column chart whose series is named in the chart itself). Each keeps its kind, place, size and series,
// reads the cells (an edit changes the chart), is drawn like any chart, and goes back to xlsx as
// Excel's own chart over the same cells.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chartView } from '../core/charts/view.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { FIXTURES, importWithReport } from './helpers/excel-fidelity.ts';

const X = `${FIXTURES}features/xlsxwriter/`;

async function chartsIn(path: string | Buffer) {
  const { wb, warnings } = await importWithReport(typeof path === 'string' ? readFileSync(path) : path);
  const views = [];
  for (const sheet of wb.sheets) for (const spec of sheet.meta.charts ?? []) views.push(await chartView(wb, sheet, spec));
  return { wb, warnings, views };
}

async function exported(path: string): Promise<Buffer> {
  const { wb } = await importWithReport(readFileSync(path));
  return workbookToXlsx(wb, async () => undefined);
}

describe('charts from xlsx', () => {
  it.each([
    ['chart_bar01.xlsx', 'bar'],
    ['chart_column01.xlsx', 'column'],
    ['chart_line01.xlsx', 'line'],
    ['chart_area01.xlsx', 'area'],
    ['chart_pie01.xlsx', 'pie'],
    ['chart_scatter01.xlsx', 'scatter'],
  ])('%s: a %s chart over the cells it plots in Excel, at its place', async (file, type) => {
    const { views, warnings } = await chartsIn(X + file);
    expect(views).toHaveLength(1);
    const v = views[0]!;
    expect(v.chart_type).toBe(type);
    expect(v.position).toBe('E9');
    expect(v.width_cells).toBeGreaterThanOrEqual(7);
    expect(v.height_cells).toBeGreaterThanOrEqual(14);
    expect(warnings.join('\n')).not.toMatch(/charts/);
    // Exported as an Excel chart over the same cells, it comes back the same.
    const again = await chartsIn(await exported(X + file));
    expect(again.views.map(({ chart_id: _id, ...v }) => v)).toEqual(views.map(({ chart_id: _id, ...v }) => v));
  });

  it('plots the same numbers as Excel: categories from column A, one series per column', async () => {
    const { views } = await chartsIn(`${X}chart_bar01.xlsx`);
    const v = views[0]!;
    expect(v.data_range).toBe('A1:C5');
    expect(v.categories).toEqual(['1', '2', '3', '4', '5']);
    expect(v.series.map((s) => s.values)).toEqual([
      [2, 4, 6, 8, 10],
      [3, 6, 9, 12, 15],
    ]);
  });

  it("reads the template's chart data from its cells and follows them", async () => {
    const { wb, views } = await chartsIn(`${FIXTURES}features/poi/simple-monthly-budget.xlsx`);
    expect(views).toHaveLength(1);
    const v = views[0]!;
    expect(v.chart_type).toBe('column');
    expect(v.series.length).toBeGreaterThanOrEqual(1);
    expect(v.series[0]!.values.every((x) => typeof x === 'number')).toBe(true);
    // The chart reads the sheet: a changed cell is a changed bar.
    const sheet = wb.sheets[0]!;
    const spec = sheet.meta.charts![0]!;
    // Its series is the row E9:F9 (Excel: 'Simple Monthly Budget'!$E$9:$F$9), plotted as a column chart.
    expect(v.data_range).toBe('E9:F9');
    expect(v.transpose).toBe(true);
    await wb.writeCells(sheet, spec.data.rect.r1, spec.data.rect.c1, [[123_456]]);
    expect((await chartView(wb, sheet, spec)).series[0]!.values.at(-1)).toBe(123_456);
  });
});
