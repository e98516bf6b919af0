// Charts through every door.
import { chartCases } from './cases/charts.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('charts', chartCases);
