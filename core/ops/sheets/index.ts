import { defineArea } from '../../area.ts';
import { addSheet } from './add-sheet.ts';
import { deleteSheet } from './delete-sheet.ts';
import { duplicateSheet } from './duplicate-sheet.ts';
import { listSheets } from './list-sheets.ts';
import { moveSheet } from './move-sheet.ts';
import { renameSheet } from './rename-sheet.ts';

export const sheetsArea = defineArea({ name: 'sheets', group: 'sheets', ops: [listSheets, addSheet, renameSheet, deleteSheet, moveSheet, duplicateSheet] });
