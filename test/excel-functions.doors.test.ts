// Functions added or replaced to compute what Excel computes, through every door.
import { excelFunctionCases } from './cases/excel-functions.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('excel functions', excelFunctionCases);
