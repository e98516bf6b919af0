// One file in memory: sheets, styles and lazily loaded tiles, and the writes on them. Ops mutate
// it inside Workbooks.write(). Two parts have their own files: the formula engine session
// (formulas.ts, built only when the file has formulas) and the changeset that becomes the commit
// (changeset.ts).
import { randomUUID } from 'node:crypto';
import type { RawCellContent, ExportedChange } from 'hyperformula';
import type { Rect } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import type { CommitSet, FileRecord, LogEntry, TileRecord, WorkbookRecord } from '../store.ts';
import { formulaOf, isRich, styleOf, type Cell, type Scalar, type TextRun } from './cell.ts';
import { ChangeLog } from './changes.ts';
import { EffectLog } from './effects.ts';
import { Changeset } from './changeset.ts';
import { toEngineContent, type FormulaEngine } from './engine.ts';
import { FormulaSession } from './formulas.ts';
import type { EngineContext } from './functions/index.ts';
import { checkAreaNames, objectHooksOf, type NamedHooks, type WorkbookArea } from './area.ts';
import { SheetModel } from './sheet.ts';
import type { SheetMeta } from './sheet-meta.ts';
import { StyleTable, type Style } from './style.ts';
import { Tile, tileKey, tileOf } from './tile.ts';
import { renameSheetInWrittenTexts } from './written-texts.ts';
import { DAYS_1904 } from '../formats/number-format.ts';

export { forEachFormula } from './spills.ts';

export type TileLoader = (sheetId: string, keys: { tr: number; tc: number }[]) => Promise<TileRecord[]>;

/** What a write puts into one cell: a literal, a formula, or a literal with the format its typing implies. */
/** A value, a formula (with the text it was written as, when the engine reads it another way: RichCell.x) or a typed value with its automatic format. */
export type Content = Scalar | null | { f: string; x?: string } | { v: Scalar; auto: Partial<Style> } | { v: string; r: TextRun[] };

export interface WorkbookOptions {
  /** The areas whose objects, overlays, graphics and context this workbook carries (none when absent). */
  areas?: readonly WorkbookArea[];
  /** What the formula engine reads its clock from (NOW, TODAY). */
  engineContext?: EngineContext;
}

export class Workbook {
  file: FileRecord;
  readonly areas: readonly WorkbookArea[];
  /** The object hooks of `areas`, in order. */
  readonly hooks: readonly NamedHooks[];
  styles: StyleTable;
  sheets: SheetModel[];
  /** Cells changed by the current write (inputs and recomputed values). */
  readonly changes = new ChangeLog();
  /** What the current write changed beyond the cells it named, for its reply (effects.ts). */
  readonly effects = new EffectLog();
  /** The formula engine and what stays in step with it. */
  readonly formulas: FormulaSession;
  /** What the current write changed besides cells and sheet meta; the commit set. */
  readonly changeset = new Changeset();
  private readonly loader: TileLoader;

  constructor(rec: WorkbookRecord, loader: TileLoader, opts: WorkbookOptions = {}) {
    this.areas = opts.areas ?? [];
    checkAreaNames(this.areas);
    this.hooks = objectHooksOf(this.areas);
    this.file = { ...rec.file };
    this.styles = new StyleTable(rec.styles);
    this.sheets = rec.sheets.map((s) => new SheetModel(s, s.tiles)).sort((a, b) => a.position - b.position);
    this.loader = loader;
    this.formulas = new FormulaSession(this, opts.engineContext);
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
    // A new sheet of a 1904 file counts dates as the file does (core/workbook/date-system.ts), and
    // carries its iteration setting (core/workbook/iteration.ts).
    const iteration = this.sheets.find((s) => s.meta.iteration)?.meta.iteration;
    const inherited = { ...(this.sheets.some((s) => s.meta.date1904) ? { date1904: true as const } : {}), ...(iteration ? { iteration: { ...iteration } } : {}) };
    const sheet = new SheetModel({ id: randomUUID(), name, position, meta: Object.keys(inherited).length ? { ...meta, ...inherited } : meta }, [], true);
    this.sheets.splice(position, 0, sheet);
    this.renumber();
    this.engine?.addSheet(sheet);
    return sheet;
  }

  /** A copy of the sheet (cells, meta) at a position; its formulas keep their cached results. */
  async duplicateSheet(source: SheetModel, name: string, position: number): Promise<SheetModel> {
    await this.loadAll(source);
    const copy = new SheetModel({ id: randomUUID(), name, position, meta: structuredClone(source.meta) }, [], true);
    for (const [key, tile] of source.loadedTiles()) {
      copy.addLoaded(key, Tile.decode(tile.encode()));
      copy.index.set(key, tile.bounds());
      copy.dirtyTiles.add(key);
    }
    this.sheets.splice(position, 0, copy);
    this.renumber();
    for (const h of this.hooks) h.onDuplicate?.(this, source, copy);
    this.changes.structural.add(copy.id);
    if (this.engine) {
      this.engine.addSheet(copy, false);
      if ((copy.meta.formulas ?? 0) > 0) this.applyChanges(this.engine.fill(copy));
    }
    return copy;
  }

  removeSheet(sheet: SheetModel): void {
    for (const h of this.hooks) h.onRemoveSheet?.(this, sheet);
    if (this.engine?.has(sheet)) this.applyChanges(this.engine.removeSheet(sheet));
    this.sheets = this.sheets.filter((s) => s !== sheet);
    this.changeset.sheetDeleted(sheet.id);
    this.changes.structural.add(sheet.id);
    this.renumber();
    if (this.engine) this.refreshFormulaTexts();
  }

  renameSheet(sheet: SheetModel, name: string): void {
    if (this.engine?.has(sheet)) this.engine.hf.renameSheet(this.engine.hfId(sheet), name);
    renameSheetInWrittenTexts(this.sheets, sheet.name, name);
    sheet.name = name;
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
      }
    });
  }

  renameFile(name: string): void {
    this.file.name = name;
    this.changeset.fileRenamed();
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

  // ---- formulas (core/workbook/formulas.ts) ------------------------------------------------

  /** The formula engine, when one has been built. */
  get engine(): FormulaEngine | undefined {
    return this.formulas.engine;
  }

  hasFormulas(): boolean {
    return this.formulas.hasFormulas();
  }

  /** Builds the engine on first need: sheets with formulas plus the sheets their formulas name. */
  ensureEngine(): Promise<FormulaEngine> {
    return this.formulas.ensure();
  }

  /** Drops the engine and builds it again from the tiles, writing every formula's result back. */
  rebuildEngine(): Promise<void> {
    return this.formulas.rebuild();
  }

  /** Loads what these formulas need into the engine (for areas that evaluate formulas: conditional formats). */
  prepareFor(target: SheetModel, formulas: string[]): Promise<FormulaEngine> {
    return this.formulas.prepareFor(target, formulas);
  }

  applyChanges(changes: ExportedChange[]): void {
    this.formulas.applyChanges(changes);
  }

  /**
   * Recomputes volatile formulas after a change only the sheet's layout holds (rows hidden or
   * shown: SUBTOTAL's 101-111 forms). Without a built engine there is nothing to refresh: the next
   * build computes from the current layout.
   */
  recalculate(): void {
    const engine = this.formulas.engine;
    if (engine) this.applyChanges(engine.recalculate());
  }

  refreshFormulaTexts(): void {
    this.formulas.refreshTexts();
  }

  rescanBlockedSpills(sheet: SheetModel): void {
    this.formulas.rescanBlockedSpills(sheet);
  }

  retryBlockedSpills(): void {
    this.formulas.retryBlockedSpills();
  }

  // ---- writes -------------------------------------------------------------------------------

  /** Puts one cell, keeping the sheet's formula count right. No engine sync: see writeCells. */
  putCell(sheet: SheetModel, row: number, col: number, cell: Cell): void {
    const before = formulaOf(sheet.get(row, col)) !== undefined;
    const after = isRich(cell) && cell.f !== undefined;
    if (before !== after) {
      sheet.meta.formulas = Math.max(0, (sheet.meta.formulas ?? 0) + (after ? 1 : -1));
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

    if (grid.length && width) {
      this.changes.add(sheet.id, { r0: row, c0: col, r1: row + grid.length - 1, c1: col + width - 1 });
      this.effects.wrote(sheet.id, { r0: row, c0: col, r1: row + grid.length - 1, c1: col + width - 1 });
    }
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
          cell = { f: content.f, ...(s ? { s } : {}), ...(content.x ? { x: content.x } : {}) };
          written.push([r, c]);
        } else if ('r' in content) {
          // Rich text carried from another cell (sort, copy, move): its runs come with it.
          cell = { v: content.v, r: content.r, ...(s ? { s } : {}) };
        } else {
          if (!hasNumberFormat(this.styles.get(s))) s = this.styles.patch(s, content.auto);
          // A typed date is read as a 1900 serial; a file in the 1904 system counts that day 1462 lower.
          const v = sheet.meta.date1904 && typeof content.v === 'number' && /%[dejYyFD]/.test(content.auto.date_time ?? '') ? content.v - DAYS_1904 : content.v;
          cell = s ? { v, s } : v;
        }
        this.putCell(sheet, r, c, cell);
      }
    }
    if (fresh) return this.formulas.buildAndSync();
    if (!engine || !engine.loaded.has(sheet.id)) return;
    const raw: RawCellContent[][] = grid.map((line, i) => line.map((_, j) => toEngineContent(sheet.get(row + i, col + j))));
    this.formulas.setContents(sheet, row, col, raw, written);
    if (grid.some((line) => line.some((c) => c === null))) this.retryBlockedSpills();
  }

  // ---- commit (core/workbook/changeset.ts) -------------------------------------------------

  hasChanges(): boolean {
    return this.changeset.pending(this);
  }

  commitSet(at: Date, log: LogEntry): CommitSet {
    return this.changeset.build(this, at, log);
  }

  /** Marks everything stored. The change log is kept for after-commit hooks (Workbooks clears it). */
  afterCommit(version: number, at: Date): void {
    this.changeset.committed(this, version, at);
  }

  destroy(): void {
    this.formulas.destroy();
  }
}

function hasNumberFormat(style: Style): boolean {
  return style.number_format !== undefined || style.date_time !== undefined || style.format_code !== undefined;
}
