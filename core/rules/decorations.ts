// Data bars and icon sets: what each cell of their range shows besides its text. Bounds become
// numbers from the range's values as a colour scale's thresholds do (min, max, number, percent,
// percentile); a bar's length is its number's place between them (with an axis when the range
// holds negative numbers), an icon is the highest whose bound the number reaches.
import type { Rect } from '../a1.ts';
import { valueOf } from '../workbook/cell.ts';
import type { CellDecoration, DecorationLayer } from '../workbook/overlays.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { clampOpen } from '../objects/ranges.ts';
import { thresholdValues } from './color-scale.ts';
import { iconOf } from './icons.ts';
import { resolveBounds } from './bounds.ts';
import type { Bound, DataBarRule, IconSetRule } from './model.ts';

function numberAt(sheet: SheetModel, row: number, col: number): number | null {
  const cell = sheet.get(row, col);
  if (typeof cell === 'object' && cell?.e) return null;
  const v = valueOf(cell);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function valuesOf(sheet: SheetModel, r: Rect): number[] {
  const out: number[] = [];
  for (let row = r.r0; row <= r.r1; row++) {
    for (let col = r.c0; col <= r.c1; col++) {
      const v = numberAt(sheet, row, col);
      if (v !== null) out.push(v);
    }
  }
  return out;
}

function barOf(rule: DataBarRule, bounds: Bound[], values: number[]): (v: number) => CellDecoration['bar'] {
  const [lo, hi] = thresholdValues(bounds.map((b) => ({ ...b, color: '' })), values) as [number, number];
  const span = hi - lo;
  // With numbers on both sides of 0 the bars start from an axis at 0's place.
  const axis = lo < 0 && hi > 0 ? -lo / span : lo >= 0 ? 0 : 1;
  return (v) => {
    const at = span === 0 ? 1 : Math.min(1, Math.max(0, (v - lo) / span));
    const negative = v < 0;
    const [from, to] = lo < 0 ? (at < axis ? [at, axis] : [axis, at]) : [0, at];
    return { from, to, color: negative && rule.negative_color ? rule.negative_color : rule.color, gradient: rule.gradient, ...(rule.border_color ? { border: rule.border_color } : {}) };
  };
}

function iconIndex(rule: IconSetRule, resolved: Bound[], values: number[]): (v: number) => number {
  const bounds = thresholdValues(resolved.map((t) => ({ ...t, color: '' })), values);
  return (v) => {
    let i = 0;
    for (let k = 1; k < bounds.length; k++) if (rule.thresholds[k]!.gte === false ? v > bounds[k]! : v >= bounds[k]!) i = k;
    return rule.reverse ? bounds.length - 1 - i : i;
  };
}

export const ruleDecorations: DecorationLayer = async (wb, sheet, rect) => {
  const rules = (sheet.meta.cond_formats ?? []).filter((r): r is DataBarRule | IconSetRule => r.type === 'data_bar' || r.type === 'icon_set');
  if (!rules.length) return undefined;
  const grid = new Map<number, CellDecoration>();
  const key = (row: number, col: number) => row * 16384 + col;
  for (const rule of rules) {
    const area = { r0: Math.max(rect.r0, rule.range.r0), c0: Math.max(rect.c0, rule.range.c0), r1: Math.min(rect.r1, rule.range.r1), c1: Math.min(rect.c1, rule.range.c1) };
    if (area.r0 > area.r1 || area.c0 > area.c1) continue;
    const whole = clampOpen(sheet, rule.range);
    if (!whole) continue;
    await wb.load(sheet, whole);
    const values = valuesOf(sheet, whole);
    if (!values.length) continue;
    const bounds = await resolveBounds(wb, sheet, { row: rule.range.r0, col: rule.range.c0 }, rule.type === 'data_bar' ? [rule.min, rule.max] : rule.thresholds);
    if (!bounds) continue;
    const bar = rule.type === 'data_bar' ? barOf(rule, bounds, values) : undefined;
    const icon = rule.type === 'icon_set' ? iconIndex(rule, bounds, values) : undefined;
    for (let row = area.r0; row <= area.r1; row++) {
      for (let col = area.c0; col <= area.c1; col++) {
        const v = numberAt(sheet, row, col);
        if (v === null) continue;
        const cur = grid.get(key(row, col)) ?? {};
        // The first rule (highest priority) that draws a bar or an icon in a cell wins it.
        if (bar && !cur.bar) cur.bar = bar(v);
        if (icon && rule.type === 'icon_set' && !cur.icon) {
          const at = icon(v);
          const custom = rule.icons?.[at];
          const paths = custom ? (custom.set === 'NoIcons' ? undefined : iconOf(custom.set, custom.id)) : iconOf(rule.icon_set, at);
          if (paths) cur.icon = paths;
        }
        if (!rule.show_value) cur.hideValue = true;
        grid.set(key(row, col), cur);
      }
    }
  }
  return grid.size ? (row, col) => grid.get(key(row, col)) : undefined;
};
