// The data-table area: table ops, tables following the sheet (and naming their ranges for the
// formula engine), their styles drawn under the cells, and the tables section of /context.
import { defineArea } from '../../area.ts';
import { tableView } from '../../tables/columns.ts';
import { tableObjects } from '../../tables/hooks.ts';
import { allTables } from '../../tables/model.ts';
import { tableStyleUnderlay } from '../../tables/style-paint.ts';
import type { Workbook } from '../../workbook/workbook.ts';
import { appendTableRows } from './append-table-rows.ts';
import { createTable } from './create-table.ts';
import { deleteTable } from './delete-table.ts';
import { listTables } from './list-tables.ts';
import { queryTable } from './query-table.ts';
import { renameTable } from './rename-table.ts';
import { sortTableOp } from './sort-table.ts';
import { updateTable } from './update-table.ts';

const tablesContext = (wb: Workbook) => allTables(wb).map((t) => tableView(wb, t.sheet, t.table));

export const tablesArea = defineArea({
  name: 'tables',
  group: 'objects',
  ops: [createTable, listTables, renameTable, updateTable, deleteTable, appendTableRows, sortTableOp, queryTable],
  objects: tableObjects,
  underlay: tableStyleUnderlay,
  context: { tables: tablesContext },
});
