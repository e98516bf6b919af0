// PATCH /v1/files/{id}/tables/style: a table's style and its banding and column options, as Excel's
// Table Design tab sets them; the viewer, the PDF and the xlsx export draw them.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { tableView } from '../../tables/columns.ts';
import { VersionOut } from '../../op-fields.ts';
import { TableOut, TableRef, locateTable } from '../../tables/common.ts';
import { StyleOptions, styleWith } from '../../tables/style-fields.ts';

export const updateTable = defineOp({
  name: 'update_table',
  summary: "Set a data table's style and its options.",
  area: 'tables',
  http: { method: 'PATCH', path: '/v1/files/:file_uuid/tables/style' },
  input: z.strictObject({ file_uuid: FileId, table: TableRef, sheet: SheetName.optional(), ...StyleOptions }),
  output: TableOut.extend({ version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  text: {
    use: 'Fields left out keep their value.',
    example: { table: 'Sales', style: 'TableStyleDark1', row_stripes: true },
  },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const { sheet, table } = locateTable(wb, input.table, input.sheet);
      const { style, row_stripes, column_stripes, first_column, last_column } = input;
      if ([style, row_stripes, column_stripes, first_column, last_column].every((v) => v === undefined)) throw invalidArg('style', 'give style or one of row_stripes, column_stripes, first_column, last_column');
      table.excel_style = styleWith(wb, table.excel_style, input);
      return tableView(wb, sheet, table);
    });
    return { ...result, version };
  },
});
