// The round trip of issue "Real workbooks survive": every Excel-written fixture imported as the
// service imports it, exported as it exports it, and both files read by openpyxl
// (py/roundtrip_compare.py), which counts per category what the original has and what the export
// kept. Used by test/roundtrip.test.ts and `npm run roundtrip` (scripts/roundtrip.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { workbookToXlsx } from '../../core/io/xlsx-export.ts';
import { FIXTURES, fixtureFiles, importWorkbook } from './excel-fidelity.ts';
import { PYTHON } from './io-files.ts';

const COMPARE = new URL('./py/roundtrip_compare.py', import.meta.url).pathname;

export interface FileResult {
  file: string;
  counts: Record<string, [number, number]>;
  diffs: Record<string, string[]>;
  error?: string;
}

/** Imports and exports each file into `dir`, then compares the pairs with openpyxl. */
export async function roundTrip(files: string[], dir: string): Promise<FileResult[]> {
  mkdirSync(dir, { recursive: true });
  const pairs: [string, string][] = [];
  const failed: FileResult[] = [];
  for (const path of files) {
    const file = relative(FIXTURES, path);
    try {
      const wb = await importWorkbook(readFileSync(path));
      const out = join(dir, file.replace(/[/\\]/g, '__'));
      writeFileSync(out, await workbookToXlsx(wb, async () => undefined));
      wb.destroy();
      pairs.push([path, out]);
    } catch (err) {
      failed.push({ file, counts: {}, diffs: {}, error: (err as Error).message });
    }
  }
  const list = join(dir, 'pairs.json');
  writeFileSync(list, JSON.stringify(pairs));
  const py = spawnSync(PYTHON, [COMPARE, list], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (py.status !== 0) throw new Error(`roundtrip_compare.py failed: ${py.stderr}`);
  const parsed = JSON.parse(py.stdout) as { files: Record<string, { counts?: FileResult['counts']; diffs?: FileResult['diffs']; error?: string }> };
  return [
    ...failed,
    ...Object.entries(parsed.files).map(([path, r]) => ({ file: relative(FIXTURES, path), counts: r.counts ?? {}, diffs: r.diffs ?? {}, ...(r.error ? { error: r.error } : {}) })),
  ];
}

export const roundTripFixtures = () => fixtureFiles();

/** Totals per category over all files: [in the originals, kept]. */
export function totals(results: FileResult[]): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const r of results) {
    for (const [cat, [n, k]] of Object.entries(r.counts)) {
      const t = (out[cat] ??= [0, 0]);
      t[0] += n;
      t[1] += k;
    }
  }
  return out;
}

export const percent = ([n, k]: [number, number]) => (n ? (100 * k) / n : 100);
