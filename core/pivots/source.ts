// Reads a pivot's source — a range (whole columns grow with the data) or a data table — as
// header texts and rows of values with their displayed text. Trailing empty rows are dropped.
import type { Rect } from '../a1.ts';
import { isRich, valueOf } from '../workbook/cell.ts';
import { displayCell } from '../workbook/display.ts';
import { effectiveStyle } from '../workbook/read.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { clampOpen, sheetById } from '../objects/ranges.ts';
import { fixHeaders } from '../tables/create.ts';
import { findTableById } from '../tables/model.ts';
import type { SourceData } from './compute.ts';
import type { PivotSpec } from './model.ts';

export interface Source {
  sheet: SheetModel;
  /** The source rectangle now (header row included). */
  rect: Rect;
}

/** Where the source is now, or a reason it is gone. */
export function locateSource(wb: Workbook, pivot: PivotSpec): Source | { error: string } {
  if (pivot.source.table) {
    const t = findTableById(wb, pivot.source.table);
    if (!t) return { error: 'its source table was deleted' };
    return { sheet: t.sheet, rect: t.table.rect };
  }
  const ref = pivot.source.range;
  if (!ref) return { error: 'its source range was deleted; give a new source with update_pivot' };
  const sheet = sheetById(wb, ref.sheet);
  if (!sheet) return { error: 'the sheet of its source range was deleted' };
  const rect = clampOpen(sheet, ref.rect);
  if (!rect) return { sheet, rect: { ...ref.rect, r1: ref.rect.r0, c1: Math.min(ref.rect.c1, ref.rect.c0) } };
  return { sheet, rect };
}

export async function readSource(wb: Workbook, src: Source): Promise<SourceData> {
  const { sheet, rect } = src;
  await wb.load(sheet, rect);
  const shownAt = (r: number, c: number) => {
    const cell = sheet.get(r, c);
    if (cell === null || cell === undefined) return '';
    return isRich(cell) && cell.e ? cell.e : displayCell(cell, effectiveStyle(sheet, wb.styles, r, c, cell), sheet.meta);
  };
  const fields = fixHeaders(Array.from({ length: rect.c1 - rect.c0 + 1 }, (_, j) => shownAt(rect.r0, rect.c0 + j)));
  let last = rect.r1;
  const empty = (r: number) => {
    for (let c = rect.c0; c <= rect.c1; c++) if (valueOf(sheet.get(r, c)) !== null) return false;
    return true;
  };
  while (last > rect.r0 && empty(last)) last--;
  const rows: SourceData['rows'] = [];
  for (let r = rect.r0 + 1; r <= last; r++) {
    const values = [], shown = [];
    for (let c = rect.c0; c <= rect.c1; c++) {
      const cell = sheet.get(r, c);
      values.push(isRich(cell) && cell.e ? cell.e : valueOf(cell));
      shown.push(shownAt(r, c));
    }
    rows.push({ values, shown });
  }
  return { fields, rows };
}
