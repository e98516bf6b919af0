// Applies an autofilter's criteria as Excel does on OK: every data row (the range less its header
// row) that fails a column's criteria is hidden, every other one shown. Values compare as shown
// (Excel filters on the displayed text); conditions compare numbers as numbers and text without
// case, with * ? ~ wildcards for equal and not equal. Criteria kept as the file wrote them
// (colours, icons, dynamic dates) pass every row.
import type { Cell } from '../workbook/cell.ts';
import { isRich } from '../workbook/cell.ts';
import { displayCell } from '../workbook/display.ts';
import { effectiveStyle, rawValue } from '../workbook/read.ts';
import type { Workbook } from '../workbook/workbook.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { filterOf, filterRect, type FilterColumn, type FilterCondition } from './model.ts';

/** Excel's wildcard text as a regular expression (whole text, no case). */
function wildcard(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '~' && i + 1 < pattern.length) re += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (ch === '*') re += '[\\s\\S]*';
    else if (ch === '?') re += '[\\s\\S]';
    else re += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 'i');
}

interface Seen {
  shown: string;
  raw: ReturnType<typeof rawValue>;
  empty: boolean;
}

function passes(c: FilterCondition, v: Seen): boolean {
  const num = Number(c.value);
  const numeric = typeof v.raw === 'number' && c.value.trim() !== '' && Number.isFinite(num);
  if (c.operator === 'equal' || c.operator === 'not_equal') {
    const hit = numeric ? v.raw === num : wildcard(c.value).test(v.shown);
    return c.operator === 'equal' ? hit : !hit;
  }
  const cmp = numeric ? (v.raw as number) - num : typeof v.raw === 'number' ? -1 : v.shown.toLowerCase().localeCompare(c.value.toLowerCase());
  if (!numeric && (v.empty || typeof v.raw === 'number')) return false;
  if (c.operator === 'greater_than') return cmp > 0;
  if (c.operator === 'greater_or_equal') return cmp >= 0;
  if (c.operator === 'less_than') return cmp < 0;
  return cmp <= 0;
}

/** The rows' verdicts for one column. */
function columnTest(col: FilterColumn, seen: Seen[]): (i: number) => boolean {
  if (col.xml !== undefined) return () => true;
  if (col.top) {
    const nums = seen.map((s) => (typeof s.raw === 'number' ? s.raw : undefined));
    const sorted = nums.filter((n): n is number => n !== undefined).sort((a, b) => (col.top!.bottom ? a - b : b - a));
    const n = col.top.percent ? Math.max(1, Math.floor((sorted.length * col.top.count) / 100)) : col.top.count;
    const edge = sorted[Math.min(n, sorted.length) - 1];
    return (i) => nums[i] !== undefined && edge !== undefined && (col.top!.bottom ? nums[i]! <= edge : nums[i]! >= edge);
  }
  if (col.conditions?.length) {
    return (i) => (col.and ? col.conditions!.every((c) => passes(c, seen[i]!)) : col.conditions!.some((c) => passes(c, seen[i]!)));
  }
  if (col.values || col.blank) {
    const keep = new Set((col.values ?? []).map((v) => v.toLowerCase()));
    return (i) => (seen[i]!.empty ? !!col.blank : keep.has(seen[i]!.shown.toLowerCase()));
  }
  return () => true;
}

const isEmpty = (cell: Cell) => cell === null || cell === undefined || (isRich(cell) && cell.v === undefined && cell.e === undefined && cell.f === undefined) || rawValue(cell) === '';

/** Hides the data rows that fail the criteria and shows the rest; returns how many rows are hidden. */
export async function applyFilter(wb: Workbook, sheet: SheetModel): Promise<{ shown: number; hidden: number }> {
  const f = filterOf(sheet);
  if (!f) return { shown: 0, hidden: 0 };
  const rect = filterRect(f);
  const first = rect.r0 + 1;
  if (rect.r1 < first) return { shown: 0, hidden: 0 };
  await wb.load(sheet, rect);
  const tests = (f.columns ?? []).map((col) => {
    const seen: Seen[] = [];
    for (let r = first; r <= rect.r1; r++) {
      const cell = sheet.get(r, rect.c0 + col.col);
      seen.push({ shown: displayCell(cell, effectiveStyle(sheet, wb.styles, r, rect.c0 + col.col, cell)), raw: rawValue(cell), empty: isEmpty(cell) });
    }
    return columnTest(col, seen);
  });
  const heights = (sheet.meta.row_heights ??= {});
  const kept = (f.sizes ??= {});
  let shown = 0, hidden = 0;
  for (let r = first; r <= rect.r1; r++) {
    const k = String(r);
    if (tests.every((t) => t(r - first))) {
      shown++;
      if (heights[k] === 0) {
        if (kept[k] !== undefined) heights[k] = kept[k]!;
        else delete heights[k];
      }
      delete kept[k];
    } else {
      hidden++;
      if (heights[k] !== 0) {
        if (heights[k] !== undefined) kept[k] = heights[k]!;
        heights[k] = 0;
      }
    }
  }
  if (!Object.keys(kept).length) delete f.sizes;
  // Rows hidden or shown change what SUBTOTAL 101-111 counts.
  wb.recalculate();
  return { shown, hidden };
}

/** Shows every data row of the filter's range again (Excel's Clear filter). */
export function showAll(wb: Workbook, sheet: SheetModel): void {
  const f = filterOf(sheet);
  if (!f) return;
  const rect = filterRect(f);
  const heights = sheet.meta.row_heights ?? {};
  for (let r = rect.r0 + 1; r <= rect.r1; r++) {
    const k = String(r);
    if (heights[k] !== 0) continue;
    if (f.sizes?.[k] !== undefined) heights[k] = f.sizes[k]!;
    else delete heights[k];
  }
  delete f.sizes;
  wb.recalculate();
}
