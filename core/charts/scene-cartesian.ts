// Drawings with axes: column, bar (horizontal), line, area, scatter and combo charts. One layout
// serves both orientations: positions are computed along a category axis and a value axis and
// mapped to x/y at the end. Secondary series get their own scale on the far side.
import { niceScale, tickText, valueText, type Scale } from './axis.ts';
import type { ResolvedChart, ResolvedSeries } from './resolve.ts';
import { FONT_SIZE, GRID, MUTED, TEXT, colorOf, fit, frame, noData, textWidth, type Prim } from './scene-parts.ts';

const f = (n: number) => Number(n.toFixed(2));

function domain(series: ResolvedSeries[]): { lo: number; hi: number; zero: boolean } {
  let lo = Infinity, hi = -Infinity, zero = false;
  for (const s of series) {
    if (s.mark === 'bar' || s.mark === 'area') zero = true;
    for (const v of s.values) {
      if (v === null) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  if (lo === Infinity) return { lo: 0, hi: 1, zero: true };
  if (!zero && lo > 0 && lo < hi - lo) zero = true;
  return { lo, hi, zero };
}

export function cartesianScene(chart: ResolvedChart, width: number, height: number): Prim[] {
  const vertical = chart.spec.type !== 'bar';
  const scatter = chart.spec.type === 'scatter';
  const all = chart.series;
  const legend = all.length > 1 || all.some((s) => s.trend) ? all.map((s, i) => ({ label: s.name, color: colorOf(i), line: s.mark === 'line' })) : [];
  const fr = frame(chart, width, height, legend);
  const items = fr.items;
  const n = chart.categories.length;
  if (all.length === 0 || n === 0) {
    items.push(noData(fr));
    return items;
  }
  const primary = all.filter((s) => s.axis === 'primary');
  const secondary = all.filter((s) => s.axis === 'secondary');
  const d1 = domain(primary.length ? primary : secondary);
  const p = niceScale(d1.lo, d1.hi, 5, d1.zero);
  const d2 = secondary.length ? domain(secondary) : undefined;
  const q = d2 ? niceScale(d2.lo, d2.hi, 5, d2.zero) : undefined;
  const xs = scatter ? (chart.xValues ?? []).filter((x): x is number => x !== null) : [];
  const xScale = scatter ? niceScale(xs.length ? Math.min(...xs) : 0, xs.length ? Math.max(...xs) : 1, 5, false) : undefined;

  // Margins for tick texts.
  const valueLabelW = (s: Scale) => Math.max(...s.ticks.map((t) => textWidth(tickText(t), FONT_SIZE))) + 8;
  const catLabelW = vertical ? 0 : Math.min(fr.w * 0.35, Math.max(...chart.categories.map((c) => textWidth(c, FONT_SIZE))) + 8);
  const left = vertical ? valueLabelW(p) : catLabelW;
  const right = vertical && q ? valueLabelW(q) : 8;
  const bottom = 20;
  const top = !vertical && q ? 20 : 6;
  const px = fr.x + left, py = fr.y + top, pw = Math.max(10, fr.w - left - right), ph = Math.max(10, fr.h - top - bottom);
  const catLen = vertical ? pw : ph;
  const valLen = vertical ? ph : pw;
  const band = catLen / n;

  const valOff = (v: number, s: Scale) => ((Math.min(Math.max(v, s.min), s.max) - s.min) / (s.max - s.min)) * valLen;
  const catOff = (i: number, x?: number | null) => (xScale && x !== undefined && x !== null ? ((x - xScale.min) / (xScale.max - xScale.min)) * catLen : band * (i + 0.5));
  // Horizontal bars list their categories from the bottom up, as Excel draws them.
  const xy = (c: number, v: number): [number, number] => (vertical ? [px + c, py + ph - v] : [px + v, py + ph - c]);

  // Grid lines and value ticks.
  for (const t of p.ticks) {
    const o = valOff(t, p);
    const [x0, y0] = xy(0, o), [x1, y1] = xy(catLen, o);
    items.push({ t: 'path', d: `M${f(x0)} ${f(y0)}L${f(x1)} ${f(y1)}`, stroke: GRID, sw: 1 });
    items.push(vertical ? { t: 'text', x: px - 6, y: y0, text: tickText(t), size: FONT_SIZE, color: MUTED, anchor: 'end' } : { t: 'text', x: x0, y: py + ph + 11, text: tickText(t), size: FONT_SIZE, color: MUTED, anchor: 'middle' });
  }
  if (q) {
    for (const t of q.ticks) {
      const o = valOff(t, q);
      items.push(vertical ? { t: 'text', x: px + pw + 6, y: py + ph - o, text: tickText(t), size: FONT_SIZE, color: MUTED, anchor: 'start' } : { t: 'text', x: px + o, y: py - 10, text: tickText(t), size: FONT_SIZE, color: MUTED, anchor: 'middle' });
    }
  }
  // Category (or x) labels, thinned out when they would overlap.
  if (xScale) {
    for (const t of xScale.ticks) items.push({ t: 'text', x: px + catOff(0, t), y: py + ph + 11, text: tickText(t), size: FONT_SIZE, color: MUTED, anchor: 'middle' });
  } else {
    const widest = Math.max(...chart.categories.map((c) => textWidth(c, FONT_SIZE)));
    const every = vertical ? Math.max(1, Math.ceil((Math.min(widest, 120) + 6) / band)) : Math.max(1, Math.ceil(16 / band));
    chart.categories.forEach((c, i) => {
      if (i % every) return;
      const o = catOff(i);
      if (vertical) items.push({ t: 'text', x: px + o, y: py + ph + 11, text: fit(c, Math.max(band * every - 4, 20), FONT_SIZE), size: FONT_SIZE, color: MUTED, anchor: 'middle' });
      else items.push({ t: 'text', x: px - 6, y: py + ph - o, text: fit(c, catLabelW - 8, FONT_SIZE), size: FONT_SIZE, color: MUTED, anchor: 'end' });
    });
  }

  const scaleOf = (s: ResolvedSeries) => (s.axis === 'secondary' && q ? q : p);
  const bars = all.filter((s) => s.mark === 'bar');
  const group = band * 0.75;
  const thick = bars.length ? group / bars.length : 0;
  const labels: Prim[] = [];
  const label = (c: number, v: number, value: number) => {
    const [x, y] = xy(c, v);
    labels.push(vertical ? { t: 'text', x, y: y - 8, text: valueText(value), size: 10, color: TEXT, anchor: 'middle' } : { t: 'text', x: x + 4, y, text: valueText(value), size: 10, color: TEXT, anchor: 'start' });
  };

  all.forEach((s, si) => {
    const color = colorOf(si);
    const sc = scaleOf(s);
    const base = valOff(0, sc);
    const pts = s.values.map((v, i) => (v === null ? null : { c: catOff(i, chart.xValues?.[i]), v: valOff(v, sc), value: v, i }));
    if (s.mark === 'bar') {
      const j = bars.indexOf(s);
      for (const pt of pts) {
        if (!pt || (scatter && chart.xValues?.[pt.i] === null)) continue;
        const c0 = pt.c - group / 2 + j * thick;
        const [x0, y0] = xy(c0, Math.min(base, pt.v)), [x1, y1] = xy(c0 + thick * 0.92, Math.max(base, pt.v));
        items.push({ t: 'rect', x: f(Math.min(x0, x1)), y: f(Math.min(y0, y1)), w: f(Math.max(Math.abs(x1 - x0), 0.5)), h: f(Math.max(Math.abs(y1 - y0), 0.5)), fill: color });
        if (s.labels.includes(pt.i)) label(c0 + thick / 2, Math.max(base, pt.v), pt.value);
      }
    } else {
      const segments: { c: number; v: number }[][] = [[]];
      for (const pt of pts) {
        if (!pt || (scatter && (chart.xValues?.[pt.i] ?? null) === null)) {
          if (segments[segments.length - 1]!.length) segments.push([]);
          continue;
        }
        segments[segments.length - 1]!.push(pt);
      }
      for (const seg of segments) {
        if (!seg.length) continue;
        const line = seg.map((pt, k) => {
          const [x, y] = xy(pt.c, pt.v);
          return `${k ? 'L' : 'M'}${f(x)} ${f(y)}`;
        });
        if (s.mark === 'area') {
          const [bx0, by0] = xy(seg[0]!.c, base), [bx1, by1] = xy(seg[seg.length - 1]!.c, base);
          items.push({ t: 'path', d: `${line.join('')}L${f(bx1)} ${f(by1)}L${f(bx0)} ${f(by0)}Z`, fill: color, opacity: 0.35 });
          items.push({ t: 'path', d: line.join(''), stroke: color, sw: 2 });
        } else if (s.mark === 'line') {
          if (seg.length > 1) items.push({ t: 'path', d: line.join(''), stroke: color, sw: 2 });
          else {
            const [x, y] = xy(seg[0]!.c, seg[0]!.v);
            items.push({ t: 'circle', cx: f(x), cy: f(y), r: 2.5, fill: color });
          }
        }
        if (s.mark === 'point') for (const pt of seg) {
          const [x, y] = xy(pt.c, pt.v);
          items.push({ t: 'circle', cx: f(x), cy: f(y), r: 3.5, fill: color });
        }
      }
      for (const pt of pts) if (pt && s.labels.includes(pt.i)) label(pt.c, pt.v, pt.value);
    }
    if (s.trend) {
      const x0 = scatter ? Math.min(...xs) : 1, x1 = scatter ? Math.max(...xs) : n;
      const y0 = s.trend.slope * x0 + s.trend.intercept, y1 = s.trend.slope * x1 + s.trend.intercept;
      const [ax, ay] = xy(scatter ? catOff(0, x0) : catOff(x0 - 1), valOff(y0, sc));
      const [bx, by] = xy(scatter ? catOff(0, x1) : catOff(x1 - 1), valOff(y1, sc));
      items.push({ t: 'path', d: `M${f(ax)} ${f(ay)}L${f(bx)} ${f(by)}`, stroke: color, sw: 1.5, dash: [6, 4] });
    }
  });
  // The category axis line at zero (or the scale's edge).
  const zero = valOff(0, p);
  const [ax0, ay0] = xy(0, zero), [ax1, ay1] = xy(catLen, zero);
  items.push({ t: 'path', d: `M${f(ax0)} ${f(ay0)}L${f(ax1)} ${f(ay1)}`, stroke: '#9AA0A6', sw: 1 });
  items.push(...labels);
  return items;
}
