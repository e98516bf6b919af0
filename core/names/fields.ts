// Input and output fields of the named-range ops (kept short: every agent pays for these words).
import { z } from 'zod';

export const NameText = z.string().min(1).max(255).describe('e.g. Revenue, or Plan!Rate (Plan only).');
export const RefersTo = z.string().min(1).max(8192).describe('Range (Data!A2:A100), number or formula.');

export const NameOut = z.object({
  name: z.string(),
  refers_to: z.string(),
  value: z.unknown().optional(),
  comment: z.string().optional(),
});
