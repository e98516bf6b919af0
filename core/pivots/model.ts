// Pivot tables as stored in the meta of the sheet they are written to: the source (a range or a
// data table), the field layout, and the rectangle last written, so a refresh can clear it.
import type { Rect } from '../a1.ts';
import type { SheetRect } from '../objects/ranges.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** Pivot tables whose output is on this sheet. */
    pivots?: PivotSpec[];
  }
}

export const AGGREGATES = ['sum', 'count', 'count_numbers', 'average', 'min', 'max', 'count_distinct'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export interface PivotValue {
  field: string;
  agg: Aggregate;
  label?: string;
}

export interface PivotFilter {
  field: string;
  /** Shown labels to keep (as displayed; "(blank)" for empty cells). */
  include?: string[];
  /** Shown labels to drop. */
  exclude?: string[];
}

export interface PivotSpec {
  id: string;
  name: string;
  /** Exactly one of range / table (table by id, so a rename keeps the link). */
  source: { range?: SheetRect; table?: string };
  anchor: { row: number; col: number };
  rows: string[];
  columns: string[];
  values: PivotValue[];
  filters: PivotFilter[];
  grand_totals: boolean;
  subtotals: boolean;
  /** The rectangle the last refresh wrote (cleared before the next). */
  output?: Rect;
  /** Why the last refresh wrote nothing (e.g. no room). */
  error?: string;
}

export function pivotsOf(sheet: SheetModel): PivotSpec[] {
  return (sheet.meta.pivots ??= []);
}

export function allPivots(wb: Workbook): { sheet: SheetModel; pivot: PivotSpec }[] {
  return wb.sheets.flatMap((sheet) => (sheet.meta.pivots ?? []).map((pivot) => ({ sheet, pivot })));
}

export function findPivot(wb: Workbook, id: string): { sheet: SheetModel; pivot: PivotSpec } | undefined {
  const lower = id.toLowerCase();
  return allPivots(wb).find((p) => p.pivot.id === id || p.pivot.name.toLowerCase() === lower);
}
