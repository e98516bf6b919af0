// exceljs reads an imported workbook without its cells: each worksheet's XML is kept as text and
// exceljs is given the sheet with an empty <sheetData> (xlsx-read-zip.ts), so it still reads
// everything around the cells (columns, views, merges, conditional formats, print setup) but no
// longer inflates, parses and builds an object per cell, which was most of an import's time.
// xlsx-read-cells.ts reads the cells from the XML, against the parts kept here.
import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../libs.ts';
import { withSheetsStripped } from './xlsx-read-zip.ts';

/** What exceljs's styles part gives for a cell style id (null when the file has no such style). */
export interface ExcelStyles {
  getStyleModel(id: number): Partial<ExcelJS.Style> | null;
}

/** What a load kept for the cells: the sheets' XML and the parts exceljs resolves cells against. */
export interface Capture {
  /** Worksheet XML by part path (xl/worksheets/sheet1.xml). */
  xml: Map<string, string>;
  /** Part path by worksheet id (exceljs's Worksheet.id). */
  pathById: Map<number, string>;
  /** Shared strings: a string or exceljs's rich text ({ richText: [{ text }] }). */
  sharedStrings?: { getString(i: number): unknown };
  styles?: ExcelStyles;
  date1904: boolean;
}

interface XlsxProto {
  workbook: object;
  reconcile(model: LoadModel, options: object): void;
}

interface LoadModel {
  sharedStrings?: Capture['sharedStrings'];
  styles?: ExcelStyles;
  properties?: { date1904?: boolean };
  worksheetHash?: Record<string, { id?: number }>;
}

const captures = new WeakMap<object, Capture>();

/** The sheet XML with its cells taken out (an empty <sheetData/> of the same prefix). */
export function withoutCells(xml: string): string {
  const open = /<((?:\w+:)?)sheetData\b/.exec(xml);
  if (!open) return xml;
  const close = xml.indexOf('>', open.index);
  if (close < 0) return xml;
  let end = close + 1;
  if (xml.charCodeAt(close - 1) !== 47 /* a self-closed <sheetData/> */) {
    const closing = `</${open[1]}sheetData>`;
    const at = xml.indexOf(closing, close);
    if (at < 0) return xml;
    end = at + closing.length;
  }
  return `${xml.slice(0, open.index)}<${open[1]}sheetData/>${xml.slice(end)}`;
}

let patched: Promise<typeof ExcelJS> | undefined;

/** exceljs, with its loader taught to keep the parts a cell needs for a workbook that asks (loadWithoutCells). */
function excelJsForImport(): Promise<typeof ExcelJS> {
  return (patched ??= (async () => {
    const excel = await loadExcelJs();
    // @ts-expect-error exceljs ships no types for its parts (the package version is pinned)
    const mod = (await import('exceljs/lib/xlsx/xlsx.js')) as { default: { prototype: XlsxProto } };
    const proto = mod.default.prototype;
    const reconcile = proto.reconcile;
    proto.reconcile = function (model, options) {
      const capture = captures.get(this.workbook);
      // exceljs drops these parts from its model once the cells are resolved: keep them.
      const hash = model.worksheetHash ?? {};
      if (capture) {
        capture.sharedStrings = model.sharedStrings;
        capture.styles = model.styles;
        capture.date1904 = !!model.properties?.date1904;
      }
      reconcile.call(this, model, options);
      if (capture) for (const [path, ws] of Object.entries(hash)) if (ws.id !== undefined) capture.pathById.set(ws.id, path);
    };
    return excel;
  })());
}

/** Loads a workbook with exceljs, its cells left in the returned capture's XML. */
export async function loadWithoutCells(bytes: Buffer): Promise<{ wb: ExcelJS.Workbook; capture: Capture }> {
  const excel = await excelJsForImport();
  const { zip, sheets } = withSheetsStripped(bytes, withoutCells);
  const wb = new excel.Workbook();
  const capture: Capture = { xml: sheets, pathById: new Map(), date1904: false };
  captures.set(wb, capture);
  try {
    await wb.xlsx.load(zip as unknown as ArrayBuffer);
  } finally {
    captures.delete(wb);
  }
  return { wb, capture };
}
