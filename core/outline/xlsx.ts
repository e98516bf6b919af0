// Outline groups in xlsx files: `outlineLevel` and `collapsed` on <row> and <col>, the deepest
// levels on <sheetFormatPr>, and where summaries sit on <sheetPr><outlinePr>. Hidden lines are the
// sheet's own (the reader and writer of rows and columns keep them).
import type { AreaXlsx, XlsxLineOut, XlsxSheetOut } from '../workbook/area.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Axis } from '../workbook/structure.ts';
import { MAX_LEVEL, maxLevel, outlineAxis, type OutlineAxis, type OutlineMeta } from './model.ts';

const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
const yes = (v: string | undefined) => v === '1' || v === 'true';

function read(sheet: SheetModel, part: Parameters<NonNullable<AreaXlsx['read']>>[1]): void {
  const rows: OutlineAxis = { levels: {} }, cols: OutlineAxis = { levels: {} };
  const rowsCollapsed: number[] = [], colsCollapsed: number[] = [];
  for (const r of part.rows) {
    if (r.outlineLevel) rows.levels[String(r.row)] = Math.min(r.outlineLevel, MAX_LEVEL);
    if (r.collapsed) rowsCollapsed.push(r.row);
  }
  const block = /<(?:\w+:)?cols>([\s\S]*?)<\/(?:\w+:)?cols>/.exec(part.head)?.[1] ?? '';
  for (const m of block.matchAll(/<(?:\w+:)?col\b([^>]*)\/?>/g)) {
    const min = Number(attr(m[1]!, 'min')) - 1, max = Number(attr(m[1]!, 'max')) - 1;
    const level = Number(attr(m[1]!, 'outlineLevel') ?? 0);
    if (!(min >= 0 && max >= min)) continue;
    // A run to the last column is a default for the rest of the sheet, not 16k groups.
    for (let c = min; c <= Math.min(max, min + 1023); c++) if (level > 0) cols.levels[String(c)] = Math.min(level, MAX_LEVEL);
    if (yes(attr(m[1]!, 'collapsed'))) colsCollapsed.push(min);
  }
  const outlinePr = /<(?:\w+:)?outlinePr\b([^>]*)\/?>/.exec(part.head)?.[1] ?? '';
  const meta: OutlineMeta = {};
  if (Object.keys(rows.levels).length) meta.rows = { ...rows, ...(rowsCollapsed.length ? { collapsed: rowsCollapsed } : {}) };
  if (Object.keys(cols.levels).length) meta.cols = { ...cols, ...(colsCollapsed.length ? { collapsed: colsCollapsed } : {}) };
  if (!meta.rows && !meta.cols) return;
  if (attr(outlinePr, 'summaryBelow') !== undefined && !yes(attr(outlinePr, 'summaryBelow'))) meta.summary_above = true;
  if (attr(outlinePr, 'summaryRight') !== undefined && !yes(attr(outlinePr, 'summaryRight'))) meta.summary_left = true;
  sheet.meta.outline = meta;
}

function linesOut(sheet: SheetModel, axis: Axis): Map<number, XlsxLineOut> | undefined {
  const ax = outlineAxis(sheet, axis);
  if (!ax) return undefined;
  const out = new Map<number, XlsxLineOut>();
  for (const [i, level] of Object.entries(ax.levels)) out.set(Number(i), { outlineLevel: level });
  for (const i of ax.collapsed ?? []) out.set(i, { ...out.get(i), collapsed: true });
  return out;
}

function write(sheet: SheetModel): XlsxSheetOut | undefined {
  const o = sheet.meta.outline;
  if (!o) return undefined;
  const rows = linesOut(sheet, 'row'), cols = linesOut(sheet, 'col');
  return {
    ...(rows ? { rows } : {}),
    ...(cols ? { cols } : {}),
    format: {
      ...(rows ? { outlineLevelRow: maxLevel(sheet, 'row') } : {}),
      ...(cols ? { outlineLevelCol: maxLevel(sheet, 'col') } : {}),
      ...(o.summary_above ? { summaryBelow: false } : {}),
      ...(o.summary_left ? { summaryRight: false } : {}),
    },
  };
}

export const outlineXlsx: AreaXlsx = { read, write };
