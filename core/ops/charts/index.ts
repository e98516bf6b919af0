// The charts area: chart ops, charts following the sheet, charts drawn in the viewer and the
// charts section of /context.
import { defineArea } from '../../area.ts';
import { chartObjects } from '../../charts/hooks.ts';
import { chartViews } from '../../charts/view.ts';
import { chartGraphics } from '../../charts/viewer.ts';
import type { Workbook } from '../../workbook/workbook.ts';
import { addChart } from './add-chart.ts';
import { deleteChart } from './delete-chart.ts';
import { getChartImage } from './get-chart-image.ts';
import { listCharts } from './list-charts.ts';
import { updateChart } from './update-chart.ts';

/** In /context a chart shows at most this many points per series (the full series: list_charts). */
const CONTEXT_POINTS = 50;

const chartsContext = async (wb: Workbook) =>
  (await chartViews(wb)).map((c) => {
    const points = c.categories.length;
    if (points <= CONTEXT_POINTS) return c;
    return {
      ...c,
      categories: c.categories.slice(0, CONTEXT_POINTS),
      ...(c.x_values ? { x_values: c.x_values.slice(0, CONTEXT_POINTS) } : {}),
      series: c.series.map((s) => ({ ...s, values: s.values.slice(0, CONTEXT_POINTS), ...(s.labels ? { labels: s.labels.filter((i) => i < CONTEXT_POINTS) } : {}) })),
      points,
      truncated: true,
    };
  });

export const chartsArea = defineArea({
  name: 'charts',
  group: 'objects',
  ops: [addChart, updateChart, deleteChart, listCharts, getChartImage],
  objects: chartObjects,
  graphics: chartGraphics,
  context: { charts: chartsContext },
});
