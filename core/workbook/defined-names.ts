// Names in formulas, whatever area defines them (data tables, named ranges): a new engine gets
// them from the areas' namedExpressions hooks when it is built; syncNames brings a live engine in
// line after names change (Workbooks.write calls it before every commit), and rewriteFormulas
// follows a renamed or removed name through the formulas that use it.
import { renameNames } from '../formula/rename-names.ts';
import { isRich } from './cell.ts';
import { ENGINE_NAMES } from './engine.ts';
import { NO_DEPENDENCY_FUNCTIONS } from './hf-names-fix.ts';
import { allNamedExpressions } from './hooks.ts';
import { mayNameName } from '../formula/mentions.ts';
import { functionsCalled } from '../formula/prefixes.ts';
import type { SheetModel } from './sheet.ts';
import { forEachFormula } from './spills.ts';
import type { Workbook } from './workbook.ts';

/** Brings a live engine's names (the file's and each sheet's own) in line with the hooks (no engine: nothing to do). */
export async function syncNames(wb: Workbook): Promise<void> {
  const engine = wb.engine;
  if (!engine) return;
  const hf = engine.hf;
  // A name's key: its scope (the engine's sheet id, or '' for the workbook) and its text without case.
  const scopeId = (sheetId: string | undefined) => {
    const sheet = sheetId === undefined ? undefined : wb.sheets.find((s) => s.id === sheetId);
    return sheet && engine.has(sheet) ? engine.hfId(sheet) : undefined;
  };
  const keyOf = (name: string, scope: number | undefined) => `${scope ?? ''}|${name.toLowerCase()}`;
  // The engine's own names (TRUE, FALSE) are not the hooks' to manage.
  const builtIn = new Set(ENGINE_NAMES.map((n) => keyOf(n.name, undefined)));
  const have = new Map<string, { name: string; scope?: number }>();
  const scopes = [undefined, ...wb.sheets.filter((s) => engine.has(s)).map((s) => engine.hfId(s))];
  for (const scope of scopes) {
    for (const name of hf.listNamedExpressions(scope)) if (!builtIn.has(keyOf(name, scope))) have.set(keyOf(name, scope), { name, scope });
  }
  const wanted = allNamedExpressions(wb).map((d) => ({ ...d, hfScope: scopeId(d.scope) })).filter((d) => d.scope === undefined || d.hfScope !== undefined);
  const wantedKeys = new Set(wanted.map((d) => keyOf(d.name, d.hfScope)));
  // The common case (every commit): nothing to do, and no formula is looked at.
  const todo = wanted.filter((d) => {
    const current = have.get(keyOf(d.name, d.hfScope));
    return current === undefined || hf.getNamedExpression(current.name, current.scope)?.expression !== d.expression;
  });
  const stale = [...have.entries()].filter(([k]) => !wantedKeys.has(k)).map(([, n]) => n);
  if (!todo.length && !stale.length) return;
  const formulas: { sheet: SheetModel; r: number; c: number; f: string; x?: string }[] = [];
  for (const sheet of wb.sheets) if (engine.loaded.has(sheet.id)) forEachFormula(sheet, (r, c, cell) => void formulas.push({ sheet, r, c, f: cell.f, ...(cell.x !== undefined ? { x: cell.x } : {}) }));
  const changed: string[] = stale.map((n) => n.name);
  for (const def of todo) {
    // A formula already naming this table needs the table's sheet in the engine.
    const sheet = wb.sheets.find((s) => s.id === def.sheetId);
    if (sheet && !engine.loaded.has(sheet.id) && formulas.some((x) => mayNameName(x.f, def.name))) await wb.prepareFor(sheet, ['=0']);
    const current = have.get(keyOf(def.name, def.hfScope));
    if (current === undefined) wb.applyChanges(hf.addNamedExpression(def.name, def.expression, def.hfScope));
    else {
      wb.applyChanges(hf.changeNamedExpression(current.name, def.expression, def.hfScope));
      changed.push(def.name);
    }
  }
  for (const n of stale) wb.applyChanges(hf.removeNamedExpression(n.name, n.scope));
  // ROWS(Sales) and the like hold no dependency on the name, and HyperFormula keeps the last value
  // of a formula whose name was removed: set those again so they recompute (#NAME? for a removed one).
  const removed = stale.map((n) => n.name);
  for (const x of formulas) {
    const again = (changed.some((n) => mayNameName(x.f, n)) && functionsCalled(x.f).some((fn) => NO_DEPENDENCY_FUNCTIONS.has(fn))) || removed.some((n) => mayNameName(x.f, n));
    if (again) await wb.writeCells(x.sheet, x.r, x.c, [[{ f: x.f, ...(x.x !== undefined ? { x: x.x } : {}) }]]);
  }
}

/**
 * Rewrites every formula cell that mentions one of the names (table renamed or removed), on the
 * sheets `where` picks (all by default; a sheet's own name is read by that sheet's formulas only).
 * Excel's text a cell keeps (RichCell.x) follows too: Sales[Units] becomes Revenue[Units].
 */
export async function rewriteFormulas(wb: Workbook, names: Map<string, string>, where: (sheet: SheetModel) => boolean = () => true): Promise<number> {
  if (!names.size) return 0;
  return rewriteFormulaTexts(wb, (text) => renameNames(text, names), where);
}

/**
 * Rewrites every formula cell whose text `rewrite` changes (the engine's text and the Excel text
 * the cell keeps alike), on the sheets `where` picks; the count of engine formulas rewritten.
 */
export async function rewriteFormulaTexts(wb: Workbook, rewrite: (text: string, sheet: SheetModel, r: number, c: number) => string, where: (sheet: SheetModel) => boolean = () => true): Promise<number> {
  if (!wb.hasFormulas()) return 0;
  await wb.ensureEngine();
  let count = 0;
  for (const sheet of wb.sheets) {
    if (!(sheet.meta.formulas ?? 0) || !where(sheet)) continue;
    await wb.loadAll(sheet);
    const edits: { r: number; c: number; f: string; x?: string }[] = [];
    forEachFormula(sheet, (r, c, cell) => {
      const f = rewrite(cell.f, sheet, r, c);
      const x = cell.x === undefined ? undefined : rewrite(cell.x, sheet, r, c);
      if (f !== cell.f) edits.push({ r, c, f, ...(x !== undefined ? { x } : {}) });
      else if (x !== cell.x) sheet.set(r, c, { ...cell, x });
    });
    for (const e of edits) {
      const cell = sheet.get(e.r, e.c);
      if (isRich(cell)) await wb.writeCells(sheet, e.r, e.c, [[{ f: e.f, ...(e.x !== undefined ? { x: e.x } : {}) }]]);
      count++;
    }
  }
  return count;
}
