// POST /v1/files/{id}/cells/sort: sorts the rows of any range (not only a table) by one or more
// columns or computed keys, as a spreadsheet's Data > Sort does: values, formulas and formats move
// with their row, and blocks of rows (block_rows) move together.
import { z } from 'zod';
import { rectToA1 } from '../../a1.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { HasHeader, checkSize, columnOf, readRect, sortRows } from '../../cells/range-edit.ts';
import { targetRange } from '../../workbook/targets.ts';
import { VersionOut } from '../../op-fields.ts';
import { invalidArg } from '../../errors.ts';
import { DryRun } from '../../rows/fields.ts';
import { sortBlocks, type BlockKey } from '../../rows/sort-blocks.ts';

export const sortRange = defineOp({
  name: 'sort_range',
  summary: 'Sort a range\'s rows by columns; formulas and formats move with the row.',
  area: 'cells',
  http: { method: 'POST', path: '/v1/files/:file_uuid/cells/sort' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('E.g. A1:D50 or A:D.'),
    by: z
      .array(
        z.strictObject({
          column: z.string().min(1).max(100).optional().describe('Letter or header.'),
          formula: z.string().trim().min(1).max(8192).optional().describe('Or a key per row: =LEN(A2).'),
          descending: z.boolean().default(false).describe('Largest first.'),
        }),
      )
      .min(1, 'give at least one column to sort by')
      .max(20, 'at most 20 sort columns')
      .describe('First decides; blanks last.'),
    has_header: HasHeader,
    block_rows: z.number().int().min(1).max(10_000).default(1).describe('Rows kept together.'),
    dry_run: DryRun,
    sheet: SheetName.optional(),
  }),
  output: z.object({
    sheet: z.string(),
    range: z.string().describe('The rows sorted (header excluded).'),
    moved_rows: z.number().int(),
    dry_run: z.boolean().optional(),
    warnings: z.array(z.string()).optional().describe('Blocks whose first row is blank in a key: where their key came from.'),
    version: VersionOut,
  }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      checkSize(t.rect, ctx.services.config.limits.cellsPerWrite, 'range');
      const headers = input.has_header ? (await readRect(wb, t.sheet, { ...t.rect, r1: t.rect.r0 }))[0] : undefined;
      const body = { ...t.rect, r0: t.rect.r0 + (input.has_header ? 1 : 0) };
      const keys: BlockKey[] = input.by.map((k, i) => {
        if ((k.column === undefined) === (k.formula === undefined)) throw invalidArg(`by[${i}]`, 'give either column (a letter or header) or formula (a key computed per row), not both or neither');
        return k.formula !== undefined ? { formula: k.formula, descending: k.descending, field: `by[${i}].formula` } : { col: columnOf(k.column!, t.rect, headers, `by[${i}].column`), descending: k.descending };
      });
      const plain = input.block_rows === 1 && !input.dry_run && keys.every((k) => 'col' in k);
      let moved = 0;
      let warnings: string[] = [];
      if (body.r0 <= body.r1) {
        if (plain) moved = await sortRows(wb, t.sheet, body, keys as { col: number; descending: boolean }[], 'range');
        else ({ moved, warnings } = await sortBlocks(wb, t.sheet, body, keys, input.block_rows, 'range', input.dry_run));
      }
      return { sheet: t.sheet.name, range: body.r0 <= body.r1 ? rectToA1(body) : '', moved_rows: moved, ...(input.dry_run ? { dry_run: true } : {}), ...(warnings.length ? { warnings } : {}) };
    });
    return { ...result, version };
  },
});
