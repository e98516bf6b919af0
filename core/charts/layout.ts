// Where a chart sits and how big it is, in pixels: from its anchor cell and its size in cells,
// using the sheet's column widths and row heights (so a 6 x 18-cell chart over default cells is
// 600 x 378 px). The image op and the PDF export share it.
import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT } from '../workbook/sheet-meta.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import type { ChartSpec } from './model.ts';
import { resolveChart, type ResolvedChart } from './resolve.ts';

export interface ChartPlacement {
  x: number;
  y: number;
  width: number;
  height: number;
}

function span(sizes: Record<string, number> | undefined, fallback: number, from: number, count: number): number {
  let total = 0;
  for (let i = from; i < from + count; i++) total += sizes?.[i] ?? fallback;
  return total;
}

function offset(sizes: Record<string, number> | undefined, fallback: number, upTo: number): number {
  let total = upTo * fallback;
  for (const [k, v] of Object.entries(sizes ?? {})) if (Number(k) < upTo) total += v - fallback;
  return total;
}

export function placement(sheet: SheetModel, chart: ChartSpec): ChartPlacement {
  const cw = sheet.meta.default_col_width ?? DEFAULT_COL_WIDTH;
  const rh = sheet.meta.default_row_height ?? DEFAULT_ROW_HEIGHT;
  return {
    x: offset(sheet.meta.col_widths, cw, chart.anchor.col),
    y: offset(sheet.meta.row_heights, rh, chart.anchor.row),
    width: span(sheet.meta.col_widths, cw, chart.anchor.col, chart.width_cells),
    height: span(sheet.meta.row_heights, rh, chart.anchor.row, chart.height_cells),
  };
}

/** Every chart of a sheet with its current series and its place in pixels (for the PDF export). */
export async function resolveCharts(wb: Workbook, sheet: SheetModel): Promise<{ chart: ResolvedChart; at: ChartPlacement }[]> {
  const out = [];
  for (const spec of sheet.meta.charts ?? []) out.push({ chart: await resolveChart(wb, spec), at: placement(sheet, spec) });
  return out;
}
