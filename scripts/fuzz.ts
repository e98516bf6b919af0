// npm run fuzz [-- --seed N] [--sample N] [filter]: the mangling fuzz over every Excel-written fixture, every
// part and every damage that applies to it (test/helpers/mangle.ts); prints part kind x damage ->
// outcomes, the report lines of dropped parts by kind, and every violation (a crash, a refusal
// where only one non-workbook part was damaged, an undamaged part that changed). Exits 1 on any.
import { fixtureFiles } from '../test/helpers/excel-fidelity.ts';
import { fuzzWorkbook, newTally, tallyTable } from '../test/helpers/fuzz-run.ts';

const args = process.argv.slice(2);
const seedAt = args.indexOf('--seed');
const seed = seedAt >= 0 ? Number(args[seedAt + 1]) : 1;
// --sample N: N damaged copies per workbook, picked with the seed (default: every one).
const sampleAt = args.indexOf('--sample');
const sample = sampleAt >= 0 ? Number(args[sampleAt + 1]) : undefined;
const filter = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--seed' && args[i - 1] !== '--sample');
const tally = newTally();
const started = Date.now();
const files = fixtureFiles().filter((f) => !filter || f.includes(filter));
for (const [i, path] of files.entries()) {
  await fuzzWorkbook(path, tally, { seed: seed + i, ...(sample !== undefined ? { sample } : {}) });
  if (i % 20 === 19) process.stderr.write(`${i + 1} of ${files.length} workbooks, ${tally.cases} cases\n`);
}
process.stdout.write(`${files.length} workbooks, ${tally.cases} damaged copies, ${((Date.now() - started) / 1000).toFixed(0)} s\n\n${tallyTable(tally)}\n\n`);
process.stdout.write(`Report lines of parts not read, by kind:\n${[...tally.dropped].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${String(n).padStart(6)}  ${k}`).join('\n')}\n\n`);
process.stdout.write(`Refusals (sample):\n${tally.refusals.slice(0, 10).map((r) => `  ${r}`).join('\n')}\n\n`);
process.stdout.write(`${tally.violations.length} violation(s)\n${tally.violations.slice(0, 60).map((v) => `  ${v}`).join('\n')}\n`);
process.exitCode = tally.violations.length ? 1 : 0;
