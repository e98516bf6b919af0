// Builds and checks chart specs from add_chart / update_chart input: resolves sheets and ranges,
// detects header row and label column when not given, and rejects series indices that are not
// columns of the data, naming the field and the valid range. Nothing is stored here.
import { parseCell, parseRange } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import { valueOf } from '../workbook/cell.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { LAST_COL, clampOpen, storable, type SheetRect } from '../objects/ranges.ts';
import { MARKABLE, type ChartSpec, type ChartType } from './model.ts';
import { categoryColumn, dataColumns, plottedColumns } from './resolve.ts';

/** The sheet and rect of a data_range; unqualified ranges are on the chart's sheet. */
export function dataRef(wb: Workbook, home: SheetModel, ref: string): SheetRect {
  const parsed = parseRange(ref);
  const sheet = parsed.sheet !== undefined ? wb.sheet(parsed.sheet, 'data_range') : home;
  return { sheet: sheet.id, rect: storable(parsed.rect) };
}

/** The chart's sheet from `sheet` and a sheet-qualified position (they must agree). */
export function homeSheet(wb: Workbook, sheetParam: string | undefined, position: string | undefined, fallback?: SheetModel): SheetModel {
  const posSheet = position !== undefined ? parseCell(position).sheet : undefined;
  if (sheetParam === undefined && posSheet === undefined && fallback) return fallback;
  return wb.sheetFor(sheetParam, posSheet, 'position');
}

export function anchorOf(position: string): { row: number; col: number } {
  return parseCell(position).addr;
}

/** Default anchor: two columns right of the data, top row of the data. */
export function defaultAnchor(data: SheetRect, width: number): { row: number; col: number } {
  const col = data.rect.c1 + 2 + width > LAST_COL ? 0 : data.rect.c1 + 2;
  return { row: col === 0 ? Math.min(data.rect.r1 + 2, 1_048_000) : data.rect.r0, col };
}

/** Header row / label column detection on the first rows of the data, as spreadsheets guess them. */
export async function detectLayout(wb: Workbook, data: SheetRect, type: ChartType, transpose: boolean): Promise<{ headers: boolean; labels: boolean }> {
  const sheet = wb.sheets.find((s) => s.id === data.sheet)!;
  const rect = clampOpen(sheet, data.rect);
  if (!rect) return { headers: false, labels: type === 'pie' || type === 'doughnut' || type === 'scatter' };
  const probe = { ...rect, r1: Math.min(rect.r1, rect.r0 + (transpose ? 1_000 : 50)), c1: Math.min(rect.c1, rect.c0 + (transpose ? 50 : 1_000)) };
  await wb.load(sheet, probe);
  const at = (i: number, j: number) => (transpose ? valueOf(sheet.get(probe.r0 + j, probe.c0 + i)) : valueOf(sheet.get(probe.r0 + i, probe.c0 + j)));
  const rows = transpose ? probe.c1 - probe.c0 + 1 : probe.r1 - probe.r0 + 1;
  const cols = transpose ? probe.r1 - probe.r0 + 1 : probe.c1 - probe.c0 + 1;
  const first = Array.from({ length: cols }, (_, j) => at(0, j));
  const headers = rows >= 2 && first.some((v) => typeof v === 'string' && v !== '') && first.every((v) => v === null || typeof v === 'string');
  let labels = cols >= 2 && (type === 'pie' || type === 'doughnut' || type === 'scatter');
  if (!labels && cols >= 2) for (let i = headers ? 1 : 0; i < rows && !labels; i++) labels = typeof at(i, 0) === 'string' && at(i, 0) !== '';
  return { headers, labels };
}

/** Checks every series index of the spec against the data's columns now; throws a 400 naming the field. */
/**
 * A bar or column chart whose series_marks mix marks (a line over columns) is what spreadsheets
 * call a combo chart: it becomes one instead of being refused.
 */
export function comboIfMixed(spec: ChartSpec): void {
  if ((spec.type === 'bar' || spec.type === 'column') && spec.series_marks?.some((m) => m.mark !== 'bar')) spec.type = 'combo';
}

export function checkSeries(wb: Workbook, spec: ChartSpec): void {
  const cols = dataColumns(wb, spec);
  const span = cols ? `0..${cols - 1}` : 'none: the data range is empty';
  if (spec.x_column !== undefined && spec.x_column >= cols) throw invalidArg('x_column', `${spec.x_column} is not a column of the data range (columns ${span})`);
  const cat = categoryColumn(spec);
  spec.series_columns?.forEach((c, i) => {
    if (c >= cols) throw invalidArg(`series_columns[${i}]`, `${c} is not a column of the data range (columns ${span})`);
    if (c === cat) throw invalidArg(`series_columns[${i}]`, `${c} is the category column; plot other columns`);
  });
  const plotted = plottedColumns(spec, cols);
  const check = (field: string, list: number[] | undefined) =>
    list?.forEach((c, i) => {
      if (!plotted.includes(c)) throw invalidArg(`${field}[${i}]`, `${c} is not a plotted series; series columns are ${plotted.length ? plotted.join(', ') : 'none'}`);
    });
  check('data_label_series', spec.data_label_series);
  check('secondary_series', spec.secondary_series);
  check('trend_series', spec.trend_series);
  check('series_marks', spec.series_marks?.map((m) => m.series));
  if (spec.series_marks?.length && !MARKABLE.includes(spec.type)) throw invalidArg('series_marks', `${spec.type} charts cannot mix marks; use chart_type combo (or column, line, area, scatter)`);
  const pie = spec.type === 'pie' || spec.type === 'doughnut';
  if (pie && spec.secondary_series?.length) throw invalidArg('secondary_series', `${spec.type} charts have no value axis`);
  if (pie && spec.trend_series !== undefined) throw invalidArg('trend_series', `${spec.type} charts have no trend lines`);
  const dup = (field: string, list: number[] | undefined) => {
    if (list && new Set(list).size !== list.length) throw invalidArg(field, 'lists a column twice');
  };
  dup('series_columns', spec.series_columns);
  dup('series_marks', spec.series_marks?.map((m) => m.series));
}
