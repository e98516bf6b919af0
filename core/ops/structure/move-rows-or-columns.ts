// POST /v1/files/{id}/columns/move: cuts whole rows or columns and inserts them before another
// line; references follow the moved cells.
import { z } from 'zod';
import { rectToA1 } from '../../a1.ts';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { cutMerges } from '../../workbook/merges.ts';
import { shiftIndex, type StructureEdit } from '../../workbook/shift.ts';
import { applyStructure, checkEdit } from '../../workbook/structure.ts';
import { VersionOut } from '../../op-fields.ts';
import { LineName, axisWord, parseSpan, spanLabel } from '../../structure/lines.ts';

export const moveLines = defineOp({
  name: 'move_rows_or_columns',
  summary: 'Move whole rows or columns; formulas follow them.',
  area: 'structure',
  http: { method: 'POST', path: '/v1/files/:file_uuid/columns/move' },
  input: z.strictObject({
    file_uuid: FileId,
    range: z.string().max(40).describe('E.g. "B:C", "D", "3:5", "7".'),
    to: LineName.describe('Insert before this line ("F", "10"), numbered as before the move.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({
    sheet: z.string(),
    axis: z.enum(['rows', 'columns']),
    moved: z.string().describe('The lines moved, as numbered before the move.'),
    now_at: z.string().describe('Where they are after the move.'),
    version: VersionOut,
  }),
  hints: { readOnly: false },
  handler: async (ctx, input) => {
    const span = parseSpan(input.range, 'range');
    const dest = parseSpan(input.to, 'to', false);
    if (dest.axis !== span.axis) throw invalidArg('to', `range names ${axisWord(span.axis)} but to names a ${dest.axis === 'row' ? 'row' : 'column'}; give a ${span.axis === 'row' ? 'row number' : 'column letter'}`);
    const count = span.to - span.from + 1;
    const to = dest.from;
    if (to >= span.from && to <= span.from + count) {
      throw invalidArg('to', `inserting ${spanLabel(span.axis, span.from, count)} before ${spanLabel(span.axis, to, 1)} leaves them where they are; give a line outside ${spanLabel(span.axis, span.from, count + 1)}`);
    }
    const edit: StructureEdit = { kind: 'move', axis: span.axis, from: span.from, count, to };
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const sheet = wb.sheet(input.sheet);
      const band = span.axis === 'row' ? { r0: span.from, r1: span.to, c0: 0, c1: Infinity } : { r0: 0, r1: Infinity, c0: span.from, c1: span.to };
      const cut = cutMerges(sheet, band);
      if (cut.length) throw invalidArg('range', `cuts through the merged range ${rectToA1(cut[0]!)}; move all of its ${axisWord(span.axis)} or unmerge it first`);
      await checkEdit(wb, sheet, edit, 'range');
      await applyStructure(wb, sheet, [edit]);
      const at = shiftIndex(span.from, edit)!;
      return { sheet: sheet.name, axis: axisWord(span.axis), moved: spanLabel(span.axis, span.from, count), now_at: spanLabel(span.axis, at, count) };
    });
    return { ...result, version };
  },
});
