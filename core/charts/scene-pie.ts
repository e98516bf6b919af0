// Pie and doughnut drawings: one series, one slice per category, starting at twelve o'clock and
// going clockwise as spreadsheets draw them. Slices show percentages, or values when labelled.
import { valueText } from './axis.ts';
import type { ResolvedChart } from './resolve.ts';
import { colorOf, frame, noData, type Prim } from './scene-parts.ts';

function point(cx: number, cy: number, r: number, a: number): [number, number] {
  return [cx + r * Math.sin(a), cy - r * Math.cos(a)];
}

const f = (n: number) => Number(n.toFixed(2));

/** SVG path of a slice from angle a0 to a1 (radians, clockwise from 12 o'clock); inner > 0 makes a ring slice. */
export function wedgePath(cx: number, cy: number, r: number, inner: number, a0: number, a1: number): string {
  if (a1 - a0 >= Math.PI * 2 - 1e-9) {
    // A whole circle cannot be one arc: draw two halves.
    const outer = `M${f(cx)} ${f(cy - r)}A${f(r)} ${f(r)} 0 1 1 ${f(cx)} ${f(cy + r)}A${f(r)} ${f(r)} 0 1 1 ${f(cx)} ${f(cy - r)}Z`;
    if (!inner) return outer;
    return `${outer}M${f(cx)} ${f(cy - inner)}A${f(inner)} ${f(inner)} 0 1 0 ${f(cx)} ${f(cy + inner)}A${f(inner)} ${f(inner)} 0 1 0 ${f(cx)} ${f(cy - inner)}Z`;
  }
  const large = a1 - a0 > Math.PI ? 1 : 0;
  const [x0, y0] = point(cx, cy, r, a0);
  const [x1, y1] = point(cx, cy, r, a1);
  if (!inner) return `M${f(cx)} ${f(cy)}L${f(x0)} ${f(y0)}A${f(r)} ${f(r)} 0 ${large} 1 ${f(x1)} ${f(y1)}Z`;
  const [x2, y2] = point(cx, cy, inner, a1);
  const [x3, y3] = point(cx, cy, inner, a0);
  return `M${f(x0)} ${f(y0)}A${f(r)} ${f(r)} 0 ${large} 1 ${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}A${f(inner)} ${f(inner)} 0 ${large} 0 ${f(x3)} ${f(y3)}Z`;
}

export function pieScene(chart: ResolvedChart, width: number, height: number): Prim[] {
  const s = chart.series[0];
  const slices = s ? s.values.map((v, i) => ({ i, v: v ?? 0, label: chart.categories[i] ?? '' })).filter((x) => x.v > 0) : [];
  const fr = frame(chart, width, height, slices.map((x) => ({ label: x.label, color: colorOf(x.i) })));
  const items = fr.items;
  const total = slices.reduce((sum, x) => sum + x.v, 0);
  if (!s || total <= 0) {
    items.push(noData(fr));
    return items;
  }
  const cx = fr.x + fr.w / 2, cy = fr.y + fr.h / 2;
  const r = Math.max(5, Math.min(fr.w, fr.h) / 2 - 6);
  const inner = chart.spec.type === 'doughnut' ? r * 0.5 : 0;
  const labelled = new Set(s.labels);
  let a = 0;
  for (const x of slices) {
    const sweep = (x.v / total) * Math.PI * 2;
    items.push({ t: 'path', d: wedgePath(cx, cy, r, inner, a, a + sweep), fill: colorOf(x.i), stroke: '#FFFFFF', sw: 1 });
    const share = x.v / total;
    const text = chart.spec.data_labels ? (labelled.has(x.i) ? valueText(x.v) : '') : share >= 0.05 ? `${(share * 100).toFixed(1)}%` : '';
    if (text) {
      const [lx, ly] = point(cx, cy, inner ? (r + inner) / 2 : r * 0.65, a + sweep / 2);
      items.push({ t: 'text', x: lx, y: ly, text, size: 11, color: '#FFFFFF', anchor: 'middle', bold: true });
    }
    a += sweep;
  }
  return items;
}
