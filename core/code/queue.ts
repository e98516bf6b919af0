// Queues a run of a code cell inside the current write: the cell points at a new task, and the
// task row is committed in the same transaction (Workbook.outbox), so a stored code cell is
// never left waiting for a task that does not exist.
import { randomUUID } from 'node:crypto';
import { qualified } from '../a1.ts';
import type { OpContext } from '../context.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { anchorA1, type CodeCell } from './model.ts';

export interface CodeTaskPayload {
  sheet_id: string;
  cell_id: string;
  /** Sheet1!B2 when queued, for people reading the task. */
  label: string;
  /** Code cells whose results led to this run (loop guard for reruns). */
  chain: string[];
  reason: 'set' | 'rerun' | 'dependency';
}

export function queueRun(wb: Workbook, ctx: OpContext, sheet: SheetModel, cc: CodeCell, reason: CodeTaskPayload['reason'], chain: string[] = []): string {
  const id = randomUUID();
  const now = ctx.services.clock.now();
  // A run queued earlier in this same write is replaced, not kept alongside.
  if (wb.changeset.outbox.tasks) wb.changeset.outbox.tasks = wb.changeset.outbox.tasks.filter((t) => (t.payload as CodeTaskPayload).cell_id !== cc.id);
  cc.task_id = id;
  cc.status = 'queued';
  cc.updated = now.toISOString();
  const payload: CodeTaskPayload = { sheet_id: sheet.id, cell_id: cc.id, label: qualified(sheet.name, anchorA1(cc)), chain, reason };
  (wb.changeset.outbox.tasks ??= []).push({
    id,
    kind: 'code_cell',
    spaceId: wb.file.spaceId,
    fileId: wb.file.id,
    userId: ctx.caller.userId,
    tokenId: ctx.caller.tokenId,
    payload,
    maxAttempts: ctx.services.config.code.maxAttempts,
    created: now,
  });
  return id;
}
