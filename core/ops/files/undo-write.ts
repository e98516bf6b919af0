// POST /v1/files/{id}/undo (undo_write): restores the state before the last write (an op or a whole batch) as a
// new version. Undo again steps further back. With only_mine (the default) it refuses with a 409
// when someone else wrote since the caller's last write.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { UserRef, VersionOut } from '../../op-fields.ts';
import { restoreTo, undoTarget } from '../../files/versions.ts';

/** How far back undo follows a chain of undos (log entries read per call). */
const LOG_WINDOW = 500;

export const undoWrite = defineOp({
  name: 'undo_write',
  summary: 'Undo last write (an op or a batch), as a new version.',
  area: 'files',
  http: { method: 'POST', path: '/v1/files/:file_uuid/undo' },
  input: z.strictObject({
    file_uuid: FileId,
    only_mine: z.boolean().default(true).describe('Refuse (409) if someone else wrote since your last write.'),
  }),
  output: z.object({ undone: z.object({ version: z.number().int(), op: z.string(), user: UserRef.nullable() }), restored_to: z.number().int(), version: VersionOut }),
  hints: { readOnly: false },
  batchable: false,
  dryRun: true,
  handler: (ctx, input) =>
    restoreTo(ctx, input, 'undo_write', async (file) => {
      const log = await ctx.services.store.history(file.id, { limit: LOG_WINDOW, offset: 0 });
      const { target, undone } = undoTarget(log, file.version, ctx.caller.userId, input.only_mine);
      return {
        to: target,
        args: { undone: undone.version },
        reply: { undone: { version: undone.version, op: undone.op, user: undone.userId ? { uuid: undone.userId, name: undone.userName ?? '' } : null } },
      };
    }),
});
