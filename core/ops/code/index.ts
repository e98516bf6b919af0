// The code area: code-cell and task ops, code cells following the sheet, their edges in the
// dependency graph and the code_cells section of /context.
import { defineArea } from '../../area.ts';
import { codeCellsContext } from '../../code/context.ts';
import { codeCellObjects } from '../../code/hooks.ts';
import { codeCellDependencies } from '../../code/seams.ts';
import { getCodeCell } from './get-code-cell.ts';
import { getTask } from './get-task.ts';
import { rerunCodeCells } from './rerun-code-cells.ts';
import { setCodeCell } from './set-code-cell.ts';
import { waitTask } from './wait-task.ts';

export const codeArea = defineArea({
  name: 'code',
  group: 'code',
  ops: [setCodeCell, getCodeCell, rerunCodeCells, getTask, waitTask],
  objects: codeCellObjects,
  dependencies: codeCellDependencies,
  context: { code_cells: codeCellsContext },
});
