// POST /v1/files/import: create a file from a CSV, Excel or Parquet file (or, with file_uuid,
// import into that file). The file is created only once the data has been read, and removed
// again if writing it fails, so a failed import leaves nothing behind.
import { randomUUID } from 'node:crypto';
import { basename, extname } from 'node:path';
import { z } from 'zod';
import { initialSheets } from '../../io/run-import.ts';
import { ImportOut } from '../../io/report.ts';
import { defineOp } from '../../op.ts';
import { FileId, SpaceId } from '../../schemas.ts';
import { checkSheetNames } from '../../workbook/names.ts';
import { requireRole, requireSpace } from '../../op-fields.ts';
import { FileName } from '../../schemas.ts';
import { ImportFields, importIntoFile, prepareImport } from '../../io/import-fields.ts';

export const importFile = defineOp({
  name: 'import_file',
  summary: 'Create a file from a CSV, xlsx, xls or Parquet file (file_uuid: import into that file).',
  area: 'io',
  http: { method: 'POST', path: '/v1/files/import' },
  input: z.strictObject({
    ...ImportFields,
    file_uuid: FileId.optional().describe('Existing file to import into.'),
    name: FileName.optional().describe('Default: file_name stem.'),
    private: z.boolean().default(false),
    space_uuid: SpaceId,
  }),
  output: ImportOut,
  hints: { readOnly: false },
  fileBody: true,
  batchable: false,
  handler: async (ctx, input) => {
    if (input.file_uuid) {
      await ctx.services.workbooks.file(ctx, input.file_uuid, 'write');
      return importIntoFile(ctx, { file_uuid: input.file_uuid }, await prepareImport(ctx, input), input);
    }
    const spaceId = requireSpace(ctx, input.space_uuid);
    requireRole(ctx, 'editor', 'Importing a file');
    const prepared = await prepareImport(ctx, input);
    const sheets = prepared.book ? prepared.book.sheets.map((s) => s.name) : initialSheets(prepared.src, undefined, input);
    if (prepared.book) checkSheetNames(sheets, 'file_data');
    const stem = basename(prepared.src.fileName, extname(prepared.src.fileName)).trim() || 'Imported';
    const { store, clock } = ctx.services;
    const file = await store.createFile({
      spaceId,
      creatorId: ctx.caller.userId,
      name: input.name ?? stem.slice(0, 255),
      private: input.private,
      at: clock.now(),
      sheets: sheets.map((name, position) => ({ id: randomUUID(), name, position, meta: {} })),
    });
    try {
      return await importIntoFile(ctx, { file_uuid: file.id }, prepared, input);
    } catch (err) {
      await store.deleteFile(file.id).catch(() => undefined);
      throw err;
    }
  },
});
