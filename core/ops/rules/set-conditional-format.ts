// PUT /v1/files/{id}/conditional-formats: creates or replaces a formula rule (spec §4.6). The
// condition is written for the top-left cell of the range; relative references shift for the
// other cells, as in spreadsheets.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { checkFormula } from '../../workbook/formula-check.ts';
import { STYLE_FIELDS, type FormulaRule, type RuleStyle } from '../../rules/model.ts';
import { ruleView, upsertRule } from '../../rules/view.ts';
import { newId, objectRange } from '../../objects/ranges.ts';
import { VersionOut } from '../../op-fields.ts';
import { RuleId, RuleOut, ruleStyleFields } from '../../rules/schemas.ts';

export const setConditionalFormat = defineOp({
  name: 'set_conditional_format',
  summary: 'Create or update a rule: cells where the formula is true get the style.',
  area: 'rules',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/conditional-formats' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('Cells to style, e.g. B:B.'),
    formula: z.string().trim().min(1, 'must not be empty').max(8192, 'must be at most 8192 characters').describe('For the top-left cell, e.g. =B2>100; relative refs shift.'),
    id: RuleId.optional(),
    sheet: SheetName.optional(),
    apply_to_blank: z.boolean().optional().describe('Also style empty cells.'),
    ...ruleStyleFields,
  }),
  output: RuleOut.extend({ created: z.boolean(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const formula = checkFormula(input.formula, 'formula');
    const style: RuleStyle = {};
    for (const k of STYLE_FIELDS) if (input[k] !== undefined) (style as Record<string, unknown>)[k] = input[k];
    if (Object.keys(style).length === 0) throw invalidArg('bold', `give at least one style field (${STYLE_FIELDS.join(', ')}); a rule without one changes nothing`);
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const { sheet, rect } = objectRange(wb, input.sheet, input.range, 'range');
      const rule: FormulaRule = { id: input.id ?? newId('cf'), type: 'formula', range: rect, formula, style, apply_to_blank: input.apply_to_blank ?? false };
      const created = upsertRule(wb, sheet, rule);
      return { ...ruleView(sheet, rule), created };
    });
    return { ...result, version };
  },
});
