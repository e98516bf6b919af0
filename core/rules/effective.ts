// What a person sees after conditional formats apply: rule styles overlaid on the cells' own
// styles for a rectangle. Rules apply in list order; where two matching rules set the same
// field, the earlier one wins (Excel's priority). Only the cells asked for are evaluated.
import type { Rect } from '../a1.ts';
import { hasContent, valueOf } from '../workbook/cell.ts';
import { effectiveStyle } from '../workbook/read.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Style } from '../workbook/style.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { clampOpen } from '../objects/ranges.ts';
import { colorFor, contrastText, thresholdValues } from './color-scale.ts';
import { resolveBounds } from './bounds.ts';
import { evaluateAt, isTruthy } from './hf-eval.ts';
import { OVERLAY_FIELDS, type ColorScaleRule, type FormulaRule, type RuleStyle } from './model.ts';

export interface Overlay {
  style: RuleStyle;
  /** Ids of the rules that matched, in priority order. */
  rules: string[];
}

function intersect(a: Rect, b: Rect): Rect | null {
  const r = { r0: Math.max(a.r0, b.r0), c0: Math.max(a.c0, b.c0), r1: Math.min(a.r1, b.r1), c1: Math.min(a.c1, b.c1) };
  return r.r0 > r.r1 || r.c0 > r.c1 ? null : r;
}

function* cellsOf(r: Rect): Generator<{ row: number; col: number }> {
  for (let row = r.r0; row <= r.r1; row++) for (let col = r.c0; col <= r.c1; col++) yield { row, col };
}

function merge(grid: (Overlay | null)[][], rect: Rect, row: number, col: number, id: string, style: RuleStyle): void {
  const line = grid[row - rect.r0]!;
  const cur = line[col - rect.c0] ?? { style: {}, rules: [] };
  for (const k of OVERLAY_FIELDS) {
    if (style[k] !== undefined && cur.style[k] === undefined) (cur.style as Record<string, unknown>)[k] = style[k];
  }
  if (!cur.rules.includes(id)) cur.rules.push(id);
  line[col - rect.c0] = cur;
}

/** Cells of the asked rectangle where a "Stop If True" rule held: later rules skip them. */
type Stopped = boolean[][];

async function applyFormula(wb: Workbook, sheet: SheetModel, rule: FormulaRule, area: Rect, grid: (Overlay | null)[][], rect: Rect, stopped: Stopped): Promise<void> {
  const engine = await wb.prepareFor(sheet, [rule.formula]);
  const cells = [...cellsOf(area)].filter(({ row, col }) => !stopped[row - rect.r0]![col - rect.c0] && (rule.apply_to_blank || !isBlank(sheet, row, col)));
  evaluateAt(engine.hf, engine.hfId(sheet), rule.formula, { row: rule.range.r0, col: rule.range.c0 }, cells, (row, col, value) => {
    if (!isTruthy(value)) return;
    merge(grid, rect, row, col, rule.id, rule.style);
    if (rule.stop_if_true) stopped[row - rect.r0]![col - rect.c0] = true;
  });
}

function isBlank(sheet: SheetModel, row: number, col: number): boolean {
  const cell = sheet.get(row, col);
  return !hasContent(cell) || valueOf(cell) === '';
}

function numberAt(sheet: SheetModel, row: number, col: number): number | null {
  const cell = sheet.get(row, col);
  if (typeof cell === 'object' && cell?.e) return null;
  const v = valueOf(cell);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

async function applyScale(wb: Workbook, sheet: SheetModel, rule: ColorScaleRule, area: Rect, grid: (Overlay | null)[][], rect: Rect, stopped: Stopped): Promise<void> {
  const whole = clampOpen(sheet, rule.range);
  if (!whole) return;
  await wb.load(sheet, whole);
  const values: number[] = [];
  for (const { row, col } of cellsOf(whole)) {
    const v = numberAt(sheet, row, col);
    if (v !== null) values.push(v);
  }
  if (!values.length) return;
  const thresholds = await resolveBounds(wb, sheet, { row: rule.range.r0, col: rule.range.c0 }, rule.thresholds);
  if (!thresholds) return;
  const at = thresholdValues(thresholds, values);
  const colors = rule.thresholds.map((t) => t.color);
  for (const { row, col } of cellsOf(area)) {
    const v = numberAt(sheet, row, col);
    if (v === null || stopped[row - rect.r0]![col - rect.c0]) continue;
    const fill = colorFor(v, at, colors);
    merge(grid, rect, row, col, rule.id, rule.auto_contrast_text ? { fill_color: fill, text_color: contrastText(fill) } : { fill_color: fill });
  }
}

/** Rule styles for each cell of `rect` (null where no rule applies). */
export async function ruleOverlay(wb: Workbook, sheet: SheetModel, rect: Rect): Promise<(Overlay | null)[][]> {
  const grid: (Overlay | null)[][] = Array.from({ length: rect.r1 - rect.r0 + 1 }, () => new Array(rect.c1 - rect.c0 + 1).fill(null));
  const rules = sheet.meta.cond_formats ?? [];
  if (!rules.length) return grid;
  await wb.load(sheet, rect);
  const stopped: Stopped = grid.map((line) => line.map(() => false));
  for (const rule of rules) {
    const area = intersect(rect, rule.range);
    if (!area) continue;
    if (rule.type === 'formula') await applyFormula(wb, sheet, rule, area, grid, rect, stopped);
    else if (rule.type === 'color_scale') await applyScale(wb, sheet, rule, area, grid, rect, stopped);
    // Data bars and icon sets draw in the cell rather than style it (decorations.ts).
  }
  return grid;
}

/** The style a person sees in each cell of `rect`: the cell's own (or row/column) style with rule styles on top. */
export async function effectiveFormats(wb: Workbook, sheet: SheetModel, rect: Rect): Promise<Style[][]> {
  const overlay = await ruleOverlay(wb, sheet, rect);
  return overlay.map((line, i) =>
    line.map((o, j) => {
      const base = effectiveStyle(sheet, wb.styles, rect.r0 + i, rect.c0 + j);
      return o ? { ...base, ...o.style } : base;
    }),
  );
}
