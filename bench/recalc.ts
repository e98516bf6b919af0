// npm run bench -- recalc: the first computation of big workbooks and a warm one-cell edit, beside
// LibreOffice headless computing the same file with its recalculation on load set to always (a
// throwaway profile; by default it trusts an xlsx's cached values and computes nothing). Excel-saved
// workbooks from test/fixtures/excel and test/fixtures/corpus (issue 35's own among them), and
// generated lookup-heavy ones of its shape (VLOOKUP, XLOOKUP, INDEX/MATCH, SUMIFS, COUNTIFS and
// structured references over a table). Ours is the import path in this process: read the xlsx,
// apply it to a workbook, build the formula engine (every formula computed); LibreOffice's is open,
// recalculate, save. Ours also counts the formula cells whose value equals LibreOffice's
// (LibreOffice 7.4 has no XLOOKUP: it shows #NAME? there and in the cells reading those, 4 of each
// generated row's 7 formulas). BENCH_RECALC_ROWS=4000,20000 picks the generated table sizes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { areas } from '../core/areas.ts';
import { applyBook } from '../core/io/excel-apply.ts';
import { readXlsx } from '../core/io/xlsx-read.ts';
import { isRich } from '../core/workbook/cell.ts';
import { Workbook } from '../core/workbook/workbook.ts';
import { cachedValues, same } from '../test/helpers/excel-fidelity.ts';
import { indexToCol, parseCell } from '../core/a1.ts';
import { ROOT, median, type BenchRow } from './lib.ts';
import { lookupWorkbook } from './recalc/workbooks.ts';

const REAL = ['ironcalc/calc_tests/MATH_AND_TRIGONOMETRY/ARABIC_ROMAN.xlsx', 'ironcalc/calc_tests/MATH_AND_TRIGONOMETRY/FLOOR_CEILING.xlsx'];
/** Excel-saved workbooks of the corpus (test/fixtures/corpus) with thousands of formulas; the first is issue 35's. */
const CORPUS = ['poi/spreadsheet/StructuredRefs-lots-with-lookups.xlsx', 'formulas/test.xlsx', 'poi/spreadsheet/51710.xlsx', 'umya-spreadsheet/issue_216.xlsx'];
/** Generated tables: rows of data, rows of report (7 formulas each). */
const GENERATED: [number, number][] = (process.env.BENCH_RECALC_ROWS ?? '4000,5000,20000,50000').split(',').map((n) => {
  const rows = Number(n);
  return [rows, rows <= 5000 ? 1000 : 2000];
});
const EDITS = 5;

function emptyWorkbook(): Workbook {
  const now = new Date(0);
  return new Workbook({ file: { id: 'bench', spaceId: 'space', creatorId: 'user', name: 'bench', private: false, version: 1, created: now, modified: now }, styles: [], sheets: [] }, async () => [], { areas });
}

interface Ours {
  firstMs: number;
  buildMs: number;
  /** CPU time of this process for the same spans: on a loaded machine, closer to what a quiet one takes. */
  firstCpuMs: number;
  buildCpuMs: number;
  formulas: number;
  wb: Workbook;
}

/** Imports as import_file does (read, apply, compute every formula) and times it. */
async function ours(bytes: Buffer): Promise<Ours> {
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const t0 = performance.now(), c0 = cpu();
  const wb = emptyWorkbook();
  await applyBook(wb, await readXlsx(bytes), async () => undefined);
  const t1 = performance.now(), c1 = cpu();
  await wb.rebuildEngine();
  const t2 = performance.now(), c2 = cpu();
  let formulas = 0;
  for (const s of wb.sheets) formulas += s.meta.formulas ?? 0;
  return { firstMs: t2 - t0, buildMs: t2 - t1, firstCpuMs: c2 - c0, buildCpuMs: c2 - c1, formulas, wb };
}

/** The first number cell (not a formula) that some formula reads, as an edit of it: for the corpus's workbooks. */
function inputOf(wb: Workbook): Edit | undefined {
  const hf = wb.engine?.hf;
  if (!hf) return undefined;
  for (const sheet of wb.sheets) {
    if (!wb.engine!.loaded.has(sheet.id)) continue;
    const { rows, cols } = sheet.usedExtent();
    for (let row = 0; row < Math.min(rows, 2000); row++) {
      for (let col = 0; col < cols; col++) {
        const v = sheet.get(row, col);
        if (typeof v !== 'number') continue;
        if (!hf.getCellDependents({ sheet: wb.engine!.hfId(sheet), row, col }).length) continue;
        return { what: 'an input the formulas read', sheet: sheet.name, cell: `${indexToCol(col)}${row + 1}`, values: (i) => v + i + 1 };
      }
    }
  }
  return undefined;
}

/** A warm one-cell edit of an input that formulas read, a few times: the median. */
async function warmEdit(wb: Workbook, edit: Edit): Promise<number> {
  const sheet = wb.findSheet(edit.sheet)!;
  const { addr } = parseCell(edit.cell);
  const times: number[] = [];
  for (let i = 0; i < EDITS; i++) {
    const t = performance.now();
    await wb.writeCells(sheet, addr.row, addr.col, [[edit.values(i)]]);
    times.push(performance.now() - t);
  }
  return median(times);
}

interface Edit {
  what: string;
  sheet: string;
  cell: string;
  values: (i: number) => number | string;
}

const RECALC = (mode: number) => `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>${mode}</value></prop></item>
</oor:items>
`;

/** LibreOffice opens, (re)computes and saves the file; the time of the whole soffice run and the xlsx it wrote. */
function libreOffice(dir: string, file: string, recalc: boolean): { ms: number; out: Buffer } | undefined {
  const profile = join(dir, recalc ? 'profile-recalc' : 'profile-never');
  const outDir = join(dir, recalc ? 'out-recalc' : 'out-never');
  mkdirSync(join(profile, 'user'), { recursive: true });
  writeFileSync(join(profile, 'user', 'registrymodifications.xcu'), RECALC(recalc ? 0 : 1));
  mkdirSync(outDir, { recursive: true });
  const t = performance.now();
  const r = spawnSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', outDir, file], { encoding: 'utf8', timeout: 600_000 });
  const ms = performance.now() - t;
  // soffice answers 0 for a file it could not load, and writes nothing.
  const out = join(outDir, file.split('/').pop()!);
  if (r.status !== 0 || !existsSync(out)) return undefined;
  return { ms, out: readFileSync(out) };
}

/** Formula cells whose value here equals the value LibreOffice computed. */
function agreement(wb: Workbook, computed: Buffer): { equal: number; total: number } {
  let equal = 0, total = 0;
  for (const [key, exp] of cachedValues(computed)) {
    const sheet = wb.findSheet(key.slice(0, key.lastIndexOf('!')));
    const cell = sheet?.get(parseCell(key.slice(key.lastIndexOf('!') + 1)).addr.row, parseCell(key.slice(key.lastIndexOf('!') + 1)).addr.col);
    if (!isRich(cell) || cell.f === undefined) continue;
    total++;
    if (same(exp, { value: cell.v ?? undefined, error: cell.e })) equal++;
  }
  return { equal, total };
}

export async function benchRecalc(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'bench-recalc-'));
  const hasLibreOffice = spawnSync('soffice', ['--version'], { encoding: 'utf8' }).status === 0;
  try {
    // A first soffice run creates its profile (seconds): done once per profile before timing.
    const warm = join(dir, 'warm.xlsx');
    writeFileSync(warm, await lookupWorkbook({ dataRows: 10, reportRows: 2 }));
    if (hasLibreOffice) for (const recalc of [true, false]) libreOffice(dir, warm, recalc);
    const cases: { name: string; bytes: Buffer; edits: Edit[] }[] = [
      { name: 'ARABIC_ROMAN.xlsx (Excel)', bytes: readFileSync(join(ROOT, 'test/fixtures/excel', REAL[0]!)), edits: [{ what: 'an input of 6 formulas', sheet: 'ROMAN', cell: 'A3', values: (i) => 6 + i }] },
      { name: 'FLOOR_CEILING.xlsx (Excel)', bytes: readFileSync(join(ROOT, 'test/fixtures/excel', REAL[1]!)), edits: [{ what: "an input of one row's formulas", sheet: 'FLOOR', cell: 'A3', values: (i) => 11.5 + i }] },
    ];
    for (const path of CORPUS) {
      const full = join(ROOT, 'test/fixtures/corpus', path);
      if (existsSync(full)) cases.push({ name: `${path.split('/').pop()} (Excel, corpus)`, bytes: readFileSync(full), edits: [] });
    }
    for (const [dataRows, reportRows] of GENERATED) {
      cases.push({ name: `lookups over a ${(dataRows / 1000).toFixed(0)}k-row table`, bytes: await lookupWorkbook({ dataRows, reportRows }), edits: [
          { what: "a lookup value (its row's formulas)", sheet: 'Report', cell: 'A10', values: (i) => `K${String(1 + i * 3).padStart(6, '0')}` },
          { what: 'an amount in the table (every formula reading it)', sheet: 'Data', cell: 'D10', values: (i) => 500 + i },
        ],
      });
    }
    const ratios: number[] = [];
    for (const c of cases) {
      const file = join(dir, `${c.name.replace(/[^a-z0-9]+/gi, '-')}.xlsx`);
      writeFileSync(file, c.bytes);
      const lo = hasLibreOffice ? libreOffice(dir, file, true) : undefined;
      const loNever = hasLibreOffice ? libreOffice(dir, file, false) : undefined;
      const o = await ours(c.bytes);
      const agree = lo ? agreement(o.wb, lo.out) : undefined;
      const edits: [string, number][] = [];
      const found = c.edits.length ? undefined : inputOf(o.wb);
      for (const e of found ? [found] : c.edits) edits.push([e.what, await warmEdit(o.wb, e)]);
      o.wb.destroy();
      const label = `${c.name}, ${o.formulas.toLocaleString('en-US')} formulas`;
      rows.push({ name: `${label}: first computation (read, apply, compute)`, value: o.firstMs, unit: 'ms', note: `CPU ${o.firstCpuMs.toFixed(0)} ms; engine build ${o.buildMs.toFixed(0)} ms, CPU ${o.buildCpuMs.toFixed(0)} ms${hasLibreOffice && !lo ? '; LibreOffice could not open it' : ''}` });
      if (lo) {
        const ratio = o.firstMs / lo.ms;
        ratios.push(ratio);
        rows.push({ name: `${label}: LibreOffice open, recalculate, save`, value: lo.ms, unit: 'ms', note: loNever ? `without recalculation ${loNever.ms.toFixed(0)} ms` : undefined });
        rows.push({ name: `${label}: ours / LibreOffice`, value: ratio, unit: 'x', target: '<= 1x', ok: ratio <= 1, note: agree ? `${agree.equal} of ${agree.total} formula values equal to LibreOffice's` : undefined });
      }
      for (const [what, ms] of edits) rows.push({ name: `${label}: warm edit of ${what} (median of ${EDITS})`, value: ms, unit: 'ms', target: '< 20 ms', ok: ms < 20 });
    }
    if (ratios.length) rows.push({ name: 'first computation, ours / LibreOffice (median)', value: median(ratios), unit: 'x', target: '<= 1x', ok: median(ratios) <= 1 });
    else rows.push({ name: 'LibreOffice (soffice) is not installed: no comparison', value: 0, unit: 'x' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
