// POST /v1/files/{id}/tables/query: a filtered, sorted, paged view of a table's rows, read-only.
// Filtering never hides rows in the sheet (every reader would see that); it is a query.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { FileId, PageQuery, SheetName } from '../../schemas.ts';
import { isRich, type Cell } from '../../workbook/cell.ts';
import { displayCell } from '../../workbook/display.ts';
import { effectiveStyle } from '../../workbook/read.ts';
import { bodyOf } from '../../tables/columns.ts';
import { FILTER_OPS, compareCells, passes, type Filter } from '../../tables/rows.ts';
import { TableRef, columnIndex, locateTable } from '../../tables/common.ts';
import { SortKeys } from '../../tables/fields.ts';

export const queryTable = defineOp({
  name: 'query_table',
  summary: 'Read a data table\'s rows filtered, sorted and paged.',
  area: 'tables',
  http: { method: 'POST', path: '/v1/files/:file_uuid/tables/query' },
  input: z.strictObject({
    file_uuid: FileId,
    table: TableRef,
    filters: z
      .array(
        z.strictObject({
          column: z.string().min(1).describe('Header.'),
          op: z.enum(FILTER_OPS).describe('Comparison (text ignores case).'),
          value: z.string().optional().describe('Typed as in write_cells.'),
          values: z.array(z.string()).optional().describe('For op in.'),
        }),
      )
      .max(50, 'at most 50 filters')
      .default([])
      .describe('All must hold.'),
    sort: SortKeys.optional(),
    columns: z.array(z.string().min(1)).optional().describe('Columns to return (default all).'),
    ...PageQuery,
    sheet: SheetName.optional(),
  }),
  output: z.object({
    table: z.string(),
    sheet: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())),
    row_numbers: z.array(z.number().int()).describe('Sheet row of each row.'),
    total: z.number().int(),
    nextOffset: z.number().int().optional(),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, async (wb) => {
      const { sheet, table } = locateTable(wb, input.table, input.sheet);
      const filters: Filter[] = input.filters.map((f, i) => {
        if (f.op === 'in' && !f.values) throw invalidArg(`filters[${i}].values`, 'is required for op "in"');
        if (!['blank', 'not_blank', 'in'].includes(f.op) && f.value === undefined) throw invalidArg(`filters[${i}].value`, `is required for op "${f.op}"`);
        return { column: columnIndex(table.columns, f.column, `filters[${i}].column`, table.name), op: f.op, value: f.value, values: f.values };
      });
      const sort = (input.sort ?? []).map((k, i) => ({ column: columnIndex(table.columns, k.column, `sort[${i}].column`, table.name), descending: k.descending }));
      const pick = input.columns ? input.columns.map((c, i) => columnIndex(table.columns, c, `columns[${i}]`, table.name)) : table.columns.map((_, i) => i);
      const body = bodyOf(table);
      const rows: { r: number; cells: Cell[]; shown: string[] }[] = [];
      if (body.r1 >= body.r0) {
        await wb.load(sheet, body);
        for (let r = body.r0; r <= body.r1; r++) {
          const cells: Cell[] = [], shown: string[] = [];
          for (let c = body.c0; c <= body.c1; c++) {
            const cell = sheet.get(r, c);
            cells.push(cell);
            shown.push(cell === null || cell === undefined ? '' : isRich(cell) && cell.e ? cell.e : displayCell(cell, effectiveStyle(sheet, wb.styles, r, c, cell), sheet.meta));
          }
          if (filters.every((f) => passes(cells[f.column], shown[f.column]!, f))) rows.push({ r, cells, shown });
        }
      }
      if (sort.length) rows.sort((a, b) => sort.reduce((d, k) => d || compareCells(a.cells[k.column], b.cells[k.column], k.descending), 0) || a.r - b.r);
      const page = rows.slice(input.offset, input.offset + input.limit);
      const next = input.offset + input.limit < rows.length ? { nextOffset: input.offset + input.limit } : {};
      return { table: table.name, sheet: sheet.name, columns: pick.map((i) => table.columns[i]!), rows: page.map((row) => pick.map((i) => row.shown[i]!)), row_numbers: page.map((row) => row.r + 1), total: rows.length, ...next };
    }),
});
