// The safety net (rename, delete, restore, dry runs, undo, versions, checkpoints, diffs, view
// links) through every door.
import { safetyCases } from './cases/safety.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('safety', safetyCases);
