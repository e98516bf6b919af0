// POST /v1/files/{id}/tables/rows: appends rows under a table and grows it (formulas and charts
// over the table's names or whole columns see the new rows).
import { z } from 'zod';
import { formulaTyper } from '../../io/excel-text.ts';
import { rectToA1 } from '../../a1.ts';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { tableView } from '../../tables/columns.ts';
import { appendRows } from '../../tables/edit.ts';
import { syncNames } from '../../workbook/defined-names.ts';
import { CellInput, InputMode, checkBlock, toContents } from '../../cells/write-input.ts';
import { DateOrderField } from '../../cells/date-order.ts';
import { VersionOut } from '../../op-fields.ts';
import { TableOut, TableRef, locateTable } from '../../tables/common.ts';

export const appendTableRows = defineOp({
  name: 'append_table_rows',
  summary: 'Append rows under a data table; the table grows.',
  area: 'tables',
  http: { method: 'POST', path: '/v1/files/:file_uuid/tables/rows' },
  input: z.strictObject({
    file_uuid: FileId,
    table: TableRef,
    rows: z
      .array(z.array(CellInput))
      .min(1, 'must hold at least one row')
      .describe('Typed as in write_cells.'),
    input: InputMode,
    sheet: SheetName.optional(),
    date_order: DateOrderField,
  }),
  output: TableOut.extend({ appended: z.number().int(), appended_range: z.string(), version: VersionOut, warnings: z.array(z.string()).optional().describe('Columns whose numeric dates were kept as text (give date_order).') }),
  hints: { readOnly: false, destructive: false },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const { sheet, table } = locateTable(wb, input.table, input.sheet);
      const width = table.rect.c1 - table.rect.c0 + 1;
      input.rows.forEach((r, i) => {
        if (r.length > width) throw invalidArg(`rows[${i}]`, `has ${r.length} values but table '${table.name}' has ${width} columns (${table.columns.join(', ')})`);
      });
      checkBlock('rows', table.rect.r1 + 1, table.rect.c0, input.rows.length, width, ctx.services.config.limits.cellsPerWrite);
      const { grid, warnings } = toContents(input.rows, input.input, { row: table.rect.r1 + 1, col: table.rect.c0 }, input.date_order, formulaTyper(wb, sheet.name));
      const before = table.rect.r1;
      await appendRows(wb, sheet, table, grid, input.rows);
      await syncNames(wb);
      return { ...tableView(wb, sheet, table), appended: input.rows.length, appended_range: rectToA1({ ...table.rect, r0: before + 1 }), ...(warnings.length ? { warnings } : {}) };
    });
    return { ...result, version };
  },
});
