// POST /v1/files/{id}/cells/move: cut and paste of a rectangle on one sheet, carrying values,
// formulas, formats and code; formulas that pointed into the block follow it.
import { z } from 'zod';
import { MAX_COLS, MAX_ROWS, rectToA1 } from '../../a1.ts';
import { OpError, invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Cell, A1Range, FileId, SheetName } from '../../schemas.ts';
import { checkBlockMove, moveBlock, targetRect } from '../../workbook/move-block.ts';
import { targetCell, targetRange } from '../../workbook/targets.ts';
import { VersionOut } from '../../op-fields.ts';

export const moveCells = defineOp({
  name: 'move_cells',
  summary: 'Move a block on its sheet (the target is overwritten); formulas follow.',
  area: 'cells',
  http: { method: 'POST', path: '/v1/files/:file_uuid/cells/move' },
  input: z.strictObject({
    file_uuid: FileId,
    source: A1Range.describe('E.g. A1:C10.'),
    target: A1Cell.describe('Top-left destination, e.g. E1.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({
    sheet: z.string(),
    source: z.string(),
    target: z.string().describe('The rectangle the block now fills.'),
    overwritten: z.number().int().describe('Non-empty cells of the target area (outside the source) that were replaced.'),
    version: VersionOut,
  }),
  hints: { readOnly: false },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const src = targetRange(wb, input.sheet, input.source, 'source');
      const dst = targetCell(wb, input.sheet ?? (src.qualified ? src.sheet.name : undefined), input.target, 'target');
      if (dst.sheet !== src.sheet) throw invalidArg('target', `is on sheet '${dst.sheet.name}' but the source is on '${src.sheet.name}'; cells move within one sheet`);
      if (src.rect.r1 >= MAX_ROWS || src.rect.c1 >= MAX_COLS) throw invalidArg('source', 'runs past the edge of the sheet');
      const cells = (src.rect.r1 - src.rect.r0 + 1) * (src.rect.c1 - src.rect.c0 + 1);
      const max = ctx.services.config.limits.cellsPerWrite;
      if (cells > max) throw new OpError('payload_too_large', `source: ${cells} cells; one move may carry at most ${max}`, { field: 'source', limit: max });
      const move = { sheet: src.sheet, from: src.rect, to: { row: dst.row, col: dst.col } };
      await checkBlockMove(wb, move);
      const { overwritten } = await moveBlock(wb, move);
      return { sheet: src.sheet.name, source: rectToA1(src.rect), target: rectToA1(targetRect(move)), overwritten };
    });
    return { ...result, version };
  },
});
