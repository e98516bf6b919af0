// PUT /v1/files/{id}/cells/formula: one formula, computed before the response returns.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { A1Cell, FileId, SheetName } from '../../schemas.ts';
import { displayCell } from '../../workbook/display.ts';
import { lazyContext, shownFormulaOf, typedFormula } from '../../io/excel-text.ts';
import { describeError, effectiveStyle, readGrid } from '../../workbook/read.ts';
import { spillRect } from '../../workbook/effects.ts';
import { rectToA1 } from '../../a1.ts';
import { targetCell } from '../../workbook/targets.ts';
import type { RichCell } from '../../workbook/cell.ts';
import { VersionOut } from '../../op-fields.ts';
import { TypedGridOut, TypedValueOut, typedCell } from '../../workbook/typed-value.ts';

/** Cells of a spilled result a set_formula reply shows. */
const SPILL_CELLS = 100;

export const FormulaText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(8192, 'must be at most 8192 characters')
  .describe('E.g. "=SUM(A1:A10)"; commas between arguments.');

export const setFormula = defineOp({
  name: 'set_formula',
  summary: 'Set a formula in one cell and get its value.',
  area: 'cells',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/cells/formula' },
  input: z.strictObject({ file_uuid: FileId, cell: A1Cell, formula: FormulaText, sheet: SheetName.optional() }),
  output: z.object({
    sheet: z.string(),
    cell: z.string(),
    formula: z.string(),
    value: z.string().describe('The computed value as displayed; an error shows as its code, e.g. #DIV/0!.'),
    typed: TypedValueOut.describe('The value typed: a number, text, boolean, null, {error} or {date|time|datetime, serial}.'),
    error: z.string().optional().describe('Formula error such as #DIV/0!, #REF!, #NAME?, #CYCLE!.'),
    message: z.string().optional(),
    spill: z
      .object({ range: z.string(), values: z.array(z.array(z.string())).describe(`Displayed; the first ${SPILL_CELLS} cells at most.`), typed: TypedGridOut, truncated: z.boolean().optional() })
      .optional()
      .describe('Where the result spilled, with its values.'),
    version: VersionOut,
  }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetCell(wb, input.sheet, input.cell, 'cell');
      // A formula naming tables the Excel way (Sales[Units]) is resolved against the file's tables.
      const tables = lazyContext(wb);
      await wb.writeCells(t.sheet, t.row, t.col, [[typedFormula(tables, t.sheet.name, t.row, input.formula, 'formula')]]);
      const cell = t.sheet.get(t.row, t.col) as RichCell;
      const style = effectiveStyle(t.sheet, wb.styles, t.row, t.col, cell);
      const text = shownFormulaOf(tables, t.sheet.name, t.row, cell);
      const out = { sheet: t.sheet.name, cell: t.a1, formula: text, value: displayCell(cell, style, t.sheet.meta), typed: typedCell(cell, style, t.sheet.meta) };
      if (cell.e) return { ...out, error: cell.e, message: cell.m ?? describeError(cell.e) };
      const rect = spillRect(wb, t.sheet, t.row, t.col);
      if (!rect) return out;
      const cols = rect.c1 - rect.c0 + 1;
      const rows = Math.max(1, Math.min(rect.r1 - rect.r0 + 1, Math.floor(SPILL_CELLS / cols)));
      const shown = { ...rect, r1: rect.r0 + rows - 1, c1: rect.c0 + Math.min(cols, SPILL_CELLS) - 1 };
      const grid = readGrid(t.sheet, wb.styles, shown, 'displayed', false, { typed: true });
      const truncated = shown.r1 < rect.r1 || shown.c1 < rect.c1;
      return { ...out, spill: { range: rectToA1(rect), values: grid.values as string[][], typed: grid.typed!, ...(truncated ? { truncated } : {}) } };
    });
    return { ...result, version };
  },
});
