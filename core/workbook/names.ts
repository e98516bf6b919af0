// Sheet names: the rules spreadsheet programs share, so files round-trip to xlsx.
import { z } from 'zod';
import { invalidArg } from '../errors.ts';

const FORBIDDEN = /[[\]:*?/\\]/;

export const SheetNameInput = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .refine((s) => !FORBIDDEN.test(s), 'must not contain any of [ ] : * ? / \\')
  .refine((s) => !s.startsWith("'") && !s.endsWith("'"), "must not start or end with an apostrophe (')")
  .describe('Up to 100 characters, not [ ] : * ? / \\.');

/** Names must be unique regardless of case. */
export function checkSheetNames(names: string[], field: string): void {
  const seen = new Set<string>();
  for (const n of names) {
    const k = n.toLowerCase();
    if (seen.has(k)) throw invalidArg(field, `sheet name '${n}' appears twice (names are compared without case)`);
    seen.add(k);
  }
}

/** A free name based on `base`: "Sheet1 (copy)", "Sheet1 (copy 2)", ... */
export function freeName(base: string, taken: string[]): string {
  const lower = new Set(taken.map((t) => t.toLowerCase()));
  if (!lower.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base} ${i}`;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
}
