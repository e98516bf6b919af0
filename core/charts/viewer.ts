// Charts in the read-only viewer (WorkbookArea.graphics): the same scene as the image op and the
// PDF export, as SVG at the chart's anchor and size.
import type { SheetGraphic } from '../workbook/area.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { resolveCharts } from './layout.ts';
import { buildScene } from './scene.ts';
import { sceneToSvg } from './svg.ts';

export const chartGraphics = async (wb: Workbook, sheet: SheetModel): Promise<SheetGraphic[]> =>
  (await resolveCharts(wb, sheet)).map(({ chart, at }) => ({
    row: chart.spec.anchor.row,
    col: chart.spec.anchor.col,
    width: at.width,
    height: at.height,
    title: chart.spec.name,
    svg: sceneToSvg(buildScene(chart, at.width, at.height)),
  }));
