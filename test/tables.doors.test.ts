// Data tables through every door.
import { tableCases } from './cases/tables.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('tables', tableCases);
