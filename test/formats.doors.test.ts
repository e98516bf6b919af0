// Displayed values, formats, borders and the cell-value ops through every door.
import { cellValueCases } from './cases/cell-values.ts';
import { formatCases } from './cases/formats.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('formats', [...formatCases, ...cellValueCases]);
