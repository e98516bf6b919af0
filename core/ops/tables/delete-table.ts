// DELETE /v1/files/{id}/tables: removes a table. Its cells stay (unless clear is set); formulas
// that used its names now use the plain cell ranges, as spreadsheets convert a table to a range.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { tableNames } from '../../tables/columns.ts';
import { rewriteFormulas, syncNames } from '../../workbook/defined-names.ts';
import { VersionOut } from '../../op-fields.ts';
import { TableRef, locateTable } from '../../tables/common.ts';

export const deleteTable = defineOp({
  name: 'delete_table',
  summary: 'Delete a data table; formulas using it get cell ranges.',
  area: 'tables',
  http: { method: 'DELETE', path: '/v1/files/:file_uuid/tables' },
  input: z.strictObject({
    file_uuid: FileId,
    table: TableRef,
    clear: z.boolean().default(false).describe('Also empty its cells.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({ table: z.string(), deleted: z.boolean(), cleared: z.boolean(), formulas_updated: z.number().int(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true, destructive: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const { sheet, table } = locateTable(wb, input.table, input.sheet);
      const refs = new Map(tableNames(sheet, table, table.columns).map((n) => [n.name.toLowerCase(), n.ref]));
      const formulas_updated = await rewriteFormulas(wb, refs);
      sheet.meta.tables = (sheet.meta.tables ?? []).filter((t) => t !== table);
      if (input.clear) {
        const { r0, c0, r1, c1 } = table.rect;
        await wb.load(sheet, table.rect);
        await wb.writeCells(sheet, r0, c0, Array.from({ length: r1 - r0 + 1 }, () => new Array(c1 - c0 + 1).fill(null)));
        for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) if (sheet.get(r, c) !== null) wb.putCell(sheet, r, c, null);
      }
      await syncNames(wb);
      return { table: table.name, deleted: true, cleared: input.clear, formulas_updated };
    });
    return { ...result, version };
  },
});
