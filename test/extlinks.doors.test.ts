// Links to other workbooks, what-if data tables and names Excel keeps, through every door.
import { extlinkCases } from './cases/extlinks.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('extlinks', extlinkCases);
