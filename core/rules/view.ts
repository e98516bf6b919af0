// A rule as the API lists it, and the upsert used by both PUT ops (an id keeps its place in the
// priority order; a rule whose id lives on another sheet moves to this one).
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { rangeText } from '../objects/ranges.ts';
import { rulesOf, type RuleSpec } from './model.ts';

export function ruleView(sheet: SheetModel, rule: RuleSpec) {
  const base = { id: rule.id, sheet: sheet.name, range: rangeText(rule.range), type: rule.type, ...(rule.stop_if_true ? { stop_if_true: true } : {}) };
  if (rule.type === 'formula') return { ...base, formula: rule.formula, style: rule.style, apply_to_blank: rule.apply_to_blank };
  if (rule.type === 'data_bar') return { ...base, thresholds: [{ ...rule.min, color: rule.color }, { ...rule.max, color: rule.color }], show_value: rule.show_value };
  if (rule.type === 'icon_set') return { ...base, icon_set: rule.icon_set, thresholds: rule.thresholds, reverse: rule.reverse, show_value: rule.show_value };
  return { ...base, thresholds: rule.thresholds, auto_contrast_text: rule.auto_contrast_text };
}

export function findRule(wb: Workbook, id: string): { sheet: SheetModel; rule: RuleSpec } | undefined {
  for (const sheet of wb.sheets) {
    const rule = sheet.meta.cond_formats?.find((r) => r.id === id);
    if (rule) return { sheet, rule };
  }
  return undefined;
}

/** Stores the rule: replacing one with its id in place, else appending (lowest priority). Returns whether it is new. */
export function upsertRule(wb: Workbook, sheet: SheetModel, rule: RuleSpec): boolean {
  const found = findRule(wb, rule.id);
  if (found && found.sheet === sheet) {
    const list = rulesOf(sheet);
    list[list.indexOf(found.rule)] = rule;
  } else {
    if (found) {
      found.sheet.meta.cond_formats = rulesOf(found.sheet).filter((r) => r !== found.rule);
    }
    rulesOf(sheet).push(rule);
  }
  return !found;
}
