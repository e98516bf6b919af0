// The import report's lines for parts of an .xlsx that could not be read: which part, on which
// sheet, why, and what the user does not get. Each sheet's parts are found by following its
// relationships (a drawing's too), so a part is named with the sheet that shows it.
import { partRelationships } from './xlsx-tables.ts';
import type { WorkbookSheet } from './xlsx-workbook-part.ts';

export interface PartOwner {
  sheet?: string;
  kind: string;
}

/** What a part is (by its relationship type, else its path): its label and what is lost without it. */
const KINDS: Record<string, [string, string]> = {
  drawing: ['the drawing', 'the pictures and charts in it are not kept'],
  chart: ['the chart', 'that chart is not kept'],
  comments: ['the notes', 'those notes are not kept'],
  table: ['the table', 'that Excel table comes in as plain cells'],
  image: ['the picture', 'that picture is not kept'],
  threadedComment: ['the threaded comments', 'their text is still read from the notes'],
  theme: ['the theme', "theme colours are Office's defaults"],
  worksheet: ['the sheet', 'the sheet is not imported'],
  part: ['the part', 'nothing the import keeps comes from it'],
};

/** Kinds whose part the import reads: a relationship to one that is missing is reported. */
const READ = new Set(['drawing', 'chart', 'comments', 'table', 'image']);

function kindOf(type: string | undefined, path: string): string {
  const t = type?.slice(type.lastIndexOf('/') + 1);
  if (t && KINDS[t]) return t;
  if (/\/theme\//.test(path)) return 'theme';
  if (/\/drawings\/[^/]+\.xml$/.test(path)) return 'drawing';
  if (/\/charts\//.test(path)) return 'chart';
  if (/\/comments[^/]*\.xml$/.test(path)) return 'comments';
  if (/\/tables\//.test(path)) return 'table';
  if (/\/threadedComments\//.test(path)) return 'threadedComment';
  if (/\/media\//.test(path)) return 'image';
  if (/\/worksheets\//.test(path)) return 'worksheet';
  return 'part';
}

/** Each part a sheet reaches (its own relationships, and its drawings'), with the sheet's name. */
export function partOwners(bytes: Buffer, sheets: readonly WorkbookSheet[]): Map<string, PartOwner & { type: string }> {
  const out = new Map<string, PartOwner & { type: string }>();
  for (const s of sheets) {
    if (!s.path) continue;
    out.set(s.path, { sheet: s.name, kind: 'worksheet', type: 'worksheet' });
    for (const rel of partRelationships(bytes, s.path).values()) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(rel.target)) continue; // a web address or another file
      const kind = kindOf(rel.type, rel.target);
      if (!out.has(rel.target)) out.set(rel.target, { sheet: s.name, kind, type: rel.type });
      if (kind !== 'drawing') continue;
      for (const inner of partRelationships(bytes, rel.target).values()) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(inner.target) || out.has(inner.target)) continue;
        out.set(inner.target, { sheet: s.name, kind: kindOf(inner.type, inner.target), type: inner.type });
      }
    }
  }
  return out;
}

/** One line of the report for a part that could not be read. */
export function partLine(part: string, owner: PartOwner | undefined, why: string): string {
  const [label, lost] = KINDS[owner?.kind ?? kindOf(undefined, `/${part}`)] ?? KINDS.part!;
  return `not read: ${label} ${part}${owner?.sheet !== undefined ? ` on ${owner.sheet}` : ''}: ${why}; ${lost}`;
}

/** Lines for parts a sheet points to that the archive lacks (only kinds the import reads). */
export function missingLines(owners: Map<string, PartOwner>, present: Set<string>, reported: Set<string>): string[] {
  const out: string[] = [];
  for (const [part, owner] of owners) {
    if (!READ.has(owner.kind) || present.has(part) || reported.has(part)) continue;
    out.push(partLine(part, owner, 'it is missing from the file'));
  }
  return out;
}

const relsOf = (part: string) => `${part.slice(0, part.lastIndexOf('/'))}/_rels/${part.slice(part.lastIndexOf('/') + 1)}.rels`;

/** What a sheet's element with a relationship id shows, when that relationship is lost. */
const BY_ELEMENT: Record<string, string> = {
  drawing: 'the pictures and charts',
  tablePart: 'an Excel table (it comes in as plain cells)',
  hyperlink: 'the address of a hyperlink',
  legacyDrawing: 'the notes',
};

/**
 * Lines for a sheet whose relationships cannot be followed: its relationships part damaged, or an
 * element of the sheet (a drawing, a table, a hyperlink, its notes) or of its drawings naming a
 * relationship that is not there, so the part it shows would be lost without a word.
 */
export function relationshipLines(bytes: Buffer, sheet: string, sheetPath: string, tail: string, read: (part: string) => string | undefined, damage: (xml: string) => string | undefined): string[] {
  const out: string[] = [];
  const relsPath = relsOf(sheetPath);
  const relsXml = read(relsPath);
  const relsDamage = relsXml === undefined ? undefined : damage(relsXml);
  if (relsDamage) out.push(`not read in full: the relationships ${relsPath} of sheet ${sheet}: its XML is damaged (${relsDamage}); the parts it still names were read`);
  const rels = partRelationships(bytes, sheetPath);
  const lost = new Map<string, string[]>();
  for (const m of tail.matchAll(/<(?:\w+:)?(drawing|tablePart|hyperlink|legacyDrawing)\b[^>]*?\br:id="([^"]+)"/g)) {
    if (rels.has(m[2]!)) continue;
    lost.set(m[1]!, [...(lost.get(m[1]!) ?? []), m[2]!]);
  }
  if (lost.has('legacyDrawing') && [...rels.values()].some((r) => r.type.endsWith('/comments'))) lost.delete('legacyDrawing');
  for (const [element, ids] of lost) {
    out.push(`not read: ${BY_ELEMENT[element]} of sheet ${sheet}: the sheet names relationship${ids.length > 1 ? 's' : ''} ${ids.join(', ')}, which ${relsXml === undefined ? `its relationships part ${relsPath} (missing from the file) cannot hold` : `${relsPath} lacks`}`);
  }
  for (const rel of rels.values()) {
    if (!rel.type.endsWith('/drawing')) continue;
    const xml = read(rel.target);
    if (xml === undefined) continue;
    const drawingRelsPath = relsOf(rel.target);
    const drawingRelsXml = read(drawingRelsPath);
    const drawingRelsDamage = drawingRelsXml === undefined ? undefined : damage(drawingRelsXml);
    if (drawingRelsDamage) out.push(`not read in full: the relationships ${drawingRelsPath} of the drawing on sheet ${sheet}: its XML is damaged (${drawingRelsDamage}); the parts it still names were read`);
    const inner = partRelationships(bytes, rel.target);
    const missing = [...new Set([...xml.matchAll(/\br:(?:embed|id)="([^"]+)"/g)].map((m) => m[1]!))].filter((id) => !inner.has(id));
    if (missing.length) out.push(`not read: ${missing.length} picture(s) or chart(s) of the drawing ${rel.target} on ${sheet}: it names relationship${missing.length > 1 ? 's' : ''} ${missing.join(', ')}, which ${drawingRelsXml === undefined ? `its relationships part ${drawingRelsPath} (missing from the file) cannot hold` : `${drawingRelsPath} lacks`}`);
  }
  return out;
}
