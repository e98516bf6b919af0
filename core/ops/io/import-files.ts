// POST /v1/files/import-batch: several files imported in one call, each its own new file (an
// agent's three case workbooks of one task). Every file is read and parsed before any is created,
// and the files made are removed again if a later one fails: all of them or none.
import { z } from 'zod';
import { OpError, asOpError } from '../../errors.ts';
import { ImportFields, importAsNewFile, prepareImport, type Prepared } from '../../io/import-fields.ts';
import { ImportOut, type ImportResult } from '../../io/report.ts';
import { defineOp } from '../../op.ts';
import { requireRole, requireSpace } from '../../op-fields.ts';
import { progressOf } from '../../progress.ts';
import { FileName, SpaceId } from '../../schemas.ts';

export const MAX_IMPORTS = 20;

const Item = z.strictObject({
  file_name: ImportFields.file_name,
  file_data: ImportFields.file_data,
  path: ImportFields.path,
  name: FileName.optional().describe('Default: file_name stem.'),
});

export const importFiles = defineOp({
  name: 'import_files',
  summary: 'Create a file from each of several files, as import_file; all or none.',
  area: 'io',
  http: { method: 'POST', path: '/v1/files/import-batch' },
  input: z.strictObject({
    files: z.array(Item).min(1, 'must hold at least one file').max(MAX_IMPORTS, `at most ${MAX_IMPORTS} files per call`).describe('In order.'),
    date_order: ImportFields.date_order,
    private: z.boolean().default(false),
    space_uuid: SpaceId,
  }),
  output: z.object({ files: z.array(ImportOut).describe('In the order given.') }),
  hints: { readOnly: false, destructive: false },
  fileBody: true,
  batchable: false,
  handler: async (ctx, input) => {
    if (ctx.fileBytes) throw new OpError('invalid_argument', '(body): raw bytes carry one file (import_file); send files[] as JSON with base64 file_data', { field: '(body)' });
    const spaceId = requireSpace(ctx, input.space_uuid);
    requireRole(ctx, 'editor', 'Importing files');
    const step = progressOf(ctx, input.files.length * 2);
    const prepared: Prepared[] = [];
    for (const [i, f] of input.files.entries()) {
      await step(i, `reading ${f.file_name ?? f.path ?? ''}`);
      prepared.push(await itemStep(i, () => prepareImport(ctx, f)));
    }
    const made: ImportResult[] = [];
    const quiet = { ...ctx, progress: undefined };
    try {
      for (const [i, f] of input.files.entries()) {
        await step(input.files.length + i, `importing ${prepared[i]!.src.fileName}`);
        made.push(await itemStep(i, () => importAsNewFile(quiet, spaceId, prepared[i]!, { ...f, date_order: input.date_order, private: input.private })));
      }
    } catch (err) {
      await Promise.all(made.map((m) => ctx.services.store.deleteFile(m.uuid).catch(() => undefined)));
      throw err;
    }
    await step(input.files.length * 2, 'done');
    return { files: made };
  },
});

/** Runs one file's step; its error names the file's place: `files[1].file_data: is not base64`. */
async function itemStep<T>(i: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = asOpError(err);
    if (e.code === 'internal') throw e;
    const field = typeof e.details.field === 'string' ? `files[${i}].${e.details.field}` : `files[${i}]`;
    const message = typeof e.details.field === 'string' && e.message.startsWith(`${e.details.field}:`) ? `files[${i}].${e.message}` : `files[${i}]: ${e.message}`;
    throw new OpError(e.code, message, { ...e.details, field, index: i }, { cause: e });
  }
}
