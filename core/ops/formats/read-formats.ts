// GET /v1/files/{id}/cells/formats: the formatting of a range as runs of equal formats.
import { z } from 'zod';
import { OpError } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { targetRange } from '../../workbook/targets.ts';
import { lineStyleRuns, readFormatRuns } from '../../formats/runs.ts';
import { FormatRunOut } from '../../formats/schemas.ts';

export const readFormats = defineOp({
  name: 'read_formats',
  summary: 'Read the formats of a range as runs of same-format rectangles.',
  area: 'formats',
  http: { method: 'GET', path: '/v1/files/:file_uuid/cells/formats' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('E.g. A1:F20 or B:B.'),
    sheet: SheetName.optional(),
    conditional: z.boolean().default(false).describe('Include conditional-format styles.'),
  }),
  output: z.object({
    sheet: z.string(),
    range: z.string(),
    formats: z.array(FormatRunOut).describe('Runs {range, format} in reading order; cells in no run have no formatting.'),
    columns: z.array(FormatRunOut).optional().describe('Whole-column styles crossing the range (they also apply below the used range).'),
    rows: z.array(FormatRunOut).optional().describe('Whole-row styles crossing the range.'),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      const { rect } = t;
      const cells = (rect.r1 - rect.r0 + 1) * (rect.c1 - rect.c0 + 1);
      const max = ctx.services.config.limits.cellsPerRead;
      if (cells > max) throw new OpError('payload_too_large', `range: ${cells} cells requested; at most ${max} per read. Read formats in smaller ranges.`, { field: 'range', limit: max });
      const formats = await readFormatRuns(wb, t.sheet, rect, { overlays: input.conditional });
      const columns = lineStyleRuns(wb, t.sheet.meta.col_styles, rect.c0, rect.c1, 'col');
      const rows = lineStyleRuns(wb, t.sheet.meta.row_styles, rect.r0, rect.r1, 'row');
      return { sheet: t.sheet.name, range: t.a1, formats, ...(columns.length ? { columns } : {}), ...(rows.length ? { rows } : {}) };
    }),
});
