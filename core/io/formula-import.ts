// Formulas from spreadsheet files: future-function prefixes (_xlfn.) come off, and a formula the
// engine cannot compute (an unknown function, syntax it does not read) is kept as the file wrote
// it, showing the file's cached value (RichCell.k), and is reported instead of turning into #NAME?
// or being dropped: export writes it back.
import { HyperFormula } from 'hyperformula';
import { ENGINE_NAMES, engineConfig } from '../workbook/engine.ts';
import { isEngineFunction } from '../workbook/functions/index.ts';
import { functionsCalled, prefixesAsStored, withoutPrefixes } from '../formula/prefixes.ts';
import { arrayFillForEngine, bareRangeForEngine, brokenRangesForEngine, callsOnlyFunctions, lambdaCallsForEngine, numbersForEngine, rangeJoinsForEngine } from '../formula/engine-text.ts';
import type { RichCell, Scalar } from '../workbook/cell.ts';
import { explicitIntersections } from '../workbook/implicit-intersection.ts';
import type { BookTable } from './book.ts';
import { resolveStructuredRefs, type FormulaPlace } from '../formula/structured-refs.ts';

let scratch: HyperFormula | undefined;

export interface FormulaOutcome {
  /** The cell: computed, or (with unsupported or invalid) kept with its cached value. */
  cell: RichCell;
  /** Unknown functions (cached value kept). */
  unsupported?: string[];
  /** Text does not parse (cached value kept). */
  invalid?: boolean;
}

/** Formulas of one shape (shared formulas differ only in row numbers) parse alike: check each shape once. */
const shapes = new Map<string, boolean>();

function parses(formula: string): boolean {
  const shape = formula.replace(/\d+/g, '0');
  let ok = shapes.get(shape);
  if (ok === undefined) {
    scratch ??= HyperFormula.buildFromArray([[]], engineConfig(), ENGINE_NAMES);
    ok = scratch.validateFormula(formula);
    if (shapes.size > 10_000) shapes.clear();
    shapes.set(shape, ok);
  }
  return ok;
}

export interface ImportOptions {
  /** Not an array formula: evaluated the pre-dynamic-array way. */
  legacy?: boolean;
  /** A legacy array formula (Ctrl+Shift+Enter): the rows and columns of the range it fills. */
  fill?: { rows: number; cols: number };
  /** The file's defined names (upper case): a call of one is a LAMBDA's call (core/formula/engine-text.ts). */
  names?: ReadonlySet<string>;
  /** The file's tables and the formula's place, for structured references. */
  tables?: readonly BookTable[];
  at?: FormulaPlace;
}

/** The cell with the file's cached result (a kept formula shows it; a computed one until the engine runs). */
function withCache(cell: RichCell, cached: Scalar | null | undefined, cachedError: string | undefined): RichCell {
  if (cachedError) cell.e = cachedError;
  else if (cached !== null && cached !== undefined) cell.v = cached;
  return cell;
}

/**
 * The formula with its structured references resolved: a kept table's by its formula names
 * (Sales.Unit_Price), which follow the table as it grows; in a legacy formula that intersects one
 * (=Sales[Name] beside the table's rows, Excel's value of that row), by its cells, whose
 * intersection importFormula then writes out.
 */
function structuredForEngine(text: string, tables: readonly BookTable[], at: FormulaPlace, legacy: boolean): string | undefined {
  const named = resolveStructuredRefs(text, tables, at);
  if (named === undefined || !legacy || !tables.some((t) => t.formulaNames)) return named;
  const cells = resolveStructuredRefs(text, tables.map(({ formulaName: _n, formulaNames: _ns, ...t }) => t), at);
  return cells !== undefined && explicitIntersections(withoutPrefixes(cells)) !== withoutPrefixes(cells) ? cells : named;
}

/**
 * Turns a file's formula (without '=') and its cached result into our cell. A legacy formula (not
 * an array formula) gets its implicit intersections written out (implicit-intersection.ts), and
 * structured references become cell references (core/formula/structured-refs.ts).
 */
export function importFormula(text: string, cached: Scalar | null | undefined, cachedError: string | undefined, opts: ImportOptions = {}): FormulaOutcome {
  const resolved = opts.tables && opts.at ? structuredForEngine(text, opts.tables, opts.at, opts.legacy === true) : undefined;
  const names = opts.names;
  const written = withoutPrefixes(resolved ?? text), mended = brokenRangesForEngine(written);
  const bare = rangeJoinsForEngine(lambdaCallsForEngine(numbersForEngine(mended), isEngineFunction, (upper) => names?.has(upper) ?? false));
  const unknown = callsOnlyFunctions(bare, isEngineFunction) ? [] : functionsCalled(bare).filter((f) => !isEngineFunction(f));
  // Kept formulas keep the file's own text (its _xlfn. prefixes too), so export gives Excel back
  // exactly what it wrote.
  if (unknown.length) return { cell: withCache({ f: `=${text}`, k: 1 }, cached, cachedError), unsupported: unknown };
  // A dynamic-array formula that is only a range spills it (core/formula/engine-text.ts); a legacy one intersects.
  // A legacy array formula fills its own range, as Excel does, and no more (ARRAY.FILL).
  const formula = opts.legacy ? `=${explicitIntersections(bare)}` : opts.fill ? arrayFillForEngine(bare, opts.fill.rows, opts.fill.cols) : bareRangeForEngine(`=${bare}`);
  if (!parses(formula)) return { cell: withCache({ f: `=${text}`, k: 1 }, cached, cachedError), invalid: true };
  const cell: RichCell = { f: formula };
  // The engine's reading is not the file's text, or export would not write the file's prefixes
  // back as they are (NETWORKDAYS.INTL without _xlfn.): keep that text for export (RichCell.x).
  if (resolved !== undefined || mended !== written || (text.includes('_') && functionsCalled(text).includes('_XLFN.SINGLE')) || !prefixesAsStored(text)) cell.x = text;
  return { cell: withCache(cell, cached, cachedError) };
}
