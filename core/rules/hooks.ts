// Conditional formats follow the sheet: ranges shift with row/column inserts, deletes and moves
// and with cell moves, and the conditions' references shift with them (a condition stays written
// for the top-left cell of its range). Clearing a whole rule range removes the rule.
import type { SheetObjectHooks } from '../workbook/hooks.ts';
import { shiftRect } from '../workbook/shift.ts';
import { newId } from '../objects/ranges.ts';
import { moveFormula, renameSheetInFormula, shiftAnchoredFormula, shiftFormula } from '../formula/move-refs.ts';
import type { Bound, RuleSpec } from './model.ts';

/** The formulas of a rule: its condition, or the thresholds a file placed at a formula's value. */
function reformulate(rule: RuleSpec, f: (formula: string) => string): void {
  if (rule.type === 'formula') {
    rule.formula = f(rule.formula);
    return;
  }
  const bounds: Bound[] = rule.type === 'data_bar' ? [rule.min, rule.max] : rule.thresholds;
  for (const b of bounds) if (b.formula) b.formula = f(b.formula);
}

export const ruleObjects: SheetObjectHooks = {
  onStructure(wb, sheet, edit) {
    for (const home of wb.sheets) {
      const rules = home.meta.cond_formats;
      if (!rules?.length) continue;
      home.meta.cond_formats = rules.filter((rule) => {
        if (home.id === sheet.id) {
          const moved = shiftRect(rule.range, edit);
          if (!moved) return false;
          reformulate(rule, (f) => shiftAnchoredFormula(f, rule.range, home.name, edit));
          rule.range = moved;
        } else {
          reformulate(rule, (f) => shiftFormula(f, home.name, sheet.name, edit));
        }
        return true;
      });
    }
  },
  onClear(_wb, sheet, rect, opts) {
    const rules = sheet.meta.cond_formats;
    if (!rules?.length || opts?.keepFormats) return;
    const kept = rules.filter((r) => !(r.range.r0 >= rect.r0 && r.range.r1 <= rect.r1 && r.range.c0 >= rect.c0 && r.range.c1 <= rect.c1));
    if (kept.length !== rules.length) {
      sheet.meta.cond_formats = kept;
    }
  },
  onRenameSheet(wb, from, to) {
    for (const home of wb.sheets) {
      for (const rule of home.meta.cond_formats ?? []) reformulate(rule, (f) => renameSheetInFormula(f, from, to));
    }
  },
  onMove(wb, sheet, from, to) {
    const dr = to.row - from.r0, dc = to.col - from.c0;
    for (const home of wb.sheets) {
      for (const rule of home.meta.cond_formats ?? []) {
        const r = rule.range;
        const inside = home.id === sheet.id && r.r0 >= from.r0 && r.r1 <= from.r1 && r.c0 >= from.c0 && r.c1 <= from.c1;
        if (inside) rule.range = { r0: r.r0 + dr, r1: r.r1 + dr, c0: r.c0 + dc, c1: r.c1 + dc };
        reformulate(rule, (f) => moveFormula(f, home.name, sheet.name, from, to));
      }
    }
  },
  onDuplicate(_wb, _source, copy) {
    for (const rule of copy.meta.cond_formats ?? []) rule.id = newId('cf');
  },
};
