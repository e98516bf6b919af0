// The public view of a task, and the check that the caller may see it (same space, and the file
// is one they can read; otherwise it does not exist for them).
import { z } from 'zod';
import type { OpContext } from '../context.ts';
import { OpError } from '../errors.ts';
import type { CodeTaskPayload } from './queue.ts';
import type { TaskRecord } from '../store.ts';
import { checkAccess } from '../workbook/access.ts';
import { iso } from '../op-fields.ts';
import { TaskStatus } from './op-fields.ts';

export const TaskOut = z.object({
  task_id: z.string(),
  kind: z.string(),
  status: TaskStatus,
  file_uuid: z.string(),
  cell: z.string().describe('The code cell the task runs, sheet-qualified.'),
  attempts: z.number().int().describe('How many times a worker took the task (more than 1 after a worker stopped mid-run).'),
  created: z.string(),
  started: z.string().nullable(),
  finished: z.string().nullable(),
  queued_ms: z.number().nullable().describe('From queueing to the start of the (last) run.'),
  run_ms: z.number().nullable(),
  error: z.string().optional(),
  version: z.number().int().optional().describe('File version that holds the result.'),
});

export async function visibleTask(ctx: OpContext, taskId: string): Promise<TaskRecord> {
  const task = await ctx.services.store.getTask(taskId);
  const missing = new OpError('not_found', `task_id: no task '${taskId}' in this space; task ids come from set_code_cell, rerun_code_cells and get_code_cell.`, { field: 'task_id' });
  if (!task || task.spaceId !== ctx.caller.spaceId) throw missing;
  try {
    checkAccess(ctx, await ctx.services.store.getFile(task.fileId), task.fileId, 'read');
  } catch {
    throw missing;
  }
  return task;
}

export function taskView(t: TaskRecord): z.input<typeof TaskOut> {
  const result = (t.result ?? {}) as { version?: number };
  return {
    task_id: t.id,
    kind: t.kind,
    status: t.status,
    file_uuid: t.fileId,
    cell: (t.payload as CodeTaskPayload).label,
    attempts: t.attempts,
    created: iso(t.created),
    started: t.started ? iso(t.started) : null,
    finished: t.finished ? iso(t.finished) : null,
    queued_ms: t.started ? t.started.getTime() - t.created.getTime() : null,
    run_ms: t.started && t.finished ? t.finished.getTime() - t.started.getTime() : null,
    ...(t.error ? { error: t.error } : {}),
    ...(typeof result.version === 'number' ? { version: result.version } : {}),
  };
}
