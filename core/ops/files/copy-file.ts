// POST /v1/files/{id}/copy: a full copy of a file (cells, formulas, styles, sheet meta) as a new
// file at version 1 — how an evaluation harness resets an episode to a known state.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { iso, requireRole } from '../../op-fields.ts';
import { FileName } from '../../schemas.ts';

export const copyFile = defineOp({
  name: 'copy_file',
  summary: 'Copy a file whole into a new file at version 1.',
  area: 'files',
  http: { method: 'POST', path: '/v1/files/:file_uuid/copy' },
  input: z.strictObject({
    file_uuid: FileId.describe('Uuid of the file to copy.'),
    name: FileName.optional().describe('Default "<name> (copy)".'),
    private: z.boolean().optional().describe('Default as the source.'),
  }),
  output: z.object({ uuid: z.string(), name: z.string(), version: z.number().int(), private: z.boolean(), sheets: z.array(z.string()), created: z.string(), source_uuid: z.string(), source_version: z.number().int().describe('Version of the source that was copied.') }),
  hints: { readOnly: false, destructive: false },
  batchable: false,
  handler: async (ctx, input) => {
    const source = await ctx.services.workbooks.file(ctx, input.file_uuid, 'read');
    requireRole(ctx, 'editor', 'Copying a file (it creates one)');
    const name = input.name ?? `${source.name} (copy)`.slice(0, 255);
    const copy = await ctx.services.store.copyFile({ sourceId: source.id, spaceId: source.spaceId, creatorId: ctx.caller.userId, name, private: input.private ?? source.private, at: ctx.services.clock.now() });
    return { uuid: copy.file.id, name: copy.file.name, version: copy.file.version, private: copy.file.private, sheets: copy.sheets, created: iso(copy.file.created), source_uuid: source.id, source_version: copy.sourceVersion };
  },
});
