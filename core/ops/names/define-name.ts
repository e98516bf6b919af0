// POST /v1/files/{id}/names: defines a named range; formulas can use it at once.
import { z } from 'zod';
import { nameView } from '../../names/hooks.ts';
import { NameOut, NameText, RefersTo } from '../../names/fields.ts';
import { addName, checkNameText, engineBeforeNameChange, normalizeRefersTo, parseScopedName } from '../../names/model.ts';
import { defineOp } from '../../op.ts';
import { VersionOut } from '../../op-fields.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { syncNames } from '../../workbook/defined-names.ts';

export const defineName = defineOp({
  name: 'define_name',
  summary: 'Name a range, constant or formula for use in formulas (=SUM(Revenue)).',
  area: 'names',
  http: { method: 'POST', path: '/v1/files/:file_uuid/names' },
  input: z.strictObject({
    file_uuid: FileId,
    name: NameText,
    refers_to: RefersTo,
    sheet: SheetName.optional().describe('For references without one.'),
    comment: z.string().max(255).optional().describe('A note.'),
  }),
  output: NameOut.extend({ version: VersionOut }),
  hints: { readOnly: false, destructive: false },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const { name, scope } = parseScopedName(wb, input.name, 'name');
      checkNameText(wb, name, 'name', undefined, scope);
      await engineBeforeNameChange(wb);
      const sheet = input.sheet !== undefined ? wb.sheet(input.sheet) : scope;
      addName(wb, { name, refers_to: normalizeRefersTo(wb, input.refers_to, 'refers_to', sheet), ...(input.comment ? { comment: input.comment } : {}) }, scope);
      await syncNames(wb);
      const home = scope ?? wb.sheets[0]!;
      return nameView(wb, { sheet: home, spec: home.meta.names!.at(-1)! });
    });
    return { ...result, version };
  },
});
