// Table style definitions as SpreadsheetML writes them: a style is a list of elements (whole table,
// header row, row and column stripes, first and last column, totals row, corner cells), each a
// differential format (dxf) of font, fill and borders in colours that may be theme references.
// Read from a workbook's styles.xml (<tableStyles> with its <dxfs>) and written back on export;
// Excel's built-in styles are kept in the same shape (preset-styles.ts, scripts/table-styles.ts).
import type { BorderLine } from '../workbook/style.ts';

/** A colour as a dxf holds it: a theme index with its tint, or an ARGB value. */
export interface StyleColor {
  theme?: number;
  tint?: number;
  argb?: string;
  indexed?: number;
}

export interface ElementBorder {
  line: BorderLine;
  color?: StyleColor;
}

export const BORDER_SIDES = ['left', 'right', 'top', 'bottom', 'vertical', 'horizontal'] as const;
export type BorderSide = (typeof BORDER_SIDES)[number];

/** One element's format. A side set to null draws no line there, over what lower elements draw. */
export interface StyleElement {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  color?: StyleColor;
  fill?: StyleColor;
  borders?: Partial<Record<BorderSide, ElementBorder | null>>;
  /** Rows (or columns) in one stripe (tableStyleElement size, default 1). */
  size?: number;
}

/** Element types of table styles, lowest precedence first (ECMA-376 Part 1, §18.8.40, as Excel layers them). */
export const ELEMENT_ORDER = [
  'wholeTable', 'firstColumnStripe', 'secondColumnStripe', 'firstRowStripe', 'secondRowStripe',
  'lastColumn', 'firstColumn', 'headerRow', 'totalRow', 'firstHeaderCell', 'lastHeaderCell', 'firstTotalCell', 'lastTotalCell',
] as const;
export type ElementType = (typeof ELEMENT_ORDER)[number];

export type TableStyleDef = Partial<Record<ElementType, StyleElement>>;

const LINE_IN: Record<string, BorderLine> = {
  thin: 'line1', medium: 'line2', thick: 'line3', double: 'double', dotted: 'dotted', dashed: 'dashed', hair: 'hair',
  mediumDashed: 'medium_dashed', dashDot: 'dash_dot', mediumDashDot: 'medium_dash_dot', dashDotDot: 'dash_dot_dot',
  mediumDashDotDot: 'medium_dash_dot_dot', slantDashDot: 'slant_dash_dot',
};
const LINE_OUT = Object.fromEntries(Object.entries(LINE_IN).map(([xl, ours]) => [ours, xl])) as Record<BorderLine, string>;

const ATTRS = '(?:[^>"]|"[^"]*")*';
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) => s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => (e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e.toLowerCase()]!));
const attr = (attrs: string, name: string) => {
  const m = new RegExp(`\\b${name}="([^"]*)"`).exec(attrs);
  return m ? unescapeXml(m[1]!) : undefined;
};
const el = (name: string) => new RegExp(`<(?:\\w+:)?${name}\\b(${ATTRS}?)(?:/>|>([\\s\\S]*?)</(?:\\w+:)?${name}>)`);

function colorOf(attrs: string | undefined): StyleColor | undefined {
  if (attrs === undefined) return undefined;
  const out: StyleColor = {};
  const theme = attr(attrs, 'theme'), tint = attr(attrs, 'tint'), rgb = attr(attrs, 'rgb'), indexed = attr(attrs, 'indexed');
  if (theme !== undefined && /^\d+$/.test(theme)) out.theme = Number(theme);
  if (rgb && /^[0-9A-Fa-f]{6,8}$/.test(rgb)) out.argb = rgb.toUpperCase();
  if (indexed !== undefined && /^\d+$/.test(indexed)) out.indexed = Number(indexed);
  if (tint !== undefined && Number.isFinite(Number(tint)) && Number(tint) !== 0) out.tint = Number(tint);
  return out.theme !== undefined || out.argb || out.indexed !== undefined ? out : undefined;
}

const flag = (xml: string, tag: string) => {
  const m = el(tag).exec(xml);
  if (!m) return undefined;
  const val = attr(m[1]!, 'val');
  return val === undefined || val === '1' || val === 'true' || (tag === 'u' && val !== 'none');
};

/** One <dxf> element's inner XML as a style element (font, fill and borders; number formats and alignment are not drawn by tables). */
export function parseDxf(xml: string): StyleElement {
  const out: StyleElement = {};
  const font = el('font').exec(xml)?.[2];
  if (font) {
    for (const [tag, key] of [['b', 'bold'], ['i', 'italic'], ['u', 'underline'], ['strike', 'strike']] as const) {
      const on = flag(font, tag);
      if (on !== undefined) out[key] = on;
    }
    const color = colorOf(el('color').exec(font)?.[1]);
    if (color) out.color = color;
  }
  const fill = el('patternFill').exec(xml);
  if (fill && attr(fill[1]!, 'patternType') !== 'none') {
    // A dxf's solid fill is its background colour (ECMA-376 §18.8.32); some writers give only the foreground.
    const color = colorOf(el('bgColor').exec(fill[2] ?? '')?.[1]) ?? colorOf(el('fgColor').exec(fill[2] ?? '')?.[1]);
    if (color) out.fill = color;
  }
  const border = el('border').exec(xml)?.[2];
  if (border) {
    const borders: StyleElement['borders'] = {};
    for (const side of BORDER_SIDES) {
      const m = el(side).exec(border);
      if (!m) continue;
      const line = LINE_IN[attr(m[1]!, 'style') ?? ''];
      borders[side] = line ? { line, ...withColor(colorOf(el('color').exec(m[2] ?? '')?.[1])) } : null;
    }
    if (Object.keys(borders).length) out.borders = borders;
  }
  return out;
}

const withColor = (color: StyleColor | undefined) => (color ? { color } : {});

/** The <dxf> elements of a styles part, in order (dxfId indexes them). */
export function dxfsOf(stylesXml: string): string[] {
  return children(el('dxfs').exec(stylesXml)?.[2] ?? '', 'dxf').map((c) => c.body);
}

/**
 * The child elements of a block by name, each with its attributes and inner XML: split at each
 * open tag, so a part with unclosed elements costs one pass, not one per element.
 */
function children(block: string, name: string): { attrs: string; body: string }[] {
  const open = new RegExp(`<(?:\\w+:)?${name}(?=[\\s/>])`);
  const close = new RegExp(`</(?:\\w+:)?${name}>`);
  return block.split(open).slice(1).map((chunk) => {
    const head = new RegExp(`^(${ATTRS}?)(/?)>`).exec(chunk);
    if (!head) return { attrs: '', body: '' };
    const rest = chunk.slice(head[0].length);
    return { attrs: head[1]!, body: head[2] ? '' : rest.slice(0, rest.search(close) < 0 ? rest.length : rest.search(close)) };
  });
}

/**
 * The table styles a styles part defines (<tableStyles>), by name; pivot-only styles are left
 * out. `base` is the index of the first dxf (0 in a workbook, 1 in the preset list).
 */
export function tableStylesOf(stylesXml: string, base = 0): Map<string, TableStyleDef> {
  const out = new Map<string, TableStyleDef>();
  const dxfs = dxfsOf(stylesXml);
  const block = el('tableStyles').exec(stylesXml)?.[2] ?? '';
  for (const m of children(block, 'tableStyle')) {
    const name = attr(m.attrs, 'name');
    if (!name || attr(m.attrs, 'table') === '0') continue;
    const def: TableStyleDef = {};
    for (const e of children(m.body, 'tableStyleElement')) {
      const type = attr(e.attrs, 'type') as ElementType | undefined;
      if (!type || !(ELEMENT_ORDER as readonly string[]).includes(type)) continue;
      const id = attr(e.attrs, 'dxfId'), size = Number(attr(e.attrs, 'size') ?? 1);
      const dxf = id !== undefined && /^\d+$/.test(id) ? dxfs[Number(id) - base] : undefined;
      const element = dxf !== undefined ? parseDxf(dxf) : {};
      if (Number.isInteger(size) && size > 1 && size <= 9) element.size = size;
      def[type] = element;
    }
    out.set(unescapeXml(name), def);
  }
  return out;
}

const colorXml = (tag: string, c: StyleColor | undefined) => {
  if (!c) return '';
  const parts = [c.theme !== undefined ? `theme="${c.theme}"` : '', c.argb ? `rgb="${c.argb.length === 6 ? `FF${c.argb}` : c.argb}"` : '', c.indexed !== undefined ? `indexed="${c.indexed}"` : '', c.tint ? `tint="${c.tint}"` : ''];
  return `<${tag} ${parts.filter(Boolean).join(' ')}/>`;
};

/** A style element as a <dxf> (export). */
export function dxfXml(e: StyleElement): string {
  let font = '';
  if (e.bold !== undefined) font += e.bold ? '<b/>' : '<b val="0"/>';
  if (e.italic !== undefined) font += e.italic ? '<i/>' : '<i val="0"/>';
  if (e.strike !== undefined) font += e.strike ? '<strike/>' : '<strike val="0"/>';
  if (e.underline !== undefined) font += e.underline ? '<u/>' : '<u val="none"/>';
  font += colorXml('color', e.color);
  const fill = e.fill ? `<fill><patternFill patternType="solid">${colorXml('fgColor', e.fill)}${colorXml('bgColor', e.fill)}</patternFill></fill>` : '';
  let border = '';
  if (e.borders) {
    // CT_Border's children in schema order.
    for (const side of ['left', 'right', 'top', 'bottom', 'vertical', 'horizontal'] as const) {
      const b = e.borders[side];
      if (b === undefined) continue;
      border += b === null ? `<${side}/>` : `<${side} style="${LINE_OUT[b.line]}">${colorXml('color', b.color)}</${side}>`;
    }
    border = border ? `<border>${border}</border>` : '';
  }
  return `<dxf>${font ? `<font>${font}</font>` : ''}${fill}${border}</dxf>`;
}

/**
 * A styles part with these custom table styles added: their elements' dxfs after the part's own
 * (whose ids conditional formats use) and a <tableStyles> naming them (CT_Stylesheet order: after <dxfs>).
 */
export function withTableStyles(stylesXml: string, defs: ReadonlyMap<string, TableStyleDef>): string {
  if (!defs.size) return stylesXml;
  const own = dxfsOf(stylesXml);
  const added: string[] = [];
  let styles = '';
  for (const [name, def] of defs) {
    let elements = '';
    for (const type of ELEMENT_ORDER) {
      const e = def[type];
      if (!e) continue;
      added.push(dxfXml(e));
      elements += `<tableStyleElement type="${type}"${e.size ? ` size="${e.size}"` : ''} dxfId="${own.length + added.length - 1}"/>`;
    }
    styles += `<tableStyle name="${name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}" pivot="0" count="${elements.split('<tableStyleElement').length - 1}">${elements}</tableStyle>`;
  }
  const dxfs = `<dxfs count="${own.length + added.length}">${own.map((d) => `<dxf>${d}</dxf>`).join('')}${added.join('')}</dxfs>`;
  let xml = stylesXml.replace(/<tableStyles\b[^>]*?(?:\/>|>[\s\S]*?<\/tableStyles>)/, '');
  const defaults = /<tableStyles\b([^>]*?)\/?>/.exec(stylesXml)?.[1] ?? ' defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"';
  const tableStyles = `<tableStyles${defaults.replace(/\s*count="\d*"/, '')} count="${defs.size}">${styles}</tableStyles>`;
  const block = /<dxfs\b[^>]*?(?:\/>|>[\s\S]*?<\/dxfs>)/;
  if (block.test(xml)) return xml.replace(block, () => dxfs + tableStyles);
  // No <dxfs>: it goes after <cellStyles> (or before whatever follows <tableStyles>).
  const after = /<\/cellStyles>|<cellStyles\b[^>]*\/>/.exec(xml);
  if (after) return xml.slice(0, after.index + after[0].length) + dxfs + tableStyles + xml.slice(after.index + after[0].length);
  xml = xml.replace(/(<colors\b|<extLst\b|<\/styleSheet>)/, (m) => dxfs + tableStyles + m);
  return xml;
}

/**
 * The definition with its colours resolved to RGB against a theme: what export writes, since the
 * exported workbook's theme is not the one the style was drawn in (its look is kept, not its theme references).
 */
export function resolvedDef(def: TableStyleDef, resolve: (c: StyleColor) => string | undefined): TableStyleDef {
  const fix = (c: StyleColor | undefined): StyleColor | undefined => {
    const hex = c && resolve(c);
    return hex ? { argb: `FF${hex.slice(1, 7).toUpperCase()}` } : c;
  };
  const out: TableStyleDef = {};
  for (const [type, e] of Object.entries(def) as [ElementType, StyleElement][]) {
    const copy: StyleElement = { ...e };
    if (e.color) copy.color = fix(e.color);
    if (e.fill) copy.fill = fix(e.fill);
    if (e.borders) copy.borders = Object.fromEntries(Object.entries(e.borders).map(([side, b]) => [side, b && { ...b, ...(b.color ? { color: fix(b.color) } : {}) }]));
    out[type] = copy;
  }
  return out;
}
