// The drawing of a chart, written once as a list of primitives (rects, paths, circles, text) in
// pixel coordinates. Back-ends turn it into SVG (svg.ts, and PNG from that) or PDF vector
// drawing (pdf.ts), so every output shows the same picture.
import type { ResolvedChart } from './resolve.ts';
import type { Scene } from './scene-parts.ts';
import { cartesianScene } from './scene-cartesian.ts';
import { pieScene } from './scene-pie.ts';

export * from './scene-parts.ts';

export function buildScene(chart: ResolvedChart, width: number, height: number): Scene {
  const w = Math.max(50, Math.round(width));
  const h = Math.max(50, Math.round(height));
  const type = chart.spec.type;
  const items = type === 'pie' || type === 'doughnut' ? pieScene(chart, w, h) : cartesianScene(chart, w, h);
  return { width: w, height: h, items };
}
