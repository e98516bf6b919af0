// GET /v1/tasks/{id}/wait: waits (up to timeout_ms) until a task has finished, then answers as
// get_task does. Wakes at once for tasks finished in this process; the others are found by one
// poll per process for every awaited task (task-watch.ts).
import { z } from 'zod';
import { allCodeCells } from '../../code/model.ts';
import { taskEvents } from '../../code/task-events.ts';
import { taskWatch } from '../../code/task-watch.ts';
import { defineOp } from '../../op.ts';
import { TaskId } from '../../schemas.ts';
import { TaskOut, taskView, visibleTask } from '../../code/task-view.ts';

const POLL_MS = 250;
const FINAL = new Set(['done', 'error', 'cancelled']);

export const waitTask = defineOp({
  name: 'wait_task',
  summary: 'Wait until a task finishes or the timeout passes (timed_out: true).',
  area: 'code',
  http: { method: 'GET', path: '/v1/tasks/:task_id/wait' },
  input: z.strictObject({
    task_id: TaskId,
    timeout_ms: z.number().int().min(0, 'must be 0..60000').max(60_000, 'must be 0..60000').default(30_000).describe('Default 30000.'),
    scope: z.enum(['task', 'file']).default('task').describe("file: until nothing in the task's file is queued or running."),
  }),
  output: TaskOut.extend({ timed_out: z.boolean(), file_pending: z.number().int().optional().describe('scope file: code cells of the file still queued or running.') }),
  hints: { readOnly: true, idempotent: true },
  runsLong: true,
  handler: async (ctx, input) => {
    let task = await visibleTask(ctx, input.task_id);
    const deadline = Date.now() + input.timeout_ms;
    // Scope file: the file is asked again after any finish here, or every POLL_MS.
    const pause = () =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          taskEvents.off('finished', done);
          ctx.signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
        taskEvents.on('finished', done);
        ctx.signal?.addEventListener('abort', done);
      });
    const waiting = () => Date.now() < deadline && !ctx.signal?.aborted;
    while (!FINAL.has(task.status) && waiting()) {
      const finished = await taskWatch(ctx.services.store).until(task.id, Math.max(0, deadline - Date.now()), ctx.signal);
      task = finished ?? (await ctx.services.store.getTask(task.id)) ?? task;
    }
    if (input.scope === 'task') return { ...taskView(task), timed_out: !FINAL.has(task.status) };
    // The whole file: its code cells say whether a run is still queued or under way (a run can
    // queue the next, so this is asked again after every finish).
    const queued = () => ctx.services.workbooks.read(ctx, task.fileId, (wb) => [...allCodeCells(wb)].filter(({ cc }) => cc.status === 'queued').length);
    let left = await queued();
    while (left > 0 && waiting()) {
      await pause();
      left = await queued();
    }
    task = (await ctx.services.store.getTask(task.id)) ?? task;
    return { ...taskView(task), timed_out: left > 0, file_pending: left };
  },
});
