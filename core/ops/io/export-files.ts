// POST /v1/files/export-batch: several files exported in one call (an agent's three outputs of one
// task). REST answers one zip holding them; MCP hands out each file on its own (a download link
// each over HTTP). Each file is exported by export_xlsx (run by name), so a part is exactly what
// that op gives; one file that cannot be exported refuses the call, naming it.
import { zipSync } from 'fflate';
import { z } from 'zod';
import { runOp } from '../../dispatch.ts';
import { OpError, asOpError } from '../../errors.ts';
import { ExportFileName } from '../../io/download-name.ts';
import { defineOp, type BinaryResult } from '../../op.ts';
import { progressOf } from '../../progress.ts';
import { FileId } from '../../schemas.ts';

export const MAX_FILES = 20;

export const exportFiles = defineOp({
  name: 'export_files',
  summary: 'Export several files as xlsx (REST: one zip).',
  area: 'io',
  http: { method: 'POST', path: '/v1/files/export-batch' },
  input: z.strictObject({
    files: z
      .array(z.strictObject({ file_uuid: FileId, file_name: ExportFileName }))
      .min(1, 'must hold at least one file')
      .max(MAX_FILES, `at most ${MAX_FILES} files per call`)
      .describe('In order.'),
  }),
  output: z.object({ contentType: z.string(), body: z.unknown() }),
  hints: { readOnly: true, idempotent: true },
  binary: true,
  runsLong: true,
  binaryTypes: ['application/zip'],
  batchable: false,
  handler: async (ctx, input): Promise<BinaryResult> => {
    const op = ctx.services.findOp('export_xlsx')!;
    const step = progressOf(ctx, input.files.length);
    const quiet = { ...ctx, progress: undefined };
    const parts: BinaryResult[] = [];
    for (const [i, f] of input.files.entries()) {
      await step(i, f.file_name ?? f.file_uuid);
      try {
        parts.push((await runOp(op, quiet, { file_uuid: f.file_uuid, ...(f.file_name !== undefined ? { file_name: f.file_name } : {}) })) as BinaryResult);
      } catch (err) {
        const e = asOpError(err);
        throw new OpError(e.code, `files[${i}] (${f.file_uuid}): ${e.message}`, { ...e.details, index: i, file_uuid: f.file_uuid }, { cause: e });
      }
    }
    await step(input.files.length, 'done');
    return { contentType: 'application/zip', body: zipOf(parts), fileName: 'exports.zip', parts };
  },
});

/** One zip of the parts; a name given twice gets " (2)", " (3)"... before its extension. */
function zipOf(parts: BinaryResult[]): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const p of parts) {
    const name = p.fileName ?? 'file';
    let unique = name;
    for (let n = 2; unique in entries; n++) unique = name.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
    p.fileName = unique;
    entries[unique] = new Uint8Array(p.body);
  }
  return Buffer.from(zipSync(entries, { level: 6 }));
}
