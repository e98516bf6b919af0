// The workbook part of an .xlsx, read by the import itself: which sheets there are (name, state,
// part), the date system and the defined names. Only a workbook part that is missing or lists no
// sheet refuses the file; a sheet the part names but the archive lacks is reported and left out.
import { invalidArg } from '../errors.ts';
import { attr, relationships, unescapeXml } from './xlsx-tables.ts';
import { elementAttrs } from '../protection/xlsx.ts';
import { readZipEntry } from './zip-guard.ts';
import { xmlDamage } from './xml-check.ts';
import { iterationFromCalcPr, type Iteration } from '../workbook/iteration.ts';

export interface WorkbookSheet {
  name: string;
  /** Its place among the workbook part's sheets, chart sheets counted (what localSheetId counts). */
  index: number;
  state?: 'hidden' | 'veryHidden';
  /** The sheet's part (xl/worksheets/sheet1.xml); undefined when it cannot be found. */
  path?: string;
  chart: boolean;
}

export interface RawName {
  name: string;
  text: string;
  localSheetId?: number;
}

export interface WorkbookPart {
  path: string;
  sheets: WorkbookSheet[];
  date1904: boolean;
  /** <calcPr iterate="1">: circular references are computed by iteration. */
  iteration?: Iteration;
  /** <workbookProtection>'s attributes, when the workbook is protected. */
  protection?: Record<string, string>;
  names: RawName[];
  /** Each sheet's name by its place in the part (localSheetId), chart sheets and unreadable ones too. */
  nameAt: (string | undefined)[];
}

const ATTRS = '(?:[^>"]|"[^"]*")*';

/** Where the workbook part is: the package's officeDocument relationship, else Excel's own path. */
function workbookPath(bytes: Buffer, names: Set<string>): string {
  const rels = relationships(bytes, '_rels/.rels', '');
  for (const rel of rels.values()) if (rel.type.endsWith('/officeDocument') && names.has(rel.target)) return rel.target;
  return 'xl/workbook.xml';
}

/**
 * The workbook part. `problems` gets a sentence for what it could read only in part; a workbook
 * part that is missing, or that names no sheet, refuses the file with a sentence (a 400 naming file_data).
 */
export function readWorkbookPart(bytes: Buffer, names: Set<string>, problems: string[]): WorkbookPart {
  const path = workbookPath(bytes, names);
  const xml = readZipEntry(bytes, path)?.toString('utf8');
  if (xml === undefined) throw invalidArg('file_data', `is not a readable .xlsx file: its workbook part (${path}), which lists the sheets, is missing`);
  const damage = xmlDamage(xml);
  if (damage) problems.push(`not read in full: the workbook part ${path}: its XML is damaged (${damage}); the sheets it still lists were read`);
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  const relsPath = `${dir ? `${dir}/` : ''}_rels/${path.slice(path.lastIndexOf('/') + 1)}.rels`;
  const relsXml = readZipEntry(bytes, relsPath)?.toString('utf8');
  const relsDamage = relsXml === undefined ? 'it is missing' : xmlDamage(relsXml);
  const rels = relationships(bytes, relsPath, dir);
  const sheets: WorkbookSheet[] = [];
  const claimed = new Set<string>();
  const taken = new Set<string>();
  const lost: string[] = [];
  const list = /<(?:\w+:)?sheets\b[^>]*>([\s\S]*?)(?:<\/(?:\w+:)?sheets>|$)/.exec(xml)?.[1] ?? '';
  let index = 0;
  const nameAt: (string | undefined)[] = [];
  for (const m of list.matchAll(new RegExp(`<(?:\\w+:)?sheet\\b(${ATTRS})\\/?>`, 'g'))) {
    const at = index++;
    const name = attr(m[1]!, 'name');
    nameAt.push(name);
    if (!name) {
      lost.push(`sheet ${at + 1} (it has no name)`);
      continue;
    }
    if (taken.has(name.toLowerCase())) {
      lost.push(`a second sheet named '${name}'`);
      continue;
    }
    taken.add(name.toLowerCase());
    const rid = /\br:id="([^"]+)"/.exec(m[1]!)?.[1] ?? /\b\w+:id="([^"]+)"/.exec(m[1]!)?.[1];
    const rel = rid ? rels.get(rid) : undefined;
    let part = rel && names.has(rel.target) ? rel.target : undefined;
    // A relationship lost or pointing nowhere: the part by the name Excel gives it, if no other sheet has it.
    const usual = `${dir ? `${dir}/` : ''}worksheets/sheet${at + 1}.xml`;
    if (!part && names.has(usual) && !claimed.has(usual) && ![...rels.values()].some((r) => r.target === usual)) {
      part = usual;
      problems.push(`not read in full: the workbook's relationships ${relsPath}: sheet '${name}' has no relationship to its part; ${usual} was read as its part`);
    }
    // A part the relationship names but the archive lacks: the sheet is reported with that path.
    if (!part && rel && !/^[a-z][a-z0-9+.-]*:/i.test(rel.target)) part = rel.target;
    if (part) claimed.add(part);
    const state = attr(m[1]!, 'state');
    const chart = !!(rel?.type.endsWith('/chartsheet') || part?.includes('chartsheets/'));
    sheets.push({ name, index: at, ...(state === 'hidden' || state === 'veryHidden' ? { state } : {}), ...(part ? { path: part } : {}), chart });
  }
  if (relsDamage && sheets.some((s) => !s.path)) problems.push(`not read in full: the workbook's relationships ${relsPath}: ${relsDamage === 'it is missing' ? relsDamage : `its XML is damaged (${relsDamage})`}`);
  if (lost.length) problems.push(`not read: ${lost.join(', ')} in the workbook part ${path}; Excel would not open ${lost.length === 1 ? 'that sheet' : 'those sheets'} either`);
  if (!sheets.length) throw invalidArg('file_data', `is not a readable .xlsx file: its workbook part (${path}) lists no sheet${damage ? ` (${damage})` : ''}`);
  const names_: RawName[] = [];
  for (const n of xml.matchAll(/<(?:\w+:)?definedName\b([^>]*)>([^<]*)<\/(?:\w+:)?definedName>/g)) {
    const name = attr(n[1]!, 'name');
    if (!name) continue;
    const local = /\blocalSheetId="(\d+)"/.exec(n[1]!)?.[1];
    names_.push({ name, text: unescapeXml(n[2]!), ...(local !== undefined ? { localSheetId: Number(local) } : {}) });
  }
  const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(1|true)"/.test(xml);
  const protection = elementAttrs(xml, 'workbookProtection');
  const iteration = iterationFromCalcPr(xml);
  return { path, sheets, date1904, names: names_, nameAt, ...(protection ? { protection } : {}), ...(iteration ? { iteration } : {}) };
}
