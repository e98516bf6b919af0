import { defineArea } from '../../area.ts';
import { batchUpdateCells } from './batch-update-cells.ts';
import { clearCells } from './clear-cells.ts';
import { exportData } from './export-data.ts';
import { findReplace } from './find-replace.ts';
import { getDependencies } from './get-dependencies.ts';
import { hasData } from './has-data.ts';
import { mergeCells } from './merge-cells.ts';
import { moveCells } from './move-cells.ts';
import { readCells } from './read-cells.ts';
import { setFormula } from './set-formula.ts';
import { unmergeCells } from './unmerge-cells.ts';
import { writeCells } from './write-cells.ts';
import { fill } from './fill.ts';
import { sortRange } from './sort-range.ts';
import { removeDuplicates } from './remove-duplicates.ts';
import { trimWhitespace } from './trim-whitespace.ts';
import { splitTextToColumns } from './split-text-to-columns.ts';
import { copyPaste } from './copy-paste.ts';

export const cellsArea = defineArea({
  name: 'cells',
  group: 'cells',
  ops: [readCells, writeCells, setFormula, clearCells, batchUpdateCells, exportData, hasData, findReplace, mergeCells, unmergeCells, moveCells, copyPaste, fill, sortRange, removeDuplicates, trimWhitespace, splitTextToColumns, getDependencies],
});
