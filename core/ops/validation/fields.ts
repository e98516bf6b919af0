// A data-validation rule as listed (kept short: every agent pays for these words).
import { z } from 'zod';

export const ValidationOut = z.object({
  id: z.string(),
  sheet: z.string(),
  range: z.string(),
  kind: z.string(),
  operator: z.string().optional(),
  items: z.array(z.string()).optional(),
  formula: z.string().optional(),
  min: z.union([z.number(), z.string()]).optional(),
  max: z.union([z.number(), z.string()]).optional(),
  allow_blank: z.boolean(),
  error_style: z.string(),
  message: z.string().optional(),
  prompt: z.string().optional(),
});
