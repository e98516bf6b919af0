// GET /v1/files/{id}/conditional-formats/evaluate: which rules apply to which cells of a range
// now, and the style they add — what a person sees on top of the cells' own formats.
import { z } from 'zod';
import { cellToA1 } from '../../a1.ts';
import { OpError } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { ruleOverlay } from '../../rules/effective.ts';
import { targetRange } from '../../workbook/targets.ts';
import { StyleOut } from '../../rules/schemas.ts';

const MAX_CELLS = 200_000;

export const evaluateConditionalFormats = defineOp({
  name: 'evaluate_conditional_formats',
  summary: 'Which rules style which cells of a range now.',
  area: 'rules',
  http: { method: 'GET', path: '/v1/files/:file_uuid/conditional-formats/evaluate' },
  input: z.strictObject({ file_uuid: FileId, range: A1Range.describe('Cells to evaluate.'), sheet: SheetName.optional() }),
  output: z.object({
    sheet: z.string(),
    range: z.string(),
    cells: z.array(z.object({ cell: z.string(), rules: z.array(z.string()), style: StyleOut })),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      const n = (t.rect.r1 - t.rect.r0 + 1) * (t.rect.c1 - t.rect.c0 + 1);
      if (n > MAX_CELLS) throw new OpError('payload_too_large', `range: ${n} cells; evaluate at most ${MAX_CELLS} at a time`, { field: 'range', limit: MAX_CELLS });
      const grid = await ruleOverlay(wb, t.sheet, t.rect);
      const cells = [];
      for (let i = 0; i < grid.length; i++) {
        for (let j = 0; j < grid[i]!.length; j++) {
          const o = grid[i]![j];
          if (o) cells.push({ cell: cellToA1({ row: t.rect.r0 + i, col: t.rect.c0 + j }), rules: o.rules, style: o.style });
        }
      }
      return { sheet: t.sheet.name, range: t.a1, cells };
    }),
});
