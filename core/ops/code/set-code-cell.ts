// PUT /v1/files/{id}/cells/code: places a code cell (Python, SQL on a connection, or JavaScript)
// and queues its run in the same commit; the answer is the task id, the result lands later.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { connectionInSpace } from '../../connections/service.ts';
import { anchorA1, codeCellAt, codeCells, setCodeCells, type CodeCell } from '../../code/model.ts';
import { queueRun } from '../../code/queue.ts';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Cell, FileId, SheetName } from '../../schemas.ts';
import { hasContent, isRich } from '../../workbook/cell.ts';
import { targetCell } from '../../workbook/targets.ts';
import { VersionOut } from '../../op-fields.ts';
import { CodeLanguage, CodeText } from '../../code/op-fields.ts';

export const setCodeCell = defineOp({
  name: 'set_code_cell',
  summary: 'Place a code cell (python, javascript, or SQL on a connection) and run it asynchronously.',
  area: 'code',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/cells/code' },
  input: z.strictObject({
    file_uuid: FileId,
    cell: A1Cell.describe('Anchor; tables spill right and down.'),
    language: CodeLanguage,
    code: CodeText,
    connection_uuid: z.uuid({ message: 'must be a connection uuid (from list_connections)' }).optional().describe('For language connection (list_connections).'),
    sheet: SheetName.optional(),
  }),
  output: z.object({ task_id: z.string(), sheet: z.string(), cell: z.string(), status: z.literal('queued'), version: VersionOut }),
  hints: { readOnly: false, idempotent: false, openWorld: true },
  handler: async (ctx, input) => {
    if (input.language === 'connection' && !input.connection_uuid) throw invalidArg('connection_uuid', 'is required when language is "connection" (list_connections gives the uuids)');
    if (input.language !== 'connection' && input.connection_uuid) throw invalidArg('connection_uuid', `is only for language "connection"; leave it out for ${input.language}`);
    if (input.connection_uuid) await connectionInSpace(ctx, input.connection_uuid, ctx.caller.spaceId);
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetCell(wb, input.sheet, input.cell, 'cell');
      await wb.load(t.sheet, { r0: t.row, c0: t.col, r1: t.row, c1: t.col });
      const current = t.sheet.get(t.row, t.col);
      let cc = codeCellAt(t.sheet, t.row, t.col);
      if (!cc && isRich(current) && current.o !== undefined && current.o !== t.a1) {
        throw invalidArg('cell', `${t.a1} holds part of the result of the code cell at ${current.o}; choose another cell, or clear or move that code cell first`);
      }
      const now = ctx.services.clock.now().toISOString();
      if (!cc) {
        // A new code cell replaces what the anchor held, as typing into it would (an empty anchor
        // is not a change: cells reading it need not rerun).
        if (hasContent(current)) await wb.writeCells(t.sheet, t.row, t.col, [[null]]);
        cc = { id: randomUUID(), row: t.row, col: t.col, language: input.language, code: input.code, status: 'queued', task_id: '', updated: now, spill: { r0: t.row, c0: t.col, r1: t.row, c1: t.col } } satisfies CodeCell;
        setCodeCells(t.sheet, [...codeCells(t.sheet), cc]);
      }
      cc.language = input.language;
      cc.code = input.code;
      if (input.connection_uuid) cc.connection_id = input.connection_uuid;
      else delete cc.connection_id;
      const anchor = t.sheet.get(t.row, t.col);
      if (!(isRich(anchor) && anchor.o === anchorA1(cc))) t.sheet.set(t.row, t.col, isRich(anchor) ? { ...anchor, o: anchorA1(cc) } : anchor === null || anchor === undefined ? { o: anchorA1(cc) } : { v: anchor, o: anchorA1(cc) });
      const taskId = queueRun(wb, ctx, t.sheet, cc, 'set');
      return { task_id: taskId, sheet: t.sheet.name, cell: t.a1 };
    });
    return { ...result, status: 'queued' as const, version };
  },
});
