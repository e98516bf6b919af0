// Several files in one call (import_file with files, run_batch_on_files, export_files), export names and a
// batch's one form, through every door.
import { multiFileCases } from './cases/multi-file.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('multi-file', multiFileCases);
