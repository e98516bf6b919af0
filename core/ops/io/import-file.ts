// POST /v1/files/import: create a file from a CSV, Excel or Parquet file (or, with file_uuid,
// import into that file; with `files`, several files at once, a new file each). A file is created
// only once the data has been read, and removed again if writing it fails, so a failed import
// leaves nothing behind.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { ImportOut } from '../../io/report.ts';
import { EffectsOut } from '../../workbook/effects.ts';
import { ImportItems, importMany } from '../../io/import-many.ts';
import { defineOp } from '../../op.ts';
import { FileId, SpaceId } from '../../schemas.ts';
import { requireRole, requireSpace } from '../../op-fields.ts';
import { FileName } from '../../schemas.ts';
import { ImportFields, importAsNewFile, importIntoFile, prepareImport } from '../../io/import-fields.ts';

/** Fields that name one file; `files` takes their place. */
const ONE_FILE = ['file_name', 'file_data', 'path', 'file_uuid', 'name', 'cell', 'sheet'] as const;

export const importFile = defineOp({
  name: 'import_file',
  summary: 'Create a file from a CSV, xlsx, xls or Parquet file (file_uuid: import into that file).',
  area: 'io',
  http: { method: 'POST', path: '/v1/files/import' },
  input: z.strictObject({
    ...ImportFields,
    file_uuid: FileId.optional().describe('Existing file to import into.'),
    name: FileName.optional().describe('Default: file_name stem.'),
    files: ImportItems.optional().describe('Several: a new file each; all or none.'),
    private: z.boolean().default(false),
    space_uuid: SpaceId,
  }),
  output: ImportOut.partial().extend({ files: z.array(ImportOut.extend({ effects: EffectsOut.optional() })).optional().describe('With files: each import, in order, with its own effects.') }),
  hints: { readOnly: false },
  fileBody: true,
  runsLong: true,
  batchable: false,
  handler: async (ctx, input) => {
    if (input.files) {
      const clash = ONE_FILE.find((k) => input[k] !== undefined);
      if (clash) throw invalidArg(clash, 'give it inside each item of files (file_name, file_data or path, name), or leave files out');
      const spaceId = requireSpace(ctx, input.space_uuid);
      requireRole(ctx, 'editor', 'Importing files');
      return { files: await importMany(ctx, spaceId, input.files, { date_order: input.date_order, private: input.private }) };
    }
    if (input.file_uuid) {
      await ctx.services.workbooks.file(ctx, input.file_uuid, 'write');
      return importIntoFile(ctx, { file_uuid: input.file_uuid }, await prepareImport(ctx, input), input);
    }
    const spaceId = requireSpace(ctx, input.space_uuid);
    requireRole(ctx, 'editor', 'Importing a file');
    return importAsNewFile(ctx, spaceId, await prepareImport(ctx, input), input);
  },
});
