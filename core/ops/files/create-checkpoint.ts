// POST /v1/files/{id}/checkpoints: names the file's current version, so restore_version can return
// to it by name (get_history lists them). A checkpoint keeps the before-images back to it from
// being pruned.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { OpError } from '../../errors.ts';

export const createCheckpoint = defineOp({
  name: 'create_checkpoint',
  summary: 'Name this version (restore_version returns to it).',
  area: 'files',
  http: { method: 'POST', path: '/v1/files/:file_uuid/checkpoints' },
  input: z.strictObject({ file_uuid: FileId, name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').describe('Reusing a name moves it here.') }),
  output: z.object({ name: z.string(), version: z.number().int(), replaced: z.boolean().describe('A checkpoint of this name existed and now names this version.') }),
  hints: { readOnly: false, idempotent: true, destructive: false },
  batchable: false,
  handler: async (ctx, input) => {
    const file = await ctx.services.workbooks.file(ctx, input.file_uuid, 'write');
    const expected = (input as { expected_version?: number }).expected_version;
    if (expected !== undefined && expected !== file.version) throw new OpError('version_conflict', `expected_version: the file is at version ${file.version}, not ${expected}`, { field: 'expected_version', current_version: file.version });
    const version = file.version;
    const replaced = await ctx.services.store.setCheckpoint({ fileId: file.id, name: input.name, version, userId: ctx.caller.userId, at: ctx.services.clock.now() });
    return { name: input.name, version, replaced };
  },
});
