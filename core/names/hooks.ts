// Named ranges follow the sheet as formulas in cells do: references shift with row/column inserts,
// deletes and moves and with cell moves, follow a renamed sheet, and become #REF! when their cells
// or their sheet are deleted (Excel keeps such a name, showing =#REF!). The formula engine gets
// every name through namedExpressions; Workbooks.write keeps a live engine in step.
import { shownFormula } from '../workbook/implicit-intersection.ts';
import { mapRefs, moveFormula, renameSheetInFormula, shiftFormula } from '../formula/move-refs.ts';
import type { SheetObjectHooks } from '../workbook/hooks.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { allNames, engineHoldsName, qualifiedName, targetSheet, type NameSpec } from './model.ts';

/** Names never hold unqualified references, so no sheet is their "own" one. */
const NO_HOME = '';

function rewrite(wb: Workbook, fn: (expr: string) => string): void {
  for (const { spec } of allNames(wb)) {
    const next = fn(spec.refers_to);
    if (next !== spec.refers_to) spec.refers_to = next;
  }
}

export const nameObjects: SheetObjectHooks = {
  namedExpressions: (wb) =>
    allNames(wb).filter(({ spec }) => engineHoldsName(spec)).map(({ sheet, spec }) => ({ name: spec.name, expression: spec.refers_to, sheetId: (targetSheet(wb, spec) ?? sheet).id, ...(spec.local ? { scope: sheet.id } : {}) })),
  onStructure(wb, sheet, edit) {
    rewrite(wb, (expr) => shiftFormula(expr, NO_HOME, sheet.name, edit));
  },
  onMove(wb, sheet, from, to) {
    rewrite(wb, (expr) => moveFormula(expr, NO_HOME, sheet.name, from, to));
  },
  onRenameSheet(wb, from, to) {
    rewrite(wb, (expr) => renameSheetInFormula(expr, from, to));
  },
  onRemoveSheet(wb, sheet) {
    const gone = sheet.name.toLowerCase();
    rewrite(wb, (expr) => mapRefs(expr, (ref) => (ref.sheet?.toLowerCase() === gone ? null : ref)));
    // The workbook names kept on the deleted sheet move to the next first sheet; its own names
    // go with it, as in Excel.
    const kept: NameSpec[] = (sheet.meta.names ?? []).filter((n) => !n.local);
    const next = wb.sheets.find((s) => s !== sheet);
    if (kept.length && next) {
      next.meta.names = [...(next.meta.names ?? []), ...kept];
      sheet.meta.names = [];
    }
  },
  onDuplicate(_wb, source, copy) {
    // Workbook names belong to the file; a sheet's own names are copied with it (as Excel does),
    // their references to the sheet pointing at the copy.
    const own = (source.meta.names ?? []).filter((n) => n.local).map((n) => ({ ...n, refers_to: renameSheetInFormula(n.refers_to, source.name, copy.name) }));
    if (own.length) copy.meta.names = own;
    else delete copy.meta.names;
  },
};

/** The name as shown to agents and in /context. */
export function nameView(wb: Workbook, entry: { sheet: SheetModel; spec: NameSpec }): { name: string; refers_to: string; value?: unknown; comment?: string } {
  const { spec } = entry;
  return { name: qualifiedName(entry), refers_to: shownFormula(spec.refers_to), ...(spec.comment ? { comment: spec.comment } : {}), ...nameValue(wb, entry) };
}

/** A name's current value when the engine has one at hand (a constant or one cell), for /context. */
function nameValue(wb: Workbook, { sheet, spec }: { sheet: SheetModel; spec: NameSpec }): { value?: unknown } {
  const engine = wb.engine;
  if (!engine || !engineHoldsName(spec)) return {};
  const v = engine.hf.getNamedExpressionValue(spec.name, spec.local && engine.has(sheet) ? engine.hfId(sheet) : undefined);
  if (v === undefined || Array.isArray(v)) return {};
  return { value: typeof v === 'object' && v !== null && 'value' in v ? String((v as { value: unknown }).value) : v };
}
