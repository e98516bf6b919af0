// GET /v1/tasks/{id}: where an asynchronous run stands — status, timings, error.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { TaskOut, taskView, visibleTask } from '../../code/task-view.ts';
import { TaskId } from '../../schemas.ts';

export const getTask = defineOp({
  name: 'get_task',
  summary: 'Status of a code-cell run, with its error.',
  area: 'code',
  http: { method: 'GET', path: '/v1/tasks/:task_id' },
  input: z.strictObject({ task_id: TaskId }),
  output: TaskOut,
  hints: { readOnly: true, idempotent: true },
  handler: async (ctx, input) => taskView(await visibleTask(ctx, input.task_id)),
});
