// delete_rows_where, find_replace with regex, subtotal_rows, sort_range by formula and blocks,
// fill down and right, paste values and skip blanks through every door.
import { rowOpCases } from './cases/row-ops.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('row ops', rowOpCases);
