// POST /v1/files/{id}/import: CSV or Parquet into one sheet from a cell, or an Excel workbook's
// sheets (each replaces the sheet of its name or is added), as one committed write.
import { z } from 'zod';
import { ImportOut } from '../../io/report.ts';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { ImportFields, importIntoFile, prepareImport } from '../../io/import-fields.ts';

export const importIntoFileOp = defineOp({
  name: 'import_into_file',
  summary: 'Import CSV or Parquet at a cell, or xlsx/xls sheets (replacing same-named ones), into a file.',
  area: 'io',
  http: { method: 'POST', path: '/v1/files/:file_uuid/import' },
  input: z.strictObject({ file_uuid: FileId, ...ImportFields }),
  output: ImportOut,
  hints: { readOnly: false },
  fileBody: true,
  runsLong: true,
  handler: async (ctx, input) => {
    // Rights first: a viewer gets 403, not a 400 about the data.
    await ctx.services.workbooks.file(ctx, input.file_uuid, 'write');
    return importIntoFile(ctx, input, await prepareImport(ctx, input), input);
  },
});
