// Data validation through every door.
import { validationCases } from './cases/validation.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('data validation', validationCases);
