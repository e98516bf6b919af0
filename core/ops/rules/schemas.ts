// Zod pieces shared by the conditional-format ops (spec §4.6) and the rule as listed.
import { z } from 'zod';
import { HexColor } from '../../schemas.ts';
import { THRESHOLD_TYPES } from '../../rules/model.ts';

export const RuleId = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, _ . or -')
  .describe('Rule identifier (from list_conditional_formats). On PUT: replaces the rule with this id, or creates one with it; omit to create a new rule.');

export const ruleStyleFields = {
  bold: z.boolean().optional().describe('Bold text where the condition holds.'),
  italic: z.boolean().optional().describe('Italic text where the condition holds.'),
  underline: z.boolean().optional().describe('Underlined text where the condition holds.'),
  strikethrough: z.boolean().optional().describe('Struck-through text where the condition holds.'),
  text_color: HexColor.optional().describe('Text colour #RRGGBB where the condition holds.'),
  fill_color: HexColor.optional().describe('Fill colour #RRGGBB where the condition holds.'),
};

export const ThresholdIn = z.strictObject({
  value_type: z.enum(THRESHOLD_TYPES).describe('min (smallest value in the range), max (largest), number (the value itself), percent (0-100 between min and max), percentile (0-100, as PERCENTILE.INC).'),
  color: HexColor.describe('Colour #RRGGBB at this threshold.'),
  value: z.number().finite().optional().describe('Required for number, percent and percentile (0..100 for the last two); omitted for min and max.'),
});

const StyleOut = z.object({
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  strikethrough: z.boolean().optional(),
  text_color: z.string().optional(),
  fill_color: z.string().optional(),
});

export const RuleOut = z.object({
  id: z.string(),
  sheet: z.string(),
  range: z.string(),
  type: z.enum(['formula', 'color_scale']),
  formula: z.string().optional().describe('The condition, written for the top-left cell of the range.'),
  style: StyleOut.optional(),
  apply_to_blank: z.boolean().optional(),
  thresholds: z.array(z.object({ value_type: z.enum(THRESHOLD_TYPES), color: z.string(), value: z.number().optional() })).optional(),
  auto_contrast_text: z.boolean().optional(),
});

export { StyleOut };
