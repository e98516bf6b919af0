// GET /v1/files/{id}/tables: every data table with its range, headers and formula names.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { tableView } from '../../tables/columns.ts';
import { allTables } from '../../tables/model.ts';
import { TableOut } from '../../tables/common.ts';

export const listTables = defineOp({
  name: 'list_tables',
  summary: 'List data tables: name, range, headers, rows.',
  area: 'tables',
  http: { method: 'GET', path: '/v1/files/:file_uuid/tables' },
  input: z.strictObject({ file_uuid: FileId, sheet: SheetName.optional().describe('Only this sheet.') }),
  output: z.object({ tables: z.array(TableOut) }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, (wb) => {
      const only = input.sheet !== undefined ? wb.sheet(input.sheet) : undefined;
      return { tables: allTables(wb).filter((t) => !only || t.sheet === only).map((t) => tableView(wb, t.sheet, t.table)) };
    }),
});
