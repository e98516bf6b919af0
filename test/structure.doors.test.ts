// Rows, columns, sizes, merges, cell moves and dependencies through every door.
import { structureCases } from './cases/structure.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('structure', structureCases);
