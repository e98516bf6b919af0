// PATCH /v1/files/{id}/names: changes what a name refers to, renames it (formulas follow) or
// changes its comment.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { nameView } from '../../names/hooks.ts';
import { NameOut, NameText, RefersTo } from '../../names/fields.ts';
import { checkNameText, engineBeforeNameChange, findName, normalizeRefersTo } from '../../names/model.ts';
import { defineOp } from '../../op.ts';
import { VersionOut } from '../../op-fields.ts';
import { FileId } from '../../schemas.ts';
import { rewriteFormulas, syncNames } from '../../workbook/defined-names.ts';

export const updateName = defineOp({
  name: 'update_name',
  summary: 'Change what a named range refers to, or rename it (formulas follow).',
  area: 'names',
  http: { method: 'PATCH', path: '/v1/files/:file_uuid/names' },
  input: z.strictObject({
    file_uuid: FileId,
    name: z.string().min(1).max(255).describe('The name to change.'),
    new_name: NameText.optional(),
    refers_to: RefersTo.optional(),
    comment: z.string().max(255).optional().describe('"" removes it.'),
  }),
  output: NameOut.extend({ formulas_updated: z.number().int(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    if (input.new_name === undefined && input.refers_to === undefined && input.comment === undefined) {
      throw invalidArg('new_name', 'give new_name, refers_to or comment: there is nothing to change');
    }
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const { spec } = findName(wb, input.name);
      await engineBeforeNameChange(wb);
      const old = spec.name;
      if (input.new_name !== undefined) checkNameText(wb, input.new_name, 'new_name', spec);
      if (input.refers_to !== undefined) spec.refers_to = normalizeRefersTo(wb, input.refers_to, 'refers_to');
      if (input.comment !== undefined) {
        if (input.comment) spec.comment = input.comment;
        else delete spec.comment;
      }
      if (input.new_name !== undefined) spec.name = input.new_name;
      await syncNames(wb);
      const formulas_updated = old === spec.name ? 0 : await rewriteFormulas(wb, new Map([[old.toLowerCase(), spec.name]]));
      return { ...nameView(wb, spec), formulas_updated };
    });
    return { ...result, version };
  },
});
