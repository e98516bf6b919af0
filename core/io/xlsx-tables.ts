// Excel tables (ListObjects) of an .xlsx, read from the file's own parts: workbook.xml and its
// relationships give each sheet's part, the sheet's relationships give its tables, and each table
// part gives the name, the range, whether there is a header and a totals row, and the column
// names. Structured references in formulas (Table1[Amount]) are resolved against these.
import { parseRange } from '../a1.ts';
import type { BookTable } from './book.ts';
import { readZipEntry } from './zip-guard.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export const unescapeXml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => (e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e.toLowerCase()]!));

const attr = (attrs: string, name: string) => {
  const m = new RegExp(`\\b${name}="([^"]*)"`).exec(attrs);
  return m ? unescapeXml(m[1]!) : undefined;
};

/** A relationships part: id → target path, resolved against the folder of the part that owns it. */
export function relationships(bytes: Buffer, relsPath: string, baseDir: string): Map<string, { target: string; type: string }> {
  const xml = readZipEntry(bytes, relsPath)?.toString('utf8') ?? '';
  const out = new Map<string, { target: string; type: string }>();
  for (const m of xml.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = attr(m[1]!, 'Id'), target = attr(m[1]!, 'Target'), type = attr(m[1]!, 'Type') ?? '';
    if (!id || !target) continue;
    out.set(id, { target: resolvePath(baseDir, target), type });
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

/** Each sheet's part path (worksheets and chart sheets) by sheet name, in the workbook's order. */
export function sheetParts(bytes: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  const wbXml = readZipEntry(bytes, 'xl/workbook.xml')?.toString('utf8');
  if (!wbXml) return out;
  const wbRels = relationships(bytes, 'xl/_rels/workbook.xml.rels', 'xl');
  for (const m of wbXml.matchAll(/<(?:\w+:)?sheet\b([^>]*)\/?>/g)) {
    const sheet = attr(m[1]!, 'name'), rid = /\br:id="([^"]+)"/.exec(m[1]!)?.[1];
    const part = rid ? wbRels.get(rid)?.target : undefined;
    if (sheet && part) out.set(sheet, part);
  }
  return out;
}

export function readTables(bytes: Buffer, parts = sheetParts(bytes)): BookTable[] {
  const out: BookTable[] = [];
  for (const [sheet, part] of parts) {
    for (const rel of partRelationships(bytes, part).values()) {
      if (!rel.type.endsWith('/table')) continue;
      const xml = readZipEntry(bytes, rel.target)?.toString('utf8');
      const head = xml && /<(?:\w+:)?table\b([^>]*)>/.exec(xml)?.[1];
      if (!xml || !head) continue;
      const name = attr(head, 'displayName') ?? attr(head, 'name'), ref = attr(head, 'ref');
      if (!name || !ref) continue;
      let rect;
      try {
        rect = parseRange(ref).rect;
      } catch {
        continue;
      }
      const columns = [...xml.matchAll(/<(?:\w+:)?tableColumn\b([^>]*?)\/?>/g)].map((c) => attr(c[1]!, 'name') ?? '');
      out.push({ name, sheet, rect, headerRows: attr(head, 'headerRowCount') === '0' ? 0 : 1, totalsRows: Number(attr(head, 'totalsRowCount') ?? 0) > 0 ? 1 : 0, columns });
    }
  }
  return out;
}
