// Outline groups (grouped rows and columns) through every door.
import { outlineCases } from './cases/outline.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('outline', outlineCases);
