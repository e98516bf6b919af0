// import_file with `files`: several files imported in one call, each its own new file (an agent's
// three case workbooks of one task). Every file is read and parsed before any is created, and the
// files made are removed again if a later one fails: all of them or none.
import { z } from 'zod';
import type { OpContext } from '../context.ts';
import { OpError, asOpError } from '../errors.ts';
import { progressOf } from '../progress.ts';
import { FileName } from '../schemas.ts';
import { ImportFields, importAsNewFile, prepareImport, type Prepared } from './import-fields.ts';
import type { ImportResult } from './report.ts';
import type { DateOrder } from '../cells/date-order.ts';
import type { Effects } from '../workbook/effects.ts';

export const MAX_IMPORTS = 20;

export const ImportItems = z
  .array(
    z.strictObject({
      file_name: ImportFields.file_name,
      file_data: ImportFields.file_data,
      path: ImportFields.path,
      name: FileName.optional().describe('Default: file_name stem.'),
    }),
  )
  .min(1, 'must hold at least one file')
  .max(MAX_IMPORTS, `at most ${MAX_IMPORTS} files per call`);

type Items = z.output<typeof ImportItems>;

export async function importMany(ctx: OpContext, spaceId: string, files: Items, opts: { date_order?: DateOrder; private: boolean }): Promise<(ImportResult & { effects?: Effects })[]> {
  if (ctx.fileBytes) throw new OpError('invalid_argument', '(body): raw bytes carry one file; send files[] as JSON with base64 file_data', { field: '(body)' });
  const step = progressOf(ctx, files.length * 2);
  const prepared: Prepared[] = [];
  for (const [i, f] of files.entries()) {
    await step(i, `reading ${f.file_name ?? f.path ?? ''}`);
    prepared.push(await itemStep(i, () => prepareImport(ctx, f)));
  }
  const made: (ImportResult & { effects?: Effects })[] = [];
  try {
    for (const [i, f] of files.entries()) {
      await step(files.length + i, `importing ${prepared[i]!.src.fileName}`);
      // Each file's effects (spills, recalculated formulas) ride on its own report, not on the call's.
      let effects: Effects | undefined;
      const own: OpContext = { ...ctx, progress: undefined, reportEffects: (e) => (effects = e) };
      const report = await itemStep(i, () => importAsNewFile(own, spaceId, prepared[i]!, { ...f, date_order: opts.date_order, private: opts.private }));
      made.push(effects ? { ...report, effects } : report);
    }
  } catch (err) {
    await Promise.all(made.map((m) => ctx.services.store.deleteFile(m.uuid).catch(() => undefined)));
    throw err;
  }
  await step(files.length * 2, 'done');
  return made;
}

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
