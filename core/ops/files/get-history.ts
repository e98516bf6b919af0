// GET /v1/files/{id}/history: the operations log of a file, newest first — which op made each
// version, with a bounded summary of its arguments, who called it and when — and the file's named
// checkpoints (create_checkpoint), which restore_version returns to.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, PageQuery } from '../../schemas.ts';
import { iso, UserRef } from '../../op-fields.ts';

export const getHistory = defineOp({
  name: 'get_history',
  summary: 'A file\'s operations log, newest first.',
  area: 'files',
  http: { method: 'GET', path: '/v1/files/:file_uuid/history' },
  input: z.strictObject({ file_uuid: FileId, ...PageQuery }),
  output: z.object({
    entries: z.array(
      z.object({
        version: z.number().int().describe('The version this write made.'),
        op: z.string().describe('Operation name (as in tools and batch actions).'),
        args: z.unknown().describe('Its arguments, with long strings and big arrays summarised.'),
        user: UserRef.nullable(),
        at: z.string(),
      }),
    ),
    nextOffset: z.number().int().optional().describe('Present when older entries exist: pass it as offset.'),
    checkpoints: z.array(z.object({ name: z.string(), version: z.number().int(), user: UserRef.nullable(), at: z.string() })).describe('Named versions, newest first.'),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async (ctx, input) => {
    const file = await ctx.services.workbooks.file(ctx, input.file_uuid, 'read');
    const rows = await ctx.services.store.history(file.id, { limit: input.limit + 1, offset: input.offset });
    const page = rows.slice(0, input.limit);
    const checkpoints = await ctx.services.store.listCheckpoints(file.id);
    return {
      checkpoints: checkpoints.map((c) => ({ name: c.name, version: c.version, user: c.userId ? { uuid: c.userId, name: c.userName ?? '' } : null, at: iso(c.at) })),
      entries: page.map((h) => ({ version: h.version, op: h.op, args: h.args, user: h.userId ? { uuid: h.userId, name: h.userName ?? '' } : null, at: iso(h.at) })),
      ...(rows.length > input.limit ? { nextOffset: input.offset + input.limit } : {}),
    };
  },
});
