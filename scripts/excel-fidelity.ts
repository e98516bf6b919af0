// npm run fidelity [-- filter]: every formula cell of the Excel-written fixtures computed here and
// compared with Excel's cached value; prints the totals, the functions with the most differing
// cells, and a sample of differences. Writes the full list to test-results/excel-fidelity.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { compareWorkbook, fixtureFiles, summarize, type CellResult } from '../test/helpers/excel-fidelity.ts';

const filter = process.argv[2];
const results: CellResult[] = [];
for (const path of fixtureFiles()) {
  if (filter && !path.includes(filter)) continue;
  try {
    results.push(...(await compareWorkbook(path)));
  } catch (err) {
    process.stdout.write(`! ${path}: ${(err as Error).message}\n`);
  }
}
const s = summarize(results);
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
const allRight = s.functions.filter((f) => f.ok === f.cells).length;
process.stdout.write(`${s.files} files, ${s.cells} formula cells: ${s.ok} equal to Excel (${pct(s.ok, s.cells)}), ${s.notComputed} not computed; ${s.functions.length} functions, every cell right for ${allRight} (${pct(allRight, s.functions.length)})\n\n`);
for (const f of s.functions.slice(0, 40)) if (f.ok < f.cells) process.stdout.write(`${f.name.padEnd(20)} ${String(f.cells - f.ok).padStart(6)} of ${String(f.cells).padStart(6)} differ\n`);
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/excel-fidelity.json', JSON.stringify({ summary: s, differences: results.filter((r) => !r.ok) }, null, 1));
