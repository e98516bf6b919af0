// Ranges as the format ops name them in their answers.
import { indexToCol } from '../a1.ts';
import type { RangeTarget } from '../workbook/targets.ts';

/** "A:C" / "2:5" for whole lines, else the A1 rectangle. */
export function lineRange(t: RangeTarget): string {
  if (t.kind === 'cols') return `${indexToCol(t.rect.c0)}:${indexToCol(t.rect.c1)}`;
  if (t.kind === 'rows') return `${t.rect.r0 + 1}:${t.rect.r1 + 1}`;
  return t.a1;
}
