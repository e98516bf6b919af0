// GET /v1/files/{id}/columns: the sheet's layout — default and individual sizes, merges, frozen
// panes — so that agents (and tests) can read back what the structure ops set.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { lineLabel } from '../../structure/lines.ts';
import { defaults } from '../../structure/sizes.ts';

function labelled(rec: Record<string, number> | undefined, axis: 'row' | 'col'): Record<string, number> {
  const entries = Object.entries(rec ?? {}).sort((a, b) => Number(a[0]) - Number(b[0]));
  return Object.fromEntries(entries.map(([k, v]) => [lineLabel(axis, Number(k)), v]));
}

export const getLayout = defineOp({
  name: 'get_layout',
  summary: 'A sheet\'s sizes, merges and frozen panes.',
  area: 'structure',
  http: { method: 'GET', path: '/v1/files/:file_uuid/columns' },
  input: z.strictObject({ file_uuid: FileId, sheet: SheetName.optional() }),
  output: z.object({
    sheet: z.string(),
    default_col_width: z.number(),
    default_row_height: z.number(),
    col_widths: z.record(z.string(), z.number()).describe('Column letter -> width in pixels, for columns not at the default.'),
    row_heights: z.record(z.string(), z.number()).describe('Row number -> height in pixels, for rows not at the default.'),
    merges: z.array(z.string()),
    frozen: z.object({ rows: z.number().int(), cols: z.number().int() }).nullable(),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, (wb) => {
      const sheet = wb.sheet(input.sheet);
      return {
        sheet: sheet.name,
        ...defaults(sheet),
        col_widths: labelled(sheet.meta.col_widths, 'col'),
        row_heights: labelled(sheet.meta.row_heights, 'row'),
        merges: sheet.meta.merges ?? [],
        frozen: sheet.meta.frozen ?? null,
      };
    }),
});
