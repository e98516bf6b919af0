// Excel tables (ListObjects) of an .xlsx, read from the file's own parts: workbook.xml and its
// relationships give each sheet's part, the sheet's relationships give its tables, and each table
// part gives the name, the range, whether there is a header and a totals row, and the column
// names. Structured references in formulas (Table1[Amount]) are resolved against these. Export
// writes data tables back as Excel tables (tableModels, xlsx-parts.ts).
import { parseRange, rectToA1, rectsIntersect } from '../a1.ts';
import { allNames } from '../names/model.ts';
import { columnName, formulaTableName, tableNames } from '../tables/columns.ts';
import { allTables, type ExcelTableStyle, type TableSpec } from '../tables/model.ts';
import { tableStylesOf, type TableStyleDef } from '../tables/style-def.ts';
import { DEFAULT_TABLE_STYLE } from '../tables/style-paint.ts';
import { OFFICE_THEME } from './xlsx-colors.ts';
import { formulaOf, valueOf } from '../workbook/cell.ts';
import { renameNames } from '../formula/rename-names.ts';
import type { TableShape } from '../formula/structured-refs.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { readZipEntry } from './zip-guard.ts';

/** An Excel table (ListObject): what structured references (Table1[Amount]) resolve against. */
export interface BookTable extends TableShape {
  /** The table style the file names (TableStyleMedium2) and its stripe and column options. */
  style?: ExcelTableStyle;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export const unescapeXml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => (e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e.toLowerCase()]!));

/** Text as xlsx escapes what XML (or an attribute) cannot hold: _xHHHH_ for a character, _x005F_ for "_". */
const fromXstring = (s: string) => (s.includes('_x') ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : s);
// eslint-disable-next-line no-control-regex -- control characters are what is escaped here
const toXstring = (s: string) => s.replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1').replace(/[\x00-\x1F]/g, (c) => `_x${c.charCodeAt(0).toString(16).padStart(4, '0')}_`);

/** An element's attributes: a quoted value may hold a '>' (a column named "a<>b" is written name="a&lt;>b"). */
const ATTRS = '(?:[^>"]|"[^"]*")*';

/** An attribute's value in an element's attribute text, unescaped. */
export const attr = (attrs: string, name: string) => {
  const m = new RegExp(`\\b${name}="([^"]*)"`).exec(attrs);
  return m ? unescapeXml(m[1]!) : undefined;
};

/**
 * A relationships part: id → target path, resolved against the folder of the part that owns it;
 * an external target (TargetMode="External": a web address) as written.
 */
export function relationships(bytes: Buffer, relsPath: string, baseDir: string): Map<string, { target: string; type: string }> {
  const xml = readZipEntry(bytes, relsPath)?.toString('utf8') ?? '';
  const out = new Map<string, { target: string; type: string }>();
  for (const m of xml.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = attr(m[1]!, 'Id'), target = attr(m[1]!, 'Target'), type = attr(m[1]!, 'Type') ?? '';
    if (!id || !target) continue;
    out.set(id, { target: attr(m[1]!, 'TargetMode') === 'External' ? target : resolvePath(baseDir, target), type });
  }
  return out;
}

function resolvePath(baseDir: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = baseDir ? baseDir.split('/') : [];
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

/** The relationships of one part (xl/worksheets/sheet1.xml -> xl/worksheets/_rels/sheet1.xml.rels). */
export function partRelationships(bytes: Buffer, part: string): Map<string, { target: string; type: string }> {
  const dir = part.slice(0, part.lastIndexOf('/'));
  return relationships(bytes, `${dir}/_rels/${part.slice(part.lastIndexOf('/') + 1)}.rels`, dir);
}

/** A number element's value in drawing XML (<xdr:col>4</xdr:col>), 0 when absent. */
export const xmlNumber = (xml: string, tag: string) => Number(new RegExp(`<(?:\\w+:)?${tag}(?:\\s[^>]*)?>(-?\\d+)</(?:\\w+:)?${tag}>`).exec(xml)?.[1] ?? 0);

/**
 * The anchors of a sheet's drawing parts (pictures, charts, shapes): each anchor's XML and the
 * drawing part's relationships, which its pictures and charts point into.
 */
export function* drawingAnchors(bytes: Buffer, sheetPath: string): Generator<{ body: string; rels: Map<string, { target: string; type: string }> }> {
  for (const rel of partRelationships(bytes, sheetPath).values()) {
    if (!rel.type.endsWith('/drawing')) continue;
    const xml = readZipEntry(bytes, rel.target)?.toString('utf8');
    if (!xml) continue;
    const rels = partRelationships(bytes, rel.target);
    for (const m of xml.matchAll(/<(?:\w+:)?(twoCellAnchor|oneCellAnchor|absoluteAnchor)\b[^>]*>([\s\S]*?)<\/(?:\w+:)?\1>/g)) yield { body: m[2]!, rels };
  }
}

/** Each sheet's part path (worksheets and chart sheets) by sheet name, in the workbook's order. */
export function sheetParts(bytes: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  const wbXml = readZipEntry(bytes, 'xl/workbook.xml')?.toString('utf8');
  if (!wbXml) return out;
  const wbRels = relationships(bytes, 'xl/_rels/workbook.xml.rels', 'xl');
  for (const m of wbXml.matchAll(new RegExp(`<(?:\\w+:)?sheet\\b(${ATTRS})\\/?>`, 'g'))) {
    const sheet = attr(m[1]!, 'name'), rid = /\br:id="([^"]+)"/.exec(m[1]!)?.[1];
    const part = rid ? wbRels.get(rid)?.target : undefined;
    if (sheet && part) out.set(sheet, part);
  }
  return out;
}

/** What a file's table styles resolve against: its theme's colours and its styles part (custom table styles). */
export interface TableLook {
  theme: string[];
  stylesXml?: string;
}

export function readTables(bytes: Buffer, parts = sheetParts(bytes), look?: TableLook): BookTable[] {
  const out: BookTable[] = [];
  const custom = look?.stylesXml ? tableStylesOf(look.stylesXml) : new Map<string, TableStyleDef>();
  const theme = look && look.theme.some((c, i) => c !== OFFICE_THEME[i]) ? { theme: [...look.theme] } : {};
  for (const [sheet, part] of parts) {
    for (const rel of partRelationships(bytes, part).values()) {
      if (!rel.type.endsWith('/table')) continue;
      const xml = readZipEntry(bytes, rel.target)?.toString('utf8');
      const head = xml && new RegExp(`<(?:\\w+:)?table\\b(${ATTRS})>`).exec(xml)?.[1];
      if (!xml || !head) continue;
      const name = attr(head, 'displayName') ?? attr(head, 'name'), ref = attr(head, 'ref');
      if (!name || !ref) continue;
      let rect;
      try {
        rect = parseRange(ref).rect;
      } catch {
        continue;
      }
      // A line break in a column name is written _x000a_ (an attribute's own line breaks read as spaces).
      const columns = [...xml.matchAll(new RegExp(`<(?:\\w+:)?tableColumn\\b(${ATTRS}?)\\/?>`, 'g'))].map((c) => fromXstring(attr(c[1]!, 'name') ?? ''));
      const info = new RegExp(`<(?:\\w+:)?tableStyleInfo\\b(${ATTRS}?)\\/?>`).exec(xml)?.[1];
      const on = (name: string) => (info ? attr(info, name) === '1' || attr(info, name) === 'true' : false);
      // No tableStyleInfo: Excel draws the table with no style (not the default one export gives new tables).
      const styleName = info ? attr(info, 'name') : undefined;
      const definition = styleName !== undefined ? custom.get(styleName) : undefined;
      const style: ExcelTableStyle = info ? { ...(styleName ? { name: styleName } : {}), row_stripes: on('showRowStripes'), column_stripes: on('showColumnStripes'), first_column: on('showFirstColumn'), last_column: on('showLastColumn'), ...(definition ? { definition } : {}), ...theme } : {};
      out.push({ name, sheet, rect, headerRows: attr(head, 'headerRowCount') === '0' ? 0 : 1, totalsRows: Number(attr(head, 'totalsRowCount') ?? 0) > 0 ? 1 : 0, columns, style });
    }
  }
  return out;
}

/** Which data tables go out as Excel tables, and how formulas name tables for Excel. */
export interface ExcelTablePlan {
  exported: Set<TableSpec>;
  /** Lower-case name ("sales", "sales.unit_price") -> its text for Excel. */
  rewrite: Map<string, string>;
  /** The same names -> their cells: Excel takes no table references in conditional formats and validation rules. */
  cells: Map<string, string>;
  /** The exported tables as an imported file's tables are read (for RichCell.x, xlsx-export.ts). */
  asBook: BookTable[];
}

/** A data table as the import reads an Excel table, with the formula names it gives the columns. */
export function bookTableOf(sheet: SheetModel, t: TableSpec): BookTable {
  const seen = new Set<string>();
  const formulaNames = t.columns.map((h, i) => {
    const col = columnName(h, i);
    if (seen.has(col.toLowerCase())) return undefined;
    seen.add(col.toLowerCase());
    return `${formulaTableName(t.name)}.${col}`;
  });
  const totalsRows = t.totals_row ? 1 : 0;
  return { name: t.name, sheet: sheet.name, rect: { ...t.rect, r1: t.rect.r1 + totalsRows }, headerRows: t.no_header ? 0 : 1, totalsRows, columns: [...t.columns], formulaName: formulaTableName(t.name), formulaNames };
}

/**
 * A column header as a structured reference's specifier: [ ] # ' escaped with ' (Sales[Total '[net']]),
 * and in a second pair of brackets where Excel needs them, for a header with special characters
 * or spaces at its ends (Sales[[Unit $]], Sales[[the two ]]). Double brackets are always valid.
 */
const bracketed = (header: string) => {
  const escaped = header.replace(/[[\]#']/g, "'$&");
  return /[\t\n\r,:.[\]#'"{}$^&*+=\-<>/@]|^\s|\s$/.test(header) ? `[[${escaped}]]` : `[${escaped}]`;
};

/**
 * Decides which data tables an export writes as Excel tables: not one Excel would have to repair
 * (a header cell that is not its column's text, a merge across the table, a name a defined name
 * holds). Formulas then say Sales[Unit Price] for this service's Sales.Unit_Price, or the cells
 * themselves where the table stays plain cells: Excel knows no dotted column names.
 */
export async function planExcelTables(wb: Workbook): Promise<ExcelTablePlan> {
  const exported = new Set<TableSpec>();
  const rewrite = new Map<string, string>();
  const cells = new Map<string, string>();
  const asBook: BookTable[] = [];
  const taken = new Set(allNames(wb).map(({ spec }) => spec.name.toLowerCase()));
  for (const { sheet, table } of allTables(wb)) {
    await wb.load(sheet, { ...table.rect, r1: table.rect.r0 });
    const full = { ...table.rect, r1: table.rect.r1 + (table.totals_row ? 1 : 0) };
    const merged = (sheet.meta.merges ?? []).some((m) => rectsIntersect(parseRange(m).rect, full));
    const headersOk = table.no_header || table.columns.every((name, i) => {
      const cell = sheet.get(table.rect.r0, table.rect.c0 + i);
      return valueOf(cell) === name && formulaOf(cell) === undefined;
    });
    const ok = !merged && headersOk && !taken.has(table.name.toLowerCase());
    if (ok) {
      exported.add(table);
      asBook.push(bookTableOf(sheet, table));
      taken.add(table.name.toLowerCase());
    }
    const names = tableNames(sheet, table, table.columns);
    names.forEach((n, i) => {
      const key = n.name.toLowerCase();
      cells.set(key, n.ref);
      if (!ok) rewrite.set(key, n.ref);
      else if (i > 0) rewrite.set(key, `${table.name}${bracketed(table.columns[columnIndexOf(table, n.name)]!)}`);
    });
  }
  return { exported, rewrite, cells, asBook };
}

/** The column of a formula name "Sales.Unit_Price" (the names follow the headers in order). */
function columnIndexOf(table: TableSpec, formulaName: string): number {
  const col = formulaName.slice(formulaTableName(table.name).length + 1).toLowerCase();
  return table.columns.findIndex((h, i) => columnName(h, i).toLowerCase() === col);
}

/** A formula as Excel should read it: table and column names per the plan, or as their cells (`cells`). */
export function excelTableRefs(formula: string, plan: ExcelTablePlan, cells = false): string {
  const names = cells ? plan.cells : plan.rewrite;
  return names.size ? renameNames(formula, names) : formula;
}

/** The models of the sheet's exported data tables as Excel tables (ListObjects), for exceljs's table writer (xlsx-parts.ts). */
export function tableModels(sheet: SheetModel, plan: ExcelTablePlan): { headerRow: boolean }[] {
  return (sheet.meta.tables ?? [])
    .filter((t) => plan.exported.has(t))
    .map((t) => {
      const full = { ...t.rect, r1: t.rect.r1 + (t.totals_row ? 1 : 0) };
      const style = t.excel_style ?? DEFAULT_TABLE_STYLE;
      return {
        name: t.name,
        displayName: t.name,
        tableRef: rectToA1(full),
        autoFilterRef: rectToA1(t.rect),
        headerRow: !t.no_header,
        totalsRow: !!t.totals_row,
        style: { theme: style.name, showFirstColumn: !!style.first_column, showLastColumn: !!style.last_column, showRowStripes: !!style.row_stripes, showColumnStripes: !!style.column_stripes },
        columns: t.columns.map((name) => ({ name: toXstring(name), filterButton: true })),
      };
    });
}
