// One file in memory: sheets, styles, lazily loaded tiles and (when the file has formulas) a
// formula engine. Ops mutate it inside Workbooks.write(); commitSet() lists what to store.
import { randomUUID } from 'node:crypto';
import type { RawCellContent, ExportedChange } from 'hyperformula';
import type { Rect } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import type { CommitOutbox, CommitSet, FileRecord, LogEntry, TileRecord, WorkbookRecord } from '../store.ts';
import { formulaOf, isRich, styleOf, type Cell, type RichCell, type Scalar } from './cell.ts';
import { ChangeLog } from './changes.ts';
import { FormulaEngine, namesSheet, toEngineContent } from './engine.ts';
import type { EngineContext } from './functions/index.ts';
import { allNamedExpressions, mentionsName, sheetObjectHooks, type NamedExpressionDef } from './hooks.ts';
import { SheetModel } from './sheet.ts';
import { applyEngineChanges, syncSheetFromEngine } from './engine-sync.ts';
import { BlockedSpills, forEachFormula } from './spills.ts';
import type { SheetMeta } from './sheet-meta.ts';
import { StyleTable, type Style } from './style.ts';
import { Tile, tileKey, tileOf } from './tile.ts';

export { forEachFormula } from './spills.ts';

export type TileLoader = (sheetId: string, keys: { tr: number; tc: number }[]) => Promise<TileRecord[]>;

/** What a write puts into one cell: a literal, a formula, or a literal with the format its typing implies. */
export type Content = Scalar | null | { f: string } | { v: Scalar; auto: Partial<Style> };

export class Workbook {
  file: FileRecord;
  styles: StyleTable;
  sheets: SheetModel[];
  engine: FormulaEngine | undefined;
  /** Cells changed by the current write (inputs and recomputed values). */
  readonly changes = new ChangeLog();
  /** Tasks this write queues or finishes, committed in the same transaction (code cells). */
  outbox: CommitOutbox = {};
  private readonly loader: TileLoader;
  /** What the formula engine reads its clock from (NOW, TODAY). */
  private readonly engineContext?: EngineContext;
  private deletedSheets: string[] = [];
  private renamed = false;
  /** Formula cells showing #SPILL! ("sheetId\trow\tcol"): see retryBlockedSpills. */
  private readonly blockedSpills = new BlockedSpills();

  constructor(rec: WorkbookRecord, loader: TileLoader, engineContext?: EngineContext) {
    this.file = { ...rec.file };
    this.styles = new StyleTable(rec.styles);
    this.sheets = rec.sheets.map((s) => new SheetModel(s, s.tiles)).sort((a, b) => a.position - b.position);
    this.loader = loader;
    this.engineContext = engineContext;
  }

  get version(): number {
    return this.file.version;
  }

  // ---- sheets -------------------------------------------------------------------------------

  findSheet(name: string): SheetModel | undefined {
    const lower = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === lower);
  }

  /** The named sheet, or the first; an unknown name is a 400 listing the sheets that exist. */
  sheet(name?: string, field = 'sheet'): SheetModel {
    if (name === undefined) return this.sheets[0]!;
    const found = this.findSheet(name);
    if (!found) throw invalidArg(field, `no sheet named '${name}'; sheets are: ${this.sheets.map((s) => `'${s.name}'`).join(', ')}`, { sheets: this.sheets.map((s) => s.name) });
    return found;
  }

  /**
   * Resolves the sheet for a reference that may be sheet-qualified (Sheet2!A1) next to an
   * optional `sheet` parameter; the two must agree.
   */
  sheetFor(sheetParam: string | undefined, refSheet: string | undefined, field: string): SheetModel {
    if (refSheet !== undefined && sheetParam !== undefined && refSheet.toLowerCase() !== sheetParam.toLowerCase()) {
      throw invalidArg(field, `names sheet '${refSheet}' but the sheet parameter is '${sheetParam}'; give one or make them agree`);
    }
    return this.sheet(refSheet ?? sheetParam, refSheet !== undefined ? field : 'sheet');
  }

  addSheet(name: string, position = this.sheets.length, meta: SheetMeta = {}): SheetModel {
    const sheet = new SheetModel({ id: randomUUID(), name, position, meta });
    sheet.metaDirty = true;
    this.sheets.splice(position, 0, sheet);
    this.renumber();
    this.engine?.addSheet(sheet);
    return sheet;
  }

  /** A copy of the sheet (cells, meta) at a position; its formulas keep their cached results. */
  async duplicateSheet(source: SheetModel, name: string, position: number): Promise<SheetModel> {
    await this.loadAll(source);
    const copy = new SheetModel({ id: randomUUID(), name, position, meta: structuredClone(source.meta) });
    copy.metaDirty = true;
    for (const [key, tile] of source.loadedTiles()) {
      copy.addLoaded(key, Tile.decode(tile.encode()));
      copy.index.set(key, tile.bounds());
      copy.dirtyTiles.add(key);
    }
    this.sheets.splice(position, 0, copy);
    this.renumber();
    for (const h of sheetObjectHooks) h.onDuplicate?.(this, source, copy);
    this.changes.structural.add(copy.id);
    if (this.engine) {
      this.engine.addSheet(copy, false);
      if ((copy.meta.formulas ?? 0) > 0) this.applyChanges(this.engine.fill(copy));
    }
    return copy;
  }

  removeSheet(sheet: SheetModel): void {
    if (this.engine?.has(sheet)) this.applyChanges(this.engine.removeSheet(sheet));
    this.sheets = this.sheets.filter((s) => s !== sheet);
    this.deletedSheets.push(sheet.id);
    this.changes.structural.add(sheet.id);
    this.renumber();
    if (this.engine) this.refreshFormulaTexts();
  }

  renameSheet(sheet: SheetModel, name: string): void {
    if (this.engine?.has(sheet)) this.engine.hf.renameSheet(this.engine.hfId(sheet), name);
    sheet.name = name;
    sheet.metaDirty = true;
    if (this.engine) this.refreshFormulaTexts();
  }

  moveSheet(sheet: SheetModel, position: number): void {
    this.sheets = this.sheets.filter((s) => s !== sheet);
    this.sheets.splice(position, 0, sheet);
    this.renumber();
  }

  private renumber(): void {
    this.sheets.forEach((s, i) => {
      if (s.position !== i) {
        s.position = i;
        s.metaDirty = true;
      }
    });
  }

  renameFile(name: string): void {
    this.file.name = name;
    this.renamed = true;
  }

  // ---- loading ------------------------------------------------------------------------------

  async load(sheet: SheetModel, rect: Rect): Promise<void> {
    await this.fetch(sheet, sheet.missingTiles(rect));
  }

  async loadAll(sheet: SheetModel): Promise<void> {
    await this.fetch(sheet, sheet.allMissingTiles());
  }

  private async fetch(sheet: SheetModel, keys: number[]): Promise<void> {
    if (keys.length === 0) return;
    const rows = await this.loader(sheet.id, keys.map(tileOf));
    for (const row of rows) sheet.addLoaded(tileKey(row.tr, row.tc), Tile.decode(row.data));
  }

  // ---- formulas -----------------------------------------------------------------------------

  hasFormulas(): boolean {
    return this.sheets.some((s) => (s.meta.formulas ?? 0) > 0);
  }

  /** Builds the engine on first need: sheets with formulas plus the sheets their formulas name. */
  async ensureEngine(): Promise<FormulaEngine> {
    if (this.engine) return this.engine;
    const withFormulas = this.sheets.filter((s) => (s.meta.formulas ?? 0) > 0);
    for (const s of withFormulas) await this.loadAll(s);
    const texts: string[] = [];
    for (const s of withFormulas) {
      forEachFormula(s, (row, col, cell) => {
        texts.push(cell.f);
        this.blockedSpills.note(s.id, row, col, cell);
      });
    }
    const needed = new Set(withFormulas.map((s) => s.id));
    const names = allNamedExpressions(this);
    for (const s of this.sheets) if (!needed.has(s.id) && texts.some((f) => formulaNeeds(f, s, names))) needed.add(s.id);
    for (const s of this.sheets) if (needed.has(s.id)) await this.loadAll(s);
    this.engine = FormulaEngine.build(this.sheets.map((sheet) => ({ sheet, loaded: needed.has(sheet.id) })), this.engineContext, names);
    return this.engine;
  }

  /**
   * Drops the engine and builds it again from the tiles, writing every formula's result back
   * (after an import has rewritten whole sheets behind the engine's back).
   */
  async rebuildEngine(): Promise<void> {
    this.engine?.destroy();
    this.engine = undefined;
    this.blockedSpills.clearAll();
    if (!this.hasFormulas()) return;
    const built = await this.ensureEngine();
    for (const s of this.sheets) if (built.loaded.has(s.id) && (s.meta.formulas ?? 0) > 0) this.syncFromEngine(s);
  }

  /**
   * Makes sure every sheet these formulas name (and the target sheet, when formulas are given) is
   * loaded in the engine. Public for areas that evaluate formulas themselves (conditional formats).
   */
  async prepareFor(target: SheetModel, formulas: string[]): Promise<FormulaEngine> {
    const engine = await this.ensureEngine();
    const fill = async (s: SheetModel) => {
      if (engine.loaded.has(s.id)) return;
      await this.loadAll(s);
      this.applyChanges(engine.fill(s));
    };
    if (formulas.length) await fill(target);
    const names = formulas.length ? allNamedExpressions(this) : [];
    for (const s of this.sheets) if (formulas.some((f) => formulaNeeds(f, s, names))) await fill(s);
    return engine;
  }

  /** Applies HyperFormula's value changes to cached formula results and spill cells. */
  applyChanges(changes: ExportedChange[]): void {
    if (this.engine) applyEngineChanges(this.engine, changes, this.changes, this.blockedSpills);
  }

  /**
   * Makes the sheet's cached formula results and spill cells equal to the engine's values (after
   * a fresh build that included new formulas). Walks the sheet once.
   */
  private syncFromEngine(sheet: SheetModel): void {
    syncSheetFromEngine(this.engine!, sheet, this.changes, this.blockedSpills);
  }

  /** Re-reads every formula's text from the engine after sheets or structure changed. */
  refreshFormulaTexts(): void {
    const engine = this.engine;
    if (!engine) return;
    for (const sheet of this.sheets) {
      if (!engine.loaded.has(sheet.id) || !(sheet.meta.formulas ?? 0)) continue;
      forEachFormula(sheet, (row, col, cell) => {
        const text = engine.hf.getCellFormula({ sheet: engine.hfId(sheet), row, col });
        if (text !== undefined && text !== cell.f) sheet.set(row, col, { ...cell, f: text });
      });
    }
  }

  // ---- writes -------------------------------------------------------------------------------

  /** Puts one cell, keeping the sheet's formula count right. No engine sync: see writeCells. */
  putCell(sheet: SheetModel, row: number, col: number, cell: Cell): void {
    const before = formulaOf(sheet.get(row, col)) !== undefined;
    const after = isRich(cell) && cell.f !== undefined;
    if (before !== after) {
      sheet.meta.formulas = Math.max(0, (sheet.meta.formulas ?? 0) + (after ? 1 : -1));
      sheet.metaDirty = true;
    }
    sheet.set(row, col, cell);
  }

  /**
   * Writes a rectangle of contents at (row, col), keeping each cell's style, and recomputes
   * every formula that depends on it. Formula results land in the cells before this returns.
   */
  async writeCells(sheet: SheetModel, row: number, col: number, grid: Content[][]): Promise<void> {
    const width = grid.reduce((m, r) => Math.max(m, r.length), 0);
    await this.load(sheet, { r0: row, c0: col, r1: row + grid.length - 1, c1: col + Math.max(width, 1) - 1 });
    const formulas: string[] = [];
    for (const r of grid) for (const c of r) if (c !== null && typeof c === 'object' && 'f' in c) formulas.push(c.f);
    // First formulas of a file: store the cells, then build the engine once from the tiles — much
    // cheaper than building an empty engine and feeding it thousands of formulas one by one.
    // An engine that exists must see every write, even once the file has no formulas left.
    const fresh = !this.engine && formulas.length > 0 && !this.hasFormulas();
    const engine = !fresh && (formulas.length || this.hasFormulas() || this.engine) ? await this.prepareFor(sheet, formulas) : undefined;

    if (grid.length && width) this.changes.add(sheet.id, { r0: row, c0: col, r1: row + grid.length - 1, c1: col + width - 1 });
    const written: [number, number][] = [];
    for (let i = 0; i < grid.length; i++) {
      const line = grid[i]!;
      for (let j = 0; j < line.length; j++) {
        const r = row + i, c = col + j;
        const old = sheet.get(r, c);
        let s = styleOf(old);
        const content = line[j]!;
        let cell: Cell;
        if (content === null || typeof content !== 'object') cell = content === null ? (s ? { s } : null) : s ? { v: content, s } : content;
        else if ('f' in content) {
          cell = s ? { f: content.f, s } : { f: content.f };
          written.push([r, c]);
        } else {
          if (!hasNumberFormat(this.styles.get(s))) s = this.styles.patch(s, content.auto);
          cell = s ? { v: content.v, s } : content.v;
        }
        this.putCell(sheet, r, c, cell);
      }
    }
    if (fresh) {
      const built = await this.ensureEngine();
      for (const s of this.sheets) if (built.loaded.has(s.id) && (s.meta.formulas ?? 0) > 0) this.syncFromEngine(s);
      return;
    }
    if (!engine || !engine.loaded.has(sheet.id)) return;
    const raw: RawCellContent[][] = grid.map((line, i) => line.map((_, j) => toEngineContent(sheet.get(row + i, col + j))));
    this.applyChanges(engine.setContents(sheet, row, col, raw));
    for (const [r, c] of written) {
      const cell = { ...(sheet.get(r, c) as RichCell), ...blankResult(), ...engine.resultAt(sheet, r, c) };
      this.blockedSpills.note(sheet.id, r, c, cell);
      sheet.set(r, c, cell);
    }
    if (grid.some((line) => line.some((c) => c === null))) this.retryBlockedSpills();
  }

  /**
   * Re-learns which formulas of a sheet show #SPILL! after its cells moved (structural edits,
   * cell moves), so retryBlockedSpills finds them at their new places.
   */
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
      const sheet = this.sheets.find((s) => s.id === sheetId);
      const cell = sheet && engine.loaded.has(sheet.id) ? sheet.get(row, col) : null;
      if (!sheet || !isRich(cell) || cell.f === undefined) {
        this.blockedSpills.forget(sheetId, row, col);
        continue;
      }
      this.applyChanges(engine.setContents(sheet, row, col, [[cell.f]]));
      const next = { ...(sheet.get(row, col) as RichCell), ...blankResult(), ...engine.resultAt(sheet, row, col) };
      this.blockedSpills.note(sheet.id, row, col, next);
      sheet.set(row, col, next);
    }
  }

  // ---- commit -------------------------------------------------------------------------------

  hasChanges(): boolean {
    return this.renamed || this.styles.dirty || this.deletedSheets.length > 0 || Boolean(this.outbox.tasks?.length || this.outbox.finish) || this.sheets.some((s) => s.metaDirty || s.dirtyTiles.size > 0);
  }

  commitSet(at: Date, log: LogEntry): CommitSet {
    const set: CommitSet = { fileId: this.file.id, baseVersion: this.file.version, at, sheetsUpsert: [], sheetsDelete: [...this.deletedSheets], tilesUpsert: [], tilesDelete: [], log };
    if (this.renamed) set.name = this.file.name;
    if (this.styles.dirty) set.styles = this.styles.toJSON();
    if (this.outbox.tasks?.length || this.outbox.finish) set.outbox = this.outbox;
    for (const sheet of this.sheets) {
      if (sheet.metaDirty) set.sheetsUpsert.push(sheet.toRecord());
      for (const key of sheet.dirtyTiles) {
        const { tr, tc } = tileOf(key);
        const b = sheet.boundsOf(key);
        if (!b) set.tilesDelete.push({ sheetId: sheet.id, tr, tc });
        else set.tilesUpsert.push({ sheetId: sheet.id, tr, tc, ...b, data: sheet.tiles.get(key)!.encode() });
      }
    }
    return set;
  }

  /** Marks everything stored. The change log is kept for after-commit hooks (Workbooks clears it). */
  afterCommit(version: number, at: Date): void {
    this.file.version = version;
    this.file.modified = at;
    this.renamed = false;
    this.styles.dirty = false;
    this.deletedSheets = [];
    this.outbox = {};
    for (const sheet of this.sheets) {
      sheet.metaDirty = false;
      for (const key of sheet.dirtyTiles) {
        if (!sheet.boundsOf(key)) {
          sheet.index.delete(key);
          sheet.tiles.delete(key);
        }
      }
      sheet.dirtyTiles.clear();
    }
  }

  destroy(): void {
    this.engine?.destroy();
    this.engine = undefined;
  }
}

function blankResult(): Pick<RichCell, 'v' | 'e' | 'm' | 'h'> {
  return { v: undefined, e: undefined, m: undefined, h: undefined };
}

function hasNumberFormat(style: Style): boolean {
  return style.number_format !== undefined || style.date_time !== undefined || style.format_code !== undefined;
}

/** Does the formula name this sheet, directly or through a workbook name pointing into it? */
function formulaNeeds(formula: string, sheet: SheetModel, names: NamedExpressionDef[]): boolean {
  return namesSheet(formula, sheet.name) || names.some((n) => n.sheetId === sheet.id && mentionsName(formula, n.name));
}
