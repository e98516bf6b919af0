// POST /v1/files/{id}/batch: several ops on one file, all-or-nothing, committed as one version.
import { z } from 'zod';
import { runOp } from '../../dispatch.ts';
import { OpError, asOpError } from '../../errors.ts';
import { isBatchable } from '../../op.ts';
import { progressOf } from '../../progress.ts';
import { FileId } from '../../schemas.ts';
import { defineOp } from '../../op.ts';
import { VersionOut } from '../../op-fields.ts';
import { BatchActions } from '../../files/batch-actions.ts';

export const runBatch = defineOp({
  name: 'run_batch',
  summary: 'Run several ops on one file as one transaction; on an error nothing is kept.',
  area: 'files',
  http: { method: 'POST', path: '/v1/files/:file_uuid/batch' },
  input: z.strictObject({
    file_uuid: FileId,
    actions: BatchActions,
  }),
  output: z.object({ results: z.array(z.unknown()), version: VersionOut }),
  hints: { readOnly: false, openWorld: true },
  batchable: false,
  dryRun: true,
  handler: async (ctx, input) => {
    const max = ctx.services.config.limits.batchActions;
    if (input.actions.length > max) throw new OpError('invalid_argument', `actions: at most ${max} actions per batch (got ${input.actions.length})`, { field: 'actions', limit: max });
    const { result, version } = await ctx.services.workbooks.session(ctx, input, async (inner) => {
      const results: unknown[] = [];
      // Progress per action; a cancellation between actions throws, so the session keeps nothing.
      const step = progressOf(ctx, input.actions.length);
      const quiet = { ...inner, progress: undefined };
      for (const [index, action] of input.actions.entries()) {
        await step(index, action.op);
        try {
          const op = ctx.services.findOp(action.op);
          if (!op || !isBatchable(op)) throw new OpError('invalid_argument', `op: '${action.op}' is not an operation that can run in a batch`, { field: 'op' });
          const args = { ...action.args };
          if (args.file_uuid !== undefined && args.file_uuid !== input.file_uuid) throw new OpError('invalid_argument', 'file_uuid: every action of a batch works on the batch\'s file', { field: 'file_uuid' });
          args.file_uuid = input.file_uuid;
          results.push(await runOp(op, quiet, args));
        } catch (err) {
          const e = asOpError(err);
          throw new OpError(e.code, `actions[${index}] (${action.op}): ${e.message}`, { ...e.details, index, op: action.op }, { cause: e });
        }
      }
      await step(input.actions.length, 'done');
      return results;
    });
    return { results: result, version };
  },
});
