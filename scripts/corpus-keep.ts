// What the xlsx round trip keeps of conditional-format options, cell and sheet protection, rich
// text runs, theme colours, autofilters and outline groups (issue 34), over every Excel-saved workbook of test/fixtures/corpus/
// and test/fixtures/excel/ that holds any of them: each imported as the service imports it and
// exported as it exports it (in child processes, with a time limit per file), then both read by
// scripts/corpus-keep.py. Prints "feature: kept of held (%)" and the first differences.
// Usage: NODE_OPTIONS=--no-node-snapshot npx tsx scripts/corpus-keep.ts [filter]
// (KEEP_FEATURES: only files holding these, of cf,protection,rich,theme,autofilter,outline; KEEP_DIR: where exports go, test-results/corpus-keep by default; KEEP_SHOW: differences shown per feature.)
import { fork, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixtureFiles } from '../test/helpers/excel-fidelity.ts';
import { PYTHON } from '../test/helpers/io-files.ts';

const ROOT = fileURLToPath(new URL('../test/fixtures/', import.meta.url));
const PY = fileURLToPath(new URL('./corpus-keep.py', import.meta.url));
const DIR = process.env.KEEP_DIR ?? 'test-results/corpus-keep';
const LIMIT_MS = 60_000;

async function child(): Promise<void> {
  const { workbookToXlsx } = await import('../core/io/xlsx-export.ts');
  const { importWithReport } = await import('../test/helpers/excel-fidelity.ts');
  process.on('message', (msg: { file: string; out: string }) => {
    void (async () => {
      try {
        const { wb } = await importWithReport(readFileSync(msg.file));
        writeFileSync(msg.out, await workbookToXlsx(wb, async () => undefined));
        wb.destroy();
        process.send!({ ok: true });
      } catch (err) {
        process.send!({ ok: false, error: (err as Error).message });
      }
    })();
  });
  process.send!({ ready: true });
}

/** Exports each file in a child; a file over the time limit is left out and the child replaced. */
async function exportAll(files: string[]): Promise<{ pairs: [string, string][]; failed: string[] }> {
  const pairs: [string, string][] = [];
  const failed: string[] = [];
  let i = 0;
  while (i < files.length) {
    const c = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', 'tsx', '--no-node-snapshot'] });
    await new Promise<void>((done) => {
      let timer: NodeJS.Timeout | undefined;
      const next = () => {
        if (i >= files.length) return (c.kill(), done());
        const file = files[i]!;
        const out = join(DIR, relative(ROOT, file).replace(/[/\\]/g, '__'));
        timer = setTimeout(() => {
          failed.push(`${relative(ROOT, file)}: over ${LIMIT_MS} ms`);
          i++;
          c.kill('SIGKILL');
          done();
        }, LIMIT_MS);
        c.once('message', (m: { ok: boolean; error?: string }) => {
          clearTimeout(timer);
          if (m.ok) pairs.push([file, out]);
          else failed.push(`${relative(ROOT, file)}: ${m.error}`);
          i++;
          next();
        });
        c.send({ file, out });
      };
      c.once('message', next);
      c.once('exit', () => (clearTimeout(timer), done()));
    });
  }
  return { pairs, failed };
}

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const filter = process.argv[2];
  const all = [...fixtureFiles(join(ROOT, 'corpus')), ...fixtureFiles(join(ROOT, 'excel'))].filter((f) => !filter || f.includes(filter));
  const scan = spawnSync(PYTHON, [PY, 'scan', process.env.KEEP_FEATURES ?? '', ...all], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const files = JSON.parse(scan.stdout) as string[];
  process.stdout.write(`${files.length} of ${all.length} workbooks hold one of the features\n`);
  const { pairs, failed } = await exportAll(files);
  const list = join(DIR, 'pairs.json');
  writeFileSync(list, JSON.stringify(pairs));
  const py = spawnSync(PYTHON, [PY, 'compare', list], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (py.status !== 0) throw new Error(py.stderr);
  const result = JSON.parse(py.stdout) as { totals: Record<string, [number, number]>; files: Record<string, { counts?: Record<string, [number, number]>; diffs?: Record<string, string[]>; error?: string }> };
  writeFileSync(join(DIR, 'result.json'), JSON.stringify({ ...result, failed }, null, 1));
  for (const [k, [held, kept]] of Object.entries(result.totals).sort()) process.stdout.write(`${k.padEnd(26)} ${String(kept).padStart(8)} of ${String(held).padStart(8)}  ${held ? ((100 * kept) / held).toFixed(2) : '100.00'}%\n`);
  for (const f of failed) process.stdout.write(`! ${f}\n`);
  for (const [f, r] of Object.entries(result.files)) if (r.error) process.stdout.write(`! ${relative(ROOT, f)}: ${r.error}\n`);
  const show = Number(process.env.KEEP_SHOW ?? 4);
  const byFeature = new Map<string, string[]>();
  for (const [f, r] of Object.entries(result.files)) for (const [k, d] of Object.entries(r.diffs ?? {})) byFeature.set(k, [...(byFeature.get(k) ?? []), ...d.map((x) => `${relative(ROOT, f)} ${x}`)]);
  for (const [k, d] of byFeature) process.stdout.write(`\n${k} (first differences, up to 5 a file):\n  ${d.slice(0, show).join('\n  ')}\n`);
}

if (process.argv.includes('--child')) await child();
else await main();
