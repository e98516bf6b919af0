// PATCH /v1/files/{id}/tables: renames a table; formulas that use the old name are rewritten.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { columnName, formulaTableName, tableView } from '../../tables/columns.ts';
import { checkTableName } from '../../tables/create.ts';
import { rewriteFormulas, syncNames } from '../../workbook/defined-names.ts';
import { VersionOut } from '../../op-fields.ts';
import { TableOut, TableRef, locateTable } from '../../tables/common.ts';
import { TableName } from '../../tables/fields.ts';

export const renameTable = defineOp({
  name: 'rename_table',
  summary: 'Rename a data table; formulas follow.',
  area: 'tables',
  http: { method: 'PATCH', path: '/v1/files/:file_uuid/tables' },
  input: z.strictObject({ file_uuid: FileId, table: TableRef, new_name: TableName.describe('Letters, digits, _.'), sheet: SheetName.optional() }),
  output: TableOut.extend({ formulas_updated: z.number().int(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const { sheet, table } = locateTable(wb, input.table, input.sheet);
      checkTableName(wb, input.new_name, 'new_name', table);
      const old = formulaTableName(table.name);
      // The engine's name and, in the Excel text a cell keeps, the table's own (\_Prime.1[Name]).
      const renames = new Map<string, string>([[old.toLowerCase(), input.new_name], [table.name.toLowerCase(), input.new_name]]);
      table.columns.forEach((h, i) => renames.set(`${old}.${columnName(h, i)}`.toLowerCase(), `${input.new_name}.${columnName(h, i)}`));
      table.name = input.new_name;
      await syncNames(wb);
      const formulas_updated = old === input.new_name ? 0 : await rewriteFormulas(wb, renames);
      return { ...tableView(wb, sheet, table), formulas_updated };
    });
    return { ...result, version };
  },
});
