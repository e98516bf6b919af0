// The formula engine through every door, with a fixed service clock (SHEETS_NOW).
import { FIXED_NOW, formulaCases } from './cases/formulas.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('formulas', formulaCases, { env: { SHEETS_NOW: FIXED_NOW } });
