// DELETE /v1/files/{id}: moves a file to the trash. It disappears from list_files and 404s, can be
// restored with restore_file (listed by list_files with deleted: true) until purged after
// SHEETS_TRASH_DAYS. Editors may delete; a private file only its creator.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { iso, requireRole } from '../../op-fields.ts';
import { diffWorkbooks } from '../../files/diff.ts';
import { purgeAfter } from '../../files/trash.ts';

export const deleteFile = defineOp({
  name: 'delete_file',
  summary: 'Delete a file; restore_file brings it back until it is purged.',
  area: 'files',
  http: { method: 'DELETE', path: '/v1/files/:file_uuid' },
  input: z.strictObject({ file_uuid: FileId }),
  output: z.object({ uuid: z.string(), name: z.string(), deleted: z.boolean(), purge_after: z.string().describe('Until then restore_file brings it back.') }),
  hints: { readOnly: false, idempotent: true },
  batchable: false,
  dryRun: true,
  handler: async (ctx, input) => {
    requireRole(ctx, 'editor', 'Deleting a file');
    const { workbooks, store, clock } = ctx.services;
    const file = await workbooks.file(ctx, input.file_uuid, 'write');
    const at = clock.now();
    if (ctx.dryRun) {
      // Everything in the file would go: compared with an empty workbook.
      ctx.dryRun.report = await workbooks.read(ctx, file.id, (wb) => diffWorkbooks(wb, workbooks.fresh({ file: wb.file, styles: [], sheets: [] }), { match: 'id', facets: new Set(['values', 'formulas', 'formats']), limit: 20 }));
      return { uuid: file.id, name: file.name, deleted: false, purge_after: iso(purgeAfter(ctx.services, at)) };
    }
    await store.trashFile(file.id, at);
    workbooks.evict(file.id);
    return { uuid: file.id, name: file.name, deleted: true, purge_after: iso(purgeAfter(ctx.services, at)) };
  },
});
