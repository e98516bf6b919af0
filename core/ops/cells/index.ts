import { batchUpdateCells } from './batch-update-cells.ts';
import { clearCells } from './clear-cells.ts';
import { exportData } from './export-data.ts';
import { findReplace } from './find-replace.ts';
import { hasData } from './has-data.ts';
import { readCells } from './read-cells.ts';
import { setFormula } from './set-formula.ts';
import { writeCells } from './write-cells.ts';

export const cellOps = [readCells, writeCells, setFormula, clearCells, batchUpdateCells, exportData, hasData, findReplace];
