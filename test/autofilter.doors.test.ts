// Autofilters through every door.
import { autofilterCases } from './cases/autofilter.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('autofilter', autofilterCases);
