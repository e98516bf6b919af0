// Code cells in the seams other areas offer: has-data (a code cell occupies its anchor even
// before it has a result), find/replace in code sources (a changed source reruns), and the
// dependency graph of GET /cells/dependencies (what a code cell reads, which code cells read a cell).
import { cellToA1, rectContains, type Rect } from '../a1.ts';
import type { DependencyProvider } from '../workbook/area.ts';
import type { SheetRef } from '../workbook/dependencies.ts';
import type { ReplacedText, TextReplace } from '../workbook/hooks.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { allCodeCells, codeCells, edgeRect } from './model.ts';

export function occupies(_wb: Workbook, sheet: SheetModel, rect: Rect): string[] {
  return codeCells(sheet)
    .filter((cc) => rectContains(rect, cc.row, cc.col))
    .map((cc) => `code cell ${cellToA1({ row: cc.row, col: cc.col })} (${cc.language === 'connection' ? 'sql' : cc.language})`);
}

/** Replaces in the sources of code cells anchored in `rect`; `rerun` gets the ids to run again. */
export function replaceInCode(sheet: SheetModel, rect: Rect, replace: TextReplace, rerun: (id: string) => void): ReplacedText[] {
  const out: ReplacedText[] = [];
  for (const cc of codeCells(sheet)) {
    if (!rectContains(rect, cc.row, cc.col)) continue;
    const hit = replace.apply(cc.code);
    if (!hit || hit.text === cc.code || hit.text.trim() === '') continue;
    out.push({ cell: cellToA1({ row: cc.row, col: cc.col }), before: cc.code, after: hit.text, count: hit.count });
    cc.code = hit.text;
    rerun(cc.id);
  }
  return out;
}

export const codeCellDependencies: DependencyProvider = {
    forward(wb, sheet, row, col) {
      const cc = codeCells(sheet).find((c) => c.row === row && c.col === col);
      return (cc?.reads ?? []).flatMap((e): SheetRef[] => {
        const s = wb.sheets.find((x) => x.id === e.sheet_id);
        if (!s) return [];
        const used = s.usedExtent();
        const r = edgeRect(e);
        return [{ sheet: s, rect: { ...r, r1: r.r1 === Infinity ? Math.max(r.r0, used.rows - 1) : r.r1, c1: r.c1 === Infinity ? Math.max(r.c0, used.cols - 1) : r.c1 } }];
      });
    },
    reverse(wb, sheet, row, col) {
      const out: SheetRef[] = [];
      for (const { sheet: s, cc } of allCodeCells(wb)) {
        if ((cc.reads ?? []).some((e) => e.sheet_id === sheet.id && rectContains(edgeRect(e), row, col))) out.push({ sheet: s, rect: { r0: cc.row, c0: cc.col, r1: cc.row, c1: cc.col } });
      }
      return out;
    },
};
