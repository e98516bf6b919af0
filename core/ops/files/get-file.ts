// GET /v1/files/{id}: metadata, the number of the last saved state, and what the caller may do.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { iso } from '../../op-fields.ts';

export const getFile = defineOp({
  name: 'get_file',
  summary: 'A file\'s metadata (name, dates, version, permissions).',
  area: 'files',
  http: { method: 'GET', path: '/v1/files/:file_uuid' },
  input: z.strictObject({ file_uuid: FileId }),
  output: z.object({
    uuid: z.string(),
    name: z.string(),
    space_uuid: z.string(),
    created: z.string(),
    modified: z.string(),
    version: z.number().int(),
    private: z.boolean(),
    creator_uuid: z.string(),
    permissions: z.array(z.enum(['read', 'write', 'manage'])),
    sheets: z.array(z.string()),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, (wb) => {
      const role = ctx.caller.role;
      const permissions: ('read' | 'write' | 'manage')[] = ['read'];
      if (role !== 'viewer') permissions.push('write');
      if (role === 'owner') permissions.push('manage');
      const f = wb.file;
      return { uuid: f.id, name: f.name, space_uuid: f.spaceId, created: iso(f.created), modified: iso(f.modified), version: f.version, private: f.private, creator_uuid: f.creatorId, permissions, sheets: wb.sheets.map((s) => s.name) };
    }),
});
