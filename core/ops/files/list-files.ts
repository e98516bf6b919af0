// GET /v1/files: the space's files visible to the caller, recently modified first, paged; with
// deleted=true the trash instead (deleted files restore_file can bring back), recently deleted first.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { PageQuery, SpaceId } from '../../schemas.ts';
import { iso, requireSpace } from '../../op-fields.ts';
import { purgeAfter } from '../../files/trash.ts';
import type { FileRecord } from '../../store.ts';

export const listFiles = defineOp({
  name: 'list_files',
  summary: 'List files, most recently modified first.',
  area: 'files',
  http: { method: 'GET', path: '/v1/files' },
  input: z.strictObject({ ...PageQuery, deleted: z.boolean().optional().describe('true: the deleted files instead.'), space_uuid: SpaceId }),
  output: z.object({
    files: z.array(z.object({ uuid: z.string(), name: z.string(), created: z.string(), modified: z.string(), version: z.number().int(), private: z.boolean(), deleted: z.string().optional(), purge_after: z.string().optional() })),
    nextOffset: z.number().int().optional().describe('Present when more files exist: pass it as offset.'),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async (ctx, input) => {
    const spaceId = requireSpace(ctx, input.space_uuid);
    const q = { spaceId, userId: ctx.caller.userId, limit: input.limit + 1, offset: input.offset };
    const rows: (FileRecord & { deletedAt?: Date })[] = input.deleted ? await ctx.services.store.listDeletedFiles(q) : await ctx.services.store.listFiles(q);
    const page = rows.slice(0, input.limit);
    return {
      files: page.map((f) => ({
        uuid: f.id, name: f.name, created: iso(f.created), modified: iso(f.modified), version: f.version, private: f.private,
        ...(f.deletedAt ? { deleted: iso(f.deletedAt), purge_after: iso(purgeAfter(ctx.services, f.deletedAt)) } : {}),
      })),
      ...(rows.length > input.limit ? { nextOffset: input.offset + input.limit } : {}),
    };
  },
});
