// PUT /v1/files/{id}/cells/borders: sets or removes borders on the sides of a range.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import type { Border } from '../../workbook/style.ts';
import { targetRange } from '../../workbook/targets.ts';
import { VersionOut } from '../../op-fields.ts';
import { BORDER_SIDES, applyBorders, borderEdits } from '../../formats/borders.ts';
import { HEX6_OR_8 } from '../../formats/fields.ts';

const SideName = z.enum(BORDER_SIDES);

export const setBorders = defineOp({
  name: 'set_borders',
  summary: 'Set or remove the borders of a range.',
  area: 'formats',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/cells/borders' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('E.g. A1:D10.'),
    sheet: SheetName.optional(),
    sides: z
      .union([SideName, z.array(SideName).min(1, 'must name at least one side')])
      .default('all')
      .describe('One or a list; horizontal/vertical: inner lines.'),
    line: z.enum(['line1', 'line2', 'line3', 'double', 'dotted', 'dashed']).default('line1').describe('line1 thin, line2 medium, line3 thick.'),
    color: z
      .string()
      .regex(HEX6_OR_8, 'must be a hex color #RRGGBB or #RRGGBBAA, e.g. "#000000"')
      .default('#000000')
      .describe('#RRGGBB or #RRGGBBAA.'),
  }),
  output: z.object({ version: VersionOut, sheet: z.string(), range: z.string(), sides: z.array(z.string()) }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const sides = new Set(Array.isArray(input.sides) ? input.sides : [input.sides]);
    const border: Border = { line: input.line, color: input.color.toUpperCase() };
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      await applyBorders(wb, t.sheet, t.rect, borderEdits(t.rect, sides), border, ctx.services.config.limits.cellsPerWrite);
      return { sheet: t.sheet.name, range: t.a1 };
    });
    return { version, ...result, sides: [...sides] };
  },
});
