// POST /v1/files/{id}/cells/code/rerun: runs existing code cells again without changing their code
// (e.g. to refresh a SQL result): those anchored in a range, on a sheet, or all of the file.
import { z } from 'zod';
import { rectContains } from '../../a1.ts';
import { anchorA1, codeCells } from '../../code/model.ts';
import { queueRun } from '../../code/queue.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { targetRange } from '../../workbook/targets.ts';
import { VersionOut } from '../../op-fields.ts';

export const rerunCodeCells = defineOp({
  name: 'rerun_code_cells',
  summary: 'Rerun code cells: in a range, on a sheet, or all.',
  area: 'code',
  http: { method: 'POST', path: '/v1/files/:file_uuid/cells/code/rerun' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.optional().describe('Only code cells anchored here.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({ tasks: z.array(z.object({ task_id: z.string(), sheet: z.string(), cell: z.string() })), version: VersionOut }),
  hints: { readOnly: false, idempotent: false, openWorld: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const tasks = [];
      const target = input.range !== undefined ? targetRange(wb, input.sheet, input.range, 'range') : undefined;
      const sheets = target ? [target.sheet] : input.sheet !== undefined ? [wb.sheet(input.sheet)] : wb.sheets;
      for (const sheet of sheets) {
        for (const cc of codeCells(sheet)) {
          if (target && !rectContains(target.rect, cc.row, cc.col)) continue;
          const task_id = queueRun(wb, ctx, sheet, cc, 'rerun');
          tasks.push({ task_id, sheet: sheet.name, cell: anchorA1(cc) });
        }
      }
      return tasks;
    });
    return { tasks: result, version };
  },
});
