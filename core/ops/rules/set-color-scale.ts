// PUT /v1/files/{id}/conditional-formats/color-scale: a gradient fill by value (spec §4.6).
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import type { ColorScaleRule, Threshold } from '../../rules/model.ts';
import { ruleView, upsertRule } from '../../rules/view.ts';
import { newId, objectRange } from '../../objects/ranges.ts';
import { VersionOut } from '../../op-fields.ts';
import { RuleId, RuleOut, ThresholdIn } from '../../rules/schemas.ts';

/** Thresholds must describe an ascending scale: min first, max last, values in range and in order. */
export function checkThresholds(list: Threshold[]): void {
  const last: Partial<Record<string, number>> = {};
  list.forEach((t, i) => {
    const field = `thresholds[${i}]`;
    if (t.value_type === 'min' || t.value_type === 'max') {
      if (t.value !== undefined) throw invalidArg(`${field}.value`, `must be omitted for ${t.value_type} (it is taken from the range)`);
      if (t.value_type === 'min' && i !== 0) throw invalidArg(`${field}.value_type`, 'min can only be the first threshold (thresholds go from smallest to largest)');
      if (t.value_type === 'max' && i !== list.length - 1) throw invalidArg(`${field}.value_type`, 'max can only be the last threshold (thresholds go from smallest to largest)');
      return;
    }
    if (t.value === undefined) throw invalidArg(`${field}.value`, `is required for ${t.value_type}`);
    if ((t.value_type === 'percent' || t.value_type === 'percentile') && (t.value < 0 || t.value > 100)) throw invalidArg(`${field}.value`, `must be 0..100 for ${t.value_type}; got ${t.value}`);
    const prev = last[t.value_type];
    if (prev !== undefined && t.value < prev) throw invalidArg(`${field}.value`, `${t.value} is below the previous ${t.value_type} threshold (${prev}); thresholds go from smallest to largest`);
    last[t.value_type] = t.value;
  });
}

export const setColorScale = defineOp({
  name: 'set_color_scale',
  summary: 'Create or update a colour scale: numbers get fills between threshold colours.',
  area: 'rules',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/conditional-formats/color-scale' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('Cells to colour, e.g. C2:C50.'),
    thresholds: z.array(ThresholdIn).min(2, 'needs at least 2 thresholds').max(10, 'at most 10 thresholds').describe('Smallest first.'),
    id: RuleId.optional(),
    sheet: SheetName.optional(),
    auto_contrast_text: z.boolean().optional().describe('Black or white text by fill.'),
  }),
  output: RuleOut.extend({ created: z.boolean(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const thresholds: Threshold[] = input.thresholds.map((t) => ({ value_type: t.value_type, color: t.color.toUpperCase(), ...(t.value !== undefined ? { value: t.value } : {}) }));
    checkThresholds(thresholds);
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const { sheet, rect } = objectRange(wb, input.sheet, input.range, 'range');
      const rule: ColorScaleRule = { id: input.id ?? newId('cf'), type: 'color_scale', range: rect, thresholds, auto_contrast_text: input.auto_contrast_text ?? false };
      const created = upsertRule(wb, sheet, rule);
      return { ...ruleView(sheet, rule), created };
    });
    return { ...result, version };
  },
});
