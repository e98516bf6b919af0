// Charts in the read-only viewer (core/view.ts seam): the same scene as the image op and the
// PDF export, as SVG at the chart's anchor and size.
import { registerGraphics } from '../view.ts';
import { resolveCharts } from './layout.ts';
import { buildScene } from './scene.ts';
import { sceneToSvg } from './svg.ts';

registerGraphics(async (wb, sheet) =>
  (await resolveCharts(wb, sheet)).map(({ chart, at }) => ({
    row: chart.spec.anchor.row,
    col: chart.spec.anchor.col,
    width: at.width,
    height: at.height,
    title: chart.spec.name,
    svg: sceneToSvg(buildScene(chart, at.width, at.height)),
  })),
);
