// PUT /v1/files/{id}/conditional-formats: creates a formula rule, or edits one by id (spec §4.6).
// The condition is written for the top-left cell of the range; relative references shift for the
// other cells, as in spreadsheets. An edit is partial, as in Excel's rule manager: fields not given
// keep their value (the style field by field).
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { checkFormula } from '../../workbook/formula-check.ts';
import { STYLE_FIELDS, type FormulaRule, type RuleStyle } from '../../rules/model.ts';
import { findRule, ruleView, upsertRule } from '../../rules/view.ts';
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
    range: A1Range.optional().describe('Cells to style, e.g. B:B.'),
    formula: z.string().trim().min(1, 'must not be empty').max(8192, 'must be at most 8192 characters').optional().describe('For the top-left cell, e.g. =B2>100; relative refs shift.'),
    id: RuleId.optional().describe('Edits that rule; fields not given stay.'),
    sheet: SheetName.optional(),
    apply_to_blank: z.boolean().optional().describe('Also style empty cells.'),
    ...ruleStyleFields,
  }),
  output: RuleOut.extend({ created: z.boolean(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const formula = input.formula === undefined ? undefined : checkFormula(input.formula, 'formula');
    const given: RuleStyle = {};
    for (const k of STYLE_FIELDS) if (input[k] !== undefined) (given as Record<string, unknown>)[k] = input[k];
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      // Editing a formula rule by id: what is not given stays as it is.
      const found = input.id === undefined ? undefined : findRule(wb, input.id);
      const old = found?.rule.type === 'formula' ? { sheet: found.sheet, rule: found.rule } : undefined;
      const required = old ? '' : found ? ` (rule '${input.id}' is a ${found.rule.type.replace('_', ' ')}: give range, formula and a style to make it a formula rule)` : input.id === undefined ? ' (or the id of a rule to edit)' : ` (no rule has id '${input.id}' yet)`;
      if (!input.range && !old) throw invalidArg('range', `is required${required}`);
      if (formula === undefined && !old) throw invalidArg('formula', `is required${required}`);
      const style: RuleStyle = { ...old?.rule.style, ...given };
      if (Object.keys(style).length === 0) throw invalidArg('bold', `give at least one style field (${STYLE_FIELDS.join(', ')}); a rule without one changes nothing`);
      const { sheet, rect } = input.range ? objectRange(wb, input.sheet, input.range, 'range') : { sheet: old!.sheet, rect: old!.rule.range };
      // Stop If True stays; an edited rule leaves the group it was imported in (Excel's one rule over several ranges).
      const rule: FormulaRule = {
        ...(old?.rule.stop_if_true ? { stop_if_true: true } : {}),
        id: input.id ?? newId('cf'),
        type: 'formula',
        range: rect,
        formula: formula ?? old!.rule.formula,
        style,
        apply_to_blank: input.apply_to_blank ?? old?.rule.apply_to_blank ?? false,
      };
      const created = upsertRule(wb, sheet, rule);
      return { ...ruleView(sheet, rule), created };
    });
    return { ...result, version };
  },
});
