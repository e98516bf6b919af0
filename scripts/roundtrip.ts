// npm run roundtrip [-- filter]: every Excel-written fixture imported, exported and compared with
// the original by openpyxl (test/helpers/roundtrip.ts); prints each category's share kept and the
// files with the most differences. Writes everything to test-results/roundtrip.json.
// ROUNDTRIP_DIR: every .xlsx under that folder instead (test/fixtures/corpus, say).
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fixtureFiles } from '../test/helpers/excel-fidelity.ts';
import { percent, roundTrip, roundTripFixtures, totals, unreported } from '../test/helpers/roundtrip.ts';

const filter = process.argv[2];
const files = (process.env.ROUNDTRIP_DIR ? fixtureFiles(resolve(process.env.ROUNDTRIP_DIR)) : roundTripFixtures()).filter((f) => !filter || f.includes(filter));
const results = await roundTrip(files, 'test-results/roundtrip', !process.env.NO_LIBREOFFICE);
const sum = totals(results);
process.stdout.write(`${results.length} workbooks\n\n`);
for (const [cat, t] of Object.entries(sum).sort()) process.stdout.write(`${cat.padEnd(22)} ${String(t[1]).padStart(7)} of ${String(t[0]).padStart(7)} kept  ${percent(t).toFixed(1)}%\n`);
const silent = unreported(results);
process.stdout.write(silent.length ? `\nlost without a word in the import's report:\n  ${silent.join('\n  ')}\n` : '\nevery loss is named in the import report\n');
for (const r of results.filter((x) => x.error)) process.stdout.write(`! ${r.file}: ${r.error}\n`);
const worst = new Map<string, string[]>();
for (const r of results) for (const [cat, d] of Object.entries(r.diffs)) worst.set(cat, [...(worst.get(cat) ?? []), ...d.map((x) => `${r.file} ${x}`)]);
process.stdout.write('\n');
for (const [cat, d] of worst) process.stdout.write(`${cat}:\n  ${d.slice(0, Number(process.env.ROUNDTRIP_SHOW) || 6).join('\n  ')}\n`);
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/roundtrip.json', JSON.stringify({ totals: sum, files: results }, null, 1));
