// Syntax check of formula text before anything is written: a formula that does not parse is a
// 400 with the parser's message, never a stored #ERROR!.
import { DetailedCellError, HyperFormula } from 'hyperformula';
import { invalidArg } from '../errors.ts';
import { ENGINE_NAMES, engineConfig } from './engine.ts';
import { atAsSingle } from './implicit-intersection.ts';
import { isEngineFunction } from './functions/index.ts';
import { withoutPrefixes } from '../formula/prefixes.ts';
import { bareRangeForEngine, lambdaCallsForEngine, numbersForEngine, rangeJoinsForEngine, spillRefsForEngine } from '../formula/engine-text.ts';

let scratch: HyperFormula | undefined;

function engine(): HyperFormula {
  scratch ??= HyperFormula.buildFromArray([[]], engineConfig(), ENGINE_NAMES);
  return scratch;
}

/** Returns the formula with its leading '='; throws a 400 naming the field when it does not parse. */
export function checkFormula(text: string, field: string): string {
  // Functions and LET/LAMBDA names may come with the prefixes files store (_xlfn.CONCAT), as Excel
  // accepts them typed. Excel's @ (implicit intersection) is the engine's SINGLE, A1# is ANCHORARRAY(A1), a call of
  // anything that is not a function calls a LAMBDA by that name (core/formula/engine-text.ts), and a range
  // with a computed end is RANGE.JOIN (core/formula/engine-text.ts).
  const formula = rangeJoinsForEngine(lambdaCallsForEngine(spillRefsForEngine(atAsSingle(numbersForEngine(withoutPrefixes(text.startsWith('=') ? text : `=${text}`)))), isEngineFunction));
  const hf = engine();
  if (hf.validateFormula(formula)) return formula;
  hf.setCellContents({ sheet: 0, row: 0, col: 0 }, [[formula]]);
  const value = hf.getCellValue({ sheet: 0, row: 0, col: 0 });
  hf.setCellContents({ sheet: 0, row: 0, col: 0 }, [[null]]);
  const why = value instanceof DetailedCellError && value.message ? value.message : 'it does not parse';
  throw invalidArg(field, `'${formula}' is not a valid formula: ${why}`);
}

/**
 * A formula for a cell: checked as above, and a formula that is only a range spills it, as in
 * Excel (core/formula/engine-text.ts). Names, rules and validation lists keep a range as a range.
 */
export function checkCellFormula(text: string, field: string): string {
  return bareRangeForEngine(checkFormula(text, field));
}
