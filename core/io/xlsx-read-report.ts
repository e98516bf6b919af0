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
