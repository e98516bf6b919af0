// Parts exceljs's streaming writer does not write, added to its archive (fflate): each sheet's
// pictures and charts in one drawing part (pictures as <pic> anchors over media parts, charts as
// graphic frames over chart parts, xlsx-chart-export.ts), and its data tables as table parts
// (rendered by exceljs's own table writer, with the model xlsx-tables.ts plans) and the custom
// table styles they use (in the styles part). A workbook with
// none of these is returned as written.
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { resolveChart } from '../charts/resolve.ts';
import { loadExcelTableXform } from '../libs.ts';
import type { SheetImage } from '../images/model.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { NS_A, NS_R, chartXml, esc, frameXml } from './xlsx-chart-export.ts';
import { tableModels, type ExcelTablePlan } from './xlsx-tables.ts';
import { resolvedDef, withTableStyles, type TableStyleDef } from '../tables/style-def.ts';
import { OFFICE_THEME, resolveColor } from './xlsx-colors.ts';

const NS_XDR = 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CT_CHART = 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml';
const CT_DRAWING = 'application/vnd.openxmlformats-officedocument.drawing+xml';
const CT_TABLE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml';
const MEDIA_TYPES: Record<SheetImage['type'], string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' };
const EMU_PER_PX = 9525;

/** The sheet's tail elements that must come after <drawing> (ECMA-376 CT_Worksheet order). */
const AFTER_DRAWING = /<(legacyDrawing|legacyDrawingHF|drawingHF|picture|oleObjects|controls|webPublishItems|tableParts|extLst)\b|<\/worksheet>/;
/** ... and after <tableParts>. */
const AFTER_TABLES = /<extLst\b|<\/worksheet>/;

/** A relationships part being extended: its XML and fresh ids that do not clash with its own. */
class Rels {
  private readonly used: Set<string>;
  private n = 1;

  constructor(public xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>`) {
    this.used = new Set([...xml.matchAll(/Id="([^"]+)"/g)].map((m) => m[1]!));
  }

  /** Adds a relationship and returns its id. */
  add(type: string, target: string): string {
    while (this.used.has(`rIdPart${this.n}`)) this.n++;
    const id = `rIdPart${this.n}`;
    this.used.add(id);
    this.xml = this.xml.replace('</Relationships>', `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/></Relationships>`);
    return id;
  }
}

/** A picture anchored at its cell with its offset, at its own size (a one-cell anchor takes no editAs: openpyxl drops a drawing that has one). */
function pictureXml(im: SheetImage, rid: string, id: number): string {
  const cx = Math.round(im.width * EMU_PER_PX), cy = Math.round(im.height * EMU_PER_PX);
  const from = `<xdr:from><xdr:col>${im.anchor.col}</xdr:col><xdr:colOff>${Math.round(im.dx * EMU_PER_PX)}</xdr:colOff><xdr:row>${im.anchor.row}</xdr:row><xdr:rowOff>${Math.round(im.dy * EMU_PER_PX)}</xdr:rowOff></xdr:from>`;
  const name = esc(im.name ?? `Picture ${id}`);
  return `<xdr:oneCellAnchor>${from}<xdr:ext cx="${cx}" cy="${cy}"/><xdr:pic><xdr:nvPicPr><xdr:cNvPr id="${id}" name="${name}" descr="${name}"/><xdr:cNvPicPr><a:picLocks noChangeAspect="1"/></xdr:cNvPicPr></xdr:nvPicPr><xdr:blipFill><a:blip xmlns:r="${NS_R}" r:embed="${rid}"/><a:stretch><a:fillRect/></a:stretch></xdr:blipFill><xdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr></xdr:pic><xdr:clientData/></xdr:oneCellAnchor>`;
}

/**
 * Inserts `xml` into the sheet before the first element `before` matches among the sheet's own
 * elements: after the conditional formats, whose data bars hold an <extLst> of their own (a table
 * part was written inside a data bar's rule, which Excel repairs).
 */
function insertBefore(sheetXml: string, before: RegExp, xml: string): string {
  const from = sheetXml.lastIndexOf('</conditionalFormatting>') + 1;
  const at = from + before.exec(sheetXml.slice(from))!.index;
  return `${sheetXml.slice(0, at)}${xml}${sheetXml.slice(at)}`;
}

/** The export with every sheet's pictures, charts and tables added (sheets are xl/worksheets/sheetN.xml, in tab order). */
export async function addPartsToXlsx(xlsx: Buffer, wb: Workbook, plan: ExcelTablePlan): Promise<Buffer> {
  const tablesOf = (s: SheetModel) => (s.meta.tables ?? []).filter((t) => plan.exported.has(t));
  const busy = wb.sheets.filter((s) => s.meta.charts?.length || s.meta.images?.length || tablesOf(s).length);
  if (!busy.length) return xlsx;
  const TableXform = await loadExcelTableXform();
  const files = unzipSync(new Uint8Array(xlsx));
  const text = (p: string) => (files[p] ? strFromU8(files[p]!) : undefined);
  let types = text('[Content_Types].xml')!;
  const override = (part: string, type: string) => {
    types = types.replace('</Types>', `<Override PartName="/${part}" ContentType="${type}"/></Types>`);
  };
  let chartN = 0, drawingN = 0, mediaN = 0, tableN = 0;
  const mediaKinds = new Set<SheetImage['type']>();
  for (const sheet of busy) {
    const n = wb.sheets.indexOf(sheet) + 1;
    const sheetPath = `xl/worksheets/sheet${n}.xml`;
    let sheetXml = text(sheetPath);
    if (!sheetXml) continue;
    const sheetRelsPath = `xl/worksheets/_rels/sheet${n}.xml.rels`;
    const sheetRels = new Rels(text(sheetRelsPath));
    const drawingRels = new Rels();
    let anchors = '';
    let shapeId = 1;
    for (const im of sheet.meta.images ?? []) {
      const media = `image${++mediaN}.${im.type === 'jpeg' ? 'jpeg' : im.type}`;
      files[`xl/media/${media}`] = new Uint8Array(Buffer.from(im.data, 'base64'));
      mediaKinds.add(im.type);
      anchors += pictureXml(im, drawingRels.add('image', `../media/${media}`), ++shapeId);
    }
    for (const spec of sheet.meta.charts ?? []) {
      const dataSheet = wb.sheets.find((s) => s.id === spec.data.sheet);
      if (!dataSheet) continue;
      const xml = chartXml(spec, await resolveChart(wb, spec), dataSheet);
      if (!xml) continue;
      const part = `xl/charts/chart${++chartN}.xml`;
      files[part] = strToU8(xml);
      override(part, CT_CHART);
      anchors += frameXml(spec, drawingRels.add('chart', `../charts/chart${chartN}.xml`), ++shapeId);
    }
    if (anchors) {
      const drawingPath = `xl/drawings/drawing${++drawingN}.xml`;
      files[drawingPath] = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<xdr:wsDr xmlns:xdr="${NS_XDR}" xmlns:a="${NS_A}">${anchors}</xdr:wsDr>`);
      files[`xl/drawings/_rels/drawing${drawingN}.xml.rels`] = strToU8(drawingRels.xml);
      override(drawingPath, CT_DRAWING);
      sheetXml = insertBefore(sheetXml, AFTER_DRAWING, `<drawing r:id="${sheetRels.add('drawing', `../drawings/drawing${drawingN}.xml`)}"/>`);
    }
    const tables = tableModels(sheet, plan);
    if (tables.length) {
      const parts = tables.map((model) => {
        const part = `xl/tables/table${++tableN}.xml`;
        const xform = new TableXform();
        const m = { ...model, id: tableN };
        xform.prepare(m, {});
        // A table without a header row has no filter buttons: Excel repairs an autoFilter there.
        const xml = xform.toXml(m) as string;
        files[part] = strToU8(model.headerRow ? xml : xml.replace(/<autoFilter\b[^>]*?(?:\/>|>[\s\S]*?<\/autoFilter>)/, ''));
        override(part, CT_TABLE);
        return `<tablePart r:id="${sheetRels.add('table', `../tables/table${tableN}.xml`)}"/>`;
      });
      sheetXml = insertBefore(sheetXml, AFTER_TABLES, `<tableParts count="${parts.length}">${parts.join('')}</tableParts>`);
    }
    if (!/xmlns:r=/.test(sheetXml.slice(0, 1000))) sheetXml = sheetXml.replace(/<worksheet\b/, `<worksheet xmlns:r="${NS_R}"`);
    files[sheetPath] = strToU8(sheetXml);
    files[sheetRelsPath] = strToU8(sheetRels.xml);
  }
  // Custom table styles the exported tables use, defined in the styles part in the colours they were drawn in.
  const custom = new Map<string, TableStyleDef>();
  for (const sheet of busy) {
    for (const t of tablesOf(sheet)) {
      const s = t.excel_style;
      if (s?.name && s.definition) custom.set(s.name, resolvedDef(s.definition, (c) => resolveColor(c, s.theme ?? OFFICE_THEME)));
    }
  }
  const stylesXml = text('xl/styles.xml');
  if (custom.size && stylesXml) files['xl/styles.xml'] = strToU8(withTableStyles(stylesXml, custom));
  for (const kind of mediaKinds) {
    const ext = kind === 'jpeg' ? 'jpeg' : kind;
    if (!new RegExp(`<Default Extension="${ext}"`, 'i').test(types)) types = types.replace('<Default ', `<Default Extension="${ext}" ContentType="${MEDIA_TYPES[kind]}"/><Default `);
  }
  files['[Content_Types].xml'] = strToU8(types);
  return Buffer.from(zipSync(files, { level: 6 }));
}
