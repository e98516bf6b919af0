// Excel's text a formula cell keeps beside the engine's (RichCell.x: Sales[Units], Sales[[#This
// Row],[Units]]) follows every edit the engine's text follows: rows and columns inserted, deleted
// or moved, cells moved, sheets renamed. Reads show it while it still stands for the cell's
// formula (io/excel-text.ts), so an edit that left it behind would show the engine's text instead.
// A text an edit rewrites names its newer functions as Excel writes them (_xlfn.NETWORKDAYS.INTL
// where LibreOffice wrote NETWORKDAYS.INTL): it is the service's formula now.
import type { Rect } from '../a1.ts';
import { moveFormula, renameSheetInFormula, shiftFormula } from '../formula/move-refs.ts';
import { withFunctionPrefixes } from '../formula/prefixes.ts';
import type { StructureEdit } from './shift.ts';
import type { SheetModel } from './sheet.ts';
import { forEachFormula } from './spills.ts';

/** Rewrites every kept text of the given sheets with `fn` (given the text and the sheet it is on). */
function rewriteTexts(sheets: readonly SheetModel[], fn: (x: string, home: SheetModel) => string): void {
  for (const home of sheets) {
    if (!(home.meta.formulas ?? 0)) continue;
    forEachFormula(home, (row, col, cell) => {
      if (cell.x === undefined) return;
      const x = fn(cell.x, home);
      if (x !== cell.x) home.set(row, col, { ...cell, x: withFunctionPrefixes(x) });
    });
  }
}

/** After rows or columns of `sheet` were inserted, deleted or moved. */
export function shiftWrittenTexts(sheets: readonly SheetModel[], sheet: SheetModel, edit: StructureEdit): void {
  rewriteTexts(sheets, (x, home) => shiftFormula(x, home.name, sheet.name, edit));
}

/** After the cells of `from` on `sheet` were moved so their top-left is at `to`. */
export function moveWrittenTexts(sheets: readonly SheetModel[], sheet: SheetModel, from: Rect, to: { row: number; col: number }): void {
  rewriteTexts(sheets, (x, home) => moveFormula(x, home.name, sheet.name, from, to));
}

/** After a sheet was renamed. */
export function renameSheetInWrittenTexts(sheets: readonly SheetModel[], from: string, to: string): void {
  rewriteTexts(sheets, (x) => renameSheetInFormula(x, from, to));
}
