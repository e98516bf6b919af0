// Displayed values, formats, borders, number formats and date systems, and the cell-value ops through every door.
import { cellValueCases } from './cases/cell-values.ts';
import { formatCases } from './cases/formats.ts';
import { numberFormatCases } from './cases/number-formats.ts';
import { runCases } from './helpers/run-cases.ts';

runCases('formats', [...formatCases, ...cellValueCases, ...numberFormatCases]);
