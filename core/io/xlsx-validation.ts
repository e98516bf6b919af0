// Data validation in .xlsx: read from the worksheet part itself (<dataValidations> after the
// cells) and written by our own renderer in exceljs's place. exceljs expands every range of a rule
// into one entry per cell on read (a whole-column list is a million entries), turns formula bounds
// of number rules into NaN, shifts date bounds through JavaScript dates, and has no showDropDown;
// the rule as the file says it is what round-trips.
import type ExcelJS from 'exceljs';
import { parseRange, rectToA1, type Rect } from '../a1.ts';
import { loadExcelDataValidationsXform } from '../libs.ts';
import { newId } from '../objects/ranges.ts';
import { EXCEL_KIND, EXCEL_OPERATOR, formulaToItems, itemsToFormula, type ErrorStyle, type ValidationKind, type ValidationOperator, type ValidationSpec } from '../validation/model.ts';
import { withoutPrefixes } from '../formula/prefixes.ts';
import { attr, unescapeXml } from './xlsx-tables.ts';
import { withFunctionPrefixes } from '../formula/prefixes.ts';

const KIND_OF = new Map(Object.entries(EXCEL_KIND).map(([k, v]) => [v, k as ValidationKind]));
const OPERATOR_OF = new Map(Object.entries(EXCEL_OPERATOR).map(([k, v]) => [v, k as ValidationOperator]));

const flag = (attrs: string, name: string) => {
  const v = attr(attrs, name);
  return v === '1' || v === 'true';
};
const formulaIn = (body: string, tag: string) => {
  const m = new RegExp(`<(?:\\w+:)?${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${tag}>`).exec(body);
  if (!m) return undefined;
  // Excel 2010's extension rules wrap the formula in <xm:f>.
  const inner = /<(?:\w+:)?f(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?f>/.exec(m[1]!)?.[1] ?? m[1]!;
  return unescapeXml(inner);
};

/**
 * The rules of one worksheet part's tail (after <sheetData>): those in <dataValidations> and
 * Excel 2010's <x14:dataValidations> (lists whose source is on another sheet). A rule without a
 * range this service can hold is counted in `dropped`.
 */
export function validationsFromXml(tail: string, dropped: { count: number }): ValidationSpec[] {
  const out: ValidationSpec[] = [];
  for (const m of tail.matchAll(/<(?:\w+:)?dataValidation\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?dataValidation>)/g)) {
    const attrs = m[1]!;
    const body = m[2] ?? '';
    const sqref = attr(attrs, 'sqref') ?? /<xm:sqref(?:\s[^>]*)?>([^<]*)<\/xm:sqref>/.exec(body)?.[1];
    const kind = KIND_OF.get(attr(attrs, 'type') ?? 'none') ?? 'any';
    let rects: Rect[];
    try {
      rects = (sqref ?? '').trim().split(/\s+/).filter(Boolean).map((r) => parseRange(r).rect);
    } catch {
      rects = [];
    }
    if (!rects.length) {
      dropped.count++;
      continue;
    }
    const spec: ValidationSpec = { id: newId('dv'), range: rects[0]!, kind, allow_blank: flag(attrs, 'allowBlank') };
    if (rects.length > 1) spec.more = rects.slice(1);
    if (kind !== 'list' && kind !== 'custom' && kind !== 'any') spec.operator = OPERATOR_OF.get(attr(attrs, 'operator') ?? 'between') ?? 'between';
    const f1 = formulaIn(body, 'formula1');
    const f2 = formulaIn(body, 'formula2');
    const items = kind === 'list' && f1 !== undefined ? formulaToItems(f1) : undefined;
    if (items) spec.items = items;
    else if (f1 !== undefined) spec.formula1 = `=${withoutPrefixes(f1)}`;
    if (f2 !== undefined) spec.formula2 = `=${withoutPrefixes(f2)}`;
    if (flag(attrs, 'showDropDown')) spec.hide_dropdown = true;
    const style = attr(attrs, 'errorStyle') as ErrorStyle | undefined;
    if (style === 'warning' || style === 'information') spec.error_style = style;
    for (const [key, name] of [['error_title', 'errorTitle'], ['error', 'error'], ['prompt_title', 'promptTitle'], ['prompt', 'prompt']] as const) {
      const v = attr(attrs, name);
      if (v) spec[key] = v;
    }
    if (!flag(attrs, 'showErrorMessage')) spec.no_error_alert = true;
    if (!flag(attrs, 'showInputMessage')) spec.no_prompt = true;
    out.push(spec);
  }
  return out;
}

/** A rule as our renderer writes it (the model exceljs's worksheet hands to the dataValidations part). */
interface RenderedRule {
  sqref: string;
  attrs: [string, string][];
  formulas: string[];
}

/** `toExcel` writes a formula's text as Excel reads it. */
export function validationsToExcel(specs: ValidationSpec[] | undefined, ws: ExcelJS.Worksheet, toExcel: (formula: string) => string = withFunctionPrefixes): void {
  if (!specs?.length) return;
  const model: Record<string, RenderedRule> = {};
  for (const spec of specs) {
    const sqref = [spec.range, ...(spec.more ?? [])].map(rectToA1).join(' ');
    const attrs: [string, string][] = [];
    if (spec.kind !== 'any') attrs.push(['type', EXCEL_KIND[spec.kind]]);
    if (spec.error_style && spec.error_style !== 'stop') attrs.push(['errorStyle', spec.error_style]);
    if (spec.operator && spec.operator !== 'between') attrs.push(['operator', EXCEL_OPERATOR[spec.operator]]);
    if (spec.allow_blank) attrs.push(['allowBlank', '1']);
    if (spec.hide_dropdown) attrs.push(['showDropDown', '1']);
    if (!spec.no_prompt) attrs.push(['showInputMessage', '1']);
    if (!spec.no_error_alert) attrs.push(['showErrorMessage', '1']);
    for (const [key, name] of [['error_title', 'errorTitle'], ['error', 'error'], ['prompt_title', 'promptTitle'], ['prompt', 'prompt']] as const) {
      const v = spec[key];
      if (v) attrs.push([name, v]);
    }
    attrs.push(['sqref', sqref]);
    const formulas: string[] = [];
    if (spec.items) formulas.push(itemsToFormula(spec.items));
    else if (spec.formula1 !== undefined) formulas.push(toExcel(spec.formula1.slice(1)));
    if (spec.formula2 !== undefined) formulas.push(toExcel(spec.formula2.slice(1)));
    model[sqref] = { sqref, attrs, formulas };
  }
  (ws as unknown as { dataValidations: { model: Record<string, RenderedRule> } }).dataValidations.model = model;
}

interface XmlStream {
  openNode(name: string, attrs?: Record<string, string | number>): void;
  addAttribute(name: string, value: string): void;
  writeText(text: string): void;
  closeNode(): void;
}

let patched = false;

/** Makes exceljs write the rules validationsToExcel gave it, exactly (see the top of this file). */
export async function useOwnValidationWriter(): Promise<void> {
  if (patched) return;
  patched = true;
  const Xform = await loadExcelDataValidationsXform();
  Xform.prototype.render = function (xmlStream: XmlStream, model: Record<string, RenderedRule> | undefined) {
    const rules = Object.values(model ?? {});
    if (!rules.length) return;
    xmlStream.openNode('dataValidations', { count: rules.length });
    for (const rule of rules) {
      xmlStream.openNode('dataValidation');
      for (const [name, value] of rule.attrs) xmlStream.addAttribute(name, value);
      rule.formulas.forEach((f, i) => {
        xmlStream.openNode(`formula${i + 1}`);
        xmlStream.writeText(f);
        xmlStream.closeNode();
      });
      xmlStream.closeNode();
    }
    xmlStream.closeNode();
  };
}
