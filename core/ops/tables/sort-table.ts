// POST /v1/files/{id}/tables/sort: reorders a table's rows in the cells, by one or more columns.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { tableView } from '../../tables/columns.ts';
import { sortTable } from '../../tables/edit.ts';
import { VersionOut } from '../../op-fields.ts';
import { TableOut, TableRef, columnIndex, locateTable } from '../../tables/common.ts';
import { SortKeys } from '../../tables/fields.ts';

export const sortTableOp = defineOp({
  name: 'sort_table',
  summary: 'Sort a data table\'s rows in place.',
  area: 'tables',
  http: { method: 'POST', path: '/v1/files/:file_uuid/tables/sort' },
  input: z.strictObject({ file_uuid: FileId, table: TableRef, by: SortKeys, sheet: SheetName.optional() }),
  output: TableOut.extend({ version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const { sheet, table } = locateTable(wb, input.table, input.sheet);
      const by = input.by.map((k, i) => ({ column: columnIndex(table.columns, k.column, `by[${i}].column`, table.name), descending: k.descending }));
      await sortTable(wb, sheet, table, by);
      return tableView(wb, sheet, table);
    });
    return { ...result, version };
  },
});
