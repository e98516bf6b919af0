// Data validation follows the sheet as conditional formats do (core/rules/hooks.ts): ranges shift
// with row/column inserts, deletes and moves and with cell moves, bounds and formulas keep their
// references pointing at the same cells, a renamed sheet is followed, and clearing a whole rule
// range with its formats (Excel's Clear All) removes the rule.
import type { Rect } from '../a1.ts';
import { newId } from '../objects/ranges.ts';
import { moveFormula, renameSheetInFormula, shiftAnchoredFormula, shiftFormula } from '../formula/move-refs.ts';
import type { SheetObjectHooks } from '../workbook/hooks.ts';
import { shiftRect } from '../workbook/shift.ts';
import type { ValidationSpec } from './model.ts';

const FORMULAS = ['formula1', 'formula2'] as const;

function eachFormula(spec: ValidationSpec, fn: (f: string) => string): void {
  for (const key of FORMULAS) {
    const f = spec[key];
    if (f !== undefined) spec[key] = fn(f);
  }
}

const inside = (r: Rect, outer: Rect) => r.r0 >= outer.r0 && r.r1 <= outer.r1 && r.c0 >= outer.c0 && r.c1 <= outer.c1;

export const validationObjects: SheetObjectHooks = {
  onStructure(wb, sheet, edit) {
    for (const home of wb.sheets) {
      const specs = home.meta.validations;
      if (!specs?.length) continue;
      home.meta.validations = specs.filter((spec) => {
        if (home.id !== sheet.id) {
          eachFormula(spec, (f) => shiftFormula(f, home.name, sheet.name, edit));
          return true;
        }
        const rects = [spec.range, ...(spec.more ?? [])].map((r) => shiftRect(r, edit)).filter((r): r is Rect => !!r);
        if (!rects.length) return false;
        eachFormula(spec, (f) => shiftAnchoredFormula(f, spec.range, home.name, edit));
        spec.range = rects[0]!;
        if (rects.length > 1) spec.more = rects.slice(1);
        else delete spec.more;
        return true;
      });
    }
  },
  onClear(_wb, sheet, rect, opts) {
    const specs = sheet.meta.validations;
    if (!specs?.length || opts?.keepFormats) return;
    const kept = specs.filter((s) => ![s.range, ...(s.more ?? [])].every((r) => inside(r, rect)));
    if (kept.length !== specs.length) sheet.meta.validations = kept;
  },
  onRenameSheet(wb, from, to) {
    for (const home of wb.sheets) for (const spec of home.meta.validations ?? []) eachFormula(spec, (f) => renameSheetInFormula(f, from, to));
  },
  onMove(wb, sheet, from, to) {
    const dr = to.row - from.r0;
    const dc = to.col - from.c0;
    const moved = (r: Rect) => ({ r0: r.r0 + dr, r1: r.r1 + dr, c0: r.c0 + dc, c1: r.c1 + dc });
    for (const home of wb.sheets) {
      for (const spec of home.meta.validations ?? []) {
        if (home.id === sheet.id && inside(spec.range, from)) {
          spec.range = moved(spec.range);
          if (spec.more) spec.more = spec.more.map((r) => (inside(r, from) ? moved(r) : r));
        }
        eachFormula(spec, (f) => moveFormula(f, home.name, sheet.name, from, to));
      }
    }
  },
  onDuplicate(_wb, _source, copy) {
    for (const spec of copy.meta.validations ?? []) spec.id = newId('dv');
  },
};
