// What an xlsx holds of three features, read from its own XML, and how much of it another xlsx
// (the service's export of it) kept: links to other workbooks (each link part, every formula that
// reads one with its cached value), defined names at every scope (#REF! targets and non-Latin
// names counted apart) and what-if data tables (<f t="dataTable">, their attributes and cached
// values). Used by scripts/corpus-links.ts and test/extlinks-corpus.test.ts.
import { readWorkbookPart } from '../../core/io/xlsx-workbook-part.ts';
import { readZipEntry } from '../../core/io/zip-guard.ts';
import { plainPackage } from '../../core/io/xlsx-read-zip.ts';
import { readXlsx } from '../../core/io/xlsx-read.ts';
import { attr } from '../../core/io/xlsx-tables.ts';
import { indexToCol } from '../../core/a1.ts';
import { mayNameBook } from '../../core/formula/book-refs.ts';
import { readExternalLinks } from '../../core/extlinks/xlsx.ts';

export interface Held {
  /** Per category: key -> what must come back. */
  [category: string]: Map<string, string>;
}

export const CATEGORIES = ['external links', 'external formulas', 'external formula values', 'names', 'sheet-scoped names', '#REF! names', 'non-Latin names', 'data tables', 'data table values'] as const;

/** The features an xlsx holds, as comparable strings. */
export async function featuresOf(bytes: Buffer): Promise<Record<string, Map<string, string>>> {
  const out: Record<string, Map<string, string>> = Object.fromEntries(CATEGORIES.map((c) => [c, new Map<string, string>()]));
  const pkg = plainPackage(bytes);
  const wb = readWorkbookPart(pkg.bytes, pkg.names, []);
  readExternalLinks(pkg.bytes, wb.path, []).forEach((l, i) => out['external links']!.set(String(i + 1), l.xml));
  for (const n of wb.names) {
    if (/^_xl(nm|fn)\./i.test(n.name)) continue;
    const scope = n.localSheetId !== undefined ? (wb.nameAt[n.localSheetId] ?? `#${n.localSheetId}`) : '';
    const key = `${scope}!${n.name}`;
    const text = n.text.replace(/^=/, '').replace(/\s+/g, '');
    out.names!.set(key, text);
    if (scope) out['sheet-scoped names']!.set(key, text);
    if (/#REF!/i.test(text)) out['#REF! names']!.set(key, text);
    if (/[^\p{ASCII}]/u.test(n.name)) out['non-Latin names']!.set(key, text);
  }
  const book = await readXlsx(pkg.bytes);
  /** Cell values (shared strings resolved) by Sheet!A1, of the sheets with data tables. */
  const values = new Map<string, string>();
  for (const s of book.sheets) {
    s.forEachCell((c) => {
      values.set(`${s.name}!${indexToCol(c.col)}${c.row + 1}`, String(c.error ?? c.value ?? ''));
      if (c.formula === undefined || !mayNameBook(c.formula) || !/\[\d+\]/.test(c.formula)) return;
      const key = `${s.name}!${c.row},${c.col}`;
      out['external formulas']!.set(key, c.formula.replace(/\s+/g, ''));
      out['external formula values']!.set(key, String(c.error ?? c.value ?? ''));
    });
  }
  for (const sheet of wb.sheets) {
    const xml = sheet.path ? readZipEntry(pkg.bytes, sheet.path)?.toString('utf8') : undefined;
    if (!xml || !xml.includes('dataTable')) continue;
    const tables: { ref: string; attrs: string }[] = [];
    for (const m of xml.matchAll(/<(?:\w+:)?c\b([^>]*?)>(?:(?!<\/(?:\w+:)?c>)[\s\S])*?<(?:\w+:)?f\b([^>]*\bt="dataTable"[^>]*?)\/?>/g)) {
      const at = attr(m[1]!, 'r') ?? '';
      const a = m[2]!;
      const attrs = ['ref', 'dt2D', 'dtr', 'r1', 'r2', 'del1', 'del2'].map((k) => `${k}=${attr(a, k) ?? ''}`).join(' ');
      out['data tables']!.set(`${sheet.name}!${at}`, attrs);
      tables.push({ ref: attr(a, 'ref') ?? at, attrs });
    }
    for (const t of tables) {
      for (const m of xml.matchAll(/<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g)) {
        const r = attr(m[1]!, 'r');
        if (!r || !inRange(r, t.ref)) continue;
        out['data table values']!.set(`${sheet.name}!${r}`, values.get(`${sheet.name}!${r}`) ?? '');
      }
    }
  }
  return out;
}

function inRange(cell: string, range: string): boolean {
  const pos = (a: string) => {
    const m = /^\$?([A-Z]+)\$?(\d+)$/.exec(a)!;
    return { c: [...m[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0), r: Number(m[2]) };
  };
  const [a = cell, b = a] = range.split(':');
  const p = pos(cell), lo = pos(a), hi = pos(b);
  return p.r >= lo.r && p.r <= hi.r && p.c >= lo.c && p.c <= hi.c;
}

/** Per category: [held by the original, kept by the copy], and what differs. */
export async function compareFeatures(original: Buffer, copy: Buffer): Promise<{ counts: Record<string, [number, number]>; diffs: string[] }> {
  const a = await featuresOf(original), b = await featuresOf(copy);
  const counts: Record<string, [number, number]> = {};
  const diffs: string[] = [];
  for (const cat of CATEGORIES) {
    let kept = 0;
    for (const [k, v] of a[cat]!) {
      const got = b[cat]!.get(k);
      if (got === v || (cat !== 'external links' && got?.toUpperCase() === v.toUpperCase())) kept++;
      else diffs.push(`${cat}: ${k}: ${v.slice(0, 120)} -> ${got === undefined ? '(missing)' : got.slice(0, 120)}`);
    }
    if (a[cat]!.size) counts[cat] = [a[cat]!.size, kept];
  }
  return { counts, diffs };
}
