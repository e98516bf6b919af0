// A pivot table as the API returns it (list, create, update, /context).
import { rectToA1 } from '../a1.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { anchorText, sheetRangeText } from '../objects/ranges.ts';
import { findTableById } from '../tables/model.ts';
import { defaultValueLabel } from './aggregate.ts';
import type { PivotSpec } from './model.ts';

export function pivotView(wb: Workbook, sheet: SheetModel, p: PivotSpec) {
  const table = p.source.table ? findTableById(wb, p.source.table)?.table.name ?? null : null;
  return {
    pivot_id: p.id,
    name: p.name,
    sheet: sheet.name,
    anchor: anchorText(p.anchor),
    source: p.source.range ? sheetRangeText(wb, p.source.range, sheet) : null,
    source_table: table,
    rows: p.rows,
    columns: p.columns,
    values: p.values.map((v) => ({ field: v.field, agg: v.agg, label: v.label ?? defaultValueLabel(v.agg, v.field) })),
    filters: p.filters,
    grand_totals: p.grand_totals,
    subtotals: p.subtotals,
    output_range: p.output && !p.error ? rectToA1(p.output) : null,
    ...(p.error ? { error: p.error } : {}),
  };
}

export function pivotViews(wb: Workbook, only?: SheetModel) {
  return wb.sheets.filter((s) => !only || s === only).flatMap((s) => (s.meta.pivots ?? []).map((p) => pivotView(wb, s, p)));
}
