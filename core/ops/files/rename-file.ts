// PATCH /v1/files/{id}: renames a file; a committed write like any other (a new version, logged).
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, FileName } from '../../schemas.ts';
import { VersionOut } from '../../op-fields.ts';

export const renameFile = defineOp({
  name: 'rename_file',
  summary: 'Rename a file (a new version of it).',
  area: 'files',
  http: { method: 'PATCH', path: '/v1/files/:file_uuid' },
  input: z.strictObject({ file_uuid: FileId, name: FileName }),
  output: z.object({ uuid: z.string(), name: z.string(), previous_name: z.string(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const previous = wb.file.name;
      if (previous !== input.name) wb.renameFile(input.name);
      return { uuid: wb.file.id, name: input.name, previous_name: previous };
    });
    return { ...result, version };
  },
});
