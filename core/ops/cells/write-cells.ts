// PUT /v1/files/{id}/cells: a rectangle of typed literals from one anchor cell.
import { z } from 'zod';
import { MAX_COLS, MAX_ROWS, cellToA1, rectToA1 } from '../../a1.ts';
import { OpError, invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Cell, FileId, SheetName } from '../../schemas.ts';
import { targetCell } from '../../workbook/targets.ts';
import { checkFormula } from '../../workbook/formula-check.ts';
import { parseTyped } from '../../workbook/typed-input.ts';
import type { Content } from '../../workbook/workbook.ts';
import { keepTextFormatted } from './text-format.ts';
import { VersionOut } from '../common.ts';

export const ValuesGrid = z
  .array(z.array(z.string({ message: 'expected a string (write numbers as strings, e.g. "42")' })).min(1, 'each row must hold at least one value'))
  .min(1, 'must hold at least one row')
  .superRefine((rows, ctx) => {
    const width = rows[0]?.length ?? 0;
    rows.forEach((r, i) => {
      if (r.length !== width) ctx.addIssue({ code: 'custom', path: [i], message: `row ${i} has ${r.length} values but row 0 has ${width}; every row must have the same length` });
    });
  })
  .describe('Rows of strings, typed as a spreadsheet would ("42", "3.5%", "2024-01-15", "TRUE"); "\'007" stays text; "" clears.');

export const InputMode = z
  .enum(['literal', 'user_entered'])
  .default('literal')
  .describe('user_entered: "=..." becomes a formula (literal: text).');

/** Converts a strings grid to contents; reports formula-like text kept literal. */
export function toContents(values: string[][], mode: 'literal' | 'user_entered', origin: { row: number; col: number }): { grid: Content[][]; formulaLike: string[] } {
  const formulaLike: string[] = [];
  const grid = values.map((line, i) =>
    line.map((raw, j): Content => {
      if (raw.startsWith('=') && raw.length > 1) {
        if (mode === 'user_entered') return { f: checkFormula(raw, `values[${i}][${j}]`) };
        if (formulaLike.length < 20) formulaLike.push(cellToA1({ row: origin.row + i, col: origin.col + j }));
        return raw;
      }
      return parseTyped(raw);
    }),
  );
  return { grid, formulaLike };
}

export function checkBlock(field: string, row: number, col: number, rows: number, cols: number, maxCells: number): void {
  if (row + rows > MAX_ROWS) throw invalidArg(field, `the block of ${rows} rows from row ${row + 1} runs past the last row (${MAX_ROWS})`);
  if (col + cols > MAX_COLS) throw invalidArg(field, `the block of ${cols} columns from column ${col + 1} runs past the last column (XFD)`);
  if (rows * cols > maxCells) throw new OpError('payload_too_large', `values: ${rows * cols} cells in one write; at most ${maxCells}. Split the write.`, { field: 'values', limit: maxCells });
}

export const writeCells = defineOp({
  name: 'write_cells',
  summary: 'Write a block of values from a cell; strings are typed as in a spreadsheet. Formulas: set_formula.',
  area: 'cells',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/cells' },
  input: z.strictObject({
    file_uuid: FileId,
    cell: A1Cell.describe('Top-left cell.'),
    values: ValuesGrid,
    sheet: SheetName.optional(),
    input: InputMode,
  }),
  output: z.object({
    version: VersionOut,
    sheet: z.string(),
    range: z.string().describe('The rectangle written.'),
    updated_cells: z.number().int(),
    formula_like_text: z.array(z.string()).optional().describe('Cells whose text starts with "=" and was stored as text; use set_formula or input: "user_entered" to make formulas.'),
  }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const rows = input.values.length, cols = input.values[0]!.length;
    const { result, version } = await ctx.services.workbooks.write(ctx, input.file_uuid, async (wb) => {
      const t = targetCell(wb, input.sheet, input.cell, 'cell');
      checkBlock('values', t.row, t.col, rows, cols, ctx.services.config.limits.cellsPerWrite);
      const { grid, formulaLike } = toContents(input.values, input.input, t);
      await keepTextFormatted(wb, t.sheet, t.row, t.col, grid, input.values);
      await wb.writeCells(t.sheet, t.row, t.col, grid);
      return { sheet: t.sheet.name, range: rectToA1({ r0: t.row, c0: t.col, r1: t.row + rows - 1, c1: t.col + cols - 1 }), updated_cells: rows * cols, formulaLike };
    });
    const { formulaLike, ...rest } = result;
    return { version, ...rest, ...(formulaLike.length ? { formula_like_text: formulaLike } : {}) };
  },
});
