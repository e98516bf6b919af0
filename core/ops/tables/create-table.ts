// POST /v1/files/{id}/tables: makes a data table from a range whose first row holds the headers.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { tableView } from '../../tables/columns.ts';
import { checkNoOverlap, checkTableName, freeTableName, makeTable } from '../../tables/create.ts';
import { syncNames } from '../../workbook/defined-names.ts';
import { targetRange } from '../../workbook/targets.ts';
import { VersionOut } from '../../op-fields.ts';
import { TableOut } from '../../tables/common.ts';
import { TableName } from '../../tables/fields.ts';
import { StyleOptions, styleWith } from '../../tables/style-fields.ts';

export const createTable = defineOp({
  name: 'create_table',
  summary: 'Make a data table from a range with a header row.',
  area: 'tables',
  http: { method: 'POST', path: '/v1/files/:file_uuid/tables' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('Header row and data.'),
    name: TableName.optional().describe('Letters, digits, _.'),
    sheet: SheetName.optional(),
    ...StyleOptions,
  }),
  output: TableOut.extend({ version: VersionOut }),
  hints: { readOnly: false, destructive: false },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      if (t.rect.c1 - t.rect.c0 + 1 > 1000) throw invalidArg('range', 'a table has at most 1000 columns');
      const name = input.name ?? freeTableName(wb);
      checkTableName(wb, name, 'name');
      checkNoOverlap(t.sheet, t.rect, 'range');
      const style = styleWith(wb, undefined, input);
      const table = await makeTable(wb, t.sheet, t.rect, name);
      table.excel_style = style;
      await syncNames(wb);
      return tableView(wb, t.sheet, table);
    });
    return { ...result, version };
  },
});
