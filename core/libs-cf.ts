// exceljs's reading and writing of conditional formats, patched so that a rule goes back as Excel
// wrote it (issue 34): each patch says what exceljs did. core/libs.ts applies them, with its other
// patches, before exceljs is first used (patchConditionalFormats).

// A colour scale, data bar or icon set may place a threshold at a formula's value (<cfvo
// type="formula" val="$T$5"/>, or type="num" with a formula for its number); exceljs reads every
// val as a number, so the formula became NaN.
async function readFormulaBoundsAsWritten(): Promise<void> {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/xlsx/xform/sheet/cf/cfvo-xform.js')) as { default: { prototype: { parseOpen(node: { attributes: Record<string, string> }): void; model: { type: string; value: unknown } } } };
  const proto = mod.default.prototype;
  const parseOpen = proto.parseOpen;
  proto.parseOpen = function (node) {
    parseOpen.call(this, node);
    // type="formula", or a number given as a formula (type="num" val="TotalMonthlyIncome").
    const val = node.attributes.val;
    if (typeof val === 'string' && (node.attributes.type === 'formula' || (val.trim() !== '' && !Number.isFinite(Number(val))))) this.model.value = val;
    // gte="0": an icon's bound is "greater than", not "greater than or equal" (exceljs dropped it both ways).
    if (node.attributes.gte === '0' || node.attributes.gte === 'false') (this.model as { gte?: boolean }).gte = false;
  };
  const render = (proto as unknown as { render(xml: XmlStream, model: { type: string; value?: unknown; gte?: boolean }): void }).render;
  (proto as unknown as { render(xml: XmlStream, model: { type: string; value?: unknown; gte?: boolean }): void }).render = function (xml, model) {
    if (model.gte !== false) return render.call(this, xml, model);
    xml.leafNode('cfvo', { type: model.type, val: model.value, gte: '0' });
  };
}

/**
 * exceljs writes every text rule (contains, begins with, blanks, errors...) with type="<operator>"
 * and operator="<that name>", which for blanks and errors is no operator Excel knows, and without
 * the text Excel shows in its rule dialog. Here the rule's Excel type goes in `operator` (as
 * exceljs's model has it) and is written as Excel writes it: <cfRule type="beginsWith"
 * operator="beginsWith" text="H">, <cfRule type="containsBlanks"> with no operator.
 */
async function writeTextRulesAsExcel(): Promise<void> {
  const proto = (await cfRuleXform()).prototype;
  const OPERATOR: Record<string, string> = { containsText: 'containsText', notContainsText: 'notContains', beginsWith: 'beginsWith', endsWith: 'endsWith' };
  proto.renderText = function (xml, model) {
    const type = model.operator ?? 'containsText';
    xml.openNode('cfRule', { type, dxfId: model.dxfId, priority: model.priority, ...(OPERATOR[type] ? { operator: OPERATOR[type] } : {}), ...(model.text !== undefined ? { text: model.text } : {}) });
    if (model.formulae?.[0]) this.formulaXform.render(xml, model.formulae[0]);
    xml.closeNode();
  };
}

/**
 * exceljs neither reads nor writes a rule's stopIfTrue ("Stop If True" in Excel: lower rules do not
 * apply where this one holds): read into the model, and written on the rule's <cfRule> element.
 */
async function keepStopIfTrue(): Promise<void> {
  const proto = (await cfRuleXform()).prototype;
  const create = proto.createNewModel;
  proto.createNewModel = function (node) {
    const model = create.call(this, node);
    if (node.attributes.stopIfTrue === '1' || node.attributes.stopIfTrue === 'true') model.stopIfTrue = true;
    return model;
  };
  const render = proto.render;
  proto.render = function (xml, model) {
    if (!model.stopIfTrue) return render.call(this, xml, model);
    let done = false;
    const mark = (tag: string, attrs: Record<string, unknown>) => (!done && tag === 'cfRule' ? ((done = true), { ...attrs, stopIfTrue: '1' }) : attrs);
    const stream = streamWith(xml, { openNode: (tag, attrs) => xml.openNode(tag, mark(tag, attrs)), leafNode: (tag, attrs, text) => xml.leafNode(tag, mark(tag, attrs), text) });
    return render.call(this, stream, model);
  };
}
/**
 * exceljs neither reads nor writes an above/below-average rule's equalAverage ("equal to or above")
 * and stdDev ("1 std dev above"): the rule became a plain "above average". Read into the model and
 * written on the rule's <cfRule> element.
 */
async function keepAverageOptions(): Promise<void> {
  const proto = (await cfRuleXform()).prototype;
  const create = proto.createNewModel;
  proto.createNewModel = function (node) {
    const model = create.call(this, node);
    const { equalAverage, stdDev } = node.attributes;
    if (equalAverage === '1' || equalAverage === 'true') model.equalAverage = true;
    if (stdDev !== undefined && Number.isFinite(Number(stdDev))) model.stdDev = Number(stdDev);
    return model;
  };
  proto.renderAboveAverage = function (xml, model) {
    const above = model.aboveAverage === false ? { aboveAverage: '0' } : {};
    xml.leafNode('cfRule', { type: 'aboveAverage', dxfId: model.dxfId, priority: model.priority, ...above, ...(model.equalAverage ? { equalAverage: '1' } : {}), ...(model.stdDev ? { stdDev: model.stdDev } : {}) });
  };
}
/**
 * exceljs does not write the <formula> Excel 2007 writes in a data bar's or colour scale's rule
 * (MAX(IF(ISBLANK(...)))): written first in the rule, as the schema orders it.
 */
async function writeDrawnRuleFormulas(): Promise<void> {
  const proto = (await cfRuleXform()).prototype;
  const render = proto.render;
  proto.render = function (xml, model) {
    if (!model.formulae?.length || !(model.type === 'dataBar' || model.type === 'colorScale' || model.type === 'iconSet')) return render.call(this, xml, model);
    let done = false;
    const formula = this.formulaXform;
    const stream = streamWith(xml, {
      openNode: (tag, attrs) => {
        xml.openNode(tag, attrs);
        if (done || tag !== 'cfRule') return;
        done = true;
        for (const f of model.formulae ?? []) formula.render(xml, f);
      },
    });
    return render.call(this, stream, model);
  };
}
/** exceljs writes nothing for a duplicate-values or unique-values rule (it has no case for them). */
async function writeDuplicateRules(): Promise<void> {
  const proto = (await cfRuleXform()).prototype;
  const render = proto.render;
  proto.render = function (xml, model) {
    if (model.type !== 'duplicateValues' && model.type !== 'uniqueValues') return render.call(this, xml, model);
    xml.leafNode('cfRule', { type: model.type, dxfId: model.dxfId, priority: model.priority });
  };
}
/**
 * exceljs writes a custom icon set's icons with iconId set to each one's place in the list, so
 * "the second arrow of 4ArrowsGray" became whatever icon sat at that place: written as given.
 */
async function writeCustomIconsAsGiven(): Promise<void> {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/xlsx/xform/sheet/cf-ext/icon-set-ext-xform.js')) as { default: { prototype: { render(xml: XmlStream, model: IconSetModel): void; cfvoXform: { render(xml: XmlStream, c: unknown): void }; cfIconXform: { render(xml: XmlStream, c: unknown): void } } } };
  mod.default.prototype.render = function (xml, model) {
    xml.openNode('x14:iconSet', { iconSet: model.iconSet, ...(model.reverse ? { reverse: '1' } : {}), ...(model.showValue === false ? { showValue: '0' } : {}), ...(model.icons ? { custom: '1' } : {}) });
    for (const c of model.cfvo) this.cfvoXform.render(xml, c);
    for (const icon of model.icons ?? []) this.cfIconXform.render(xml, icon);
    xml.closeNode();
  };
}
interface IconSetModel {
  iconSet?: string;
  reverse?: boolean;
  showValue?: boolean;
  cfvo: unknown[];
  icons?: unknown[];
}

let cfRule: Promise<{ prototype: CfRuleProto }> | undefined;
/** exceljs's reader and writer of a <cfRule>, which several patches change. */
const cfRuleXform = () =>
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  (cfRule ??= (import('exceljs/lib/xlsx/xform/sheet/cf/cf-rule-xform.js') as Promise<{ default: { prototype: CfRuleProto } }>).then((mod) => mod.default));
interface CfRuleProto {
  renderText(xml: XmlStream, model: TextRule): void;
  renderAboveAverage(xml: XmlStream, model: TextRule): void;
  render(xml: XmlStream, model: TextRule): void;
  createNewModel(node: { attributes: Record<string, string> }): TextRule;
  formulaXform: { render(xml: XmlStream, f: string): void };
}
export interface XmlStream {
  openNode(tag: string, attributes: Record<string, unknown>): void;
  leafNode(tag: string, attributes: Record<string, unknown>, text?: unknown): void;
  closeNode(): void;
}
/** The stream exceljs renders into, with some of its methods replaced; the rest pass through. */
export function streamWith(xml: XmlStream, replaced: Partial<Pick<XmlStream, 'openNode' | 'leafNode'>>): XmlStream {
  return new Proxy(xml, {
    get(target, prop) {
      const own = replaced[prop as keyof typeof replaced];
      if (own) return own;
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
interface TextRule {
  type?: string;
  stopIfTrue?: boolean;
  aboveAverage?: boolean;
  equalAverage?: boolean;
  stdDev?: number;
  operator?: string;
  text?: string;
  dxfId?: number;
  priority?: number;
  formulae?: string[];
}

/**
 * exceljs neither reads nor writes an Excel 2007 data bar's showValue="0" (the bar without its
 * number): read into the rule's model and written on <dataBar>.
 */
async function keepDataBarShowValue(): Promise<void> {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/xlsx/xform/sheet/cf/databar-xform.js')) as { default: { prototype: DataBarProto } };
  const proto = mod.default.prototype;
  const create = proto.createNewModel;
  proto.createNewModel = function (node) {
    const model = create.call(this, node);
    const v = node?.attributes.showValue;
    return v === '0' || v === 'false' ? { ...model, showValue: false } : model;
  };
  const render = proto.render;
  proto.render = function (xml, model) {
    if (model.showValue !== false) return render.call(this, xml, model);
    const stream = streamWith(xml, { openNode: (tag, attrs) => xml.openNode(tag, tag === 'dataBar' ? { ...attrs, showValue: '0' } : (attrs ?? {})) });
    return render.call(this, stream, model);
  };
}
interface DataBarProto {
  createNewModel(node: { attributes: Record<string, string> } | undefined): Record<string, unknown>;
  render(xml: XmlStream, model: { showValue?: boolean | string | number }): void;
}

/**
 * Excel 2010's part of a data bar (<x14:dataBar> in the sheet's extension list): exceljs read its
 * attributes into its own model with its own defaults (negativeBarColorSameAsPositive true, where
 * Excel's is false) and wrote them all back with those defaults, dropped negativeBarBorderColorSameAsPositive
 * and the bar's autoMin/autoMax bounds, wrote its colours out of the schema's order, and gave only
 * a solid bar the extension (a gradient bar's rule pointed at an empty id). The attributes and
 * bounds are read as written (x14Attributes, x14Cfvo) and written back, with the ones the model
 * says otherwise (gradient, border, negative colour) set from the model.
 */
async function keepDataBarExtension(): Promise<void> {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/xlsx/xform/sheet/cf-ext/databar-ext-xform.js')) as { default: DataBarExtXform };
  // @ts-expect-error as above
  const ref = (await import('exceljs/lib/xlsx/xform/sheet/cf/ext-lst-ref-xform.js')) as { default: { prototype: { render(xml: XmlStream, model: { x14Id?: string }): void } } };
  const Xform = mod.default;
  const isExt = Xform.isExt;
  Xform.isExt = (rule) => rule.x14Attributes !== undefined || isExt(rule);
  const refRender = ref.default.prototype.render;
  ref.default.prototype.render = function (xml, model) {
    if (model.x14Id) refRender.call(this, xml, model);
  };
  const proto = Xform.prototype;
  const create = proto.createNewModel;
  proto.createNewModel = function (node) {
    const model = create.call(this, node);
    if (node.attributes.negativeBarColorSameAsPositive === undefined) model.negativeBarColorSameAsPositive = false;
    return Object.assign(model, { x14Attributes: { ...node.attributes }, x14Cfvo: model.cfvo });
  };
  const render = proto.render;
  proto.render = function (xml, model) {
    const raw = model.x14Attributes;
    if (!raw) return render.call(this, xml, model);
    const attrs: Record<string, unknown> = { ...raw };
    const set = (name: string, value: boolean, dflt: boolean) => {
      const was = raw[name] === undefined ? dflt : raw[name] === '1' || raw[name] === 'true';
      if (was !== value) attrs[name] = value ? '1' : '0';
    };
    set('gradient', model.gradient !== false, true);
    set('border', model.border === true, false);
    set('negativeBarColorSameAsPositive', model.negativeBarColorSameAsPositive !== false, false);
    xml.openNode('x14:dataBar', attrs);
    // Excel 2010's automatic bounds stand for the min and max of the rule's own part.
    const AUTO: Record<string, string> = { autoMin: 'min', autoMax: 'max' };
    model.cfvo.forEach((c, i) => {
      const x = model.x14Cfvo?.[i];
      this.cfvoXform.render(xml, x && (AUTO[x.type] === c.type || (x.type === c.type && String(x.value) === String(c.value))) ? x : c);
    });
    this.borderColorXform.render(xml, model.borderColor);
    this.negativeFillColorXform.render(xml, model.negativeFillColor);
    this.negativeBorderColorXform.render(xml, model.negativeBorderColor);
    this.axisColorXform.render(xml, model.axisColor);
    xml.closeNode();
  };
}
interface DataBarExtModel {
  gradient?: boolean;
  border?: boolean;
  negativeBarColorSameAsPositive?: boolean;
  cfvo: { type: string; value?: unknown }[];
  x14Attributes?: Record<string, string>;
  x14Cfvo?: { type: string; value?: unknown }[];
  borderColor?: unknown;
  negativeFillColor?: unknown;
  negativeBorderColor?: unknown;
  axisColor?: unknown;
}
interface ColorXformLike {
  render(xml: XmlStream, c: unknown): void;
}
interface DataBarExtXform {
  isExt(rule: DataBarExtModel): boolean;
  prototype: {
    createNewModel(node: { attributes: Record<string, string> }): DataBarExtModel;
    render(xml: XmlStream, model: DataBarExtModel): void;
    cfvoXform: ColorXformLike;
    borderColorXform: ColorXformLike;
    negativeFillColorXform: ColorXformLike;
    negativeBorderColorXform: ColorXformLike;
    axisColorXform: ColorXformLike;
  };
}

/**
 * Rules Excel 2010 keeps only in the sheet's extension list (<x14:cfRule type="expression"> with
 * <xm:f> formulas and an inline <x14:dxf>: a formula that names another sheet, a text rule whose
 * text is a reference): exceljs read their type and nothing else, so the import dropped them.
 * Their formulas, operator, Stop If True and format are read; a rule marked x14Rule is written
 * there again as Excel writes it, and left out of the Excel 2007 part.
 */
async function keepExtensionRules(): Promise<void> {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const ext = ((await import('exceljs/lib/xlsx/xform/sheet/cf-ext/cf-rule-ext-xform.js')) as { default: ExtRuleXform }).default;
  // @ts-expect-error as above
  const FExt = ((await import('exceljs/lib/xlsx/xform/sheet/cf-ext/f-ext-xform.js')) as { default: new () => unknown }).default;
  // @ts-expect-error as above
  const Dxf = ((await import('exceljs/lib/xlsx/xform/style/dxf-xform.js')) as { default: new () => { render(xml: XmlStream, style: unknown): void } }).default;
  const main = (await cfRuleXform()) as unknown as { isPrimitive(rule: ExtRuleModel): boolean };
  const x14Dxf = () => Object.defineProperty(new Dxf(), 'tag', { value: 'x14:dxf' });
  const proto = ext.prototype;
  const parseOpen = proto.parseOpen;
  proto.parseOpen = function (node) {
    if (!this.map['xm:f']) Object.assign(this.map, { 'xm:f': new FExt(), 'x14:dxf': x14Dxf() });
    return parseOpen.call(this, node);
  };
  const create = proto.createNewModel;
  proto.createNewModel = function (node) {
    const model = create.call(this, node);
    const { operator, stopIfTrue } = node.attributes;
    return Object.assign(model, operator ? { operator } : {}, stopIfTrue === '1' || stopIfTrue === 'true' ? { stopIfTrue: true } : {});
  };
  const close = proto.onParserClose;
  proto.onParserClose = function (name, parser) {
    if (name === 'xm:f') (this.model.formulae ??= []).push(parser.model as string);
    else if (name === 'x14:dxf') this.model.style = parser.model;
    else close.call(this, name, parser);
  };
  const isExt = ext.isExt;
  ext.isExt = (rule) => rule.x14Rule === true || isExt(rule);
  const isPrimitive = main.isPrimitive;
  main.isPrimitive = (rule) => !rule.x14Rule && isPrimitive(rule);
  const render = proto.render;
  proto.render = function (xml, model) {
    if (!model.x14Rule) return render.call(this, xml, model);
    xml.openNode('x14:cfRule', { type: model.type, priority: model.priority, ...(model.stopIfTrue ? { stopIfTrue: '1' } : {}), ...(model.operator ? { operator: model.operator } : {}), id: model.x14Id });
    for (const f of model.formulae ?? []) xml.leafNode('xm:f', {}, f);
    if (model.style) x14Dxf().render(xml, model.style);
    xml.closeNode();
  };
}
interface ExtRuleModel {
  type?: string;
  priority?: number;
  operator?: string;
  stopIfTrue?: boolean;
  x14Id?: string;
  x14Rule?: boolean;
  formulae?: string[];
  style?: unknown;
}
interface ExtRuleXform {
  isExt(rule: ExtRuleModel): boolean;
  prototype: {
    map: Record<string, unknown>;
    model: ExtRuleModel;
    parseOpen(node: { name: string; attributes: Record<string, string> }): boolean;
    createNewModel(node: { attributes: Record<string, string> }): ExtRuleModel;
    onParserClose(name: string, parser: { model: unknown }): void;
    render(xml: XmlStream, model: ExtRuleModel): void;
  };
}

/** Applies every patch above, once per process (core/libs.ts calls it before exceljs is first used). */
export async function patchConditionalFormats(): Promise<void> {
  await readFormulaBoundsAsWritten();
  await writeTextRulesAsExcel();
  await writeDuplicateRules();
  await writeDrawnRuleFormulas();
  await keepStopIfTrue();
  await keepAverageOptions();
  await writeCustomIconsAsGiven();
  await keepDataBarShowValue();
  await keepDataBarExtension();
  await keepExtensionRules();
}
