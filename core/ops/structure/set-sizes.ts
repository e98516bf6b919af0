// PUT /v1/files/{id}/columns/size: column widths or row heights in pixels; without indices the
// size becomes the sheet's default for that axis (columns unless axis says rows).
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { VersionOut } from '../../op-fields.ts';
import { AxisParam, LineName, axisWord, parseSpans, runsOf, spanLabel } from '../../structure/lines.ts';
import { LineSizePx, MAX_SIZED_LINES, setDefaultSize } from '../../structure/sizes.ts';

export const setSizes = defineOp({
  name: 'set_sizes',
  summary: 'Set column widths or row heights in pixels.',
  area: 'structure',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/columns/size' },
  input: z.strictObject({
    file_uuid: FileId,
    size: LineSizePx,
    indices: z
      .array(LineName)
      .min(1, 'must name at least one column or row (or leave indices out to set the default)')
      .max(1000, 'at most 1000 entries; use spans like "A:Z"')
      .optional()
      .describe('Columns ("A", "C:E") or rows (3, "10:20"); none: the default.'),
    axis: AxisParam.optional().describe('Without indices: which default to set.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({
    sheet: z.string(),
    axis: z.enum(['rows', 'columns']),
    size: z.number(),
    resized: z.array(z.string()).optional().describe('The lines resized, as runs.'),
    default: z.boolean().describe('True when the sheet default was set.'),
    version: VersionOut,
  }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const parsed = input.indices ? parseSpans(input.indices, 'indices') : undefined;
    const axis = parsed?.axis ?? (input.axis === 'rows' ? 'row' : 'col');
    if (!parsed && input.size === 0) throw invalidArg('size', 'must be 1 to 2000 pixels for the sheet default; 0 hides the lines named in indices');
    if (parsed && input.axis && axisWord(parsed.axis) !== input.axis) throw invalidArg('axis', `is ${input.axis} but indices name ${axisWord(parsed.axis)}; leave axis out or make them agree`);
    const runs = parsed ? runsOf(parsed.spans) : [];
    const lines = runs.reduce((n, r) => n + r.count, 0);
    if (lines > MAX_SIZED_LINES) throw invalidArg('indices', `names ${lines} ${axisWord(axis)}; at most ${MAX_SIZED_LINES} per call — to size the whole sheet, leave indices out (sets the default)`);
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const sheet = wb.sheet(input.sheet);
      if (!parsed) {
        setDefaultSize(sheet, axis, input.size);
        return { sheet: sheet.name, axis: axisWord(axis), size: input.size, default: true };
      }
      const key = axis === 'row' ? 'row_heights' : 'col_widths';
      const rec = { ...(sheet.meta[key] ?? {}) };
      let shownOrHidden = false;
      for (const r of runs) {
        for (let i = r.at; i < r.at + r.count; i++) {
          shownOrHidden ||= (rec[String(i)] === 0) !== (input.size === 0);
          rec[String(i)] = input.size;
        }
      }
      sheet.meta[key] = rec;
      // Rows hidden or shown change what SUBTOTAL 101-111 counts.
      if (axis === 'row' && shownOrHidden) wb.recalculate();
      return { sheet: sheet.name, axis: axisWord(axis), size: input.size, resized: runs.map((r) => spanLabel(axis, r.at, r.count)), default: false };
    });
    return { ...result, version };
  },
});
