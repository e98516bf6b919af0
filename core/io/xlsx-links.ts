// Hyperlinks in an xlsx export. exceljs writes a cell's link from its value ({text, hyperlink});
// a place in the workbook it recognises only as Sheet!A1 and otherwise writes as a web address
// (so 'Data Sheet'!D5 or Sheet2!A1:A5 would open as files). Our renderer writes a link given as
// "#place" as Excel does, with location="place", and any other as the address its relationship holds.
import type ExcelJS from 'exceljs';
import { loadExcelHyperlinkXform } from '../libs.ts';
import { linksOf } from '../links/model.ts';
import type { SheetModel } from '../workbook/sheet.ts';

interface XmlStream {
  leafNode(name: string, attrs: Record<string, string | undefined>): void;
}

let patched = false;

export async function useOwnHyperlinkWriter(): Promise<void> {
  if (patched) return;
  patched = true;
  const Xform = await loadExcelHyperlinkXform();
  Xform.prototype.render = function (xmlStream: XmlStream, model: { address: string; target?: string; rId?: string; tooltip?: string }) {
    const place = typeof model.target === 'string' && model.target.startsWith('#') ? model.target.slice(1) : undefined;
    xmlStream.leafNode('hyperlink', place !== undefined ? { ref: model.address, location: place, tooltip: model.tooltip } : { ref: model.address, 'r:id': model.rId, tooltip: model.tooltip });
  };
}

/**
 * The sheet's links on the cells exceljs has written. A link stays with a text cell; a number or a
 * formula result would have to become text to carry one, so those cells go out without it.
 */
export function linksToExcel(sheet: SheetModel, ws: ExcelJS.Worksheet): void {
  for (const [at, link] of linksOf(sheet)) {
    const cell = ws.getCell(at.row + 1, at.col + 1);
    const v = cell.value;
    const text = typeof v === 'string' ? v : v === null || v === undefined ? '' : undefined;
    if (text === undefined) continue;
    const hyperlink = link.url ?? (link.location !== undefined ? `#${link.location}` : undefined);
    if (!hyperlink) continue;
    cell.value = { text, hyperlink, ...(link.tooltip ? { tooltip: link.tooltip } : {}) } as ExcelJS.CellHyperlinkValue;
  }
}
