// Row heights by Excel's rule, for the PDF and the viewer: a row whose height was set keeps it; a
// row whose height was never set grows to fit its wrapped, multi-line or large text.
import { hasContent, isRich } from '../workbook/cell.ts';
import { effectiveStyle } from '../workbook/read.ts';
import { DEFAULT_ROW_HEIGHT } from '../workbook/sheet-meta.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { StyleTable } from '../workbook/style.ts';
import { DEFAULT_PT, fitRowHeight, textCell, type TextCell } from './cells.ts';

/**
 * The height of row `r` (cells of columns c0..c1 loaded) when its height was never set, or
 * undefined when it was set or nothing in it needs more than the sheet's default. `merged(c)`
 * says whether a merge covers or anchors the row's cell in column c (those are not measured).
 */
export function fittedRowHeight(sheet: SheetModel, styles: StyleTable, r: number, c0: number, c1: number, width: (c: number) => number, merged: (c: number) => boolean): number | undefined {
  if (sheet.meta.row_heights?.[String(r)] !== undefined) return undefined;
  const floor = sheet.meta.default_row_height ?? DEFAULT_ROW_HEIGHT;
  const cells: { cell: TextCell; width: number }[] = [];
  for (let c = c0; c <= c1; c++) {
    const cell = sheet.get(r, c);
    if (!hasContent(cell) || merged(c)) continue;
    const style = effectiveStyle(sheet, styles, r, c, cell);
    const v = isRich(cell) ? cell.v : cell;
    // Only wrapped, multi-line or large text can need more (the common case costs no formatting).
    if (style.wrap !== 'wrap' && style.align !== 'justify' && !((style.font_size ?? DEFAULT_PT) > DEFAULT_PT) && !(typeof v === 'string' && v.includes('\n'))) continue;
    cells.push({ cell: textCell(cell, style, sheet.meta), width: width(c) });
  }
  if (!cells.length) return undefined;
  const h = fitRowHeight(cells, floor);
  return h > floor ? h : undefined;
}
