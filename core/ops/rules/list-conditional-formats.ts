// GET /v1/files/{id}/conditional-formats: the rules of a sheet in priority order (spec §4.6).
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { ruleView } from '../../rules/view.ts';
import { RuleOut } from '../../rules/schemas.ts';

export const listConditionalFormats = defineOp({
  name: 'list_conditional_formats',
  summary: 'List a sheet\'s conditional-format rules in priority order.',
  area: 'rules',
  http: { method: 'GET', path: '/v1/files/:file_uuid/conditional-formats' },
  input: z.strictObject({ file_uuid: FileId, sheet: SheetName.optional() }),
  output: z.object({ sheet: z.string(), rules: z.array(RuleOut) }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, (wb) => {
      const sheet = wb.sheet(input.sheet);
      return { sheet: sheet.name, rules: (sheet.meta.cond_formats ?? []).map((r) => ruleView(sheet, r)) };
    }),
});
