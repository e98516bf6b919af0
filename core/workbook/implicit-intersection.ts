// Implicit intersection, as Excel does it. A formula written before dynamic arrays (every formula
// of an .xls; in an .xlsx, every formula not stored as an array formula) is evaluated by Excel one
// value per cell: where a function argument or an operator wants one value and gets a range,
// Excel takes the cell of that range in the formula's own row or column (=A1:A10 in row 4 shows
// A4; =ROUND(B:B,2) rounds the B cell of its row). Our engine evaluates with dynamic arrays, so
// it would spill those formulas instead. On import we make each such intersection explicit with
// SINGLE, the function Excel itself writes for its @ operator, and on export (as a formula Excel
// reads the old way) we take them out again, so the file's text comes back unchanged.
//
// Which argument wants one value follows the engine's own function signatures: a number, text,
// logical or scalar parameter wants a value; a range or "any" parameter (SUM, COUNT, VLOOKUP's
// table) takes a reference as it is, but operators inside it still work on single values
// (SUM(A1:A3*2) without Ctrl+Shift+Enter is SUM(@A1:A3*2)); and a few functions evaluate
// their arguments as arrays in any formula (SUMPRODUCT, LOOKUP, MMULT...). The walk over the
// formula is the language layer's (core/formula/intersection.ts); this file says which places
// want one value.
import { HyperFormula } from 'hyperformula';
import { CALL_FN } from '../formula/engine-names.ts';
import { arrayFillAsWritten, bareRangeAsWritten, lambdaCallsAsWritten, spillRefsAsWritten } from '../formula/engine-text.ts';
import { rangeJoinsAsWritten } from '../formula/engine-text.ts';
import type { Node } from '../formula/ast.ts';
import { digitsDecide, implicitIntersections, severalCells, singleAsAt, withExplicitIntersections, type IntersectionRules, type Place } from '../formula/intersection.ts';

export { atAsSingle, implicitIntersections, singleAsAt } from '../formula/intersection.ts';

/** Functions whose arguments are arrays in any formula (Excel evaluates them without Ctrl+Shift+Enter). */
const ARRAY_ARGS = new Set([
  'SUMPRODUCT', 'LOOKUP', 'MMULT', 'MDETERM', 'MINVERSE', 'TRANSPOSE', 'FREQUENCY', 'TREND', 'GROWTH', 'LINEST', 'LOGEST',
  'SUMX2MY2', 'SUMX2PY2', 'SUMXMY2', 'AGGREGATE',
]);
/** Criteria functions: the positions of their criteria (the rest are ranges). */
const CRITERIA: Record<string, (i: number) => boolean> = {
  COUNTIF: (i) => i === 1, SUMIF: (i) => i === 1, AVERAGEIF: (i) => i === 1,
  COUNTIFS: (i) => i % 2 === 1, SUMIFS: (i) => i > 0 && i % 2 === 0, AVERAGEIFS: (i) => i > 0 && i % 2 === 0,
  MAXIFS: (i) => i > 0 && i % 2 === 0, MINIFS: (i) => i > 0 && i % 2 === 0,
};
/** Functions that give one of their arguments back as it is, by position. */
const PASS_ON: Record<string, (i: number) => boolean> = {
  IF: (i) => i > 0, CHOOSE: (i) => i > 0, IFERROR: () => true, IFNA: () => true, IFS: (i) => i % 2 === 1, SWITCH: (i) => i > 1 && i % 2 === 0,
};
/** Functions that give a reference or an array, which a single-value place intersects. */
const GIVES_AREA = new Set(['INDEX', 'OFFSET', 'INDIRECT']);
/** Functions that spill only when given several values where they take one (CHOOSE's index, a criterion), which a legacy formula already intersects. */
const AREA_FROM_VALUES = new Set(['CHOOSE', ...Object.keys(CRITERIA)]);
/** ROW and COLUMN give an array for a reference of several cells. */
const LINE_NUMBERS = new Set(['ROW', 'COLUMN']);
const VALUE_TYPES = new Set(['NUMBER', 'STRING', 'BOOLEAN', 'SCALAR', 'NOERROR', 'INTEGER', 'COMPLEX']);

interface Signature { parameters?: { argumentType: string }[]; repeatLastArgs?: number; vectorizationForbidden?: boolean; expandRanges?: boolean; sizeOfResultArrayMethod?: string }

const signatures = new Map<string, Signature | null>();

function signature(name: string): Signature | null {
  let s = signatures.get(name);
  if (s === undefined) {
    const plugin = HyperFormula.getFunctionPlugin(name) as { implementedFunctions: Record<string, Signature> } | undefined;
    s = plugin?.implementedFunctions[name] ?? null;
    signatures.set(name, s);
  }
  return s;
}

function paramType(sig: Signature, i: number): string | undefined {
  const params = sig.parameters ?? [];
  if (i < params.length) return params[i]!.argumentType;
  const rep = sig.repeatLastArgs ?? 0;
  if (!rep || !params.length) return undefined;
  return params[params.length - rep + ((i - params.length) % rep)]!.argumentType;
}

/** The place of argument i of `name` in a call standing in place `outer`; undefined for a function the engine does not know. */
function argPlace(name: string, i: number, outer: Place): Place | undefined {
  if (ARRAY_ARGS.has(name)) return 'array';
  // IF(test, A1:A3) and CHOOSE(2, A1:A3, B1:B3) hand the range on: it is intersected, or not, where it lands.
  if (PASS_ON[name]?.(i) && outer !== 'array') return outer;
  const criteria = CRITERIA[name];
  // A criterion (and CHOOSE's index) takes one value, or several where the formula works on arrays.
  if (criteria) return criteria(i) ? (outer === 'array' ? 'array' : 'value') : 'ref';
  if (name === 'CHOOSE') return outer === 'array' ? 'array' : 'value';
  const sig = signature(name);
  if (!sig) return undefined;
  // Functions that flatten ranges into their values (MULTINOMIAL, CONCAT) take references as they are.
  if (!sig.parameters || sig.vectorizationForbidden || (sig.expandRanges && name !== 'CONCATENATE')) return 'ref';
  const type = paramType(sig, i);
  if (!type || !VALUE_TYPES.has(type)) return 'ref';
  // Inside an array argument, functions work element by element, except IF (Excel's IF needs
  // Ctrl+Shift+Enter there too).
  return outer === 'array' && name !== 'IF' ? 'array' : 'value';
}

function givesArea(name: string): boolean {
  // A LAMBDA's call: a file from Excel 2021 on stores one that spills as an array formula, so one
  // stored as an ordinary formula gives one value (Excel shows no @ there).
  if (name === CALL_FN || AREA_FROM_VALUES.has(name) || LINE_NUMBERS.has(name)) return false;
  return GIVES_AREA.has(name) || Boolean(signature(name)?.sizeOfResultArrayMethod);
}

const RULES: IntersectionRules = {
  argPlace,
  givesArea: (name, args) => givesArea(name) || (LINE_NUMBERS.has(name) && args[0] !== undefined && severalCells(operandOf(args[0]))),
};

/** The operand under signs and % (ROW(-A1:A3) numbers the rows of A1:A3). */
function operandOf(n: Node): Node {
  return (n.kind === 'unary' && n.op !== '@') || (n.kind === 'postfix' && n.op === '%') ? operandOf(n.operand) : n;
}

/**
 * A formula (without '=') as the engine should read it when Excel evaluated it the pre-dynamic-array
 * way: every implicit intersection written out as SINGLE(...). Formulas this does not read (table
 * references, the union of references) come back unchanged.
 */
export function explicitIntersections(formula: string): string {
  // Formulas of one shape (a filled column differs only in row numbers) need a rewrite alike; a
  // shape that needs none is remembered, which spares most formulas of a big import the walk.
  // Formulas whose reading depends on their digits (A1:A1 is no range) are not remembered.
  const shape = formula.replace(/\d+/g, '0');
  if (untouched.has(shape)) return formula;
  const out = withExplicitIntersections(formula, RULES);
  if (out === formula && !digitsDecide(formula)) {
    if (untouched.size > 10_000) untouched.clear();
    untouched.add(shape);
  }
  return out;
}

const untouched = new Set<string>();

/**
 * A formula (without '=') as a cell that is not an array formula stores it, where Excel intersects
 * by itself: SINGLE(x) written as x wherever Excel's own implicit intersection gives it back (the
 * formula reads the same through explicitIntersections), else left as SINGLE, which the export
 * writes _xlfn.SINGLE as Excel writes an explicit @ (=SUM(@A1:A3) is not =SUM(A1:A3)).
 */
export function legacyFormula(formula: string): string {
  if (!/SINGLE/i.test(formula)) return formula;
  const implicit = implicitIntersections(formula);
  return implicit !== formula && explicitIntersections(implicit) === formula ? implicit : formula;
}

/** A formula as users read and write it: @ for SINGLE, A1# for ANCHORARRAY(A1), =A2:A5 for RANGE.SPILL(A2:A5), a legacy array formula without its ARRAY.FILL, LAMBDA calls as Excel writes them (core/formula/engine-text.ts). */
export function shownFormula(formula: string): string {
  return singleAsAt(spillRefsAsWritten(lambdaCallsAsWritten(rangeJoinsAsWritten(bareRangeAsWritten(arrayFillAsWritten(formula))))));
}
