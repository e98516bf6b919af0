// Charts of an xlsx sheet, read from its drawing part into the chart model (core/charts): the
// chart's kind (column, bar, line, area, pie, doughnut, scatter, and combinations of them as a
// combo chart), its title, its place and size in cells, and its series when they are columns (or
// rows) of one block of one sheet: the block becomes the chart's data range, series names its
// header row, categories its label column. Charts of other kinds (radar, bubble, stock, surface)
// or whose series do not form such a block are named in the import's report. Values are never
// copied: the chart reads the cells, as charts made here do.
import { parseRange, splitSheet, type Rect } from '../a1.ts';
import type { ChartType, Mark, SeriesMark } from '../charts/model.ts';
import { drawingAnchors, unescapeXml, xmlNumber } from './xlsx-tables.ts';
import { readZipEntry } from './zip-guard.ts';

export interface BookChart {
  name: string;
  type: ChartType;
  title?: string;
  anchor: { row: number; col: number };
  width_cells: number;
  height_cells: number;
  /** The data block: on the sheet named (the chart's own when absent). */
  dataSheet?: string;
  rect: Rect;
  first_row_headers: boolean;
  first_col_labels: boolean;
  x_column?: number;
  transpose: boolean;
  series_columns: number[];
  series_marks?: SeriesMark[];
}

const KINDS: Record<string, { type: ChartType; mark: Mark } | undefined> = {
  barChart: { type: 'column', mark: 'bar' },
  bar3DChart: { type: 'column', mark: 'bar' },
  lineChart: { type: 'line', mark: 'line' },
  line3DChart: { type: 'line', mark: 'line' },
  areaChart: { type: 'area', mark: 'area' },
  area3DChart: { type: 'area', mark: 'area' },
  pieChart: { type: 'pie', mark: 'bar' },
  pie3DChart: { type: 'pie', mark: 'bar' },
  ofPieChart: { type: 'pie', mark: 'bar' },
  doughnutChart: { type: 'doughnut', mark: 'bar' },
  scatterChart: { type: 'scatter', mark: 'point' },
};


/** A series reference like Sheet1!$B$2:$B$7 as its sheet and rectangle. */
function refOf(xml: string | undefined, tag: string): { sheet?: string; rect: Rect } | undefined {
  if (!xml) return undefined;
  const part = new RegExp(`<c:${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</c:${tag}>`).exec(xml)?.[1];
  const f = part && /<c:f(?:\s[^>]*)?>([^<]*)<\/c:f>/.exec(part)?.[1];
  if (!f) return undefined;
  try {
    const { sheet, local } = splitSheet(unescapeXml(f).replace(/\$/g, ''));
    return { ...(sheet !== undefined ? { sheet } : {}), rect: parseRange(local).rect };
  } catch {
    return undefined;
  }
}

function titleOf(chart: string): string | undefined {
  const t = /<c:title(?:\s[^>]*)?>([\s\S]*?)<\/c:title>/.exec(chart)?.[1];
  if (!t) return undefined;
  const runs = [...t.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/g)].map((m) => unescapeXml(m[1]!));
  if (runs.length) return runs.join('').slice(0, 255);
  const cached = /<c:v(?:\s[^>]*)?>([^<]*)<\/c:v>/.exec(t)?.[1];
  return cached ? unescapeXml(cached).slice(0, 255) : undefined;
}

/** The chart of one chart part, anchored as given; a string says why it cannot be kept. */
function chartOf(xml: string, name: string, anchor: { row: number; col: number }, size: { w: number; h: number }): BookChart | string {
  const plot = /<c:plotArea(?:\s[^>]*)?>([\s\S]*?)<\/c:plotArea>/.exec(xml)?.[1] ?? '';
  const groups = [...plot.matchAll(/<c:(\w+Chart)(?:\s[^>]*)?>([\s\S]*?)<\/c:\1>/g)];
  if (!groups.length) return 'charts without a plot';
  const series: { mark: Mark; order: number; val: { sheet?: string; rect: Rect }; cat?: { sheet?: string; rect: Rect }; tx?: { sheet?: string; rect: Rect } }[] = [];
  let type: ChartType | undefined;
  const kinds = new Set<ChartType>();
  for (const [, kind, body] of groups) {
    const k = KINDS[kind!];
    if (!k) return `${kind!.replace(/(3D)?Chart$/, '')} charts`;
    let t = k.type;
    if (kind!.startsWith('bar') && /<c:barDir\b[^>]*\bval="bar"/.test(body!)) t = 'bar';
    kinds.add(t);
    type ??= t;
    for (const [, ser] of body!.matchAll(/<c:ser(?:\s[^>]*)?>([\s\S]*?)<\/c:ser>/g)) {
      const val = refOf(ser, 'val') ?? refOf(ser, 'yVal');
      if (!val) return 'charts whose values are not cell ranges';
      const cat = refOf(ser, 'cat') ?? refOf(ser, 'xVal');
      const tx = refOf(/<c:tx(?:\s[^>]*)?>[\s\S]*?<\/c:tx>/.exec(ser!)?.[0], 'tx');
      series.push({ mark: k.mark, order: xmlNumber(ser!, 'order') || series.length, val, ...(cat ? { cat } : {}), ...(tx ? { tx } : {}) });
    }
  }
  if (!series.length || !type) return 'charts without series';
  if (kinds.size > 1) {
    if ([...kinds].some((k) => k === 'pie' || k === 'doughnut' || k === 'bar')) return 'charts mixing pie, doughnut or horizontal bars with other kinds';
    type = 'combo';
  }
  series.sort((a, b) => a.order - b.order);
  const sheets = new Set(series.flatMap((s) => [s.val.sheet, s.cat?.sheet, s.tx?.sheet]).filter((s) => s !== undefined));
  if (sheets.size > 1) return 'charts whose series come from several sheets';
  // Series as columns (each value range one column over the same rows) or as rows.
  const v0 = series[0]!.val.rect;
  const byCols = series.every((s) => s.val.rect.c0 === s.val.rect.c1 && s.val.rect.r0 === v0.r0 && s.val.rect.r1 === v0.r1);
  const byRows = !byCols && series.every((s) => s.val.rect.r0 === s.val.rect.r1 && s.val.rect.c0 === v0.c0 && s.val.rect.c1 === v0.c1);
  if (!byCols && !byRows) return 'charts whose series are not columns or rows of one block';
  // In "column" terms: t = the series' own line (column, or row when transposed), span = the points.
  const line = (r: Rect) => (byCols ? r.c0 : r.r0);
  const span0 = byCols ? v0.r0 : v0.c0, span1 = byCols ? v0.r1 : v0.c1;
  const cat = series[0]!.cat?.rect;
  if (cat && !(byCols ? cat.c0 === cat.c1 && cat.r0 === span0 && cat.r1 === span1 : cat.r0 === cat.r1 && cat.c0 === span0 && cat.c1 === span1)) return 'charts whose categories are not beside their values';
  const headers = series.every((s) => s.tx && s.tx.rect.r0 === s.tx.rect.r1 && s.tx.rect.c0 === s.tx.rect.c1 && (byCols ? s.tx.rect.c0 === s.val.rect.c0 && s.tx.rect.r0 === span0 - 1 : s.tx.rect.r0 === s.val.rect.r0 && s.tx.rect.c0 === span0 - 1));
  const lines = [...series.map((s) => line(s.val.rect)), ...(cat ? [line(cat)] : [])];
  const first = Math.min(...lines), last = Math.max(...lines);
  const from = headers ? span0 - 1 : span0;
  const rect: Rect = byCols ? { r0: from, r1: span1, c0: first, c1: last } : { r0: first, r1: last, c0: from, c1: span1 };
  const catAt = cat ? line(cat) - first : undefined;
  const marks = type === 'combo' ? series.map((s) => ({ series: line(s.val.rect) - first, mark: s.mark })) : undefined;
  const dataSheet = [...sheets][0];
  return {
    name,
    type,
    ...(titleOf(xml) ? { title: titleOf(xml) } : {}),
    anchor,
    width_cells: Math.max(1, size.w),
    height_cells: Math.max(1, size.h),
    ...(dataSheet ? { dataSheet } : {}),
    rect,
    first_row_headers: headers,
    first_col_labels: catAt === 0,
    ...(catAt !== undefined && catAt !== 0 ? { x_column: catAt } : {}),
    transpose: byRows,
    series_columns: series.map((s) => line(s.val.rect) - first),
    ...(marks ? { series_marks: marks } : {}),
  };
}

/** Charts of the sheet part at `sheetPath`; what cannot be kept goes to `notKept`. */
export function chartsOfSheet(bytes: Buffer, sheetPath: string, notKept: (why: string) => void): BookChart[] {
  const out: BookChart[] = [];
  for (const { body, rels: parts } of drawingAnchors(bytes, sheetPath)) {
    const rid = /<(?:\w+:)?chart\b[^>]*\br:id="([^"]+)"/.exec(body)?.[1];
    if (!rid) continue;
    const target = parts.get(rid)?.target;
    const chartXml = target ? readZipEntry(bytes, target)?.toString('utf8') : undefined;
    const from = /<(?:\w+:)?from(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?from>/.exec(body)?.[1];
    const to = /<(?:\w+:)?to(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?to>/.exec(body)?.[1];
    if (!chartXml || !from || !to) {
      notKept('charts not anchored to cells');
      continue;
    }
    const anchor = { row: xmlNumber(from, 'row'), col: xmlNumber(from, 'col') };
    const size = { w: xmlNumber(to, 'col') - anchor.col + (xmlNumber(to, 'colOff') > 0 ? 1 : 0), h: xmlNumber(to, 'row') - anchor.row + (xmlNumber(to, 'rowOff') > 0 ? 1 : 0) };
    const name = unescapeXml(/<(?:\w+:)?cNvPr\b[^>]*\bname="([^"]*)"/.exec(body)?.[1] ?? 'Chart').slice(0, 100);
    const chart = chartOf(chartXml, name, anchor, size);
    if (typeof chart === 'string') notKept(chart);
    else out.push(chart);
  }
  return out;
}
