// Outline groups (Excel's Data > Group): a level 1-7 per row and per column, kept in the sheet's
// meta as Excel keeps them in the file — a level on each line and a `collapsed` flag on the summary
// line beside a collapsed group (below or right of it, unless the sheet puts summaries above or
// left). A group is a maximal run of lines at or above a level. Collapsing hides the group's lines
// through the sheet's own hidden lines (size 0), so the viewer, the PDF, SUBTOTAL(10x) and the xlsx
// export see them hidden without knowing outlines; the sizes they had come back on expanding.
import type { Axis } from '../workbook/structure.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { shiftIndex, type StructureEdit } from '../workbook/shift.ts';

/** Excel's deepest outline level. */
export const MAX_LEVEL = 7;

export interface OutlineAxis {
  /** Line index (zero-based) -> level 1..7; absent lines are at level 0. */
  levels: Record<string, number>;
  /** Summary lines of collapsed groups (Excel's collapsed="1"). */
  collapsed?: number[];
  /** Sizes (px) of lines that collapsing hid, given back when they are shown again. */
  sizes?: Record<string, number>;
}

export interface OutlineMeta {
  rows?: OutlineAxis;
  cols?: OutlineAxis;
  /** Summary rows sit above their groups (Excel: summaryBelow="0"). */
  summary_above?: true;
  /** Summary columns sit left of their groups (Excel: summaryRight="0"). */
  summary_left?: true;
}

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    outline?: OutlineMeta;
  }
}

export interface OutlineGroup {
  level: number;
  /** First and last line of the group, zero-based. */
  from: number;
  to: number;
  /** The line that summarises it (may be past the sheet's data). */
  summary: number;
  collapsed: boolean;
}

const key = (axis: Axis) => (axis === 'row' ? 'rows' : 'cols');
const sizeKey = (axis: Axis) => (axis === 'row' ? 'row_heights' : 'col_widths');

export function outlineAxis(sheet: SheetModel, axis: Axis): OutlineAxis | undefined {
  return sheet.meta.outline?.[key(axis)];
}

export function levelOf(ax: OutlineAxis | undefined, i: number): number {
  return ax?.levels[String(i)] ?? 0;
}

/** Whether the summary line of a group comes before it. */
export function summaryBefore(sheet: SheetModel, axis: Axis): boolean {
  return axis === 'row' ? !!sheet.meta.outline?.summary_above : !!sheet.meta.outline?.summary_left;
}

/** Every group of one axis, outermost first, then in order. */
export function groupsOf(sheet: SheetModel, axis: Axis): OutlineGroup[] {
  const ax = outlineAxis(sheet, axis);
  if (!ax) return [];
  const lines = Object.entries(ax.levels).map(([i, l]) => [Number(i), l] as const).sort((a, b) => a[0] - b[0]);
  const collapsed = new Set(ax.collapsed ?? []);
  const before = summaryBefore(sheet, axis);
  const out: OutlineGroup[] = [];
  for (let level = 1; level <= MAX_LEVEL; level++) {
    let from = -1, last = -2;
    const close = () => {
      if (from < 0) return;
      const summary = before ? from - 1 : last + 1;
      out.push({ level, from, to: last, summary, collapsed: collapsed.has(summary) });
      from = -1;
    };
    for (const [i, l] of lines) {
      if (l < level) continue;
      if (i !== last + 1) close();
      if (from < 0) from = i;
      last = i;
    }
    close();
  }
  return out;
}

/** The innermost group holding line `i` (at `level` when given), or undefined. */
export function groupAt(sheet: SheetModel, axis: Axis, i: number, level?: number): OutlineGroup | undefined {
  const holding = groupsOf(sheet, axis).filter((g) => i >= g.from && i <= g.to && (level === undefined || g.level === level));
  return holding.sort((a, b) => b.level - a.level)[0];
}

function axisOf(sheet: SheetModel, axis: Axis): OutlineAxis {
  const outline = (sheet.meta.outline ??= {});
  return (outline[key(axis)] ??= { levels: {} });
}

/** Drops what became empty, so a sheet without groups carries no outline. */
function tidy(sheet: SheetModel): void {
  const o = sheet.meta.outline;
  if (!o) return;
  for (const k of ['rows', 'cols'] as const) {
    const ax = o[k];
    if (!ax) continue;
    if (ax.collapsed && !ax.collapsed.length) delete ax.collapsed;
    if (ax.sizes && !Object.keys(ax.sizes).length) delete ax.sizes;
    if (!Object.keys(ax.levels).length && !ax.collapsed && !ax.sizes) delete o[k];
  }
  if (!o.rows && !o.cols && !o.summary_above && !o.summary_left) delete sheet.meta.outline;
}

/** Raises (or, with `by` -1, lowers) the level of lines from..to; returns how many changed. */
export function shiftLevels(sheet: SheetModel, axis: Axis, from: number, to: number, by: 1 | -1): number {
  const ax = axisOf(sheet, axis);
  let changed = 0;
  for (let i = from; i <= to; i++) {
    const l = levelOf(ax, i) + by;
    if (l < 0 || l > MAX_LEVEL) continue;
    if (l === 0) delete ax.levels[String(i)];
    else ax.levels[String(i)] = l;
    changed++;
  }
  tidy(sheet);
  return changed;
}

/** Whether line i is hidden by some collapsed group other than `except`. */
function hiddenByOther(groups: OutlineGroup[], i: number, except: OutlineGroup): boolean {
  return groups.some((g) => g !== except && g.collapsed && i >= g.from && i <= g.to);
}

/** Collapses or expands one group: its lines hidden, or shown again unless a collapsed group inside hides them. */
export function setCollapsed(sheet: SheetModel, axis: Axis, group: OutlineGroup, collapsed: boolean): void {
  const ax = axisOf(sheet, axis);
  const sizes = (sheet.meta[sizeKey(axis)] ??= {});
  const kept = (ax.sizes ??= {});
  const set = new Set(ax.collapsed ?? []);
  if (collapsed) set.add(group.summary);
  else set.delete(group.summary);
  ax.collapsed = [...set].sort((a, b) => a - b);
  const groups = groupsOf(sheet, axis);
  for (let i = group.from; i <= group.to; i++) {
    const k = String(i);
    if (collapsed) {
      if (sizes[k] === 0) continue;
      if (sizes[k] !== undefined) kept[k] = sizes[k]!;
      sizes[k] = 0;
    } else if (!hiddenByOther(groups, i, group)) {
      if (kept[k] !== undefined) sizes[k] = kept[k]!;
      else delete sizes[k];
      delete kept[k];
    }
  }
  tidy(sheet);
}

/** Levels, collapsed flags and kept sizes follow inserted, deleted and moved lines. */
export function followStructure(sheet: SheetModel, edit: StructureEdit): void {
  const ax = outlineAxis(sheet, edit.axis);
  if (!ax) return;
  const moveRecord = (rec: Record<string, number> | undefined) => {
    if (!rec) return rec;
    const out: Record<string, number> = {};
    for (const [i, v] of Object.entries(rec)) {
      const to = shiftIndex(Number(i), edit);
      if (to !== null) out[String(to)] = v;
    }
    return out;
  };
  // Lines inserted inside a group join it, as in Excel (they take the level both neighbours share).
  const inside = edit.kind === 'insert' ? Math.min(levelOf(ax, edit.at - 1), levelOf(ax, edit.at)) : 0;
  ax.levels = moveRecord(ax.levels)!;
  if (edit.kind === 'insert' && inside > 0) for (let i = edit.at; i < edit.at + edit.count; i++) ax.levels[String(i)] = inside;
  ax.sizes = moveRecord(ax.sizes);
  if (ax.collapsed) ax.collapsed = ax.collapsed.map((i) => shiftIndex(i, edit)).filter((i): i is number => i !== null);
  tidy(sheet);
}

/** The deepest level in use on an axis (Excel's outlineLevelRow / outlineLevelCol). */
export function maxLevel(sheet: SheetModel, axis: Axis): number {
  return Math.max(0, ...Object.values(outlineAxis(sheet, axis)?.levels ?? {}));
}
