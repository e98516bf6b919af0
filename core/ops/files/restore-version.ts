// POST /v1/files/{id}/restore-version: makes the file as it was at an earlier version (or a named
// checkpoint) its next version. Nothing in between is lost: the history keeps it, and undo or
// another restore brings it back.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { OpError } from '../../errors.ts';
import { VersionOut } from '../../op-fields.ts';
import { restoreTo } from '../../files/versions.ts';

export const restoreVersion = defineOp({
  name: 'restore_version',
  summary: 'Restore a version or checkpoint (as a new version).',
  area: 'files',
  http: { method: 'POST', path: '/v1/files/:file_uuid/restore-version' },
  input: z.strictObject({
    file_uuid: FileId,
    to: z.union([z.number().int().positive(), z.string().trim().min(1).max(100)]).describe('A version or a checkpoint name (get_history lists both).'),
  }),
  output: z.object({ restored_to: z.number().int(), checkpoint: z.string().optional(), version: VersionOut }),
  hints: { readOnly: false },
  batchable: false,
  dryRun: true,
  handler: async (ctx, input) => {
    const to = input.to;
    return restoreTo<{ checkpoint?: string }>(ctx, input, 'to', async (file) => {
      if (typeof to === 'number') return { to, args: {}, reply: {} };
      const cp = await ctx.services.store.getCheckpoint(file.id, to);
      if (!cp) throw new OpError('not_found', `to: no checkpoint named '${to}' on this file (a version is a number); get_history lists them`, { field: 'to' });
      return { to: cp.version, args: { checkpoint: cp.name }, reply: { checkpoint: cp.name } };
    });
  },
});
