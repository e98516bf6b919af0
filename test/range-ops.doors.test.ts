// copy_paste, fill, sort_range, remove_duplicates, trim_whitespace and split_text_to_columns through every door.
import { rangeOpCases } from './cases/range-ops.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('range ops', rangeOpCases);
