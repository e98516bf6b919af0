// Kept formulas (RichCell.k: a formula the engine does not compute, such as one reading another
// workbook) are not in the engine, so the engine cannot re-point them: these hooks do, as it does
// for the others. Rows and columns inserted, deleted or moved, cells moved and sheets renamed or
// deleted rewrite their references to this workbook's cells; references to other workbooks stay.
import { mapRefs, moveFormula, renameSheetInFormula, shiftFormula } from '../formula/move-refs.ts';
import { isRich } from './cell.ts';
import type { SheetObjectHooks } from './hooks.ts';
import type { SheetModel } from './sheet.ts';
import { forEachFormula } from './spills.ts';
import type { Workbook } from './workbook.ts';

/** Applies `fn` to every kept formula of the loaded sheets (the engine loads every sheet with formulas). */
function eachKept(wb: Workbook, fn: (f: string, home: SheetModel) => string): void {
  for (const home of wb.sheets) {
    if (!(home.meta.formulas ?? 0)) continue;
    const edits: [number, number, string][] = [];
    forEachFormula(home, (r, c, cell) => {
      if (!cell.k) return;
      const f = fn(cell.f, home);
      if (f !== cell.f) edits.push([r, c, f]);
    });
    for (const [r, c, f] of edits) {
      const cell = home.get(r, c);
      if (isRich(cell)) home.set(r, c, { ...cell, f });
    }
  }
}

export const keptFormulaHooks: SheetObjectHooks = {
  onStructure: (wb, sheet, edit) => eachKept(wb, (f, home) => shiftFormula(f, home.name, sheet.name, edit)),
  onMove: (wb, sheet, from, to) => eachKept(wb, (f, home) => moveFormula(f, home.name, sheet.name, from, to)),
  onRenameSheet: (wb, from, to) => eachKept(wb, (f) => renameSheetInFormula(f, from, to)),
  onRemoveSheet(wb, sheet) {
    const gone = sheet.name.toLowerCase();
    eachKept(wb, (f, home) => (home === sheet ? f : mapRefs(f, (ref) => (ref.sheet?.toLowerCase() === gone ? null : ref))));
  },
};
