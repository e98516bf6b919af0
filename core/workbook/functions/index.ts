// Our function plugins for HyperFormula: the modern Excel functions it lacks, and NOW/TODAY on
// the service clock. Registered once, globally, before any engine is built (engine.ts).
import { HyperFormula, type FunctionPluginDefinition } from 'hyperformula';
import { ChooseLinesPlugin } from './choose-lines.ts';
import { ClockPlugin } from './clock.ts';
import { ConcatPlugin } from './concat.ts';
import { BOUND_FN, LetPlugin } from './let.ts';
import { SortByPlugin } from './sortby.ts';
import { TakeDropPlugin } from './take-drop.ts';
import { TextBeforeAfterPlugin } from './text-before-after.ts';
import { ToVectorPlugin } from './to-vector.ts';
import { XMatchPlugin } from './xmatch.ts';

export type { EngineContext } from './clock.ts';
export { BOUND_FN } from './let.ts';

/** What docs/functions.md says about each function we add or replace (category as HyperFormula names them). */
export const ADDED_FUNCTIONS: Record<string, { category: string; summary: string; replaces?: boolean }> = {
  XMATCH: { category: 'Lookup and reference', summary: 'Position of a value in a row or column; exact, next smaller/larger or wildcard match; first-to-last, last-to-first or binary search.' },
  SORTBY: { category: 'Array manipulation', summary: 'Sorts an array by one or more other arrays, each ascending or descending.' },
  LET: { category: 'Logical', summary: 'Binds names to values inside one formula: LET(name1, value1, ..., calculation).' },
  TAKE: { category: 'Array manipulation', summary: 'The first (or, with a negative count, last) rows and columns of an array.' },
  DROP: { category: 'Array manipulation', summary: 'An array without its first (or, negative, last) rows and columns.' },
  CHOOSECOLS: { category: 'Array manipulation', summary: 'Chosen columns of an array, by number (negative counts from the end).' },
  CHOOSEROWS: { category: 'Array manipulation', summary: 'Chosen rows of an array, by number (negative counts from the end).' },
  TOCOL: { category: 'Array manipulation', summary: 'An array as one column, optionally skipping blanks and errors.' },
  TOROW: { category: 'Array manipulation', summary: 'An array as one row, optionally skipping blanks and errors.' },
  TEXTBEFORE: { category: 'Text', summary: 'Text before the n-th delimiter (negative n counts from the end).' },
  TEXTAFTER: { category: 'Text', summary: 'Text after the n-th delimiter (negative n counts from the end).' },
  CONCAT: { category: 'Text', summary: 'Joins texts and ranges of text (the modern name of CONCATENATE).' },
  NOW: { category: 'Date and time', summary: 'Date and time now, from the service clock (SHEETS_NOW when set), in UTC.', replaces: true },
  TODAY: { category: 'Date and time', summary: 'Today\'s date, from the service clock (SHEETS_NOW when set), in UTC.', replaces: true },
};

const PLUGINS: FunctionPluginDefinition[] = [XMatchPlugin, SortByPlugin, LetPlugin, TakeDropPlugin, ChooseLinesPlugin, ToVectorPlugin, TextBeforeAfterPlugin, ConcatPlugin, ClockPlugin] as unknown as FunctionPluginDefinition[];

let registered = false;

/** Registers our plugins (idempotent). Engines built before this call would not see them. */
export function registerFunctions(): void {
  if (registered) return;
  registered = true;
  // English names only: the engine is configured for enGB, and formulas are stored in English.
  // LET's hidden node needs a name too: HyperFormula evaluates only translated functions.
  const names = Object.fromEntries([...Object.keys(ADDED_FUNCTIONS), BOUND_FN].map((n) => [n, n]));
  for (const plugin of PLUGINS) HyperFormula.registerFunctionPlugin(plugin, { enGB: names });
}
