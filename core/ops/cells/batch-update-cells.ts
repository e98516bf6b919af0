// PUT /v1/files/{id}/cells/batch: writes, then formats, in order, as one transaction and one version.
import { z } from 'zod';
import { formulaTyper } from '../../io/excel-text.ts';
import { parseRange, qualified, rectToA1 } from '../../a1.ts';
import { OpError } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Cell, A1Range, FileId, SheetName } from '../../schemas.ts';
import { targetCell, targetRange } from '../../workbook/targets.ts';
import { VersionOut } from '../../op-fields.ts';
import { applyStyle } from '../../formats/apply.ts';
import { batchFormatFields, checkFormatArgs, pickFormatArgs, styleUpdater } from '../../formats/fields.ts';
import { lineRange } from '../../formats/ranges.ts';
import { keepTextFormatted } from '../../cells/text-format.ts';
import { InputMode, ValuesGrid, checkBlock, toContents, formulaLikeWarning } from '../../cells/write-input.ts';
import { DateOrderField } from '../../cells/date-order.ts';

const WriteItem = z.strictObject({
  cell: A1Cell.describe('Top-left cell.'),
  values: ValuesGrid.describe('Rows, as in write_cells.'),
  sheet: SheetName.optional().describe('Overrides the top-level sheet.'),
});

const FormatItem = z.strictObject({
  range: A1Range.describe('A1 range to format (whole columns A:C and rows 2:5 allowed).'),
  sheet: SheetName.optional().describe('Overrides the top-level sheet.'),
  ...batchFormatFields,
});

export const batchUpdateCells = defineOp({
  name: 'batch_update_cells',
  summary: 'Write several blocks, then apply several formats, all or nothing.',
  area: 'cells',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/cells/batch' },
  input: z.strictObject({
    file_uuid: FileId,
    writes: z.array(WriteItem).max(10_000, 'at most 10000 write items').optional().describe('Written first, in order.'),
    formats: z.array(FormatItem).max(10_000, 'at most 10000 format items').optional().describe('Applied after the writes.'),
    sheet: SheetName.optional(),
    input: InputMode,
    date_order: DateOrderField,
  }),
  output: z.object({
    version: VersionOut,
    writes: z.array(z.object({ sheet: z.string(), range: z.string(), updated_cells: z.number().int() })),
    formats: z.array(z.object({ sheet: z.string(), range: z.string() })),
    updated_cells: z.number().int().describe('Cells written by all writes together.'),
    formula_like_text: z.array(z.string()).optional().describe('Cells whose text starts with "=" and was stored as text; input: "user_entered" makes formulas.'),
    warnings: z.array(z.string()).optional().describe('Text that looks like a formula stored as text; columns whose numeric dates were kept as text (give date_order).'),
  }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const writes = input.writes ?? [];
    const formats = input.formats ?? [];
    const sheetOf = (item: { sheet?: string }) => item.sheet ?? input.sheet;
    const formatArgs = formats.map((f, i) => {
      const args = pickFormatArgs(f);
      checkFormatArgs(args, `formats[${i}].`);
      return args;
    });
    const total = writes.reduce((n, w) => n + w.values.length * w.values[0]!.length, 0);
    const limit = ctx.services.config.limits.cellsPerWrite;
    if (total > limit) throw new OpError('payload_too_large', `writes: ${total} cells in one batch; at most ${limit}. Split the batch.`, { field: 'writes', limit });
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      // Everything that can be checked before any change is checked first.
      const writeTargets = writes.map((w, i) => {
        const t = targetCell(wb, sheetOf(w), w.cell, `writes[${i}].cell`);
        checkBlock(`writes[${i}].values`, t.row, t.col, w.values.length, w.values[0]!.length, limit);
        const out = toContents(w.values, input.input, t, input.date_order, formulaTyper(wb, t.sheet.name));
        return { t, ...out, warnings: out.warnings.map((text) => `writes[${i}]: ${text}`) };
      });
      formats.forEach((f, i) => wb.sheetFor(sheetOf(f), parseRange(f.range).sheet, `formats[${i}].range`));
      const written = [];
      const formulaLike: string[] = [];
      const manySheets = new Set(writeTargets.map((w) => w.t.sheet)).size > 1;
      for (const [i, { t, grid, formulaLike: fl }] of writeTargets.entries()) {
        const values = writes[i]!.values;
        await keepTextFormatted(wb, t.sheet, t.row, t.col, grid, values);
        await wb.writeCells(t.sheet, t.row, t.col, grid);
        written.push({ sheet: t.sheet.name, range: rectToA1({ r0: t.row, c0: t.col, r1: t.row + values.length - 1, c1: t.col + values[0]!.length - 1 }), updated_cells: values.length * values[0]!.length });
        formulaLike.push(...fl.map((a1) => (manySheets ? qualified(t.sheet.name, a1) : a1)));
      }
      const formatted = [];
      for (const [i, f] of formats.entries()) {
        const t = targetRange(wb, sheetOf(f), f.range, `formats[${i}].range`);
        await applyStyle(wb, t, styleUpdater(formatArgs[i]!), limit);
        formatted.push({ sheet: t.sheet.name, range: lineRange(t) });
      }
      return { writes: written, formats: formatted, formulaLike: formulaLike.slice(0, 20), warnings: writeTargets.flatMap((w) => w.warnings) };
    });
    const { formulaLike, warnings: dateWarnings, ...rest } = result;
    const warnings = [...(formulaLike.length ? [formulaLikeWarning(formulaLike)] : []), ...dateWarnings];
    return { version, ...rest, updated_cells: total, ...(formulaLike.length ? { formula_like_text: formulaLike } : {}), ...(warnings.length ? { warnings } : {}) };
  },
});
