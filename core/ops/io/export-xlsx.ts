// GET /v1/files/{id}/export/xlsx: the whole file as an Excel workbook (values, formulas, formats,
// merges, sizes, frozen panes), so a file can leave the service the way it came in.
import { z } from 'zod';
import { workbookToXlsx } from '../../io/xlsx-export.ts';
import { defineOp, type BinaryResult } from '../../op.ts';
import { progressOf } from '../../progress.ts';
import { FileId } from '../../schemas.ts';
import { ExportFileName, downloadName } from '../../io/download-name.ts';
import { xlsxSummary } from '../../io/export-summary.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const exportXlsx = defineOp({
  name: 'export_xlsx',
  summary: 'Export the file as an .xlsx workbook.',
  area: 'io',
  http: { method: 'GET', path: '/v1/files/:file_uuid/export/xlsx' },
  input: z.strictObject({ file_uuid: FileId, file_name: ExportFileName }),
  output: z.object({ contentType: z.string(), body: z.unknown() }),
  hints: { readOnly: true, idempotent: true },
  binary: true,
  runsLong: true,
  batchable: false,
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, async (wb): Promise<BinaryResult> => {
      const step = progressOf(ctx, wb.sheets.length);
      const body = await workbookToXlsx(wb, (done, total) => step(done, `sheet ${done} of ${total}`));
      return { contentType: XLSX_TYPE, body, fileName: downloadName(wb.file.name, 'xlsx', input.file_name), summary: await xlsxSummary(wb) };
    }),
});
