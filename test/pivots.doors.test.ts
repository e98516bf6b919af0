// Pivot tables through every door.
import { pivotCases } from './cases/pivots.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('pivots', pivotCases);
