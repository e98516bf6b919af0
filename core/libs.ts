// Heavy libraries load on first use, one loader each: a server that never exports a PDF never
// pays for pdfkit. Start-up time and idle memory were dominated by importing them all
// (docs/architecture.md, "Start-up and footprint"). Each loader imports once and caches the promise.
import type ExcelJS from 'exceljs';
import type * as Xlsx from '@e965/xlsx';
import type * as Hyparquet from 'hyparquet';
import type Ivm from 'isolated-vm';
import type Mysql from 'mysql2';
import type MysqlPromise from 'mysql2/promise';
import type Papa from 'papaparse';
import type PDFDocument from 'pdfkit';
import type Postgres from 'postgres';
import type { Resvg } from '@resvg/resvg-js';
import { patchConditionalFormats, streamWith, type XmlStream } from './libs-cf.ts';

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= load().catch((err: unknown) => {
    // A failed load (say, a missing native binary) is retried on the next use, not cached.
    p = undefined;
    throw err;
  }));
}

/**
 * exceljs reads a font's size as a whole number (parseInt of <sz val="10.5"/>), while Excel keeps
 * half points and more (10.5 is common, 15.75 occurs): sizes are read as written.
 */
const readFontSizesAsWritten = once(async () => {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/xlsx/xform/simple/integer-xform.js')) as { default: { prototype: { parseOpen(node: { name: string; attributes: Record<string, string> }): boolean; tag: string; attr?: string; model: unknown } } };
  const proto = mod.default.prototype;
  const parseOpen = proto.parseOpen;
  proto.parseOpen = function (node) {
    const open = parseOpen.call(this, node);
    if (open && this.tag === 'sz' && this.attr) {
      const size = Number(node.attributes[this.attr]);
      if (Number.isFinite(size)) this.model = size;
    }
    return open;
  };
});

/**
 * exceljs drops every backslash of a number-format code it reads (`0\0` became `00`, a second digit
 * instead of a literal zero; `[Red]\(0\)` lost its escapes): codes are read as written.
 */
const readFormatCodesAsWritten = once(async () => {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/xlsx/xform/style/numfmt-xform.js')) as { default: { prototype: { parseOpen(node: { name: string; attributes: Record<string, string> }): boolean; model: unknown } } };
  const proto = mod.default.prototype;
  const parseOpen = proto.parseOpen;
  proto.parseOpen = function (node) {
    const open = parseOpen.call(this, node);
    if (open && node.name === 'numFmt' && typeof node.attributes.formatCode === 'string') (this.model as { formatCode: string }).formatCode = node.attributes.formatCode;
    return open;
  };
});

/**
 * A font's <b val="0"/> (not bold; the same for i, strike, ...) was read by exceljs as bold: read as
 * written. In a conditional format's differential format, where "not bold" undoes a bold cell,
 * it is written back as <b val="0"/>, and a font colour "automatic" (<color auto="1"/>, which
 * exceljs read as no colour) is kept.
 */
const readFontFlagsAsWritten = once(async () => {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const bool = (await import('exceljs/lib/xlsx/xform/simple/boolean-xform.js')) as { default: { prototype: FlagProto } };
  const flagProto = bool.default.prototype;
  const parseOpen = flagProto.parseOpen;
  flagProto.parseOpen = function (node) {
    parseOpen.call(this, node);
    const v = this.attr ? node.attributes[this.attr] : undefined;
    if (node.name === this.tag && (v === '0' || v === 'false')) this.model = false;
  };
  const render = flagProto.render;
  flagProto.render = function (xml, model) {
    if (model === false && this.writeFalse) xml.leafNode(this.tag, { val: '0' });
    else render.call(this, xml, model);
  };
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const color = (await import('exceljs/lib/xlsx/xform/style/color-xform.js')) as { default: { prototype: ColorProto } };
  const colorProto = color.default.prototype;
  const colorOpen = colorProto.parseOpen;
  colorProto.parseOpen = function (node) {
    const open = colorOpen.call(this, node);
    if (open && this.keepAuto && this.model === undefined && (node.attributes.auto === '1' || node.attributes.auto === 'true')) this.model = { auto: true };
    return open;
  };
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const fontMod = (await import('exceljs/lib/xlsx/xform/style/font-xform.js')) as { default: { prototype: FontProto } };
  const fontProto = fontMod.default.prototype;
  const fontClose = fontProto.parseClose;
  fontProto.parseClose = function (name) {
    const child = this.parser as { model?: unknown } | undefined;
    const more = fontClose.call(this, name);
    // exceljs keeps a child's value only when truthy: a differential format's "not bold" is kept too.
    if (this.keepFalse && child && child.model === false && !this.parser && this.map[name]) this.model[this.map[name].prop] = false;
    return more;
  };
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const dxf = (await import('exceljs/lib/xlsx/xform/style/dxf-xform.js')) as { default: { prototype: DxfProto } };
  const dxfProto = dxf.default.prototype;
  const mark = (x: DxfProto) => {
    x.map.font.keepFalse = true;
    const font = x.map.font.map;
    for (const k of Object.keys(font)) {
      const f = font[k]!.xform as FlagProto & ColorProto;
      f.writeFalse = true;
      f.keepAuto = true;
    }
  };
  const dxfOpen = dxfProto.parseOpen;
  dxfProto.parseOpen = function (node) {
    mark(this);
    return dxfOpen.call(this, node);
  };
  const dxfRender = dxfProto.render;
  dxfProto.render = function (xml, model) {
    mark(this);
    dxfRender.call(this, xml, model);
  };
});
interface FlagProto {
  tag: string;
  attr?: string;
  model: unknown;
  writeFalse?: boolean;
  parseOpen(node: { name: string; attributes: Record<string, string> }): void;
  render(xml: XmlStream, model: unknown): void;
}
interface FontProto {
  parser?: unknown;
  keepFalse?: boolean;
  model: Record<string, unknown>;
  map: Record<string, { prop: string }>;
  parseClose(name: string): boolean;
}
interface ColorProto {
  model: unknown;
  keepAuto?: boolean;
  parseOpen(node: { name: string; attributes: Record<string, string> }): boolean;
}
interface DxfProto {
  map: { font: { map: Record<string, { xform: unknown }>; keepFalse?: boolean } };
  parseOpen(node: { name: string; attributes: Record<string, string> }): boolean;
  render(xml: XmlStream, model: { numFmt?: string; numFmtId?: number }): void;
}

/**
 * exceljs stopped reading a border at an element it does not know (<vertical/>, <horizontal/>,
 * which Excel writes in a conditional format's border), so the whole border was lost: those are
 * skipped. A differential format's number format "General" (id 0) was not written: it is.
 */
const readBordersWhole = once(async () => {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/xlsx/xform/style/border-xform.js')) as { default: { prototype: BorderProto } };
  const proto = mod.default.prototype;
  const parseOpen = proto.parseOpen;
  proto.parseOpen = function (node) {
    if (this.skipping) return ((this.skipping += 1), true);
    if (!this.parser && node.name !== 'border' && !this.map[node.name]) return ((this.skipping = 1), true);
    return parseOpen.call(this, node);
  };
  const parseClose = proto.parseClose;
  proto.parseClose = function (name) {
    if (this.skipping) return ((this.skipping -= 1), true);
    return parseClose.call(this, name);
  };
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const dxf = (await import('exceljs/lib/xlsx/xform/style/dxf-xform.js')) as { default: { prototype: DxfProto } };
  const render = dxf.default.prototype.render;
  dxf.default.prototype.render = function (xml, model) {
    if (model.numFmt === undefined || model.numFmtId !== 0) return render.call(this, xml, model);
    // exceljs writes a number format only with a truthy id: General's 0 goes in through a stand-in.
    const stream = streamWith(xml, { leafNode: (tag, attrs, text) => xml.leafNode(tag, tag === 'numFmt' && attrs.numFmtId === -1 ? { ...attrs, numFmtId: 0 } : attrs, text) });
    render.call(this, stream, { ...model, numFmtId: -1 });
  };
});
interface BorderProto {
  parser?: unknown;
  skipping?: number;
  map: Record<string, unknown>;
  parseOpen(node: { name: string; attributes: Record<string, string> }): boolean;
  parseClose(name: string): boolean;
}

/** Every patch of exceljs's prototypes, once per process: a patch applied twice wraps itself (a data bar's formula written twice). */
const patchReaders = once(async () => {
  await patchConditionalFormats();
  await readFontSizesAsWritten();
  await readFormatCodesAsWritten();
  await readFontFlagsAsWritten();
  await readBordersWhole();
});

export const loadExcelJs = once(async (): Promise<typeof ExcelJS> => {
  await patchReaders();
  return (await import('exceljs')).default;
});
/** exceljs's reader of xl/styles.xml (used alone for a file's default cell format, which exceljs drops). */
export const loadExcelStylesXform = once(async (): Promise<new () => { parseStream(s: NodeJS.ReadableStream): Promise<void>; getStyleModel(id: number): Partial<ExcelJS.Style> | null }> => {
  await patchReaders();
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/xlsx/xform/style/styles-xform.js')) as { default: unknown };
  return mod.default as never;
});
/** exceljs's writer of a worksheet's <dataValidations> (replaced by ours: core/io/xlsx-validation.ts). */
export const loadExcelDataValidationsXform = once(async (): Promise<{ prototype: { render: (...args: never[]) => void } }> => {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/xlsx/xform/sheet/data-validations-xform.js')) as { default: unknown };
  return mod.default as never;
});
/** exceljs's writer of a worksheet's <hyperlink> (replaced by ours: core/io/xlsx-links.ts). */
export const loadExcelHyperlinkXform = once(async (): Promise<{ prototype: { render: (...args: never[]) => void } }> => {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/xlsx/xform/sheet/hyperlink-xform.js')) as { default: unknown };
  return mod.default as never;
});
/** An exceljs writer of one part or element: prepare(model, options), then toXml(model). */
export type ExcelXform = new () => { prepare(model: object, options: object): void; toXml(model: object): string };
/** exceljs's writer of a table part (xlsx-parts.ts adds tables to the streaming writer's archive). */
export const loadExcelTableXform = once(async (): Promise<ExcelXform> => {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/xlsx/xform/table/table-xform.js')) as { default: unknown };
  return mod.default as never;
});
/** exceljs's writer of a worksheet's <extLst> (Excel 2010 conditional formats), which its streaming writer leaves out. */
export const loadExcelSheetExtXform = once(async (): Promise<ExcelXform> => {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/xlsx/xform/sheet/ext-lst-xform.js')) as { default: unknown };
  return mod.default as never;
});
/** The sheet's <headerFooter> writer (two flags added: core/io/xlsx-header-footer.ts). */
export const loadExcelHeaderFooterXform = once(async (): Promise<{ prototype: never }> => {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/xlsx/xform/sheet/header-footer-xform.js')) as { default: unknown };
  return mod.default as never;
});
/** The streaming writer's relationships of a sheet (its hyperlinks are replaced: core/io/xlsx-links.ts). */
export const loadExcelSheetRelsWriter = once(async (): Promise<{ prototype: Record<string, unknown> }> => {
  // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
  const mod = (await import('exceljs/lib/stream/xlsx/sheet-rels-writer.js')) as { default: unknown };
  return mod.default as never;
});
/** The .xls reader (SheetJS build). */
export const loadXlsx = once(async (): Promise<typeof Xlsx> => await import('@e965/xlsx'));
export const loadPdfKit = once(async (): Promise<typeof PDFDocument> => (await import('pdfkit')).default);
export const loadResvg = once(async (): Promise<typeof Resvg> => (await import('@resvg/resvg-js')).Resvg);
export const loadHyparquet = once(async (): Promise<typeof Hyparquet> => await import('hyparquet'));
export const loadPapa = once(async (): Promise<typeof Papa> => (await import('papaparse')).default);
export const loadIvm = once(async (): Promise<typeof Ivm> => (await import('isolated-vm')).default);
export const loadMysql = once(async (): Promise<typeof Mysql> => (await import('mysql2')).default);
export const loadMysqlPromise = once(async (): Promise<typeof MysqlPromise> => (await import('mysql2/promise')).default);
export const loadPostgres = once(async (): Promise<typeof Postgres> => (await import('postgres')).default);
