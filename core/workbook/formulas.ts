// A workbook's formula engine session: builds HyperFormula on first need from the sheets whose
// formulas need it, keeps the tiles' cached results equal to the engine's values, and re-enters
// formulas blocked by #SPILL! when their blockers go. The workbook owns the cells; this owns the
// engine and what must stay in step with it.
import type { ExportedChange, RawCellContent } from 'hyperformula';
import { isRich, type RichCell } from './cell.ts';
import { FormulaEngine } from './engine.ts';
import { mayNameName, mayNameSheet } from '../formula/mentions.ts';
import { applyEngineChanges, syncSheetFromEngine } from './engine-sync.ts';
import type { EngineContext } from './functions/index.ts';
import { allNamedExpressions, type NamedExpressionDef } from './hooks.ts';
import type { SheetModel } from './sheet.ts';
import { BlockedSpills, forEachFormula } from './spills.ts';
import type { Workbook } from './workbook.ts';
import { isDate1904 } from './date-system.ts';
import { iterationOf } from './iteration.ts';

export class FormulaSession {
  engine: FormulaEngine | undefined;
  /** Formula cells showing #SPILL!: see retryBlockedSpills. */
  private readonly blockedSpills = new BlockedSpills();

  constructor(
    private readonly wb: Workbook,
    /** What the engine reads its clock from (NOW, TODAY). */
    private readonly context?: EngineContext,
  ) {}

  /** Does any sheet hold a formula? A file without formulas never builds an engine. */
  hasFormulas(): boolean {
    return this.wb.sheets.some((s) => (s.meta.formulas ?? 0) > 0);
  }

  /** Builds the engine on first need: sheets with formulas plus the sheets their formulas name. */
  async ensure(): Promise<FormulaEngine> {
    if (this.engine) return this.engine;
    const { wb } = this;
    const withFormulas = wb.sheets.filter((s) => (s.meta.formulas ?? 0) > 0);
    for (const s of withFormulas) await wb.loadAll(s);
    const texts: string[] = [];
    for (const s of withFormulas) {
      forEachFormula(s, (row, col, cell) => {
        if (cell.k) return;
        texts.push(cell.f);
        this.blockedSpills.note(s.id, row, col, cell);
      });
    }
    const needed = new Set(withFormulas.map((s) => s.id));
    const names = allNamedExpressions(wb);
    for (const s of wb.sheets) if (!needed.has(s.id) && texts.some((f) => formulaNeeds(f, s, names))) needed.add(s.id);
    for (const s of wb.sheets) if (needed.has(s.id)) await wb.loadAll(s);
    // The file's date system is the engine's epoch (nullDate), so DATE, TEXT and TODAY count as the file does.
    this.engine = FormulaEngine.build(wb.sheets.map((sheet) => ({ sheet, loaded: needed.has(sheet.id) })), { ...this.context, date1904: isDate1904(wb), iteration: iterationOf(wb) } as EngineContext, names);
    return this.engine;
  }

  /** Builds the engine from the tiles as they are now and writes every formula's result back. */
  async buildAndSync(): Promise<void> {
    const built = await this.ensure();
    for (const s of this.wb.sheets) if (built.loaded.has(s.id) && (s.meta.formulas ?? 0) > 0) syncSheetFromEngine(built, s, this.wb.changes, this.blockedSpills, this.wb.effects);
  }

  /** Drops the engine and builds it again (after an import rewrote whole sheets behind its back). */
  async rebuild(): Promise<void> {
    this.destroy();
    this.blockedSpills.clearAll();
    if (this.hasFormulas()) await this.buildAndSync();
  }

  /**
   * Makes sure every sheet these formulas name (and the target sheet, when formulas are given) is
   * loaded in the engine.
   */
  async prepareFor(target: SheetModel, formulas: string[]): Promise<FormulaEngine> {
    const engine = await this.ensure();
    const fill = async (s: SheetModel) => {
      if (engine.loaded.has(s.id)) return;
      await this.wb.loadAll(s);
      this.applyChanges(engine.fill(s));
    };
    if (formulas.length) await fill(target);
    const names = formulas.length ? allNamedExpressions(this.wb) : [];
    for (const s of this.wb.sheets) if (formulas.some((f) => formulaNeeds(f, s, names))) await fill(s);
    return engine;
  }

  /** Applies HyperFormula's value changes to cached formula results and spill cells. */
  applyChanges(changes: ExportedChange[]): void {
    if (this.engine) applyEngineChanges(this.engine, changes, this.wb.changes, this.blockedSpills, this.wb.effects);
  }

  /** Gives the engine new contents for a block of the sheet and stores the formulas' new results. */
  setContents(sheet: SheetModel, row: number, col: number, raw: RawCellContent[][], formulas: [number, number][]): void {
    const engine = this.engine!;
    this.applyChanges(engine.setContents(sheet, row, col, raw));
    for (const [r, c] of formulas) this.storeResult(sheet, r, c);
  }

  /** Re-reads every formula's text from the engine after sheets or structure changed. */
  refreshTexts(): void {
    const engine = this.engine;
    if (!engine) return;
    for (const sheet of this.wb.sheets) {
      if (!engine.loaded.has(sheet.id) || !(sheet.meta.formulas ?? 0)) continue;
      forEachFormula(sheet, (row, col, cell) => {
        const text = engine.hf.getCellFormula({ sheet: engine.hfId(sheet), row, col });
        if (text !== undefined && text !== cell.f) sheet.set(row, col, { ...cell, f: text });
      });
    }
  }

  /** Re-learns which formulas of a sheet show #SPILL! after its cells moved. */
  rescanBlockedSpills(sheet: SheetModel): void {
    this.blockedSpills.rescan(sheet);
  }

  /**
   * Re-enters formulas blocked by #SPILL!. HyperFormula recomputes a formula only when its
   * inputs change, and the cell blocking a spill is not an input, so clearing it would leave the
   * error in place (hyperformula#1287). Call after anything that empties cells.
   */
  retryBlockedSpills(): void {
    const engine = this.engine;
    if (!engine) return;
    for (const { sheetId, row, col } of this.blockedSpills.entries()) {
      const sheet = this.wb.sheets.find((s) => s.id === sheetId);
      const cell = sheet && engine.loaded.has(sheet.id) ? sheet.get(row, col) : null;
      if (!sheet || !isRich(cell) || cell.f === undefined) {
        this.blockedSpills.forget(sheetId, row, col);
        continue;
      }
      this.applyChanges(engine.setContents(sheet, row, col, [[cell.f]]));
      this.storeResult(sheet, row, col);
    }
  }

  destroy(): void {
    this.engine?.destroy();
    this.engine = undefined;
  }

  /** The engine's result for a formula cell, written into its tile. */
  private storeResult(sheet: SheetModel, row: number, col: number): void {
    const cell: RichCell = { ...(sheet.get(row, col) as RichCell), v: undefined, e: undefined, m: undefined, h: undefined, ...this.engine!.resultAt(sheet, row, col) };
    this.blockedSpills.note(sheet.id, row, col, cell);
    sheet.set(row, col, cell);
  }
}

/** Does the formula name this sheet, directly or through a workbook name pointing into it? */
function formulaNeeds(formula: string, sheet: SheetModel, names: NamedExpressionDef[]): boolean {
  return mayNameSheet(formula, sheet.name) || names.some((n) => n.sheetId === sheet.id && mayNameName(formula, n.name));
}
