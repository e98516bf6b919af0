// HyperFormula adapter. An engine holds the sheets that formulas need: every sheet with formulas
// and every sheet their text names. Other sheets exist in it as empty placeholders, so names
// resolve, and are filled in when a new formula starts naming them (ensureSheetsFor).
import { DetailedCellError, HyperFormula, type ConfigParams, type ExportedChange, type FunctionPluginDefinition, type RawCellContent } from 'hyperformula';
import { MAX_COLS, MAX_ROWS } from '../a1.ts';
import { isRich, type Cell, type RichCell } from './cell.ts';
import type { SheetModel } from './sheet.ts';
import { registerFunctions, type EngineContext } from './functions/index.ts';
import { patchExcelCoercion } from './hf-excel-coercion.ts';
import { patchSerialZero } from './hf-serial-zero.ts';
import { patchArrayBroadcast } from './hf-array-broadcast.ts';
import { patchRangeValues } from './hf-range-values.ts';
import { excelDateTimeParser } from './excel-dates.ts';
import { patchNamedExpressionEvaluation } from './hf-names-fix.ts';
import { patchLongNames } from './hf-long-names.ts';
import { patchQuotedText } from './hf-quoted-text.ts';
import { patchDynamicOffset } from './hf-dynamic-offset.ts';
import { patchPositionReferences } from './hf-position-refs.ts';
import { patchRangeEdges } from './hf-range-edges.ts';
import { patchTopSort } from './hf-top-sort.ts';
import { patchIteration } from './hf-iteration.ts';
import { OffsetPlugin } from './functions/references.ts';
import { forgetParsedSizes, resizeRequests } from './functions/shared.ts';
import { RECALC_TIMEOUT_MS, TEXT_LIMIT, withinBudget } from './functions/guard.ts';

export const ENGINE_CONFIG: Partial<ConfigParams> = {
  licenseKey: 'gpl-v3',
  maxRows: MAX_ROWS,
  maxColumns: MAX_COLS,
  useArrayArithmetic: true,
  // Excel's 1900 date system: serial 1 is 1900-01-01 and serial 60 Excel's 29 February 1900
  // (Lotus 1-2-3's leap year), so serials below 61 are Excel's too. A 1904 file: DATES_1904.
  nullDate: { year: 1899, month: 12, day: 31 },
  leapYear1900: true,
  dateFormats: ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD.MM.YYYY'],
  timeFormats: ['hh:mm', 'hh:mm:ss.sss'],
  // And Excel's dates with month names ("22-May-2011", "May 22, 2011") in text.
  parseDateTime: excelDateTimeParser(),
  // Excel compares text without case but with accents: "Berlín" is not "Berlin".
  accentSensitive: true,
  // HyperFormula rounds every value it hands out to 11 significant digits by default; Excel keeps
  // the whole double (=DATE(2025,1,10)+TIME(23,59,0) was 38 ms off, NPV(...) 2.5E-11 for 6.1E-15).
  // Values are stored whole; replies show them with 15 significant digits (core/numbers.ts).
  smartRounding: false,
};

/**
 * HyperFormula knows TRUE and FALSE only as functions (TRUE()); as bare words they would be
 * unknown names (#NAME?), which breaks VLOOKUP(..., FALSE). Every engine defines them as names
 * holding plain values, not formulas: a value is always there, even where HyperFormula does not
 * track the name as a dependency (inside an array constant such as {TRUE,FALSE}).
 */
export const ENGINE_NAMES = [
  { name: 'TRUE', expression: true },
  { name: 'FALSE', expression: false },
];

/** The engine config with the clock NOW() and TODAY() read (the real clock when none is given). */
/**
 * The configuration every engine of the service is built with. HyperFormula keeps function
 * plugins in one registry per process, so our plugins (XMATCH, SORTBY, LET, ..., NOW/TODAY on the
 * service clock), the fix for names in ROWS() & co (hf-names-fix.ts) and Excel's text literals
 * (hf-quoted-text.ts) are installed here, on the way to the first engine, not by importing a module.
 */
/** Excel's 1904 date system (a file with workbookPr date1904): serial 0 is 1904-01-01. */
export const DATES_1904: Partial<ConfigParams> = { nullDate: { year: 1904, month: 1, day: 1 }, leapYear1900: false };

export function engineConfig(context?: EngineContext): Partial<ConfigParams> {
  registerFunctions();
  patchNamedExpressionEvaluation();
  patchLongNames();
  patchQuotedText();
  patchExcelCoercion();
  patchSerialZero();
  patchArrayBroadcast();
  patchRangeValues();
  patchDynamicOffset(OffsetPlugin as unknown as FunctionPluginDefinition);
  patchPositionReferences();
  patchRangeEdges();
  patchTopSort();
  patchIteration();
  return context ? { ...ENGINE_CONFIG, ...(context.date1904 ? DATES_1904 : {}), context } : ENGINE_CONFIG;
}

/** Raw content HyperFormula should see for a stored cell. Text is forced with a leading apostrophe. */
export function toEngineContent(cell: Cell): RawCellContent {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'string') return `'${cell}`;
  if (typeof cell !== 'object') return cell;
  if (cell.f !== undefined && !cell.k) return cell.f;
  // A kept formula is its cached value to the engine, and an error typed or imported as a value
  // (#N/A in a cell) is that error: both as the error's literal.
  if (cell.e !== undefined && cell.sp === undefined) return cell.e;
  if (cell.sp !== undefined || cell.v === undefined || cell.v === null) return null;
  return typeof cell.v === 'string' ? `'${cell.v}` : cell.v;
}

const HINTS: Record<string, string> = {
  NUMBER_DATE: 'd',
  NUMBER_DATETIME: 'dt',
  NUMBER_TIME: 't',
  NUMBER_PERCENT: 'p',
  NUMBER_CURRENCY: 'c',
};

export interface EngineSheetSource {
  sheet: SheetModel;
  /** False for placeholders: present by name, content not loaded. */
  loaded: boolean;
}

/**
 * HyperFormula sizes a formula's result when it parses it, and a build parses the sheets before
 * it adds the named expressions: a call of a named LAMBDA (LAMBDA.CALL(name, ...)) was sized
 * without its LAMBDA, as one cell. Those formulas are entered again now that the names exist.
 */
function resizeNamedLambdaCalls(hf: HyperFormula, data: Record<string, RawCellContent[][]>): void {
  const named = /LAMBDA\.CALL\(\s*(?!LAMBDA\s*\()[^\s(),]/i;
  const cells: [{ sheet: number; row: number; col: number }, string][] = [];
  for (const [name, rows] of Object.entries(data)) {
    const sheet = hf.getSheetId(name)!;
    rows.forEach((line, row) =>
      line?.forEach((v, col) => {
        if (typeof v === 'string' && v.charCodeAt(0) === 61 && named.test(v)) cells.push([{ sheet, row, col }, v]);
      }),
    );
  }
  // An empty batch still recomputes the engine's dirty cells: a second full computation of a
  // workbook with tables (each table is a name) for nothing.
  if (!cells.length) return;
  hf.batch(() => {
    for (const [at, v] of cells) hf.setCellContents(at, [[v]]);
  });
}

/** Rows of a sheet hidden by a height of 0. */
function hiddenRowsOf(sheet: SheetModel | undefined): ReadonlySet<number> | undefined {
  const heights = sheet?.meta.row_heights;
  if (!heights) return undefined;
  const out = new Set<number>();
  for (const [row, px] of Object.entries(heights)) if (px === 0) out.add(Number(row));
  return out;
}

export class FormulaEngine {
  readonly hf: HyperFormula;
  private readonly hfIdBySheet = new Map<string, number>();
  private readonly sheetByHfId = new Map<number, SheetModel>();
  readonly loaded = new Set<string>();

  private constructor(
    hf: HyperFormula,
    private readonly budgetMs: number,
  ) {
    this.hf = hf;
  }

  /**
   * `names` are the named expressions from the sheet-object hooks (data tables, named ranges);
   * `scope` is the id of the sheet whose own name it is.
   */
  static build(sources: EngineSheetSource[], context?: EngineContext, names: { name: string; expression: string; scope?: string }[] = []): FormulaEngine {
    const data: Record<string, RawCellContent[][]> = {};
    for (const { sheet, loaded } of sources) data[sheet.name] = loaded ? denseContent(sheet) : [];
    // HyperFormula numbers the sheets in the order it walks `data`'s keys (which puts names like
    // "2024" first), and a scoped name gives the number of its sheet.
    const order = Object.keys(data);
    const scopeOf = (id: string | undefined) => {
      const sheet = id === undefined ? undefined : sources.find((s) => s.sheet.id === id)?.sheet;
      return sheet ? order.indexOf(sheet.name) : -1;
    };
    const named = names.flatMap((n) => {
      const scope = scopeOf(n.scope);
      if (n.scope === undefined) return [{ name: n.name, expression: n.expression }];
      return scope >= 0 ? [{ name: n.name, expression: n.expression, scope }] : [];
    });
    const budgetMs = context?.recalcMs ?? RECALC_TIMEOUT_MS;
    // SUBTOTAL's 101-111 forms ask which rows of a sheet are hidden: the engine's sheets answer.
    // While the build evaluates, the engine's ids are the order of `data`'s keys.
    const ready: { engine?: FormulaEngine } = {};
    const building = (id: number) => sources.find((s) => s.sheet.name === order[id])?.sheet;
    const withRows = { ...context, hiddenRows: (id: number) => hiddenRowsOf(ready.engine ? ready.engine.sheetOf(id) : building(id)) } as EngineContext;
    const hf = withinBudget(budgetMs, () => HyperFormula.buildFromSheets(data, engineConfig(withRows), [...ENGINE_NAMES, ...named]));
    if (named.length) withinBudget(budgetMs, () => resizeNamedLambdaCalls(hf, data));
    const built = new FormulaEngine(hf, budgetMs);
    for (const { sheet, loaded } of sources) {
      built.register(sheet);
      if (loaded) built.loaded.add(sheet.id);
    }
    ready.engine = built;
    // Like the rest of the build's values, the re-spills' are read whole where that is needed
    // (FormulaSession.buildAndSync), so their changes are not kept here.
    withinBudget(budgetMs, () => built.settle([]));
    return built;
  }

  private register(sheet: SheetModel): void {
    const id = this.hf.getSheetId(sheet.name);
    if (id === undefined) throw new Error(`engine lost sheet ${sheet.name}`);
    this.hfIdBySheet.set(sheet.id, id);
    this.sheetByHfId.set(id, sheet);
  }

  hfId(sheet: SheetModel): number {
    const id = this.hfIdBySheet.get(sheet.id);
    if (id === undefined) throw new Error(`sheet ${sheet.name} is not in the engine`);
    return id;
  }

  sheetOf(hfId: number): SheetModel | undefined {
    return this.sheetByHfId.get(hfId);
  }

  has(sheet: SheetModel): boolean {
    return this.hfIdBySheet.has(sheet.id);
  }

  /** Loads a placeholder's content (its tiles must be loaded). Returns the value changes. */
  fill(sheet: SheetModel): ExportedChange[] {
    if (this.loaded.has(sheet.id)) return [];
    this.loaded.add(sheet.id);
    return this.timed(() => this.hf.setSheetContent(this.hfId(sheet), denseContent(sheet)));
  }

  /** Adds a sheet by name; `loaded` false makes it a placeholder to fill() later. */
  addSheet(sheet: SheetModel, loaded = true): void {
    this.hf.addSheet(sheet.name);
    this.register(sheet);
    if (loaded) this.loaded.add(sheet.id);
  }

  removeSheet(sheet: SheetModel): ExportedChange[] {
    const changes = this.timed(() => this.hf.removeSheet(this.hfId(sheet)));
    this.sheetByHfId.delete(this.hfId(sheet));
    this.hfIdBySheet.delete(sheet.id);
    this.loaded.delete(sheet.id);
    return changes;
  }

  setContents(sheet: SheetModel, row: number, col: number, grid: RawCellContent[][]): ExportedChange[] {
    return this.timed(() => this.hf.setCellContents({ sheet: this.hfId(sheet), row, col }, grid));
  }

  /** Gives scattered cells of one sheet new contents in one batch (another process's edits: catch-up.ts). */
  setCells(sheet: SheetModel, cells: [row: number, col: number, content: RawCellContent][]): ExportedChange[] {
    const id = this.hfId(sheet);
    return this.timed(() =>
      this.hf.batch(() => {
        for (const [row, col, content] of cells) this.hf.setCellContents({ sheet: id, row, col }, [[content]]);
      }),
    );
  }

  /** Runs an edit that recalculates under the time budget (a RecalcTimeoutError leaves this engine unusable: the write drops it). */
  timed(fn: () => ExportedChange[]): ExportedChange[] {
    resizeRequests.length = 0;
    return withinBudget(this.budgetMs, () => this.settle(fn()));
  }

  /** Recomputes what is volatile (NOW, OFFSET, SUBTOTAL...), for a change the engine cannot see, such as hidden rows. */
  recalculate(): ExportedChange[] {
    return this.timed(() => this.hf.batch(() => undefined));
  }

  /**
   * Enters again the formulas whose data-sized result (A1#, TEXTSPLIT, TRIMRANGE) now needs
   * another area than the one reserved when they were parsed (functions/spills.ts), so they
   * re-spill as in Excel; a few passes, since one re-spill can resize another.
   */
  settle(changes: ExportedChange[]): ExportedChange[] {
    for (let pass = 0; pass < 3 && resizeRequests.length; pass++) {
      const seen = new Set<string>();
      const cells = resizeRequests.splice(0).filter((at) => !seen.has(`${at.sheet}:${at.row}:${at.col}`) && seen.add(`${at.sheet}:${at.row}:${at.col}`));
      forgetParsedSizes((this.hf as unknown as { dependencyGraph: object }).dependencyGraph, cells);
      const more = this.hf.batch(() => {
        for (const at of cells) {
          const formula = this.hf.getCellFormula(at);
          if (formula !== undefined) this.hf.setCellContents(at, [[formula]]);
        }
      });
      changes = changes.concat(more);
    }
    resizeRequests.length = 0;
    return changes;
  }

  /** The cached-result fields of a formula cell at an address, read from the engine. */
  resultAt(sheet: SheetModel, row: number, col: number): Pick<RichCell, 'v' | 'e' | 'm' | 'h'> {
    const addr = { sheet: this.hfId(sheet), row, col };
    return formulaResultFields(this.hf.getCellValue(addr), () => this.hf.getCellValueDetailedType(addr));
  }

  destroy(): void {
    this.hf.destroy();
  }
}

/** A formula's result: one whose value is an empty cell (=A1 with A1 empty) shows 0, as in Excel. */
export function formulaResultFields(value: unknown, detailedType: () => string): Pick<RichCell, 'v' | 'e' | 'm' | 'h'> {
  return resultFields(value ?? 0, detailedType);
}

export function resultFields(value: unknown, detailedType: () => string): Pick<RichCell, 'v' | 'e' | 'm' | 'h'> {
  if (value instanceof DetailedCellError) return { v: null, e: value.value, m: value.message || undefined };
  // `&` can join texts past Excel's limit without a function to stop it: the cell shows #VALUE!.
  if (typeof value === 'string' && value.length > TEXT_LIMIT) return { v: null, e: '#VALUE!', m: `Text longer than ${TEXT_LIMIT.toLocaleString('en-US')} characters (the most a cell holds)` };
  const out: Pick<RichCell, 'v' | 'e' | 'm' | 'h'> = { v: (value as RichCell['v']) ?? null };
  if (typeof value === 'number') {
    const hint = HINTS[detailedType()];
    if (hint) out.h = hint;
  }
  return out;
}

/** The sheet's loaded content as HyperFormula's dense rows. */
function denseContent(sheet: SheetModel): RawCellContent[][] {
  const { rows, cols } = sheet.usedExtent();
  const out: RawCellContent[][] = new Array(rows);
  for (let r = 0; r < rows; r++) {
    const row: RawCellContent[] = new Array(cols).fill(null);
    for (let c = 0; c < cols; c++) {
      const cell = sheet.get(r, c);
      if (cell !== null && cell !== undefined) row[c] = toEngineContent(cell);
    }
    out[r] = row;
  }
  return out;
}

export function isFormulaCell(cell: Cell): boolean {
  return isRich(cell) && cell.f !== undefined;
}
