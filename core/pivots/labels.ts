// Pivot labels as spreadsheets group and order them: numbers (and dates) by value, text without
// case, booleans, and empty cells as "(blank)", sorted numbers first, then text, booleans, and
// (blank) last.
import type { Scalar } from '../workbook/cell.ts';

export const BLANK_LABEL = '(blank)';

export interface Label {
  /** Grouping key: equal keys are one label. */
  key: string;
  /** Shown text (the first cell's displayed value). */
  text: string;
  kind: number;
  num: number;
}

export function labelOf(value: Scalar | null, shown: string): Label {
  if (value === null || value === '') return { key: 'z:', text: BLANK_LABEL, kind: 3, num: 0 };
  if (typeof value === 'number') return { key: `n:${value}`, text: shown, kind: 0, num: value };
  if (typeof value === 'boolean') return { key: `b:${value}`, text: shown, kind: 2, num: Number(value) };
  return { key: `s:${value.toLowerCase()}`, text: shown, kind: 1, num: 0 };
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

export function compareLabels(a: Label, b: Label): number {
  if (a.kind !== b.kind) return a.kind - b.kind;
  if (a.kind === 0 || a.kind === 2) return a.num - b.num;
  if (a.kind === 1) return collator.compare(a.text, b.text) || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
  return 0;
}
