// PUT /v1/files/{id}/columns/default-size: the size every column (or row) has unless set on its own.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { VersionOut } from '../../op-fields.ts';
import { AxisParam } from '../../structure/lines.ts';
import { SizePx, setDefaultSize } from '../../structure/sizes.ts';

export const setDefaultSizeOp = defineOp({
  name: 'set_default_size',
  summary: 'Set a sheet\'s default column width or row height.',
  area: 'structure',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/columns/default-size' },
  input: z.strictObject({
    file_uuid: FileId,
    size: SizePx,
    axis: AxisParam.default('columns').describe('columns: width; rows: height.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({ sheet: z.string(), axis: z.enum(['rows', 'columns']), size: z.number(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const sheet = wb.sheet(input.sheet);
      setDefaultSize(sheet, input.axis === 'rows' ? 'row' : 'col', input.size);
      return { sheet: sheet.name, axis: input.axis, size: input.size };
    });
    return { ...result, version };
  },
});
