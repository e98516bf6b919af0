// Formula resource limits (Excel's 32,767-character text, a recalculation time budget) at every door.
import { limitCases, LIMITS_ENV } from './cases/limits.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('formula limits', limitCases, { env: LIMITS_ENV });
