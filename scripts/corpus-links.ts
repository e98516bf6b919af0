// How much of three features the service keeps over every Excel-saved workbook of test/fixtures
// that holds one: links to other workbooks, defined names at every scope and what-if data tables
// (test/helpers/xlsx-links-keep.ts says what is compared). Each file is imported as the service does,
// exported, and the export's XML compared with the original's.
// Usage: NODE_OPTIONS=--no-node-snapshot npx tsx scripts/corpus-links.ts [filter]
// Writes test-results/corpus-links.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { fixtureFiles, importWithReport } from '../test/helpers/excel-fidelity.ts';
import { CATEGORIES, compareFeatures, featuresOf } from '../test/helpers/xlsx-links-keep.ts';

/** A cheap look before reading the file: a defined name, an external reference or a data table somewhere in its XML. */
function mayHold(bytes: Buffer): boolean {
  try {
    const zip = unzipSync(new Uint8Array(bytes), { filter: (f) => f.name === 'xl/workbook.xml' || f.name.startsWith('xl/worksheets/') });
    return Object.entries(zip).some(([name, b]) => {
      const xml = strFromU8(b);
      return name === 'xl/workbook.xml' ? /<(?:\w+:)?(?:definedName|externalReference)\b/.test(xml) : xml.includes('t="dataTable"');
    });
  } catch {
    return false;
  }
}

const ROOT = fileURLToPath(new URL('../test/fixtures/', import.meta.url));
const filter = process.argv[2];
const files = ['corpus', 'excel'].flatMap((d) => fixtureFiles(join(ROOT, d))).filter((f) => !filter || f.includes(filter));
const totals: Record<string, [number, number]> = {};
const results: { file: string; counts?: Record<string, [number, number]>; diffs?: string[]; error?: string }[] = [];
let holding = 0;
for (const path of files) {
  const file = relative(ROOT, path);
  const original = readFileSync(path);
  if (!mayHold(original)) continue;
  let held: Awaited<ReturnType<typeof featuresOf>>;
  try {
    held = await featuresOf(original);
  } catch {
    continue; // a file the reader refuses is the survey's business (scripts/corpus-survey.ts)
  }
  if (!CATEGORIES.some((c) => held[c]!.size)) continue;
  holding++;
  try {
    const { wb } = await importWithReport(original);
    const copy = await workbookToXlsx(wb, async () => undefined);
    const { counts, diffs } = await compareFeatures(original, copy);
    for (const [cat, [n, k]] of Object.entries(counts)) {
      const t = (totals[cat] ??= [0, 0]);
      t[0] += n;
      t[1] += k;
    }
    results.push({ file, counts, diffs });
    if (diffs.length) process.stdout.write(`${file}: ${diffs.length} differ, e.g. ${diffs[0]}\n`);
  } catch (err) {
    results.push({ file, error: (err as Error).message });
    process.stdout.write(`! ${file}: ${(err as Error).message}\n`);
  }
}
process.stdout.write(`\n${holding} of ${files.length} workbooks hold one of the features\n`);
for (const cat of CATEGORIES) {
  const t = totals[cat];
  if (t) process.stdout.write(`${cat.padEnd(26)} ${String(t[1]).padStart(6)} of ${String(t[0]).padStart(6)} kept  ${((100 * t[1]) / t[0]).toFixed(1)}%  (${results.filter((r) => r.counts?.[cat]).length} files)\n`);
}
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/corpus-links.json', JSON.stringify({ totals, files: results }, null, 1));
