// GET /v1/files/{id}/cells/dependencies: what a cell reads (forward) and what reads it (reverse),
// one step each way, as compact A1 ranges.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { A1Cell, FileId, SheetName } from '../../schemas.ts';
import { cellRelations } from '../../workbook/dependencies.ts';
import { targetCell } from '../../workbook/targets.ts';

export const getDependencies = defineOp({
  name: 'get_dependencies',
  summary: 'What a cell reads and which cells read it, one step each way.',
  area: 'cells',
  http: { method: 'GET', path: '/v1/files/:file_uuid/cells/dependencies' },
  input: z.strictObject({
    file_uuid: FileId,
    cell: A1Cell,
    direction: z.enum(['forward', 'reverse', 'both']).default('both').describe('forward: what it reads; reverse: its readers.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({
    sheet: z.string(),
    cell: z.string(),
    direction: z.enum(['forward', 'reverse', 'both']),
    forward: z.array(z.string()).describe('Cells and ranges this cell reads (empty when not asked for).'),
    reverse: z.array(z.string()).describe('Cells whose formulas (or code) read this cell (empty when not asked for).'),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, async (wb) => {
      const t = targetCell(wb, input.sheet, input.cell, 'cell');
      const rel = await cellRelations(wb, t.sheet, t.row, t.col, input.direction);
      return { sheet: t.sheet.name, cell: t.a1, direction: input.direction, ...rel };
    }),
});
