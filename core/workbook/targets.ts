// Turns an op's (sheet, A1 reference) pair into a sheet and a concrete rectangle: sheet-qualified
// references must agree with the sheet parameter; whole rows/columns end at the used extent.
import { cellToA1, parseCell, parseRange, rectToA1, resolveRect, type Rect } from '../a1.ts';
import type { SheetModel } from './sheet.ts';
import type { Workbook } from './workbook.ts';

export interface RangeTarget {
  sheet: SheetModel;
  rect: Rect;
  a1: string;
  kind: 'cells' | 'cols' | 'rows';
  /** True when the reference itself named the sheet. */
  qualified: boolean;
}

export function targetRange(wb: Workbook, sheetParam: string | undefined, ref: string, field: string): RangeTarget {
  const parsed = parseRange(ref);
  const sheet = wb.sheetFor(sheetParam, parsed.sheet, field);
  const rect = resolveRect(parsed.rect, sheet.usedExtent());
  return { sheet, rect, a1: rectToA1(rect), kind: parsed.kind, qualified: parsed.sheet !== undefined };
}

export function targetCell(wb: Workbook, sheetParam: string | undefined, ref: string, field: string): { sheet: SheetModel; row: number; col: number; a1: string } {
  const parsed = parseCell(ref);
  const sheet = wb.sheetFor(sheetParam, parsed.sheet, field);
  return { sheet, ...parsed.addr, a1: cellToA1(parsed.addr) };
}
