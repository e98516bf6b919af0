// Data validation as the API takes and shows it: one rule per cell, as in Excel (a new rule takes
// its cells from the rules that had them), bounds typed as a spreadsheet reads them (12,
// 2024-12-31, 17:30) or written as formulas (=B1), dates and times shown as typed.
import { type Rect } from '../a1.ts';
import { invalidArg } from '../errors.ts';
import { rangeText } from '../objects/ranges.ts';
import { checkFormula } from '../workbook/formula-check.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { parseTyped } from '../workbook/typed-input.ts';
import { itemsToFormula, validationsOf, type ValidationKind, type ValidationSpec } from './model.ts';

/** The parts of `a` outside `b` (at most four rectangles). */
export function rectMinus(a: Rect, b: Rect): Rect[] {
  if (b.r0 > a.r1 || b.r1 < a.r0 || b.c0 > a.c1 || b.c1 < a.c0) return [a];
  const out: Rect[] = [];
  if (a.r0 < b.r0) out.push({ ...a, r1: b.r0 - 1 });
  if (a.r1 > b.r1) out.push({ ...a, r0: b.r1 + 1 });
  const r0 = Math.max(a.r0, b.r0);
  const r1 = Math.min(a.r1, b.r1);
  if (a.c0 < b.c0) out.push({ r0, r1, c0: a.c0, c1: b.c0 - 1 });
  if (a.c1 > b.c1) out.push({ r0, r1, c0: b.c1 + 1, c1: a.c1 });
  return out;
}

/** Takes `rect` out of every rule of the sheet (a rule left with no cells goes). Returns how many rules it touched. */
export function clearValidation(sheet: SheetModel, rect: Rect): number {
  let touched = 0;
  const kept: ValidationSpec[] = [];
  for (const spec of validationsOf(sheet)) {
    const before = [spec.range, ...(spec.more ?? [])];
    const after = before.flatMap((r) => rectMinus(r, rect));
    if (after.length === before.length && after.every((r, i) => r === before[i])) {
      kept.push(spec);
      continue;
    }
    touched++;
    if (!after.length) continue;
    spec.range = after[0]!;
    if (after.length > 1) spec.more = after.slice(1);
    else delete spec.more;
    kept.push(spec);
  }
  sheet.meta.validations = kept;
  return touched;
}

/** A bound as stored: '=' and formula text; numbers, dates and times as their serial number. */
export function boundOf(raw: string | number, kind: ValidationKind, field: string): string {
  if (typeof raw === 'number') return `=${raw}`;
  const text = raw.trim();
  if (text.startsWith('=')) return checkFormula(text, field);
  const typed = parseTyped(text);
  const n = typeof typed === 'number' ? typed : typed && typeof typed === 'object' && 'v' in typed && typeof typed.v === 'number' ? typed.v : undefined;
  if (n === undefined) throw invalidArg(field, `'${raw}' is not a ${kind === 'date' ? 'date (2024-12-31)' : kind === 'time' ? 'time (17:30)' : 'number'} or a formula (=B1)`);
  return `=${n}`;
}

export interface ValidationInput {
  kind: ValidationKind;
  items?: string[];
  formula?: string;
  min?: string | number;
  max?: string | number;
}

/** Checks that the fields fit the kind (400 naming the field otherwise) and returns the rule's criteria. */
export function criteriaOf(input: ValidationInput): Pick<ValidationSpec, 'kind' | 'operator' | 'items' | 'formula1' | 'formula2'> {
  const { kind } = input;
  const unused = (field: keyof ValidationInput, why: string) => {
    if (input[field] !== undefined) throw invalidArg(field, `is not used by kind '${kind}': ${why}`);
  };
  if (kind === 'list') {
    unused('min', 'a list takes items or a formula');
    unused('max', 'a list takes items or a formula');
    if ((input.items === undefined) === (input.formula === undefined)) throw invalidArg('items', "a list takes its choices as items (['Yes','No']) or from cells as formula (=$F$2:$F$9), one of the two");
    if (input.items) {
      if (input.items.some((i) => i.includes(','))) throw invalidArg('items', 'an item cannot hold a comma (Excel separates list items with commas); put the choices in cells and give formula=$F$2:$F$9');
      if (itemsToFormula(input.items).length > 257) throw invalidArg('items', 'Excel keeps at most 255 characters of items written in place; put the choices in cells and give formula=$F$2:$F$9');
      return { kind, items: input.items };
    }
    return { kind, formula1: checkFormula(input.formula!, 'formula') };
  }
  unused('items', 'items are for kind list');
  if (kind === 'custom') {
    unused('min', 'a custom rule is a formula that must be TRUE');
    unused('max', 'a custom rule is a formula that must be TRUE');
    if (input.formula === undefined) throw invalidArg('formula', 'a custom rule needs the condition for its top-left cell, e.g. =COUNTIF($A:$A,A2)=1');
    return { kind, formula1: checkFormula(input.formula, 'formula') };
  }
  unused('formula', "the bounds go in min and max; a formula bound is written there, e.g. min='=B1'");
  if (input.min === undefined && input.max === undefined) throw invalidArg('min', `kind '${kind}' needs min, max or both (between)`);
  const operator = input.min !== undefined && input.max !== undefined ? 'between' : input.min !== undefined ? 'greater_than_or_equal' : 'less_than_or_equal';
  const formula1 = boundOf((input.min ?? input.max)!, kind, input.min !== undefined ? 'min' : 'max');
  const formula2 = input.min !== undefined && input.max !== undefined ? boundOf(input.max, kind, 'max') : undefined;
  return { kind, operator, formula1, ...(formula2 !== undefined ? { formula2 } : {}) };
}

/** A stored bound as typed: 12, 2024-12-31 for a date rule, 17:30 for a time rule, or its formula. */
function shownBound(f: string | undefined, kind: ValidationKind): string | number | undefined {
  if (f === undefined) return undefined;
  const n = /^=-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(f) ? Number(f.slice(1)) : undefined;
  if (n === undefined) return f;
  if (kind === 'date') return new Date(Date.UTC(1899, 11, 30) + Math.round(n * 86_400_000)).toISOString().slice(0, n % 1 ? 16 : 10).replace('T', ' ');
  if (kind === 'time') {
    const s = Math.round((n % 1) * 86_400);
    return `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}${s % 60 ? `:${String(s % 60).padStart(2, '0')}` : ''}`;
  }
  return n;
}

export function validationView(sheet: SheetModel, spec: ValidationSpec) {
  // One bound is a maximum for "at most" and "less than", a minimum (or the value) otherwise.
  const upper = spec.operator === 'less_than' || spec.operator === 'less_than_or_equal';
  const bounds =
    spec.kind === 'list' || spec.kind === 'custom'
      ? { ...(spec.formula1 !== undefined ? { formula: spec.formula1 } : {}) }
      : upper
        ? { max: shownBound(spec.formula1, spec.kind) }
        : { min: shownBound(spec.formula1, spec.kind), max: shownBound(spec.formula2, spec.kind) };
  return {
    id: spec.id,
    sheet: sheet.name,
    range: [spec.range, ...(spec.more ?? [])].map(rangeText).join(' '),
    kind: spec.kind,
    ...(spec.operator ? { operator: spec.operator } : {}),
    ...(spec.items ? { items: spec.items } : {}),
    ...Object.fromEntries(Object.entries(bounds).filter(([, v]) => v !== undefined)),
    allow_blank: spec.allow_blank,
    error_style: spec.error_style ?? 'stop',
    ...(spec.error ? { message: spec.error } : {}),
    ...(spec.prompt ? { prompt: spec.prompt } : {}),
  };
}
