// docs/functions.md is generated from the engine; this fails when someone changes the functions
// (or HyperFormula) without regenerating it.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { functionsMarkdown } from '../core/workbook/functions/catalog.ts';
import { HyperFormula } from 'hyperformula';
import { EXCEL_FUNCTIONS, NOT_COMPUTED } from '../core/workbook/functions/excel-list.ts';
import { ADDED_FUNCTIONS, registerFunctions } from '../core/workbook/functions/index.ts';

it('docs/functions.md is up to date (npm run docs:functions)', () => {
  const committed = readFileSync(new URL('../docs/functions.md', import.meta.url), 'utf8');
  expect(committed, 'docs/functions.md is out of date: run npm run docs:functions').toBe(functionsMarkdown());
});

it('lists every function the service adds or replaces, marked', () => {
  const doc = functionsMarkdown();
  for (const [name, f] of Object.entries(ADDED_FUNCTIONS)) expect(doc).toContain(`| ${name} (${f.replaces ? 'replaced' : 'added'}) |`);
  expect(doc).not.toContain('LET.BOUND');
});

it("accounts for every function in Excel's list: computed, or kept with a reason", () => {
  registerFunctions();
  const computed = new Set(HyperFormula.getRegisteredFunctionNames('enGB'));
  const unexplained = EXCEL_FUNCTIONS.filter((name) => !computed.has(name) && !NOT_COMPUTED[name]);
  expect(unexplained, 'computable Excel functions the engine lacks').toEqual([]);
  // A reason is kept only for a function still not computed.
  expect(Object.keys(NOT_COMPUTED).filter((name) => computed.has(name))).toEqual([]);
});
