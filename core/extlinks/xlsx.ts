// External links in xlsx files. Reading: the workbook part's <externalReferences> list the links
// in order (a formula's [1] is the first), each an externalLink part with its relationships (the
// linked file's address) and the cached sheet data. Writing: each kept link's part goes back as it
// was read, listed in the same order, so the exported formulas' [n] name the same files.
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { attr, relationships, unescapeXml } from '../io/xlsx-tables.ts';
import { readZipEntry } from '../io/zip-guard.ts';
import { bookNames, linksOf, type ExternalLink } from './model.ts';
import type { Workbook } from '../workbook/workbook.ts';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CT_LINK = 'application/vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml';

const relsPathOf = (part: string) => {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
};

/**
 * The workbook's links in the file's order. A link whose part cannot be found is a line in
 * `report`; it still holds its place (formulas number links by place), as an empty link.
 */
export function readExternalLinks(bytes: Buffer, workbookPath: string, report: string[]): ExternalLink[] {
  const xml = readZipEntry(bytes, workbookPath)?.toString('utf8') ?? '';
  const list = /<(?:\w+:)?externalReferences\b[^>]*>([\s\S]*?)<\/(?:\w+:)?externalReferences>/.exec(xml)?.[1];
  if (!list) return [];
  const dir = workbookPath.includes('/') ? workbookPath.slice(0, workbookPath.lastIndexOf('/')) : '';
  const rels = relationships(bytes, relsPathOf(workbookPath), dir);
  const raw = [...list.matchAll(/<(?:\w+:)?externalReference\b([^>]*)\/?>/g)].map((m) => {
    const rid = /\b(?:r|\w+):id="([^"]+)"/.exec(m[1]!)?.[1];
    const part = rid ? rels.get(rid)?.target : undefined;
    const partXml = part ? readZipEntry(bytes, part)?.toString('utf8') : undefined;
    if (!part || partXml === undefined) {
      report.push(`not read: external link ${rid ?? '?'}: ${part ? `its part ${part} is missing from the file` : 'the workbook part does not say where its part is'}; formulas that read it keep the values the file cached`);
      return { kind: 'workbook' as const, sheets: [], names: [], xml: '' };
    }
    return parseLink(bytes, part, partXml);
  });
  const books = bookNames(raw);
  return raw.map((l, i) => ({ book: books[i]!, ...l }));
}

function parseLink(bytes: Buffer, part: string, xml: string): Omit<ExternalLink, 'book'> {
  const kind = /<(?:\w+:)?ddeLink\b/.test(xml) ? 'dde' : /<(?:\w+:)?oleLink\b/.test(xml) ? 'ole' : 'workbook';
  const relsXml = readZipEntry(bytes, relsPathOf(part))?.toString('utf8');
  const rels = relationships(bytes, relsPathOf(part), part.slice(0, part.lastIndexOf('/')));
  const rid = /<(?:\w+:)?externalBook\b[^>]*\b(?:r|\w+):id="([^"]+)"/.exec(xml)?.[1];
  const target = kind === 'workbook' ? (rid ? rels.get(rid)?.target : undefined) : (attr(/<(?:\w+:)?(?:ddeLink|oleLink)\b([^>]*)>/.exec(xml)?.[1] ?? '', 'ddeService') ?? (rid ? rels.get(rid)?.target : undefined));
  const sheets = [...xml.matchAll(/<(?:\w+:)?sheetName\b([^>]*?)\/?>/g)].map((m) => unescapeXml(attr(m[1]!, 'val') ?? ''));
  const names = [...xml.matchAll(/<(?:\w+:)?definedName\b([^>]*?)\/?>/g)].map((m) => unescapeXml(attr(m[1]!, 'name') ?? '')).filter(Boolean);
  return { kind, ...(target ? { target } : {}), sheets, names, xml, ...(relsXml ? { rels: relsXml } : {}) };
}

/** The export with the workbook's links added: parts, relationships, content types and <externalReferences>. */
export function addExternalLinks(xlsx: Buffer, wb: Workbook): Buffer {
  const links = linksOf(wb).filter((l) => l.xml);
  if (!links.length) return xlsx;
  const files = unzipSync(new Uint8Array(xlsx));
  const text = (p: string) => (files[p] ? strFromU8(files[p]!) : '');
  let types = text('[Content_Types].xml');
  let wbRels = text('xl/_rels/workbook.xml.rels');
  const used = new Set([...wbRels.matchAll(/Id="([^"]+)"/g)].map((m) => m[1]!));
  const refs: string[] = [];
  // Every link keeps its number: one whose part was not read goes out as an empty link to nothing.
  linksOf(wb).forEach((link, i) => {
    const n = i + 1;
    const part = `xl/externalLinks/externalLink${n}.xml`;
    files[part] = strToU8(link.xml || `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><externalBook xmlns:r="${REL}" r:id="rId1"/></externalLink>`);
    files[`xl/externalLinks/_rels/externalLink${n}.xml.rels`] = strToU8(link.rels ?? `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/externalLinkPath" Target="${escAttr(link.target ?? link.book)}" TargetMode="External"/></Relationships>`);
    types = types.replace('</Types>', `<Override PartName="/${part}" ContentType="${CT_LINK}"/></Types>`);
    let id = `rIdLink${n}`;
    for (let k = 2; used.has(id); k++) id = `rIdLink${n}_${k}`;
    used.add(id);
    wbRels = wbRels.replace('</Relationships>', `<Relationship Id="${id}" Type="${REL}/externalLink" Target="externalLinks/externalLink${n}.xml"/></Relationships>`);
    refs.push(`<externalReference r:id="${id}"/>`);
  });
  let book = text('xl/workbook.xml');
  if (!/xmlns:r=/.test(book.slice(0, 2000))) book = book.replace(/<workbook\b/, `<workbook xmlns:r="${REL}"`);
  // CT_Workbook: sheets, functionGroups, externalReferences, definedNames, ...
  const list = `<externalReferences>${refs.join('')}</externalReferences>`;
  book = /<\/functionGroups>/.test(book) ? book.replace('</functionGroups>', `</functionGroups>${list}`) : book.replace(/<\/sheets>/, `</sheets>${list}`);
  files['xl/workbook.xml'] = strToU8(book);
  files['xl/_rels/workbook.xml.rels'] = strToU8(wbRels);
  files['[Content_Types].xml'] = strToU8(types);
  return Buffer.from(zipSync(files, { level: 6 }));
}

const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
