// DELETE /v1/files/{id}/conditional-formats: removes a rule by id (spec §4.6).
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { findRule } from '../../rules/view.ts';
import { VersionOut } from '../../op-fields.ts';
import { RuleId } from '../../rules/schemas.ts';

export const deleteConditionalFormat = defineOp({
  name: 'delete_conditional_format',
  summary: 'Delete a conditional-format rule.',
  area: 'rules',
  http: { method: 'DELETE', path: '/v1/files/:file_uuid/conditional-formats' },
  input: z.strictObject({ file_uuid: FileId, id: RuleId.describe('Rule id.'), sheet: SheetName.optional() }),
  output: z.object({ id: z.string(), deleted: z.boolean(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true, destructive: true },
  handler: async (ctx, input) => {
    const { version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const found = findRule(wb, input.id);
      if (!found) {
        const ids = wb.sheets.flatMap((s) => (s.meta.cond_formats ?? []).map((r) => r.id));
        throw invalidArg('id', `no conditional-format rule '${input.id}' in this file; ${ids.length ? `rules are: ${ids.join(', ')}` : 'it has none'}`);
      }
      if (input.sheet !== undefined && wb.sheet(input.sheet) !== found.sheet) throw invalidArg('sheet', `rule '${input.id}' is on sheet '${found.sheet.name}', not '${input.sheet}'`);
      found.sheet.meta.cond_formats = (found.sheet.meta.cond_formats ?? []).filter((r) => r !== found.rule);
    });
    return { id: input.id, deleted: true, version };
  },
});
