// How the service fares on every Excel-saved workbook of test/fixtures/corpus/ and test/fixtures/excel/
// (and .xls in test/fixtures/corpus-xls/): each imported as the service does (readBook, applyBook
// into a new workbook, the engine built), in a child process with a time limit per file. Records
// refusals, the import report, formula cells against Excel's cached values, and the time taken.
// Usage: NODE_OPTIONS=--no-node-snapshot npx tsx scripts/corpus-survey.ts [filter,filter...]
// (SURVEY_FILE_MS sets the limit, 60000 by default). Writes test-results/corpus-survey.json, or SURVEY_OUT;
// `--from FILE.json` prints the summary of an earlier run again.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cellToA1, parseCell } from '../core/a1.ts';
import type { Book } from '../core/io/book.ts';
import { areas } from '../core/areas.ts';
import { OpError } from '../core/errors.ts';
import { applyBook } from '../core/io/excel-apply.ts';
import { readBook } from '../core/io/run-import.ts';
import { isRich } from '../core/workbook/cell.ts';
import { cachedValues, functionsOf, same, volatileDependents } from '../test/helpers/excel-fidelity.ts';
import { memoryWorkbook } from '../test/helpers/memory-workbook.ts';

const ROOT = fileURLToPath(new URL('../test/fixtures/', import.meta.url));
const FOLDERS = ['corpus', 'excel', 'corpus-xls'];
const LIMIT_MS = Number(process.env.SURVEY_FILE_MS ?? 60_000);
/** A fresh child now and then, so one file's leftovers do not slow the next thousand. */
const FILES_PER_CHILD = 200;
const KEEP_DIFFERENCES = 20;

export interface FileResult {
  file: string;
  source: string;
  bytes: number;
  /** The sentence the service answers with, and where it came from; `http5xx` when it is not an OpError (a 5xx). */
  refused?: { stage: 'read' | 'apply' | 'compute'; message: string; http5xx: boolean };
  /** Over the time limit: the stage it was in (read, apply, compute, compare). */
  timeout?: string;
  crashed?: string;
  warnings: string[];
  cells: number;
  ok: number;
  notComputed: number;
  differences: { cell: string; formula: string; expected: string; got: string; notComputed?: boolean }[];
  mismatchFunctions: Record<string, number>;
  /** Differing cells by how they differ ("Excel a value, ours #CYCLE!", "numbers differ", ...). */
  mismatchClasses: Record<string, number>;
  ms: { read: number; apply: number; compute: number; total: number };
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else if (/\.xlsx?$/i.test(name)) out.push(path);
  }
  return out.sort();
}

/** "corpus/poi", "excel/ironcalc", "excel/features/xlsxwriter". */
function sourceOf(rel: string): string {
  const parts = rel.split('/');
  return parts.slice(0, parts[1] === 'features' ? 3 : 2).join('/');
}

const show = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : String(v));

async function surveyOne(rel: string): Promise<FileResult> {
  const path = join(ROOT, rel);
  const bytes = readFileSync(path);
  const xls = /\.xls$/i.test(rel);
  const r: FileResult = { file: rel, source: sourceOf(rel), bytes: bytes.length, warnings: [], cells: 0, ok: 0, notComputed: 0, differences: [], mismatchFunctions: {}, mismatchClasses: {}, ms: { read: 0, apply: 0, compute: 0, total: 0 } };
  const refuse = (stage: 'read' | 'apply' | 'compute', err: unknown) => {
    r.refused = { stage, message: (err as Error).message, http5xx: !(err instanceof OpError) };
  };
  const t0 = performance.now();
  process.send?.({ stage: 'read' });
  const book = await readBook({ format: xls ? 'xls' : 'xlsx', fileName: basename(rel), bytes, maxUnzipped: 512 * 1024 * 1024 }).catch((err: unknown) => refuse('read', err));
  const t1 = performance.now();
  r.ms.read = t1 - t0;
  if (!book) return ((r.ms.total = r.ms.read), r);
  // An .xls keeps each formula's cached result in its FORMULA record: the reader hands it over as the value.
  const oracle = xls ? xlsOracle(book) : cachedValues(bytes);
  // A new file for an Excel import starts with no sheets (run-import.ts: initialSheets).
  const wb = memoryWorkbook([], areas);
  process.send?.({ stage: 'apply' });
  try {
    const outcome = await applyBook(wb, book, async () => undefined);
    r.warnings = outcome.warnings;
  } catch (err) {
    refuse('apply', err);
  }
  const t2 = performance.now();
  r.ms.apply = t2 - t1;
  if (!r.refused) {
    process.send?.({ stage: 'compute' });
    try {
      await wb.rebuildEngine();
    } catch (err) {
      refuse('compute', err);
    }
  }
  r.ms.compute = performance.now() - t2;
  r.ms.total = performance.now() - t0;
  if (r.refused) return (wb.destroy(), r);
  process.send?.({ stage: 'compare' });
  const drifting = volatileDependents(wb, oracle);
  for (const [key, exp] of oracle) {
    if (drifting.has(key)) continue;
    const bang = key.lastIndexOf('!');
    const sheet = wb.findSheet(key.slice(0, bang));
    const { addr } = parseCell(key.slice(bang + 1));
    const cell = sheet?.get(addr.row, addr.col);
    const computed = isRich(cell) && cell.f !== undefined && !cell.k;
    const got = isRich(cell) ? { value: cell.v, error: cell.e } : { value: cell };
    r.cells++;
    if (!computed) r.notComputed++;
    if (computed && same(exp, got)) {
      r.ok++;
      continue;
    }
    for (const f of functionsOf(`=${exp.formula}`)) r.mismatchFunctions[f] = (r.mismatchFunctions[f] ?? 0) + 1;
    const k = computed ? mismatchClass(exp, got) : 'not computed (cached value kept)';
    r.mismatchClasses[k] = (r.mismatchClasses[k] ?? 0) + 1;
    if (r.differences.length < KEEP_DIFFERENCES) r.differences.push({ cell: key, formula: exp.formula, expected: exp.error ?? show(exp.value), got: got.error ?? show(got.value), ...(computed ? {} : { notComputed: true }) });
  }
  wb.destroy();
  return r;
}

function mismatchClass(exp: { value?: unknown; error?: string }, got: { value?: unknown; error?: string }): string {
  if (exp.error !== undefined) return got.error !== undefined ? `Excel ${exp.error}, ours ${got.error}` : `Excel ${exp.error}, ours a value`;
  if (got.error !== undefined) return `Excel a value, ours ${got.error}`;
  const e = exp.value ?? '', g = got.value ?? '';
  if (typeof e === 'number' && Number.isNaN(e)) return "Excel's cached value not a number the oracle reads (t=\"d\")";
  if (typeof e === 'number' && typeof g === 'number') return Math.abs(e - g) <= 1e-6 * Math.abs(e) ? 'numbers differ past 1e-9 (within 1e-6)' : 'numbers differ';
  if (e === '' || g === '') return e === '' ? 'Excel empty, ours a value' : 'Excel a value, ours empty';
  return `Excel ${typeof e}, ours ${typeof g}${typeof e === typeof g ? ' (differ)' : ''}`;
}

function xlsOracle(book: Book): Map<string, { formula: string; value?: unknown; error?: string }> {
  const out = new Map<string, { formula: string; value?: unknown; error?: string }>();
  for (const sheet of book.sheets) {
    sheet.forEachCell((c) => {
      if (c.formula === undefined) return;
      out.set(`${sheet.name}!${cellToA1({ row: c.row, col: c.col })}`, c.error !== undefined ? { formula: c.formula, error: c.error } : { formula: c.formula, value: c.value });
    });
  }
  return out;
}

// ---- child: surveys the files it is sent, one at a time ----
if (process.argv[2] === '--child') {
  // One small workbook first, so the first file's time is not the modules loading and warming up.
  await surveyOne('excel/features/xlsxwriter/hide01.xlsx');
  process.on('message', (rel: string) => {
    surveyOne(rel).then(
      (r) => process.send!(r),
      (err: unknown) => process.send!({ file: rel, crashed: (err as Error).stack ?? String(err) }),
    );
  });
  process.send!('ready');
} else if (process.argv[2] === '--from') {
  // Prints the summary of an earlier run again (e.g. after the grouping changed), without importing anything.
  print(summarize((JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as { files: FileResult[] }).files));
} else {
  await main();
}

function blank(rel: string, bytes: number): FileResult {
  return { file: rel, source: sourceOf(rel), bytes, warnings: [], cells: 0, ok: 0, notComputed: 0, differences: [], mismatchFunctions: {}, mismatchClasses: {}, ms: { read: 0, apply: 0, compute: 0, total: LIMIT_MS } };
}

async function main(): Promise<void> {
  const filters = process.argv[2]?.split(',') ?? [];
  const files = FOLDERS.flatMap((f) => listFiles(join(ROOT, f))).map((p) => relative(ROOT, p)).filter((rel) => !filters.length || filters.some((f) => rel.includes(f)));
  const results: FileResult[] = [];
  let child: ChildProcess | undefined;
  let served = 0;
  const start = async () => {
    served = 0;
    const c = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: process.execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    await new Promise<void>((resolve) => {
      const ready = (m: unknown) => m === 'ready' && (c.off('message', ready), resolve());
      c.on('message', ready);
    });
    return c;
  };
  for (const [i, rel] of files.entries()) {
    if (!child || served >= FILES_PER_CHILD) {
      child?.kill();
      child = await start();
    }
    served++;
    const c = child;
    let stage = 'read';
    const r = await new Promise<FileResult>((resolve) => {
      const timer = setTimeout(() => {
        c.kill('SIGKILL');
        resolve({ ...blank(rel, statSync(join(ROOT, rel)).size), timeout: stage });
      }, LIMIT_MS);
      const done = (v: FileResult | { stage: string }) => {
        if ('stage' in v) return void (stage = v.stage);
        clearTimeout(timer);
        c.off('message', done);
        c.off('exit', gone);
        resolve(v);
      };
      const gone = (code: number | null, signal: string | null) => done({ ...blank(rel, statSync(join(ROOT, rel)).size), crashed: `child exited (${code ?? signal})` });
      c.on('message', done);
      c.on('exit', gone);
      c.send(rel);
    });
    if (r.timeout || r.crashed) child = undefined;
    results.push({ ...blank(rel, 0), ...r });
    if ((i + 1) % 100 === 0) process.stderr.write(`${i + 1} of ${files.length}\n`);
  }
  child?.kill();
  const summary = summarize(results);
  const out = process.env.SURVEY_OUT ?? 'test-results/corpus-survey.json';
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ limitMs: LIMIT_MS, summary, files: results }, null, 1));
  print(summary);
}

/** The kinds of loss one import warning reports, without sheet names and counts ("not kept: charts: stock charts"). */
function kindsOf(warning: string): string[] {
  const notKept = /^not kept: (.+?)(?: on [^:]+)?(?:: (.*))?$/.exec(warning);
  if (notKept) {
    const detail = (notKept[2] ?? '').replace(/^\d+ /, '');
    const feature = notKept[1]!.trim();
    return [!detail || detail.startsWith('on ') || !detail.includes(' ') ? `not kept: ${feature}` : `not kept: ${feature}: ${detail.replace(/\d+/g, 'N')}`];
  }
  if (/defined name\(s\) were not kept/.test(warning)) {
    const why = (reason: string) =>
      /is not a valid formula/.test(reason)
        ? /#REF!/.test(reason) ? 'refers to #REF!' : /\[\d+\]/.test(reason) ? 'refers to another workbook' : "a formula the parser refuses"
        : /reads as a cell reference/.test(reason) ? 'name read as a cell reference or a value'
        : /is not a valid name/.test(reason) ? 'not a valid name here'
        : /which is not in this file/.test(reason) ? /\[\d+\]/.test(reason) ? 'refers to another workbook' : 'names a sheet not in the file'
        : undefined;
    // Parts are "name: reason"; a reason may itself hold "; " ("...not in this file; sheets are: ..."), so fragments are skipped.
    const kinds = warning.split('; ').map(why).filter((k) => k !== undefined);
    return [...new Set(kinds.length ? kinds : ['other'])].map((k) => `defined names not kept: ${k}`);
  }
  return [warning.replace(/'[^']*'/g, "'…'").replace(/\d+/g, 'N').slice(0, 120)];
}

function summarize(results: FileResult[]) {
  const refusals = new Map<string, string[]>();
  for (const r of results.filter((x) => x.refused || x.timeout || x.crashed)) {
    const key = r.refused ? `${r.refused.http5xx ? '5xx' : '4xx'} at ${r.refused.stage}: ${r.refused.message}` : r.timeout ? `over the ${LIMIT_MS} ms limit (in ${r.timeout})` : `crashed: ${r.crashed!.split('\n')[0]}`;
    refusals.set(key, [...(refusals.get(key) ?? []), r.file]);
  }
  const kinds = new Map<string, number>();
  for (const r of results) for (const k of new Set(r.warnings.flatMap(kindsOf))) kinds.set(k, (kinds.get(k) ?? 0) + 1);
  const bySource = new Map<string, { files: number; refused: number; cells: number; ok: number; notComputed: number }>();
  for (const r of results) {
    const s = bySource.get(r.source) ?? { files: 0, refused: 0, cells: 0, ok: 0, notComputed: 0 };
    s.files++;
    if (r.refused || r.timeout || r.crashed) s.refused++;
    s.cells += r.cells;
    s.ok += r.ok;
    s.notComputed += r.notComputed;
    bySource.set(r.source, s);
  }
  const classes = new Map<string, number>();
  for (const r of results) for (const [k, n] of Object.entries(r.mismatchClasses ?? {})) classes.set(k, (classes.get(k) ?? 0) + n);
  const fns = new Map<string, number>();
  for (const r of results) for (const [f, n] of Object.entries(r.mismatchFunctions)) fns.set(f, (fns.get(f) ?? 0) + n);
  const total = (k: 'cells' | 'ok' | 'notComputed') => results.reduce((a, r) => a + r[k], 0);
  return {
    files: results.length,
    refused: results.filter((r) => r.refused).length,
    timeouts: results.filter((r) => r.timeout).length,
    crashed: results.filter((r) => r.crashed).length,
    cells: total('cells'),
    ok: total('ok'),
    notComputed: total('notComputed'),
    refusals: [...refusals].map(([message, files]) => ({ message, files })).sort((a, b) => b.files.length - a.files.length),
    reportKinds: [...kinds].map(([kind, files]) => ({ kind, files })).sort((a, b) => b.files - a.files),
    sources: [...bySource].map(([source, s]) => ({ source, ...s })),
    mismatchClasses: [...classes].map(([kind, cells]) => ({ kind, cells })).sort((a, b) => b.cells - a.cells),
    mismatchFunctions: [...fns].map(([name, cells]) => ({ name, cells })).sort((a, b) => b.cells - a.cells).slice(0, 40),
    slowest: [...results].sort((a, b) => b.ms.total - a.ms.total).slice(0, 10).map((r) => ({ file: r.file, bytes: r.bytes, ms: Object.fromEntries(Object.entries(r.ms).map(([k, v]) => [k, Math.round(v)])) })),
  };
}

function print(s: ReturnType<typeof summarize>): void {
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(2)}%`;
  const out: string[] = [];
  out.push(`${s.files} workbooks: ${s.files - s.refused - s.timeouts - s.crashed} imported, ${s.refused} refused, ${s.timeouts} over the time limit, ${s.crashed} crashed`);
  out.push(`${s.cells} formula cells: ${s.ok} equal to Excel's cached value (${pct(s.ok, s.cells)}), ${s.notComputed} not computed\n`);
  out.push('Refusals:');
  for (const r of s.refusals) out.push(`  ${r.files.length} × ${r.message.slice(0, 240)}\n      ${r.files.slice(0, 6).join(', ')}${r.files.length > 6 ? ', …' : ''}`);
  out.push('\nImport report, files per kind:');
  for (const k of s.reportKinds.slice(0, 30)) out.push(`  ${String(k.files).padStart(5)}  ${k.kind}`);
  out.push('\nPer source:');
  for (const x of s.sources) out.push(`  ${x.source.padEnd(30)} ${String(x.files).padStart(5)} files ${String(x.refused).padStart(3)} refused ${String(x.cells).padStart(7)} cells ${pct(x.ok, x.cells).padStart(8)} equal ${String(x.notComputed).padStart(5)} not computed`);
  out.push('\nHow cells differ:');
  for (const k of s.mismatchClasses.slice(0, 25)) out.push(`  ${String(k.cells).padStart(6)}  ${k.kind}`);
  out.push('\nFunctions in differing cells:');
  for (const f of s.mismatchFunctions.slice(0, 20)) out.push(`  ${f.name.padEnd(20)} ${f.cells}`);
  out.push('\nSlowest:');
  for (const f of s.slowest) out.push(`  ${String(f.ms.total).padStart(7)} ms (read ${f.ms.read}, apply ${f.ms.apply}, compute ${f.ms.compute})  ${f.file} (${f.bytes} bytes)`);
  process.stdout.write(`${out.join('\n')}\n`);
}
