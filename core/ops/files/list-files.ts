// GET /v1/files: the space's files visible to the caller, recently modified first, paged.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { PageQuery, SpaceId } from '../../schemas.ts';
import { iso, requireSpace } from '../../op-fields.ts';

export const listFiles = defineOp({
  name: 'list_files',
  summary: 'List files, most recently modified first.',
  area: 'files',
  http: { method: 'GET', path: '/v1/files' },
  input: z.strictObject({ ...PageQuery, space_uuid: SpaceId }),
  output: z.object({
    files: z.array(z.object({ uuid: z.string(), name: z.string(), created: z.string(), modified: z.string(), version: z.number().int(), private: z.boolean() })),
    nextOffset: z.number().int().optional().describe('Present when more files exist: pass it as offset.'),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async (ctx, input) => {
    const spaceId = requireSpace(ctx, input.space_uuid);
    const rows = await ctx.services.store.listFiles({ spaceId, userId: ctx.caller.userId, limit: input.limit + 1, offset: input.offset });
    const page = rows.slice(0, input.limit);
    return {
      files: page.map((f) => ({ uuid: f.id, name: f.name, created: iso(f.created), modified: iso(f.modified), version: f.version, private: f.private })),
      ...(rows.length > input.limit ? { nextOffset: input.offset + input.limit } : {}),
    };
  },
});
