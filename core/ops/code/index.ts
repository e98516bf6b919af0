import { registerCodeCellHooks } from '../../code/hooks.ts';
import { registerCodeContext } from '../../code/context.ts';
import { getCodeCell } from './get-code-cell.ts';
import { getTask } from './get-task.ts';
import { rerunCodeCells } from './rerun-code-cells.ts';
import { setCodeCell } from './set-code-cell.ts';
import { waitTask } from './wait-task.ts';

registerCodeCellHooks();
registerCodeContext();

export const codeOps = [setCodeCell, getCodeCell, rerunCodeCells, getTask, waitTask];
