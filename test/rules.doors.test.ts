// Conditional formats through every door.
import { ruleCases } from './cases/rules.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('conditional formats', ruleCases);
