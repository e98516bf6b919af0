// POST /v1/files/{id}/restore: brings a deleted file back from the trash, as it was.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { requireRole } from '../../op-fields.ts';
import { checkAccess } from '../../workbook/access.ts';
import { notFound } from '../../errors.ts';

export const restoreFile = defineOp({
  name: 'restore_file',
  summary: 'Undelete a file (list_files with deleted: true lists them).',
  area: 'files',
  http: { method: 'POST', path: '/v1/files/:file_uuid/restore' },
  input: z.strictObject({ file_uuid: FileId }),
  output: z.object({ uuid: z.string(), name: z.string(), version: z.number().int(), restored: z.boolean() }),
  hints: { readOnly: false, idempotent: true, destructive: false },
  batchable: false,
  handler: async (ctx, input) => {
    requireRole(ctx, 'editor', 'Restoring a file');
    const { store } = ctx.services;
    const live = await store.getFile(input.file_uuid);
    if (live) {
      checkAccess(ctx, live, input.file_uuid, 'write');
      return { uuid: live.id, name: live.name, version: live.version, restored: false };
    }
    const file = await store.getDeletedFile(input.file_uuid);
    if (!file) throw notFound('file', input.file_uuid);
    checkAccess(ctx, file, input.file_uuid, 'write');
    await store.restoreFile(file.id);
    return { uuid: file.id, name: file.name, version: file.version, restored: true };
  },
});
