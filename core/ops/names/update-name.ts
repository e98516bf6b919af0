// PATCH /v1/files/{id}/names: changes what a name refers to, renames it (formulas follow) or
// changes its comment.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { nameView } from '../../names/hooks.ts';
import { NameOut, NameText, RefersTo } from '../../names/fields.ts';
import { checkNameText, engineBeforeNameChange, findName, normalizeRefersTo, hasOwnName, parseScopedName, scopeOf } from '../../names/model.ts';
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
      const entry = findName(wb, input.name);
      const { spec } = entry;
      const scope = scopeOf(entry);
      await engineBeforeNameChange(wb);
      const old = spec.name;
      // A new name keeps the scope: 'Rate2' or 'Data!Rate2' for Data's own name Rate.
      const renamed = input.new_name === undefined ? undefined : parseScopedName(wb, input.new_name, 'new_name');
      if (renamed && renamed.scope !== undefined && renamed.scope !== scope) throw invalidArg('new_name', `a rename keeps the name's sheet: give '${renamed.name}' (delete_name and define_name move a name to another sheet)`);
      if (renamed) checkNameText(wb, renamed.name, 'new_name', spec, scope);
      if (input.refers_to !== undefined) spec.refers_to = normalizeRefersTo(wb, input.refers_to, 'refers_to', scope);
      if (input.comment !== undefined) {
        if (input.comment) spec.comment = input.comment;
        else delete spec.comment;
      }
      if (renamed) spec.name = renamed.name;
      await syncNames(wb);
      const formulas_updated = old === spec.name ? 0 : await rewriteFormulas(wb, new Map([[old.toLowerCase(), spec.name]]), (sheet) => (scope ? sheet === scope : !hasOwnName(sheet, old)));
      return { ...nameView(wb, entry), formulas_updated };
    });
    return { ...result, version };
  },
});
