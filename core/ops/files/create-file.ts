// POST /v1/files: a new empty file with one sheet (or the sheets named).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { SpaceId, FileName } from '../../schemas.ts';
import { checkSheetNames, SheetNameInput } from '../../workbook/names.ts';
import { requireRole, requireSpace } from '../../op-fields.ts';

export const createFile = defineOp({
  name: 'create_file',
  summary: 'Create a file (one sheet, Sheet1, unless sheets are named).',
  area: 'files',
  http: { method: 'POST', path: '/v1/files' },
  input: z.strictObject({
    name: FileName,
    private: z.boolean().default(false).describe('Only you see it.'),
    sheets: z.array(SheetNameInput).min(1, 'must name at least one sheet').max(200, 'at most 200 sheets').optional().describe('Initial sheet names.'),
    space_uuid: SpaceId,
  }),
  output: z.object({ uuid: z.string(), name: z.string(), version: z.number().int(), private: z.boolean(), sheets: z.array(z.string()) }),
  hints: { readOnly: false, destructive: false },
  batchable: false,
  handler: async (ctx, input) => {
    const spaceId = requireSpace(ctx, input.space_uuid);
    requireRole(ctx, 'editor', 'Creating a file');
    const names = input.sheets ?? ['Sheet1'];
    checkSheetNames(names, 'sheets');
    const file = await ctx.services.store.createFile({
      spaceId,
      creatorId: ctx.caller.userId,
      name: input.name,
      private: input.private,
      at: ctx.services.clock.now(),
      sheets: names.map((name, position) => ({ id: randomUUID(), name, position, meta: {} })),
    });
    return { uuid: file.id, name: file.name, version: file.version, private: file.private, sheets: names };
  },
});
