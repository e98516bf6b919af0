// Named ranges through every door.
import { nameCases } from './cases/names.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('names', nameCases);
