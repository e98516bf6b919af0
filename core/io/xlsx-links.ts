// Hyperlinks in an xlsx export. exceljs writes a cell's link from its value ({text, hyperlink});
// a place in the workbook it recognises only as Sheet!A1 and otherwise writes as a web address
// (so 'Data Sheet'!D5 or Sheet2!A1:A5 would open as files). Our renderer writes a link given as
// "#place" as Excel does, with location="place", and any other as the address its relationship holds.
import type ExcelJS from 'exceljs';
import { loadExcelHyperlinkXform, loadExcelSheetRelsWriter } from '../libs.ts';
import type { Link } from '../links/model.ts';

interface XmlStream {
  leafNode(name: string, attrs: Record<string, string | undefined>): void;
}

let patched = false;

const REL_HYPERLINK = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink';

interface RelsWriter {
  _hyperlinks: object[];
  _writeRelationship(rel: object): string;
}

export async function useOwnHyperlinkWriter(): Promise<void> {
  if (patched) return;
  patched = true;
  // The streaming writer gives every link a relationship and drops its tooltip: a place in the
  // workbook needs none, and the tooltip is kept for the renderer below.
  const Rels = await loadExcelSheetRelsWriter();
  Rels.prototype.addHyperlink = function (this: RelsWriter, link: { address: string; target: string; tooltip?: string }) {
    if (link.target.startsWith('#')) this._hyperlinks.push({ address: link.address, target: link.target, tooltip: link.tooltip });
    else this._hyperlinks.push({ address: link.address, rId: this._writeRelationship({ Target: link.target, Type: REL_HYPERLINK, TargetMode: 'External' }), tooltip: link.tooltip });
  };
  const Xform = await loadExcelHyperlinkXform();
  Xform.prototype.render = function (xmlStream: XmlStream, model: { address: string; target?: string; rId?: string; tooltip?: string }) {
    const place = typeof model.target === 'string' && model.target.startsWith('#') ? model.target.slice(1) : undefined;
    xmlStream.leafNode('hyperlink', place !== undefined ? { ref: model.address, location: place, tooltip: model.tooltip } : { ref: model.address, 'r:id': model.rId, tooltip: model.tooltip });
  };
}

/**
 * A cell's value carrying its link, or undefined when it cannot: a link stays with a text cell; a
 * number or a formula result would have to become text to carry one, so those cells go out without it.
 */
export function withLink(value: ExcelJS.CellValue, link: Link): ExcelJS.CellHyperlinkValue | undefined {
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : undefined;
  const hyperlink = link.url ?? (link.location !== undefined ? `#${link.location}` : undefined);
  if (text === undefined || !hyperlink) return undefined;
  return { text, hyperlink, ...(link.tooltip ? { tooltip: link.tooltip } : {}) } as ExcelJS.CellHyperlinkValue;
}
