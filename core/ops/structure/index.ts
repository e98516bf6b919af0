import { defineArea } from '../../area.ts';
import { deleteLines } from './delete-rows-or-columns.ts';
import { getLayout } from './get-layout.ts';
import { insertLines } from './insert-rows-or-columns.ts';
import { moveLines } from './move-rows-or-columns.ts';
import { setDefaultSizeOp } from './set-default-size.ts';
import { setSizes } from './set-sizes.ts';
import { deleteRowsWhere } from './delete-rows-where.ts';
import { subtotalRows } from './subtotal-rows.ts';

export const structureArea = defineArea({ name: 'structure', group: 'sheets', ops: [insertLines, deleteLines, moveLines, setSizes, setDefaultSizeOp, getLayout, deleteRowsWhere, subtotalRows] });
