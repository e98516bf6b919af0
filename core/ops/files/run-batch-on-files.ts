// POST /v1/files/batch: the same actions on several files (an agent's three case workbooks of one
// task), each file its own run_batch: its own transaction and version, all of its actions or none.
// One file's failure keeps the others' work and is reported in its place; when every file fails
// the call fails. dry_run reaches each file's batch.
import { z } from 'zod';
import { runOp } from '../../dispatch.ts';
import { OpError, asOpError, errorBody } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { progressOf } from '../../progress.ts';
import { DryRun } from '../../schemas.ts';
import { BatchActions } from '../../files/batch-actions.ts';

export const MAX_BATCH_FILES = 20;

export const runBatchOnFiles = defineOp({
  name: 'run_batch_on_files',
  summary: 'run_batch on each of several files (each its own version).',
  area: 'files',
  http: { method: 'POST', path: '/v1/files/batch' },
  input: z.strictObject({
    file_uuids: z
      .array(z.uuid({ message: 'must be a file uuid (from list_files or import_files)' }))
      .min(1, 'must hold at least one file')
      .max(MAX_BATCH_FILES, `at most ${MAX_BATCH_FILES} files per call`)
      .refine((ids) => new Set(ids).size === ids.length, 'must not name a file twice')
      .describe('In order.'),
    actions: BatchActions,
    dry_run: DryRun,
  }),
  output: z.object({
    files: z.array(z.object({ file_uuid: z.string() }).loose()).describe("Per file, in order: run_batch's reply, or its error."),
    failed: z.number().int().describe('Files whose batch failed (nothing kept there).'),
  }),
  hints: { readOnly: false, openWorld: true },
  batchable: false,
  handler: async (ctx, input) => {
    const step = progressOf(ctx, input.file_uuids.length);
    const quiet = { ...ctx, progress: undefined };
    const runBatch = ctx.services.findOp('run_batch')!;
    const files: ({ file_uuid: string } & Record<string, unknown>)[] = [];
    const errors: OpError[] = [];
    for (const [i, file_uuid] of input.file_uuids.entries()) {
      await step(i, file_uuid);
      try {
        const out = (await runOp(runBatch, quiet, { file_uuid, actions: input.actions, ...(input.dry_run ? { dry_run: input.dry_run } : {}) })) as Record<string, unknown>;
        files.push({ file_uuid, ...out });
      } catch (err) {
        const e = asOpError(err);
        if (e.code === 'internal' || e.code === 'cancelled') throw e;
        errors.push(e);
        files.push({ file_uuid, error: errorBody(e).error });
      }
    }
    await step(input.file_uuids.length, 'done');
    if (errors.length === input.file_uuids.length) {
      const first = errors[0]!;
      throw new OpError(first.code, `file_uuids[0] (${input.file_uuids[0]}): ${first.message}${errors.length > 1 ? ` (and every other file failed too; details.files has each error)` : ''}`, { ...first.details, files }, { cause: first });
    }
    return { files, failed: errors.length };
  },
});
