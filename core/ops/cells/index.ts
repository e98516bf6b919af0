import { readCells } from './read-cells.ts';
import { setFormula } from './set-formula.ts';
import { writeCells } from './write-cells.ts';

export const cellOps = [readCells, writeCells, setFormula];
