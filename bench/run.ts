// npm run bench: runs every benchmark, prints a table and writes bench/results.json.
// `npm run bench -- cells tiles` runs only the named groups.
import { writeFileSync } from 'node:fs';
import { benchCells } from './cells.ts';
import { benchCodeCells } from './code-cells.ts';
import { benchFootprint } from './footprint.ts';
import { benchImports, benchXlsx } from './import-export.ts';
import type { BenchRow } from './lib.ts';
import { benchPdf } from './pdf-export.ts';
import { benchProcesses } from './processes.ts';
import { benchRead } from './read.ts';
import { benchRecalc } from './recalc.ts';
import { benchSmallOps } from './small-ops.ts';
import { benchTiles } from './tiles.ts';
import { benchViewer } from './viewer.ts';

const groups: Record<string, () => Promise<BenchRow[]>> = {
  small: benchSmallOps,
  tiles: benchTiles,
  cells: benchCells,
  read: benchRead,
  code: benchCodeCells,
  imports: benchImports,
  xlsx: benchXlsx,
  pdf: benchPdf,
  viewer: benchViewer,
  footprint: benchFootprint,
  processes: benchProcesses,
  recalc: benchRecalc,
};

const only = process.argv.slice(2);
const results: Record<string, BenchRow[]> = {};
for (const [name, fn] of Object.entries(groups)) {
  if (only.length && !only.includes(name)) continue;
  process.stdout.write(`\n## ${name}\n`);
  const rows = await fn();
  results[name] = rows;
  for (const r of rows) {
    const v = r.unit === 'x' || r.value < 1 ? r.value.toFixed(2) : r.value >= 100 ? r.value.toFixed(0) : r.value.toFixed(1);
    const verdict = r.ok === undefined ? '' : r.ok ? '  ok' : '  MISSED';
    process.stdout.write(`${r.name.padEnd(64)} ${v.padStart(9)} ${r.unit.padEnd(10)} ${r.target ? `target ${r.target}` : ''}${verdict}${r.note ? `  (${r.note})` : ''}\n`);
  }
}
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify({ at: new Date().toISOString(), node: process.version, results }, null, 2)}\n`);
