// npm run fidelity [-- filter] [--dir DIR] [--list FILE (paths under DIR, one a line)]: every formula cell of the Excel-written fixtures
// (test/fixtures/excel/, or DIR: `--dir test/fixtures/corpus` for the wider corpus; also
// FIDELITY_DIR) computed here and compared with Excel's cached value; prints the totals, the
// functions with the most differing cells, the mismatch classes (test/helpers/fidelity-classes.ts),
// the slowest files, and the files not measured (a file gets FIDELITY_FILE_TIMEOUT seconds, 120 by
// default, in a worker of its own; FIDELITY_WORKERS workers, 2 by default). Writes the full list to
// test-results/excel-fidelity.json (test-results/corpus-fidelity.json for another directory), with
// each file's time.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { compareWorkbook, FIXTURES, fixtureFiles, summarize, type CellResult } from '../test/helpers/excel-fidelity.ts';
import { classify } from '../test/helpers/fidelity-classes.ts';

if (!isMainThread) {
  parentPort!.on('message', async ({ path, dir }: { path: string; dir: string }) => {
    try {
      parentPort!.postMessage({ results: await compareWorkbook(path, dir) });
    } catch (err) {
      parentPort!.postMessage({ error: (err as Error).message });
    }
  });
} else {
  await main();
}

async function main() {
  const args = process.argv.slice(2);
  const dirAt = args.indexOf('--dir');
  const dir = dirAt >= 0 ? resolve(args[dirAt + 1]!) + '/' : process.env.FIDELITY_DIR ? resolve(process.env.FIDELITY_DIR) + '/' : FIXTURES;
  const listAt = args.indexOf('--list');
  const listed = listAt >= 0 ? new Set(readFileSync(args[listAt + 1]!, 'utf8').split('\n').filter(Boolean)) : undefined;
  const taken = new Set([dirAt, listAt].filter((i) => i >= 0).flatMap((i) => [i, i + 1]));
  const filter = args.filter((_, i) => !taken.has(i))[0];
  const limitMs = Number(process.env.FIDELITY_FILE_TIMEOUT ?? 120) * 1000;
  const files = fixtureFiles(dir).filter((p) => (!filter || p.includes(filter)) && (!listed || listed.has(p.slice(dir.length))));
  const results: CellResult[] = [];
  const times: { file: string; ms: number; cells: number; error?: string }[] = [];
  let next = 0;
  const runWorker = async () => {
    let worker: Worker | undefined;
    while (next < files.length) {
      const path = files[next++]!;
      const file = path.slice(dir.length);
      // The worker loads this file through tsx itself: Node 20 does not hand the loader on to workers.
      worker ??= new Worker(new URL(`data:text/javascript,${encodeURIComponent(`import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(import.meta.url)});`)}`));
      const w = worker;
      const t0 = performance.now();
      const answer = await new Promise<{ results?: CellResult[]; error?: string }>((done) => {
        const finish = (m: { results?: CellResult[]; error?: string }) => {
          clearTimeout(timer);
          w.removeAllListeners('message').removeAllListeners('error');
          done(m);
        };
        const timer = setTimeout(() => finish({ error: `not measured: over ${limitMs / 1000} s` }), limitMs);
        w.once('message', finish);
        w.once('error', (e) => finish({ error: e.message }));
        w.postMessage({ path, dir });
      });
      const ms = Math.round(performance.now() - t0);
      if (answer.results) results.push(...answer.results);
      times.push({ file, ms, cells: answer.results?.length ?? 0, ...(answer.error ? { error: answer.error } : {}) });
      if (answer.error) {
        process.stdout.write(`! ${file}: ${answer.error}\n`);
        await w.terminate();
        worker = undefined;
      }
      if (process.env.FIDELITY_PROGRESS) process.stdout.write(`${ms}ms ${answer.results?.length ?? 0} ${file}\n`);
    }
    await worker?.terminate();
  };
  await Promise.all(Array.from({ length: Number(process.env.FIDELITY_WORKERS ?? 2) }, runWorker));
  const s = summarize(results);
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(2)}%`;
  const allRight = s.functions.filter((f) => f.ok === f.cells).length;
  const total = times.reduce((a, t) => a + t.ms, 0);
  const failed = times.filter((t) => t.error);
  process.stdout.write(`\n${s.files} files, ${s.cells} formula cells: ${s.ok} equal to Excel (${pct(s.ok, s.cells)}), ${s.notComputed} not computed; ${s.functions.length} functions, every cell right for ${allRight} (${pct(allRight, s.functions.length)}); ${(total / 1000).toFixed(1)} s of file time; ${failed.length} files not measured\n\n`);
  for (const [why, n] of Object.entries(s.excluded)) process.stdout.write(`set apart: ${n} cells, ${why}\n`);
  for (const f of s.functions.slice(0, 30)) if (f.ok < f.cells) process.stdout.write(`${f.name.padEnd(20)} ${String(f.cells - f.ok).padStart(6)} of ${String(f.cells).padStart(6)} differ\n`);
  const differences = results.filter((r) => !r.ok && !r.excluded).map((r) => ({ ...r, class: classify(r) }));
  const classes = new Map<string, { cells: number; files: Set<string> }>();
  for (const d of differences) {
    const c = classes.get(d.class) ?? { cells: 0, files: new Set() };
    c.cells++;
    c.files.add(d.file);
    classes.set(d.class, c);
  }
  process.stdout.write(`\nclass                                      cells  files\n`);
  for (const [name, c] of [...classes].sort((a, b) => b[1].cells - a[1].cells)) process.stdout.write(`${name.padEnd(40)} ${String(c.cells).padStart(7)} ${String(c.files.size).padStart(6)}\n`);
  process.stdout.write(`\nslowest files:\n`);
  for (const t of [...times].sort((a, b) => b.ms - a.ms).slice(0, 10)) process.stdout.write(`${String(t.ms).padStart(7)} ms ${String(t.cells).padStart(6)} cells ${t.file}\n`);
  for (const t of failed) process.stdout.write(`not measured: ${t.file}: ${t.error}\n`);
  mkdirSync('test-results', { recursive: true });
  const out = dir === FIXTURES ? 'test-results/excel-fidelity.json' : 'test-results/corpus-fidelity.json';
  writeFileSync(out, JSON.stringify({ summary: s, classes: Object.fromEntries([...classes].map(([k, c]) => [k, { cells: c.cells, files: [...c.files] }])), times, differences, excluded: results.filter((r) => r.excluded) }, null, 1));
}
