// Data table ops; importing this also registers the table hooks and the tables section of /context.
import '../../tables/hooks.ts';
import { tableView } from '../../tables/columns.ts';
import { allTables } from '../../tables/model.ts';
import { contextSections } from '../../files/context-sections.ts';
import { appendTableRows } from './append-table-rows.ts';
import { createTable } from './create-table.ts';
import { deleteTable } from './delete-table.ts';
import { listTables } from './list-tables.ts';
import { queryTable } from './query-table.ts';
import { renameTable } from './rename-table.ts';
import { sortTableOp } from './sort-table.ts';

contextSections.tables = (wb) => allTables(wb).map((t) => tableView(wb, t.sheet, t.table));

export const tableOps = [createTable, listTables, renameTable, deleteTable, appendTableRows, sortTableOp, queryTable];
