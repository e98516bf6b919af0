// Zod pieces shared by the conditional-format ops (spec §4.6) and the rule as listed.
import { z } from 'zod';
import { HexColor } from '../schemas.ts';
import { THRESHOLD_TYPES } from './model.ts';

export const RuleId = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, _ . or -')
  .describe('Replaces that rule.');

export const ruleStyleFields = {
  bold: z.boolean().optional().describe('Style where true.'),
  italic: z.boolean().optional().describe('Style where true.'),
  underline: z.boolean().optional().describe('Style where true.'),
  strikethrough: z.boolean().optional().describe('Style where true.'),
  text_color: HexColor.optional().describe('#RRGGBB where true.'),
  fill_color: HexColor.optional().describe('#RRGGBB where true.'),
};

export const ThresholdIn = z.strictObject({
  value_type: z.enum(THRESHOLD_TYPES).describe('Where the colour sits.'),
  color: HexColor.describe('#RRGGBB.'),
  value: z.number().finite().optional().describe('For number, percent, percentile (0..100).'),
});

const StyleOut = z.object({
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  strikethrough: z.boolean().optional(),
  text_color: z.string().optional(),
  fill_color: z.string().optional(),
  fill_pattern: z.object({ pattern: z.string(), color: z.string() }).optional(),
});

export const RuleOut = z.object({
  id: z.string(),
  sheet: z.string(),
  range: z.string(),
  type: z.enum(['formula', 'color_scale', 'data_bar', 'icon_set']),
  formula: z.string().optional(),
  style: StyleOut.optional(),
  apply_to_blank: z.boolean().optional(),
  stop_if_true: z.boolean().optional(),
  thresholds: z.array(z.object({ value_type: z.enum([...THRESHOLD_TYPES, 'formula']), color: z.string().optional(), value: z.number().optional(), formula: z.string().optional(), gte: z.boolean().optional() })).optional(),
  auto_contrast_text: z.boolean().optional(),
  /** Icon sets (imported from Excel): the set's name, icons reversed; data bars and icon sets: whether the value shows. */
  icon_set: z.string().optional(),
  reverse: z.boolean().optional(),
  icons: z.array(z.object({ set: z.string(), id: z.number() })).optional(),
  show_value: z.boolean().optional(),
});

export { StyleOut };
