// Excel's conditional formats <-> the rules of core/rules: every kind Excel writes whose condition
// a formula can say (cell value, expression, text contains / begins / ends, blanks, errors, dates,
// duplicates and uniques, top/bottom N and N%, above/below average) becomes a formula rule for the
// range's top-left cell, with the rule's font and fill; colour scales become colour scales, data
// bars data bars and icon sets icon sets (with Excel 2010's extension, which exceljs merges in;
// rules stored only there are kept and written back there). On export a rule goes back as the kind
// it was imported as while its condition is the one the import wrote for that kind (a rule an agent
// made: as the kind its condition reads as); every other formula rule is written as an
// "expression" rule, which Excel and LibreOffice evaluate alike.
import type ExcelJS from 'exceljs';
import { parseRange, rectToA1, cellToA1, type Rect } from '../a1.ts';
import type { Bound, ColorScaleRule, DataBarRule, FormulaRule, IconSetRule, RuleSpec, RuleStyle, Threshold, ThresholdType, XlsxFormulae } from '../rules/model.ts';
import { canonicalSet, iconOf, iconSetSize } from '../rules/icons.ts';
import type { Node } from '../formula/ast.ts';
import { reanchor } from '../formula/move-refs.ts';
import { matchFormula } from '../formula/pattern.ts';
import { areaText, printNode } from '../formula/print.ts';
import { withoutPrefixes } from '../formula/prefixes.ts';
import { resolveColor, type XlsxColor } from './xlsx-colors.ts';
import type { ThemeRef } from '../workbook/style.ts';

interface XlRule {
  type: string;
  operator?: string;
  priority?: number;
  formulae?: (string | number)[];
  stopIfTrue?: boolean;
  style?: { font?: { bold?: boolean; italic?: boolean; underline?: boolean | string; strike?: boolean; color?: XlsxColor } | null; fill?: { pattern?: string; bgColor?: XlsxColor; fgColor?: XlsxColor } | null; numFmt?: unknown; border?: unknown };
  text?: string;
  timePeriod?: string;
  rank?: number;
  percent?: boolean;
  bottom?: boolean;
  aboveAverage?: boolean;
  equalAverage?: boolean;
  stdDev?: number;
  cfvo?: { type: string; value?: number | string | null; gte?: boolean }[];
  /** Colour-scale colours (a list); a data bar's colour (one). */
  color?: XlsxColor[] | XlsxColor;
  x14Id?: string;
  gradient?: boolean;
  border?: boolean;
  borderColor?: XlsxColor;
  negativeFillColor?: XlsxColor;
  negativeBarColorSameAsPositive?: boolean;
  showValue?: boolean | string | number;
  /** Excel 2010's part of a data bar as written (core/libs-cf.ts). */
  x14Attributes?: Record<string, string>;
  x14Cfvo?: unknown[];
  negativeBorderColor?: XlsxColor;
  axisColor?: XlsxColor;
  iconSet?: string;
  reverse?: boolean | string | number;
  custom?: boolean;
  icons?: unknown[];
}

/** COUNTIF over several ranges: one COUNTIF each, added. */
const countIf = (abs: string[], criterion: string) => abs.map((a) => `COUNTIF(${a},${criterion})`).join('+');

/**
 * Top (bottom) `n` over the ranges `abs`: over one range with LARGE (SMALL); over several by
 * counting the numbers above (below) the cell in each, as LARGE cannot take them as one.
 */
function topCondition(tl: string, abs: string[], n: string, bottom: boolean): string {
  if (abs.length === 1) return bottom ? `AND(ISNUMBER(${tl}),${tl}<=SMALL(${abs[0]},${n}))` : `AND(ISNUMBER(${tl}),${tl}>=LARGE(${abs[0]},${n}))`;
  return `AND(ISNUMBER(${tl}),${countIf(abs, `"${bottom ? '<' : '>'}"&${tl}`)}<${n})`;
}

/** Above (below) the average of the ranges `abs`, or equal to it, or `stdDev` standard deviations off. */
function averageCondition(tl: string, abs: string[], above: boolean, equal: boolean, stdDev?: string): string {
  const op = (above ? '>' : '<') + (equal ? '=' : '');
  const all = abs.join(',');
  return `AND(ISNUMBER(${tl}),${tl}${op}AVERAGE(${all})${stdDev ? `${above ? '+' : '-'}${stdDev}*STDEV.P(${all})` : ''})`;
}

const OPS: Record<string, string> = { equal: '=', notEqual: '<>', greaterThan: '>', lessThan: '<', greaterThanOrEqual: '>=', lessThanOrEqual: '<=' };

/**
 * The condition for the range's top-left cell `tl`, `abs` all the rule's ranges with $ (undefined:
 * not a formula kind). Top/bottom N, averages, duplicates and uniques are over all the ranges
 * together, as in Excel.
 */
function conditionOf(r: XlRule, tl: string, abs: string[]): string | undefined {
  const f = (r.formulae ?? []).map(String);
  switch (r.type) {
    case 'expression':
      return f[0];
    case 'cellIs': {
      if (r.operator === 'between' && f.length >= 2) return `AND(${tl}>=${f[0]},${tl}<=${f[1]})`;
      if (r.operator === 'notBetween' && f.length >= 2) return `OR(${tl}<${f[0]},${tl}>${f[1]})`;
      const op = OPS[r.operator ?? ''];
      return op && f[0] !== undefined ? `${tl}${op}${f[0]}` : undefined;
    }
    case 'containsText':
    case 'notContainsText':
    case 'beginsWith':
    case 'endsWith':
    case 'containsBlanks':
    case 'notContainsBlanks':
    case 'containsErrors':
    case 'notContainsErrors':
    case 'timePeriod':
      // Excel writes the condition itself beside these kinds.
      return f[0];
    case 'duplicateValues':
      return `${countIf(abs, tl)}>1`;
    case 'uniqueValues':
      return `${countIf(abs, tl)}=1`;
    case 'top10':
      return topCondition(tl, abs, r.percent ? `MAX(1,INT(COUNT(${abs.join(',')})*${r.rank ?? 10}/100))` : String(r.rank ?? 10), r.bottom === true);
    case 'aboveAverage':
      return averageCondition(tl, abs, r.aboveAverage !== false, r.equalAverage === true, r.stdDev ? String(r.stdDev) : undefined);
    default:
      return undefined;
  }
}

function styleOf(r: XlRule, theme: string[]): RuleStyle {
  const out: RuleStyle = {};
  const font = r.style?.font;
  if (font?.bold) out.bold = true;
  if (font?.italic) out.italic = true;
  if (font?.underline) out.underline = true;
  if (font?.strike) out.strikethrough = true;
  const text = resolveColor(font?.color, theme);
  if (text) out.text_color = text.slice(0, 7);
  const fill = r.style?.fill;
  if (fill?.pattern && fill.pattern !== 'solid' && fill.pattern !== 'none') {
    // A hatch: fgColor draws the pattern (automatic, black, when absent) over bgColor, if any.
    out.fill_pattern = { pattern: fill.pattern, color: resolveColor(fill.fgColor, theme)?.slice(0, 7) ?? '#000000' };
    const under = resolveColor(fill.bgColor, theme);
    if (under) out.fill_color = under.slice(0, 7);
    return out;
  }
  // A differential solid fill's colour is its background (bgColor), unlike a cell's solid fill.
  const solid = resolveColor(fill?.bgColor ?? fill?.fgColor, theme);
  if (solid) out.fill_color = solid.slice(0, 7);
  return out;
}

const THRESHOLD: Record<string, ThresholdType> = { min: 'min', max: 'max', num: 'number', percent: 'percent', percentile: 'percentile' };

function scaleOf(r: XlRule, theme: string[], dr: number, dc: number): Threshold[] | undefined {
  const cfvo = r.cfvo ?? [], colors = Array.isArray(r.color) ? r.color : [];
  if (cfvo.length < 2 || cfvo.length !== colors.length) return undefined;
  const out: Threshold[] = [];
  for (let i = 0; i < cfvo.length; i++) {
    const bound = boundOf(cfvo[i], dr, dc);
    const color = resolveColor(colors[i], theme);
    if (!bound || !color) return undefined;
    out.push({ ...bound, color: color.slice(0, 7) });
  }
  return out;
}

/**
 * A cfvo as a bound: min, max, number, percent, percentile, or a formula's value (written for
 * the first range's top-left cell, so moved by dr, dc for the others); undefined when unusable.
 */
function boundOf(c: { type: string; value?: number | string | null; gte?: boolean } | undefined, dr: number, dc: number): Bound | undefined {
  // A number may be given as a formula too (type="num" val="TotalMonthlyIncome").
  const numberAsFormula = c?.type === 'num' && typeof c.value === 'string' && c.value.trim() !== '' && !Number.isFinite(Number(c.value));
  if (c?.type === 'formula' || numberAsFormula) {
    const text = typeof c.value === 'number' ? String(c.value) : c.value?.trim();
    if (!text) return undefined;
    const formula = withoutPrefixes(dr || dc ? reanchor(`=${text}`, dr, dc).slice(1) : text);
    return { value_type: 'formula', formula: `=${formula}` };
  }
  const type = c && THRESHOLD[c.type];
  if (!c || !type) return undefined;
  if (type === 'min' || type === 'max') return { value_type: type };
  // A percent or percentile given by a formula (type="percent" val="$A$12").
  if (typeof c.value === 'string' && c.value.trim() !== '' && !Number.isFinite(Number(c.value))) return { value_type: type, formula: `=${withoutPrefixes(dr || dc ? reanchor(`=${c.value.trim()}`, dr, dc).slice(1) : c.value.trim())}` };
  const v = Number(c.value);
  return c.value === null || c.value === undefined || c.value === '' || !Number.isFinite(v) ? undefined : { value_type: type, value: v };
}

/** The formulas a file wrote in a colour scale's, data bar's or icon set's rule, to write back as they were. */
function formulasOf(r: XlRule, ref: string): { xlsx_formulae?: XlsxFormulae } {
  return r.formulae?.length ? { xlsx_formulae: { ref: sqrefOf(ref), formulae: r.formulae.map(String) } } : {};
}
/** A sqref as this export writes one: ranges without $, one space between. */
const sqrefOf = (ref: string) => ref.split(/\s+/).filter(Boolean).map((part) => part.replace(/\$/g, '')).join(' ');

/** A data bar's Excel 2010 part as the file wrote it (DataBarRule.xlsx_ext); nothing for an Excel 2007 bar. */
function extOf(r: XlRule, theme: string[]): Pick<DataBarRule, 'xlsx_ext'> {
  if (!r.x14Attributes) return {};
  const colors: Record<string, { color: unknown; rgb?: string }> = {};
  for (const k of ['borderColor', 'negativeFillColor', 'negativeBorderColor', 'axisColor'] as const) {
    const c = r[k];
    if (c) colors[k] = { color: JSON.parse(JSON.stringify(c)), ...(resolveColor(c, theme) ? { rgb: resolveColor(c, theme)!.slice(0, 7).toUpperCase() } : {}) };
  }
  return { xlsx_ext: { attributes: { ...r.x14Attributes }, ...(r.x14Cfvo ? { cfvo: JSON.parse(JSON.stringify(r.x14Cfvo)) as unknown[] } : {}), colors } };
}

const flag = (v: boolean | string | number | undefined, dflt: boolean) => (v === undefined ? dflt : v === true || v === 1 || v === '1' || v === 'true');

/** A data bar or icon set rule; a string says why it cannot be kept. */
function drawnRule(r: XlRule, id: string, rect: Rect, theme: string[], dr: number, dc: number): DataBarRule | IconSetRule | string {
  if (r.type === 'dataBar') {
    const [min, max] = [boundOf(r.cfvo?.[0], dr, dc), boundOf(r.cfvo?.[1], dr, dc)];
    const color = resolveColor(Array.isArray(r.color) ? r.color[0] : r.color, theme);
    if (!min || !max || !color) return 'data bars with bounds that are not numbers';
    const negative = r.negativeBarColorSameAsPositive === false ? resolveColor(r.negativeFillColor, theme) : undefined;
    const border = r.border ? resolveColor(r.borderColor, theme) : undefined;
    // A rule without the Excel 2010 extension is Excel 2007's: gradient bars.
    const ref = themeRefOf(Array.isArray(r.color) ? r.color[0] : r.color, color);
    return { id, type: 'data_bar', range: rect, min, max, color: color.slice(0, 7), ...(ref ? { theme_color: ref } : {}), gradient: r.gradient ?? true, ...(border ? { border_color: border.slice(0, 7) } : {}), ...(negative ? { negative_color: negative.slice(0, 7) } : {}), show_value: flag(r.showValue, true), ...extOf(r, theme) };
  }
  const set = canonicalSet(r.iconSet ?? '3TrafficLights1');
  const n = iconSetSize(set);
  if (!n) return `icon sets '${set}'`;
  const custom = (r.icons ?? []) as { iconSet?: string; iconId?: number }[];
  const icons = custom.map((c) => ({ set: c.iconSet === 'NoIcons' ? 'NoIcons' : canonicalSet(c.iconSet ?? ''), id: c.iconId ?? 0 }));
  if ((r.custom || custom.length) && (icons.length !== n || icons.some((c) => c.set !== 'NoIcons' && !iconOf(c.set, c.id)))) return 'icon sets with icons this service does not draw';
  const bounds = (r.cfvo ?? []).map((c, i): Bound | undefined => (i === 0 ? { value_type: 'percent', value: 0 } : boundOf(c, dr, dc)));
  if (bounds.length !== n || bounds.some((b) => !b)) return 'icon sets with thresholds that are not numbers';
  const thresholds = bounds.map((b, i) => ({ ...b!, ...(r.cfvo![i]!.gte === false ? { gte: false } : {}) }));
  return { id, type: 'icon_set', range: rect, icon_set: set, thresholds, reverse: flag(r.reverse, false), show_value: flag(r.showValue, true), ...(custom.length ? { icons } : {}) };
}

/**
 * The rules of an exceljs worksheet's conditional formats, in priority order, and the count of
 * those that cannot be kept, by kind.
 */
export function rulesFromExcel(ws: ExcelJS.Worksheet, theme: string[], dropped: Map<string, number>): RuleSpec[] {
  const found: { priority: number; rule: RuleSpec }[] = [];
  const formats = ((ws as unknown as { conditionalFormattings?: { ref: string; rules: XlRule[] }[] }).conditionalFormattings ?? []);
  let n = 0;
  for (const cf of formats) {
    const rects: Rect[] = [];
    for (const part of cf.ref.split(/\s+/).filter(Boolean)) {
      try {
        rects.push(parseRange(part.replace(/\$/g, '')).rect);
      } catch {
        // a range this service cannot address is counted below with its rules
      }
    }
    for (const r of cf.rules) {
      const drop = (why: string) => dropped.set(why, (dropped.get(why) ?? 0) + Math.max(1, rects.length));
      if (r.x14Id && !r.formulae?.length && !r.cfvo?.length && r.type !== 'dataBar' && r.type !== 'iconSet') {
        drop(`${r.type} (Excel 2010 extension)`);
        continue;
      }
      const group = rects.length > 1 ? `cf${n + 1}` : undefined;
      const anchor = cornerOf(rects);
      for (const rect of rects) {
        const id = `cf${++n}`;
        const stop = r.stopIfTrue ? { stop_if_true: true } : {};
        const priority = r.priority ?? 1e9;
        // Excel writes a rule's formulas for the top-left cell of all its ranges together (sqref="F1 E1:E12": for E1).
        const dr = rect.r0 - anchor.r0, dc = rect.c0 - anchor.c0;
        if (r.type === 'colorScale') {
          const thresholds = scaleOf(r, theme, dr, dc);
          if (!thresholds) {
            drop('colour scales with thresholds that are not numbers');
            break;
          }
          const refs = (Array.isArray(r.color) ? r.color : []).map((c, i) => themeRefOf(c, thresholds[i]?.color));
          const themed = refs.some(Boolean) ? { theme_colors: refs } : {};
          const rule: ColorScaleRule = { id, type: 'color_scale', range: rect, thresholds, auto_contrast_text: false, ...stop, ...themed, ...formulasOf(r, cf.ref) };
          found.push({ priority, rule: group ? { ...rule, group } : rule });
          continue;
        }
        if (r.type === 'dataBar' || r.type === 'iconSet') {
          const rule = drawnRule(r, id, rect, theme, dr, dc);
          if (typeof rule === 'string') {
            drop(rule);
            break;
          }
          found.push({ priority, rule: { ...rule, ...stop, ...(group ? { group } : {}), ...formulasOf(r, cf.ref) } });
          continue;
        }
        const tl = cellToA1({ row: rect.r0, col: rect.c0 });
        const abs = rects.map(absoluteA1);
        const moved = dr || dc ? { ...r, formulae: r.formulae?.map((x) => (typeof x === 'string' ? reanchor(`=${x}`, dr, dc).slice(1) : x)) } : r;
        const raw = conditionOf(moved, tl, abs);
        const condition = raw === undefined ? undefined : withoutPrefixes(raw);
        const style = styleOf(r, theme);
        if (!condition) {
          drop(r.type === 'dataBar' ? 'data bars' : r.type === 'iconSet' ? 'icon sets' : r.type);
          break;
        }
        // A rule without a format is kept too: Excel keeps it (a Stop If True one stops the rules after it).
        const dxf = dxfOf(r.style);
        // A rule this service wrote for cells that are not blank comes back as that (blankGuarded).
        const inner = unguarded(condition, tl);
        const kept = dxf ? { xlsx_format: { dxf, drawn: drawnKey(style) } } : {};
        // The kind Excel's rule dialog shows, so that the rule goes back as that kind (rulesToExcel).
        const rule: FormulaRule = { id, type: 'formula', range: rect, formula: `=${inner ?? condition}`, style, apply_to_blank: inner === undefined, ...stop, ...kept, xlsx_kind: r.type === 'containsText' ? (r.operator ?? r.type) : r.type, ...(r.x14Id ? { xlsx_x14: true } : {}) };
        found.push({ priority, rule: group ? { ...rule, group } : rule });
      }
    }
  }
  return found.sort((a, b) => a.priority - b.priority).map((f) => f.rule);
}

/**
 * A rule's differential format as exceljs read it, for writing back as it was: the parts it holds
 * (undefined ones left out), its number format as the code exceljs writes. Undefined when empty.
 */
function dxfOf(style: XlRule['style']): Record<string, unknown> | undefined {
  if (!style) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(style)) {
    if (v === undefined || v === null) continue;
    if (k === 'numFmt') {
      const code = typeof v === 'string' ? v : (v as { formatCode?: string }).formatCode;
      if (code) out.numFmt = code;
    } else if (typeof v !== 'object' || Object.keys(v).length) out[k] = v;
  }
  return Object.keys(out).length ? JSON.parse(JSON.stringify(out)) : undefined;
}

/** A rule's style as text whatever the order of its keys (a stored meta may reorder them). */
const drawnKey = (style: RuleStyle) => JSON.stringify(style, (_, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));

/** The theme reference of a file's colour that names one, with the RGB it resolved to; null for other colours. */
function themeRefOf(c: XlsxColor | undefined, rgb: string | undefined): ThemeRef | null {
  const t = (c as { theme?: unknown } | undefined)?.theme;
  if (typeof t !== 'number' || !rgb) return null;
  const tint = (c as { tint?: unknown }).tint;
  return { theme: t, ...(typeof tint === 'number' && tint !== 0 ? { tint } : {}), rgb: rgb.slice(0, 7).toUpperCase() };
}

/** A colour to write: the theme reference while the colour is still the RGB it showed as, else the RGB. */
const colorOut = (rgb: string, ref: ThemeRef | null | undefined) => (ref && ref.rgb === rgb.slice(0, 7).toUpperCase() ? { theme: ref.theme, ...(ref.tint !== undefined ? { tint: ref.tint } : {}) } : { argb: argb(rgb) });

const argb = (hex: string) => `FF${hex.replace('#', '').slice(0, 6).toUpperCase()}`;
const CFVO_OUT: Record<ThresholdType, string> = { min: 'min', max: 'max', number: 'num', percent: 'percent', percentile: 'percentile' };

/** A bound as Excel's cfvo; a formula goes as Excel reads it. */
function cfvoOf(t: Bound & { gte?: boolean }, toExcel: (formula: string) => string): Record<string, unknown> {
  const gte = t.gte === false ? { gte: false } : {};
  if (t.value_type === 'formula') return { type: 'formula', value: toExcel((t.formula ?? '').replace(/^=/, '')), ...gte };
  if (t.formula) return { type: CFVO_OUT[t.value_type], value: toExcel(t.formula.replace(/^=/, '')), ...gte };
  return { type: CFVO_OUT[t.value_type], ...(t.value !== undefined ? { value: t.value } : {}), ...gte };
}

/** The rule's formulas (condition, formula thresholds) moved by dr rows and dc columns. */
function moved(rule: RuleSpec, dr: number, dc: number): RuleSpec {
  const f = (x: string) => reanchor(x, dr, dc);
  const bound = <B extends Bound>(b: B): B => (b.formula ? { ...b, formula: f(b.formula) } : b);
  if (rule.type === 'formula') return { ...rule, formula: f(rule.formula) };
  if (rule.type === 'data_bar') return { ...rule, min: bound(rule.min), max: bound(rule.max) };
  return { ...rule, thresholds: rule.thresholds.map(bound) } as RuleSpec;
}

/**
 * Rules imported from one Excel rule over several ranges (same `group`, next to each other) that
 * still say the same thing, each for its own range, go back as that one rule: one
 * <conditionalFormatting> whose sqref lists the ranges, written for the first range.
 */
function regroup(rules: RuleSpec[]): { rule: RuleSpec; ranges: Rect[] }[] {
  const out: { rule: RuleSpec; ranges: Rect[] }[] = [];
  const same = (a: RuleSpec, b: RuleSpec) => JSON.stringify({ ...a, id: '', range: null }) === JSON.stringify({ ...b, id: '', range: null });
  for (const rule of rules) {
    const last = out[out.length - 1];
    if (last && rule.group !== undefined && last.rule.group === rule.group && same(moved(last.rule, rule.range.r0 - last.rule.range.r0, rule.range.c0 - last.rule.range.c0), rule)) last.ranges.push(rule.range);
    else out.push({ rule, ranges: [rule.range] });
  }
  return out;
}

/** The top-left cell of several ranges together, for which Excel writes a rule's formulas. */
function cornerOf(rects: Rect[]): { r0: number; c0: number } {
  return { r0: Math.min(...rects.map((r) => r.r0)), c0: Math.min(...rects.map((r) => r.c0)) };
}

/** Writes a sheet's rules as Excel conditional formats, highest priority first; `toExcel` writes a formula's text as Excel reads it. */
export function rulesToExcel(rules: RuleSpec[] | undefined, ws: ExcelJS.Worksheet, toExcel: (formula: string) => string = (f) => f): void {
  regroup(rules ?? []).forEach(({ rule: first, ranges }, i) => {
    const ref = ranges.map(rectToA1).join(' ');
    // The formulas go out for the top-left cell of all the ranges, as Excel reads them.
    const corner = cornerOf(ranges);
    const rule = moved(first, corner.r0 - first.range.r0, corner.c0 - first.range.c0);
    if (rule.type === 'color_scale') {
      const cfvo = rule.thresholds.map((t) => cfvoOf(t, toExcel));
      ws.addConditionalFormatting({ ref, rules: [{ type: 'colorScale', priority: i + 1, ...stopOf(rule), ...formulasOut(rule, ref), cfvo, color: rule.thresholds.map((t, k) => colorOut(t.color, rule.theme_colors?.[k])) } as unknown as ExcelJS.ConditionalFormattingRule] });
      return;
    }
    if (rule.type === 'data_bar') {
      const cfvo = [rule.min, rule.max].map((t) => cfvoOf(t, toExcel));
      ws.addConditionalFormatting({ ref, rules: [{ type: 'dataBar', priority: i + 1, ...stopOf(rule), ...formulasOut(rule, ref), cfvo, color: colorOut(rule.color, rule.theme_color), gradient: rule.gradient, showValue: rule.show_value, ...(rule.border_color ? { border: true, borderColor: extColor(rule, 'borderColor', rule.border_color) } : {}), ...(rule.negative_color ? { negativeBarColorSameAsPositive: false, negativeFillColor: extColor(rule, 'negativeFillColor', rule.negative_color) } : {}), ...extOut(rule) } as unknown as ExcelJS.ConditionalFormattingRule] });
      return;
    }
    if (rule.type === 'icon_set') {
      const cfvo = rule.thresholds.map((t) => cfvoOf(t, toExcel));
      const custom = rule.icons ? { custom: true, icons: rule.icons.map((c) => ({ iconSet: c.set, iconId: c.id })) } : {};
      ws.addConditionalFormatting({ ref, rules: [{ type: 'iconSet', priority: i + 1, ...stopOf(rule), ...formulasOut(rule, ref), iconSet: rule.icon_set, cfvo, ...(rule.reverse ? { reverse: true } : {}), ...(rule.show_value ? {} : { showValue: false }), ...custom } as unknown as ExcelJS.ConditionalFormattingRule] });
      return;
    }
    const s = rule.style;
    const font: Partial<ExcelJS.Font> = {};
    if (s.bold) font.bold = true;
    if (s.italic) font.italic = true;
    if (s.underline) font.underline = true;
    if (s.strikethrough) font.strike = true;
    if (s.text_color) font.color = { argb: argb(s.text_color) } as ExcelJS.Color;
    const style: Partial<ExcelJS.Style> = {};
    if (Object.keys(font).length) style.font = font;
    if (s.fill_pattern) style.fill = { type: 'pattern', pattern: s.fill_pattern.pattern, fgColor: { argb: argb(s.fill_pattern.color) }, ...(s.fill_color ? { bgColor: { argb: argb(s.fill_color) } } : {}) } as ExcelJS.Fill;
    else if (s.fill_color) style.fill = { type: 'pattern', pattern: 'solid', bgColor: { argb: argb(s.fill_color) } } as ExcelJS.Fill;
    // A rule that skips blank cells has no attribute in Excel: its condition says so (blankGuarded).
    const tl = cellToA1({ row: corner.r0, col: corner.c0 });
    const f = rule.formula.replace(/^=/, '');
    const recognised = (rule.apply_to_blank ? excelKindOf(f, tl, ranges.map(absoluteA1), rule.xlsx_kind, rule.xlsx_x14) : undefined) ?? { type: 'expression', formulae: [rule.apply_to_blank ? f : blankGuarded(f, tl)] };
    const found = rule.xlsx_x14 ? x14Kind(recognised) : recognised;
    const kind = Array.isArray(found.formulae) ? { ...found, formulae: found.formulae.map((f) => toExcel(String(f))) } : found;
    // The file's own format while the rule draws as imported: its number format, borders and theme colours go back too.
    const format = rule.xlsx_format && rule.xlsx_format.drawn === drawnKey(rule.style) ? (structuredClone(rule.xlsx_format.dxf) as Partial<ExcelJS.Style>) : style;
    // A rule with no format goes without one, as Excel writes it (no dxfId, not an empty <dxf/>).
    const formatted = Object.keys(format).length ? { style: format } : {};
    ws.addConditionalFormatting({ ref, rules: [{ ...kind, priority: i + 1, ...formatted, ...(rule.stop_if_true ? { stopIfTrue: true } : {}) } as ExcelJS.ConditionalFormattingRule] });
  });
}

/** A data bar's colour as the file wrote it (a theme reference, say) while it is still the RGB it showed as. */
function extColor(rule: DataBarRule, key: string, rgb: string): unknown {
  const kept = rule.xlsx_ext?.colors[key];
  return kept && kept.rgb === rgb.slice(0, 7).toUpperCase() ? structuredClone(kept.color) : { argb: argb(rgb) };
}

/** The Excel 2010 part of a data bar that the model does not draw, for core/libs-cf.ts to write back. */
function extOut(rule: DataBarRule): Record<string, unknown> {
  const ext = rule.xlsx_ext;
  if (!ext) return {};
  const { negativeBorderColor, axisColor } = ext.colors;
  return { x14Attributes: { ...ext.attributes }, ...(ext.cfvo ? { x14Cfvo: structuredClone(ext.cfvo) } : {}), ...(negativeBorderColor ? { negativeBorderColor: structuredClone(negativeBorderColor.color) } : {}), ...(axisColor ? { axisColor: structuredClone(axisColor.color) } : {}) };
}

/**
 * A rule Excel 2010 kept in its extension part (FormulaRule.xlsx_x14), as written there: the text
 * of a text kind is its second formula, and its operator is Excel's. core/libs-cf.ts writes it.
 */
function x14Kind(kind: Record<string, unknown>): Record<string, unknown> {
  const formulae = (kind.formulae ?? []) as string[];
  if (kind.type === 'containsText') {
    const type = String(kind.operator);
    const text = kind.textFormula ?? (kind.text !== undefined ? `"${String(kind.text).replace(/"/g, '""')}"` : undefined);
    return { type, ...(X14_OPERATOR[type] ? { operator: X14_OPERATOR[type] } : {}), formulae: text === undefined ? formulae : [...formulae, text], x14Rule: true };
  }
  if (kind.type === 'cellIs' || kind.type === 'expression') return { ...kind, x14Rule: true };
  return kind;
}
const X14_OPERATOR: Record<string, string> = { containsText: 'containsText', notContainsText: 'notContains', beginsWith: 'beginsWith', endsWith: 'endsWith' };

const stopOf = (rule: RuleSpec) => (rule.stop_if_true ? { stopIfTrue: true } : {});
/** The formulas the file wrote in this rule, while it is over the ranges it was written for. */
const formulasOut = (rule: ColorScaleRule | DataBarRule | IconSetRule, ref: string) => (rule.xlsx_formulae && rule.xlsx_formulae.ref === ref ? { formulae: [...rule.xlsx_formulae.formulae] } : {});

/**
 * The condition of a rule that skips blank cells (apply_to_blank false), as Excel can evaluate it:
 * COUNTBLANK is 0 for a cell with content, and 1 for an empty one or an empty text, which is what
 * the service counts as blank (rules/effective.ts); an error cell is not blank, as here.
 */
function blankGuarded(formula: string, tl: string): string {
  return `AND(COUNTBLANK(${tl})=0,${formula})`;
}

/** The condition inside blankGuarded's, for the top-left cell `tl`; undefined when it is not one. */
function unguarded(condition: string, tl: string): string | undefined {
  const m = matchFormula(condition, `AND(COUNTBLANK(${tl})=0,X_)`, ['X_']);
  return m && printNode(m.X_!);
}

/** Excel's date periods as Excel writes their condition for the top-left cell `c`. */
const PERIODS: [string, (c: string) => string][] = [
  ['today', (c) => `FLOOR(${c},1)=TODAY()`],
  ['yesterday', (c) => `FLOOR(${c},1)=TODAY()-1`],
  ['tomorrow', (c) => `FLOOR(${c},1)=TODAY()+1`],
  ['last7Days', (c) => `AND(TODAY()-FLOOR(${c},1)<=6,FLOOR(${c},1)<=TODAY())`],
  ['thisWeek', (c) => `AND(TODAY()-ROUNDDOWN(${c},0)<=WEEKDAY(TODAY())-1,ROUNDDOWN(${c},0)-TODAY()<=7-WEEKDAY(TODAY()))`],
  ['lastWeek', (c) => `AND(TODAY()-ROUNDDOWN(${c},0)>=(WEEKDAY(TODAY())),TODAY()-ROUNDDOWN(${c},0)<(WEEKDAY(TODAY())+7))`],
  ['nextWeek', (c) => `AND(ROUNDDOWN(${c},0)-TODAY()>(7-WEEKDAY(TODAY())),ROUNDDOWN(${c},0)-TODAY()<(15-WEEKDAY(TODAY())))`],
  ['thisMonth', (c) => `AND(MONTH(${c})=MONTH(TODAY()),YEAR(${c})=YEAR(TODAY()))`],
  ['lastMonth', (c) => `AND(MONTH(${c})=MONTH(EDATE(TODAY(),0-1)),YEAR(${c})=YEAR(EDATE(TODAY(),0-1)))`],
  ['nextMonth', (c) => `AND(MONTH(${c})=MONTH(EDATE(TODAY(),0+1)),YEAR(${c})=YEAR(EDATE(TODAY(),0+1)))`],
];

/** A bound of a cell-value comparison: a value, not itself a comparison or a joined text (`A1>x`, `"a"&x`). */
function plainValue(n: Node | undefined): string | undefined {
  if (!n || (n.kind === 'binary' && (n.op === '&' || COMPARISONS.has(n.op)))) return undefined;
  return printNode(n);
}

const COMPARISONS = new Set(['=', '<>', '<', '>', '<=', '>=']);

/**
 * The Excel kind of a formula rule's condition `f` for the top-left cell `tl` (`abs`: the rule's
 * range with $), recognised from the condition the import writes for it (conditionOf): a cell-value
 * comparison, a date period, top/bottom N, above/below average, a text kind. Excel then shows the
 * rule as it was made ("Cell Value greater than 100") instead of "Use a formula"; both evaluate the
 * same. A rule imported as one kind (`kind`, Excel's type) goes back as that kind while its
 * condition still says it, else as an expression: an expression that reads like a comparison stays
 * an expression, and duplicates and uniques are recognised only for rules that were those.
 */
function excelKindOf(f: string, tl: string, abs: string[], kind?: string, x14 = false): Record<string, unknown> | undefined {
  if (kind === 'expression') return undefined;
  if (kind === 'duplicateValues' || kind === 'uniqueValues') return f === `${countIf(abs, tl)}${kind === 'duplicateValues' ? '>1' : '=1'}` ? { type: kind } : undefined;
  const found = recognisedKind(f, tl, abs);
  if (found?.textFormula !== undefined && !x14) return undefined;
  if (kind && found && (found.type === 'containsText' ? found.operator : found.type) !== kind) return undefined;
  return found;
}

function recognisedKind(f: string, tl: string, abs: string[]): Record<string, unknown> | undefined {
  const match = (pattern: string, holes: string[]) => matchFormula(f, pattern, holes);
  const between = match(`AND(${tl}>=X_,${tl}<=Y_)`, ['X_', 'Y_']);
  const [lo, hi] = [plainValue(between?.X_), plainValue(between?.Y_)];
  if (lo !== undefined && hi !== undefined) return { type: 'cellIs', operator: 'between', formulae: [lo, hi] };
  const outside = match(`OR(${tl}<X_,${tl}>Y_)`, ['X_', 'Y_']);
  const [below, above] = [plainValue(outside?.X_), plainValue(outside?.Y_)];
  if (below !== undefined && above !== undefined) return { type: 'cellIs', operator: 'notBetween', formulae: [below, above] };
  for (const [name, op] of Object.entries(OPS)) {
    const value = plainValue(match(`${tl}${op}X_`, ['X_'])?.X_);
    if (value !== undefined) return { type: 'cellIs', operator: name, formulae: [value] };
  }
  const period = PERIODS.find(([, of]) => of(tl) === f);
  if (period) return { type: 'timePeriod', timePeriod: period[0], formulae: [f] };
  for (const bottom of [false, true]) {
    for (const percent of [false, true]) {
      const n = match(topCondition(tl, abs, percent ? `MAX(1,INT(COUNT(${abs.join(',')})*N_/100))` : 'N_', bottom), ['N_'])?.N_;
      if (n?.kind === 'number' && /^\d+$/.test(n.text ?? '')) return { type: 'top10', rank: n.value, percent, bottom };
    }
  }
  for (const above of [true, false]) {
    for (const equal of [false, true]) {
      const options = { type: 'aboveAverage', aboveAverage: above, ...(equal ? { equalAverage: true } : {}) };
      if (match(averageCondition(tl, abs, above, equal), [])) return options;
      // N standard deviations above or below (Excel's stdDev).
      const n = match(averageCondition(tl, abs, above, equal, 'N_'), ['N_'])?.N_;
      if (n?.kind === 'number' && n.value > 0) return { ...options, stdDev: n.value };
    }
  }
  const text = textKindOf(f, tl);
  if (text) return { type: 'containsText', operator: text.kind, ...(text.text !== undefined ? { text: text.text } : {}), ...(text.textFormula ? { textFormula: text.textFormula } : {}), formulae: [f] };
  return undefined;
}

/** The range as an absolute reference: $A$1:$B$9 (or $A$1). */
function absoluteA1(r: Rect): string {
  const corner = (row: number, col: number) => ({ row, col, rowAbs: true, colAbs: true });
  return r.r0 === r.r1 && r.c0 === r.c1 ? areaText(corner(r.r0, r.c0)) : areaText(corner(r.r0, r.c0), corner(r.r1, r.c1));
}

/** The text kinds Excel writes with the condition beside them (the formulas of its rule dialog). */
function textKindOf(f: string, tl: string): { kind: string; text?: string; textFormula?: string } | undefined {
  const literal = (pattern: string) => {
    const t = matchFormula(f, pattern, ['T_'])?.T_;
    return t?.kind === 'string' ? t.value : t && { formula: printNode(t) };
  };
  const kinds: [string, string][] = [
    ['containsText', `NOT(ISERROR(SEARCH(T_,${tl})))`],
    ['notContainsText', `ISERROR(SEARCH(T_,${tl}))`],
    ['beginsWith', `LEFT(${tl},LEN(T_))=T_`],
    ['endsWith', `RIGHT(${tl},LEN(T_))=T_`],
  ];
  for (const [kind, pattern] of kinds) {
    const text = literal(pattern);
    // A text given by a formula ($C$2) is Excel 2010's: only its extension part can say it.
    if (typeof text === 'object') return { kind, textFormula: text.formula };
    if (text !== undefined) return { kind, text };
  }
  if (f === `LEN(TRIM(${tl}))=0`) return { kind: 'containsBlanks' };
  if (f === `LEN(TRIM(${tl}))>0`) return { kind: 'notContainsBlanks' };
  if (f === `ISERROR(${tl})`) return { kind: 'containsErrors' };
  if (f === `NOT(ISERROR(${tl}))`) return { kind: 'notContainsErrors' };
  return undefined;
}
