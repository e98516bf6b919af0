// POST /v1/files/{id}/export/pdf (spec §4.2.1): the file printed as a person would print it, as
// PDF bytes. The body is optional (Letter, portrait, 100 %, every sheet). The file is read under
// its lock only while the print job is planned and its cells copied; pages are drawn after.
import { z } from 'zod';
import { planJob } from '../../io/pdf/plan.ts';
import { renderJob } from '../../io/pdf/render.ts';
import { printedDate, printedTime } from '../../io/pdf/header-footer.ts';
import { PdfBody } from '../../io/pdf/settings.ts';
import { defineOp, type BinaryResult } from '../../op.ts';
import { FileId } from '../../schemas.ts';

export const exportPdf = defineOp({
  name: 'export_pdf',
  summary: 'Print the file to PDF as a spreadsheet prints it, charts drawn.',
  area: 'io',
  http: { method: 'POST', path: '/v1/files/:file_uuid/export/pdf' },
  input: z.strictObject({ file_uuid: FileId, ...PdfBody }),
  output: z.object({ contentType: z.string(), body: z.unknown() }),
  hints: { readOnly: true, idempotent: true },
  binary: true,
  runsLong: true,
  binaryTypes: ['application/pdf'],
  batchable: false,
  handler: async (ctx, input): Promise<BinaryResult> => {
    const { job, name } = await ctx.services.workbooks.read(ctx, input.file_uuid, async (wb) => ({
      job: await planJob(ctx, wb, input, ctx.services.config),
      name: wb.file.name,
    }));
    const fileName = input.fileName ?? name;
    const now = ctx.services.clock.now();
    const body = await renderJob(ctx, job, {
      title: fileName,
      fileName,
      date: printedDate(input.printedAt, now),
      time: printedTime(input.printedAt, now),
      created: input.printedAt ? new Date(input.printedAt.length === 10 ? `${input.printedAt}T00:00:00Z` : input.printedAt) : now,
    });
    const base = fileName.replace(/\.pdf$/i, '');
    return { contentType: 'application/pdf', body, fileName: `${base}.pdf` };
  },
});
