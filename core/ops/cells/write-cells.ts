// PUT /v1/files/{id}/cells: a rectangle of typed literals from one anchor cell.
import { z } from 'zod';
import { formulaTyper } from '../../io/excel-text.ts';
import { rectToA1 } from '../../a1.ts';
import { defineOp } from '../../op.ts';
import { A1Cell, FileId, SheetName } from '../../schemas.ts';
import { targetCell } from '../../workbook/targets.ts';
import { keepTextFormatted } from '../../cells/text-format.ts';
import { VersionOut } from '../../op-fields.ts';
import { ValuesGrid, InputMode, checkBlock, toContents, formulaLikeWarning } from '../../cells/write-input.ts';
import { DateOrderField } from '../../cells/date-order.ts';

export const writeCells = defineOp({
  name: 'write_cells',
  summary: 'Write a block of values from a cell; strings are typed as Excel types input. "=..." is text unless input is "user_entered".',
  area: 'cells',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/cells' },
  input: z.strictObject({
    file_uuid: FileId,
    cell: A1Cell.describe('Top-left cell.'),
    values: ValuesGrid,
    sheet: SheetName.optional(),
    input: InputMode,
    date_order: DateOrderField,
  }),
  output: z.object({
    version: VersionOut,
    sheet: z.string(),
    range: z.string().describe('The rectangle written.'),
    updated_cells: z.number().int(),
    formula_like_text: z.array(z.string()).optional().describe('Cells whose text starts with "=" and was stored as text; use set_formula or input: "user_entered" to make formulas.'),
    warnings: z.array(z.string()).optional().describe('Text that looks like a formula stored as text; columns whose numeric dates were kept as text (give date_order).'),
  }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const rows = input.values.length, cols = input.values[0]!.length;
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetCell(wb, input.sheet, input.cell, 'cell');
      checkBlock('values', t.row, t.col, rows, cols, ctx.services.config.limits.cellsPerWrite);
      const { grid, formulaLike, warnings } = toContents(input.values, input.input, t, input.date_order, formulaTyper(wb, t.sheet.name));
      await keepTextFormatted(wb, t.sheet, t.row, t.col, grid, input.values);
      await wb.writeCells(t.sheet, t.row, t.col, grid);
      return { sheet: t.sheet.name, range: rectToA1({ r0: t.row, c0: t.col, r1: t.row + rows - 1, c1: t.col + cols - 1 }), updated_cells: rows * cols, formulaLike, warnings };
    });
    const { formulaLike, warnings: dateWarnings, ...rest } = result;
    const warnings = [...(formulaLike.length ? [formulaLikeWarning(formulaLike)] : []), ...dateWarnings];
    return { version, ...rest, ...(formulaLike.length ? { formula_like_text: formulaLike } : {}), ...(warnings.length ? { warnings } : {}) };
  },
});
