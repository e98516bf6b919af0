// The import's fidelity report: what an .xlsx holds that the service does not keep, counted per
// sheet from the file's own parts, so nothing is dropped without a word. Each feature becomes one
// line of the import's `warnings`, e.g. "not kept: images: 2 on Invoice, 1 on Data".
import { partRelationships } from './xlsx-tables.ts';
import { readZipEntry } from './zip-guard.ts';

type Counts = Map<string, Map<string, number>>;

/** A worksheet part, split around its cells (<sheetData>), which are large and not needed here. */
export interface SheetXml {
  path: string;
  head: string;
  tail: string;
}

export function splitSheetXml(path: string, xml: string): SheetXml {
  const start = /<(?:\w+:)?sheetData\b/.exec(xml)?.index ?? xml.length;
  const end = xml.lastIndexOf('sheetData>');
  return { path, head: xml.slice(0, start), tail: end > start ? xml.slice(end + 'sheetData>'.length) : xml.slice(start) };
}

const count = (xml: string, re: RegExp) => (xml.match(re) ?? []).length;

/**
 * Per feature, the sheets (by name) and how many of it each holds. `sheets`: sheet name -> the
 * path of its part in the zip.
 */
export function notKept(bytes: Buffer, sheets: Map<string, SheetXml>): string[] {
  const found: Counts = new Map();
  const add = (feature: string, sheet: string, n: number) => {
    if (n <= 0) return;
    const bySheet = found.get(feature) ?? new Map<string, number>();
    bySheet.set(sheet, (bySheet.get(sheet) ?? 0) + n);
    found.set(feature, bySheet);
  };
  for (const [sheet, { path, head, tail }] of sheets) {
    // Everything counted sits before or after the cells: the rows themselves are not scanned.
    add('sparklines', sheet, count(tail, /<(?:\w+:)?sparkline[\s>]/g));
    add('page breaks', sheet, count(tail, /<(?:\w+:)?brk\b/g));
    add('rows hidden by default', sheet, /<(?:\w+:)?sheetFormatPr\b[^>]*zeroHeight="(1|true)"/.test(head) ? 1 : 0);
    // Parts of the sheet after its cells that no area reads (ECMA-376's CT_Worksheet).
    add('custom views', sheet, count(tail, /<(?:\w+:)?customSheetView\b/g));
    add('protected ranges (ranges a password unlocks)', sheet, count(tail, /<(?:\w+:)?protectedRange\b/g));
    add('scenarios', sheet, count(tail, /<(?:\w+:)?scenario\b/g));
    add('data consolidation settings', sheet, count(tail, /<(?:\w+:)?dataConsolidate\b/g));
    add('cell watches', sheet, count(tail, /<(?:\w+:)?cellWatch\b/g));
    add('ignored error marks', sheet, count(tail, /<(?:\w+:)?ignoredError\b/g));
    add('embedded objects (OLE)', sheet, count(tail, /<(?:\w+:)?oleObject\b/g));
    add('form controls', sheet, count(tail, /<(?:\w+:)?control\b/g));
    for (const rel of partRelationships(bytes, path).values()) {
      const part = readZipEntry(bytes, rel.target)?.toString('utf8') ?? '';
      const type = rel.type.slice(rel.type.lastIndexOf('/') + 1);
      if (type === 'threadedComment') add('threaded comments (their text is kept as a note; replies, authors and dates are not)', sheet, count(part, /<(?:\w+:)?threadedComment\b/g));
      else if (type === 'pivotTable') add('pivot tables', sheet, 1);
      else if (type === 'drawing') {
        // Pictures are kept (xlsx-images.ts reports the ones it cannot keep).
        // Charts are read by xlsx-charts.ts, which reports the ones it cannot keep.
        add('shapes and text boxes', sheet, count(part, /<(?:\w+:)?sp[\s>]/g));
      }
    }
  }
  const out = [...found].map(([feature, bySheet]) => `not kept: ${feature}: ${[...bySheet].map(([s, n]) => `${n} on ${s}`).join(', ')}`);
  if (readZipEntry(bytes, 'xl/vbaProject.bin')) out.push('not kept: macros (VBA project)');
  return out;
}
