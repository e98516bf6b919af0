// A worksheet's <sheetProtection> read into the sheet's meta and written back with every attribute
// as the file wrote it; and the attributes of the workbook part's <workbookProtection>.
import type { AreaXlsx, XlsxSheetOut } from '../workbook/area.ts';
import type { SheetModel } from '../workbook/sheet.ts';

const ATTRS = '(?:[^>"]|"[^"]*")*';
const unescape = (v: string) => v.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The attributes of the first `tag` element in `xml` (prefixes dropped), or undefined when there is none. */
export function elementAttrs(xml: string, tag: string): Record<string, string> | undefined {
  const m = new RegExp(`<(?:\\w+:)?${tag}\\b(${ATTRS})\\/?>`).exec(xml);
  if (!m) return undefined;
  const out: Record<string, string> = {};
  for (const a of m[1]!.matchAll(/([\w:]+)\s*=\s*"([^"]*)"/g)) if (!a[1]!.startsWith('xmlns')) out[a[1]!.replace(/^\w+:/, '')] = unescape(a[2]!);
  return out;
}

/** An element with these attributes, in the order kept. */
export function elementXml(tag: string, attrs: Record<string, string>): string {
  return `<${tag}${Object.entries(attrs).map(([k, v]) => ` ${k}="${esc(v)}"`).join('')}/>`;
}

function read(sheet: SheetModel, part: { tail: string }): void {
  const attrs = elementAttrs(part.tail, 'sheetProtection');
  if (attrs) sheet.meta.sheet_protection = attrs;
}

function write(sheet: SheetModel): XlsxSheetOut | undefined {
  const attrs = sheet.meta.sheet_protection;
  return attrs ? { elements: { sheetProtection: elementXml('sheetProtection', attrs) } } : undefined;
}

export const protectionXlsx: AreaXlsx = { read, write };
