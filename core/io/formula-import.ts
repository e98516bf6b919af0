// Formulas from spreadsheet files: future-function prefixes (_xlfn.) come off, and a formula the
// engine cannot compute (an unknown function, syntax it does not read) keeps the file's cached
// value as a literal and is reported instead of turning into #NAME?.
import { HyperFormula } from 'hyperformula';
import { ENGINE_NAMES, engineConfig } from '../workbook/engine.ts';
import { registerFunctions } from '../workbook/functions/index.ts';
import type { RichCell, Scalar } from '../workbook/cell.ts';

let known: Set<string> | undefined;
let scratch: HyperFormula | undefined;

function knownFunctions(): Set<string> {
  registerFunctions();
  known ??= new Set(HyperFormula.getRegisteredFunctionNames('enGB').map((n) => n.toUpperCase()));
  return known;
}

/** Prefixes Excel writes before functions newer than 2007 (_xlfn.CONCAT, _xlfn._xlws.SORT). */
export function stripPrefixes(formula: string): string {
  return formula.replace(/_xlfn\.(?:_xlws\.)?|_xlws\./gi, '');
}

/** Function names called in a formula, outside string literals and quoted sheet names. */
export function functionsIn(formula: string): string[] {
  const bare = formula.replace(/"(?:[^"]|"")*"/g, '""').replace(/'(?:[^']|'')*'/g, "''");
  const out = new Set<string>();
  for (const m of bare.matchAll(/(?<![A-Za-z0-9_.!$])([A-Za-z_][A-Za-z0-9_.]*)\s*\(/g)) out.add(m[1]!.toUpperCase());
  return [...out];
}

export interface FormulaOutcome {
  cell?: RichCell;
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

/** Turns a file's formula (without '=') and its cached result into our cell. */
export function importFormula(text: string, cached: Scalar | null | undefined, cachedError: string | undefined): FormulaOutcome {
  const formula = `=${stripPrefixes(text)}`;
  const fns = knownFunctions();
  const unknown = functionsIn(formula).filter((f) => !fns.has(f));
  if (unknown.length) return { unsupported: unknown };
  if (!parses(formula)) return { invalid: true };
  const cell: RichCell = { f: formula };
  if (cachedError) cell.e = cachedError;
  else if (cached !== null && cached !== undefined) cell.v = cached;
  return { cell };
}

/** The literal a formula cell keeps when its formula cannot be computed here. */
export function cachedLiteral(cached: Scalar | null | undefined, cachedError: string | undefined): RichCell | Scalar | null {
  if (cachedError) return { e: cachedError };
  return cached ?? null;
}
