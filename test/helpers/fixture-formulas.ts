// Every formula text of every workbook under test/fixtures, as the file stores it: cell formulas
// (shared formulas' masters included), defined names, table calculated-column and totals-row
// formulas, conditional-format and data-validation formulas. The corpus for the formula
// language's parse-then-print identity (test/formula-language.test.ts).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { endOfDirectory, readZipEntry } from '../../core/io/zip-guard.ts';

const FIXTURES = new URL('../fixtures/', import.meta.url).pathname;

function fixtureFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...fixtureFiles(path));
    else if (name.endsWith('.xlsx') || name.endsWith('.xlsm')) out.push(path);
  }
  return out.sort();
}

export interface FixtureFormula {
  file: string;
  where: string;
  text: string;
}

const unescape = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#x([0-9a-fA-F]+)|#(\d+));/g, (_, e: string, hex?: string, dec?: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e]!,
  );

/** The names of an archive's entries, from its central directory. */
function entryNames(zip: Buffer): string[] {
  const eocd = endOfDirectory(zip);
  const out: string[] = [];
  if (eocd < 0) return out;
  let at = zip.readUInt32LE(eocd + 16);
  for (let n = zip.readUInt16LE(eocd + 10); n > 0 && at + 46 <= zip.length && zip.readUInt32LE(at) === 0x02014b50; n--) {
    const length = zip.readUInt16LE(at + 28);
    out.push(zip.toString('utf8', at + 46, at + 46 + length));
    at += 46 + length + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

export function fixtureFormulas(): FixtureFormula[] {
  const out: FixtureFormula[] = [];
  for (const path of fixtureFiles(FIXTURES)) {
    const bytes = readFileSync(path);
    const file = relative(FIXTURES, path);
    const add = (where: string, raw: string | undefined) => {
      if (raw === undefined) return;
      // <x14:formula1> wraps its text in <xm:f>, read on its own.
      if (raw.trimStart().startsWith('<')) return;
      const text = unescape(raw);
      if (text.trim()) out.push({ file, where, text });
    };
    for (const name of entryNames(bytes)) {
      if (!name.endsWith('.xml')) continue;
      const xml = readZipEntry(bytes, name)?.toString('utf8') ?? '';
      if (name === 'xl/workbook.xml') for (const m of xml.matchAll(/<definedName\b([^>]*)>([\s\S]*?)<\/definedName>/g)) add(`name ${/name="([^"]*)"/.exec(m[1]!)?.[1]}`, m[2]);
      else if (name.startsWith('xl/tables/'))
        for (const m of xml.matchAll(/<(calculatedColumnFormula|totalsRowFormula)\b[^>]*>([\s\S]*?)<\/\1>/g)) add(`${name} ${m[1]}`, m[2]);
      else if (name.startsWith('xl/worksheets/') && !name.includes('_rels')) {
        for (const m of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
          const f = /<f\b[^>]*>([\s\S]*?)<\/f>/.exec(m[2] ?? '');
          if (f) add(`${name} ${/\br="([^"]+)"/.exec(m[1]!)?.[1]}`, f[1]);
        }
        for (const m of xml.matchAll(/<(?:x14:|xm:)?(formula|formula1|formula2|xm:f)\b[^>]*>([\s\S]*?)<\/(?:x14:|xm:)?\1>/g)) add(`${name} ${m[1]}`, m[2]);
        for (const m of xml.matchAll(/<xm:f>([\s\S]*?)<\/xm:f>/g)) add(`${name} xm:f`, m[1]);
      }
    }
  }
  return out;
}
