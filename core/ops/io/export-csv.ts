// GET /v1/files/{id}/export/csv?sheet=: one sheet as CSV (displayed values, UTF-8).
import { z } from 'zod';
import { sheetToCsv } from '../../io/csv-export.ts';
import { defineOp, type BinaryResult } from '../../op.ts';
import { progressOf } from '../../progress.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { downloadName } from '../../io/download-name.ts';
import { csvSummary } from '../../io/export-summary.ts';

export const exportCsv = defineOp({
  name: 'export_csv',
  summary: 'Export one sheet as CSV (values as displayed).',
  area: 'io',
  http: { method: 'GET', path: '/v1/files/:file_uuid/export/csv' },
  input: z.strictObject({ file_uuid: FileId, sheet: SheetName.optional() }),
  output: z.object({ contentType: z.string(), body: z.unknown() }),
  hints: { readOnly: true, idempotent: true },
  binary: true,
  runsLong: true,
  batchable: false,
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, async (wb): Promise<BinaryResult> => {
      const sheet = wb.sheet(input.sheet);
      const step = progressOf(ctx);
      const body = await sheetToCsv(wb, sheet, (done, total) => step(done, `${done} of ${total} rows`));
      return { contentType: 'text/csv; charset=utf-8', body, fileName: downloadName(`${wb.file.name}-${sheet.name}`, 'csv'), summary: await csvSummary(wb, sheet) };
    }),
});
