// Live charts: turns a chart spec into what it shows now — categories, series names and values
// read from the cells — applying transpose, header row, category column and series choices.
import { valueOf, type Cell } from '../workbook/cell.ts';
import { displayCell } from '../workbook/display.ts';
import { effectiveStyle } from '../workbook/read.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { LAST_COL, LAST_ROW, clampOpen, sheetById, sheetRangeText } from '../objects/ranges.ts';
import type { ChartSpec, Mark } from './model.ts';
import { linearTrend, type Trend } from './trend.ts';

export interface ResolvedSeries {
  /** Column index in the (transposed) data: the number agents use in series options. */
  column: number;
  name: string;
  mark: Mark;
  axis: 'primary' | 'secondary';
  /** Numbers as stored; null for blanks, text and errors (not plotted). */
  values: (number | null)[];
  /** Indices of points that carry a value label. */
  labels: number[];
  trend?: Trend;
}

export interface ResolvedChart {
  spec: ChartSpec;
  /** Data range as text, sheet-qualified when on another sheet than the chart. */
  dataRange: string;
  categories: string[];
  /** Scatter: the numeric x of each point (null where the x cell is not a number). */
  xValues?: (number | null)[];
  series: ResolvedSeries[];
  warnings: string[];
}

interface Grid {
  /** Displayed text and numeric value of each cell, [row][col] after transpose. */
  text: string[][];
  num: (number | null)[][];
  rows: number;
  cols: number;
}

async function readGrid(wb: Workbook, spec: ChartSpec): Promise<Grid | null> {
  const sheet = sheetById(wb, spec.data.sheet);
  if (!sheet) return null;
  const rect = clampOpen(sheet, spec.data.rect);
  if (!rect) return { text: [], num: [], rows: 0, cols: 0 };
  await wb.load(sheet, rect);
  const text: string[][] = [], num: (number | null)[][] = [];
  for (let r = rect.r0; r <= rect.r1; r++) {
    const t: string[] = [], n: (number | null)[] = [];
    for (let c = rect.c0; c <= rect.c1; c++) {
      const cell: Cell = sheet.get(r, c);
      const v = valueOf(cell);
      t.push(cell === null || cell === undefined ? '' : displayCell(cell, effectiveStyle(sheet, wb.styles, r, c, cell), sheet.meta));
      n.push(typeof v === 'number' && Number.isFinite(v) && !(typeof cell === 'object' && cell?.e) ? v : null);
    }
    text.push(t);
    num.push(n);
  }
  if (spec.transpose) return { text: transpose(text), num: transpose(num), rows: rect.c1 - rect.c0 + 1, cols: rect.r1 - rect.r0 + 1 };
  return { text, num, rows: rect.r1 - rect.r0 + 1, cols: rect.c1 - rect.c0 + 1 };
}

function transpose<T>(m: T[][]): T[][] {
  if (m.length === 0) return [];
  return m[0]!.map((_, c) => m.map((row) => row[c]!));
}

/** The category column, if any. */
export function categoryColumn(spec: ChartSpec): number | undefined {
  return spec.x_column ?? (spec.first_col_labels ? 0 : undefined);
}

/** Columns plotted as series, given how many columns the data has now. */
export function plottedColumns(spec: ChartSpec, cols: number): number[] {
  const cat = categoryColumn(spec);
  const all = spec.series_columns ?? Array.from({ length: cols }, (_, i) => i).filter((i) => i !== cat);
  const out = all.filter((i) => i < cols && i !== cat);
  return spec.type === 'pie' || spec.type === 'doughnut' ? out.slice(0, 1) : out;
}

export function defaultMark(spec: ChartSpec, position: number): Mark {
  switch (spec.type) {
    case 'line':
      return 'line';
    case 'area':
      return 'area';
    case 'scatter':
      return 'point';
    case 'combo':
      return position === 0 ? 'bar' : 'line';
    default:
      return 'bar';
  }
}

function labelled(points: string, values: (number | null)[]): number[] {
  const present = values.flatMap((v, i) => (v === null ? [] : [i]));
  if (present.length === 0) return [];
  if (points === 'first') return [present[0]!];
  if (points === 'last') return [present[present.length - 1]!];
  if (points === 'both') return [...new Set([present[0]!, present[present.length - 1]!])];
  if (points === 'min_max') {
    let lo = present[0]!, hi = present[0]!;
    for (const i of present) {
      if (values[i]! < values[lo]!) lo = i;
      if (values[i]! > values[hi]!) hi = i;
    }
    return [...new Set([lo, hi])].sort((a, b) => a - b);
  }
  return present;
}

export async function resolveChart(wb: Workbook, spec: ChartSpec): Promise<ResolvedChart> {
  const home = wb.sheets.find((s) => s.meta.charts?.some((c) => c.id === spec.id));
  const dataRange = sheetRangeText(wb, spec.data, home);
  const grid = await readGrid(wb, spec);
  if (!grid) return { spec, dataRange, categories: [], series: [], warnings: ['The sheet holding the data range was deleted; change data_range.'] };
  const warnings: string[] = [];
  const head = spec.first_row_headers && grid.rows > 0 ? 1 : 0;
  let last = grid.rows - 1;
  while (last >= head && grid.text[last]!.every((t) => t === '')) last--;
  const body = Array.from({ length: Math.max(0, last - head + 1) }, (_, i) => head + i);
  const cat = categoryColumn(spec);
  if (cat !== undefined && cat >= grid.cols) warnings.push(`x_column ${cat} is outside the data range (${grid.cols} columns); categories are numbered instead.`);
  const catOk = cat !== undefined && cat < grid.cols;
  const categories = body.map((r, i) => (catOk ? grid.text[r]![cat!]! : String(i + 1)));
  const xValues = spec.type === 'scatter' ? body.map((r, i) => (catOk ? grid.num[r]![cat!]! : i + 1)) : undefined;
  const columns = plottedColumns(spec, grid.cols);
  const marks = new Map((spec.series_marks ?? []).map((m) => [m.series, m.mark]));
  const secondary = new Set(spec.secondary_series ?? []);
  const trend = spec.trend_series === undefined ? new Set<number>() : new Set(spec.trend_series.length ? spec.trend_series : columns);
  const labelSeries = spec.data_label_series === undefined ? new Set(columns) : new Set(spec.data_label_series);
  const series = columns.map((col, position): ResolvedSeries => {
    const values = body.map((r) => grid.num[r]![col]!);
    const name = head ? grid.text[0]![col]! || `Series ${position + 1}` : `Series ${position + 1}`;
    const s: ResolvedSeries = {
      column: col,
      name,
      mark: marks.get(col) ?? defaultMark(spec, position),
      axis: secondary.has(col) ? 'secondary' : 'primary',
      values,
      labels: spec.data_labels && labelSeries.has(col) ? labelled(spec.data_label_points ?? 'all', values) : [],
    };
    if (trend.has(col)) {
      const xs: number[] = [], ys: number[] = [];
      values.forEach((v, i) => {
        const x = xValues ? xValues[i] : i + 1;
        if (v !== null && x !== null && x !== undefined) {
          xs.push(x);
          ys.push(v);
        }
      });
      const t = linearTrend(xs, ys);
      if (t) s.trend = t;
    }
    return s;
  });
  if (columns.length === 0) warnings.push('No series to plot: the data range has no column besides the category column.');
  return { spec, dataRange, categories, ...(xValues ? { xValues } : {}), series, warnings };
}

/** How many columns the data has now (after transpose): for validating series indices. */
export function dataColumns(wb: Workbook, spec: ChartSpec): number {
  const sheet = sheetById(wb, spec.data.sheet);
  if (!sheet) return 0;
  const used = sheet.usedExtent();
  const { r0, r1, c0, c1 } = spec.data.rect;
  if (spec.transpose) return Math.max(0, (r1 >= LAST_ROW ? used.rows - 1 : r1) - r0 + 1);
  return Math.max(0, (c1 >= LAST_COL ? used.cols - 1 : c1) - c0 + 1);
}
