// Imports workbooks Excel wrote, the way the service does (read, apply, build the formula engine),
// and compares every formula cell's value with the value Excel cached in the file: the oracle for
// issue "Compute exactly what Excel computes". Used by test/excel-fidelity.test.ts and by
// `npm run fidelity` (scripts/excel-fidelity.ts), which prints where the differences are.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { areas } from '../../core/areas.ts';
import { applyBook } from '../../core/io/excel-apply.ts';
import { readXlsx } from '../../core/io/xlsx-read.ts';
import { EXCEL_FUNCTIONS, NOT_COMPUTED } from '../../core/workbook/functions/excel-list.ts';
import { isoDateSerial } from '../../core/io/xlsx-read-cells.ts';
import { workbookToXlsx } from '../../core/io/xlsx-export.ts';
import { readZipEntry } from '../../core/io/zip-guard.ts';
import { isRich } from '../../core/workbook/cell.ts';
import type { Workbook } from '../../core/workbook/workbook.ts';
import { cellToA1, parseCell } from '../../core/a1.ts';
import { memoryWorkbook } from './memory-workbook.ts';

// Excel's own legacy and East Asian functions that the catalogue of current functions leaves out.
const EXCEL = new Set([...EXCEL_FUNCTIONS, 'USDOLLAR', 'YEN', 'JIS', 'DBCS', 'ECMA.CEILING', 'BAHTTEXT']);
const OUTSIDE = new Set(Object.entries(NOT_COMPUTED).filter(([, why]) => /OLAP|web service|outside the workbook|cloud/.test(why)).map(([name]) => name));

export const FIXTURES = new URL('../fixtures/excel/', import.meta.url).pathname;

/** Functions whose value Excel computed at another time or at random: their cells are not compared. */
const VOLATILE = /\b(NOW|TODAY|RAND|RANDBETWEEN|RANDARRAY|INFO|CELL)\s*\(/i;

export interface CellResult {
  file: string;
  cell: string;
  formula: string;
  functions: string[];
  expected: string;
  got: string;
  ok: boolean;
  /** The formula could not be given to the engine (its cached value was kept). */
  notComputed?: boolean;
  /** A difference that is the oracle's, not ours, and the rule that says why (see oracleExcuse). */
  excluded?: string;
}

/**
 * Why a cell that differs is not held against the engine, or undefined: the rules that set a
 * difference apart, each naming its cause. They never name a file.
 * - circular reference: Excel with iteration off leaves a cell of a cycle at its earlier value (0
 *   when it never had one) and warns; the service answers #CYCLE!.
 * - calc mode manual: the workbook was saved with automatic calculation off, so its cached values
 *   are whatever Excel last computed, not necessarily the formulas' values.
 * - data from outside the workbook: a kept formula calling a function that reads an OLAP cube, a
 *   web service or a program (CUBEVALUE, WEBSERVICE, RTD: excel-list.ts's NOT_COMPUTED), or a
 *   function that is not Excel's (a VBA or add-in function, `_xll.`: its code is not in the file).
 */
export function oracleExcuse(expected: string, got: string, book: { manual: boolean; iterate: boolean }, formula = '', kept = false): string | undefined {
  if (got === '#CYCLE!' && !book.iterate && (expected === '0' || expected === '')) return 'circular reference (Excel without iteration leaves 0)';
  if (kept) {
    const calls = [...formula.replace(/"[^"]*"|'[^']*'/g, '').matchAll(/(?<![A-Za-z0-9_.$\]])((?:_xll\.|_xlfn\.|_xlws\.)?[A-Za-z_][A-Za-z0-9_.]*)\s*\(/g)].map((m) => m[1]!);
    if (calls.some((c) => OUTSIDE.has(c.replace(/^_xl(fn|ws)\./, '').toUpperCase()))) return 'data from outside the workbook (OLAP cube, web service, program)';
    if (calls.some((c) => c.startsWith('_xll.') || !EXCEL.has(c.replace(/^_xl(fn|ws)\./, '').toUpperCase()))) return 'a function that is not Excel\'s (VBA or add-in, code not in the file)';
  }
  if (book.manual) return 'calc mode manual (cached values may be stale)';
  return undefined;
}

export function fixtureFiles(dir = FIXTURES): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...fixtureFiles(path));
    else if (name.endsWith('.xlsx')) out.push(path);
  }
  return out.sort();
}

const FN = /(?<![A-Za-z0-9_.$])((?:_xlfn\.|_xlws\.)?[A-Z][A-Z0-9.]*)\s*\(/g;
export const functionsOf = (formula: string) => [...new Set([...formula.replace(/"[^"]*"|'[^']*'/g, '').matchAll(FN)].map((m) => m[1]!.replace(/^_xl(fn|ws)\./, '')))];

function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  return typeof v === 'number' ? String(v) : typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : String(v);
}

/** Excel's value and ours agree: numbers within 1e-9 relative (1e-12 absolute near 0), the rest exactly. */
export function same(expected: { value?: unknown; error?: string }, got: { value?: unknown; error?: string }): boolean {
  if (expected.error !== undefined || got.error !== undefined) return expected.error === got.error;
  const e = expected.value ?? '', g = got.value ?? '';
  if (typeof e === 'number' && typeof g === 'number') return Math.abs(e - g) <= Math.max(1e-12, 1e-9 * Math.abs(e));
  if (typeof e === 'number' && g === '') return e === 0 ? false : false;
  return e === g;
}

const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);

/**
 * Excel's cached value of every formula cell, read from the sheet XML itself (`<c><f/><v/></c>`):
 * no library between the file and the oracle (exceljs turns date-formatted numbers into Dates).
 */
export function cachedValues(bytes: Buffer): Map<string, { formula: string; value?: unknown; error?: string; follower?: true }> {
  const part = (path: string) => readZipEntry(bytes, path)?.toString('utf8') ?? '';
  const rels = new Map([...part('xl/_rels/workbook.xml.rels').matchAll(/<Relationship\b[^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));
  const out = new Map<string, { formula: string; value?: unknown; error?: string; follower?: true }>();
  const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(1|true)"/.test(part('xl/workbook.xml'));
  for (const m of part('xl/workbook.xml').matchAll(/<sheet\b[^>]*?name="([^"]*)"[^>]*?r:id="([^"]+)"/g)) {
    const target = rels.get(m[2]!);
    if (!target) continue;
    const xml = part(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
    const sheet = unescape(m[1]!);
    const shared = new Map<string, string>();
    for (const c of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const body = c[2] ?? '';
      const f = /<f\b([^>]*?)(?:\/>|>([\s\S]*?)<\/f>)/.exec(body);
      if (!f) continue;
      const ref = /\br="([A-Z]+\d+)"/.exec(c[1]!)![1]!;
      const type = /\bt="(\w+)"/.exec(c[1]!)?.[1];
      const si = /\bsi="(\d+)"/.exec(f[1]!)?.[1];
      let formula = f[2] !== undefined ? unescape(f[2]) : '';
      const follower = !formula && si !== undefined;
      if (si !== undefined && formula) shared.set(si, formula);
      if (!formula && si !== undefined) formula = shared.get(si) ?? '';
      // An empty <f ca="1"/> marks a cell an array formula spills into: not a formula of its own.
      if (!formula) continue;
      const v = /<v\b[^>]*>([\s\S]*?)<\/v>/.exec(body)?.[1];
      // OOXML writes characters XML cannot hold as _xHHHH_ (CHAR(1) is _x0001_).
      const text = v === undefined ? undefined : unescape(v).replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      const entry = type === 'e' ? { formula, error: text } : { formula, value: text === undefined ? undefined : type === 'str' || type === 'inlineStr' ? text : type === 'b' ? text === '1' : type === 'd' ? Number(isoDateSerial(text, date1904)) : Number(text) };
      // A shared formula's follower holds its master's text here, not its own.
      out.set(`${sheet}!${ref}`, follower ? { ...entry, follower: true } : entry);
    }
  }
  return out;
}

/** Whether the file gives a cell a value of its own (`<v>` or inline text), read from the sheet XML. */
function fileHoldsValue(bytes: Buffer, sheet: string, a1: string): boolean {
  const part = (path: string) => readZipEntry(bytes, path)?.toString('utf8') ?? '';
  const rels = new Map([...part('xl/_rels/workbook.xml.rels').matchAll(/<Relationship\b[^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));
  for (const m of part('xl/workbook.xml').matchAll(/<sheet\b[^>]*?name="([^"]*)"[^>]*?r:id="([^"]+)"/g)) {
    if (unescape(m[1]!).toLowerCase() !== sheet.toLowerCase()) continue;
    const target = rels.get(m[2]!) ?? '';
    const xml = part(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
    const c = new RegExp(`<c\\b[^>]*\\br="${a1}"[^>]*?(?:/>|>([\\s\\S]*?)</c>)`).exec(xml);
    return !!c?.[1] && /<v\b|<is\b/.test(c[1]);
  }
  return true;
}

/**
 * Formula cells of the file that an import followed by an xlsx export does not write back
 * (`lost`), and those written back with other text than Excel's (`changed`; shared formulas'
 * followers are not compared, their text is the master's).
 */
export async function formulasLostInRoundTrip(path: string): Promise<{ lost: string[]; changed: string[]; compared: number }> {
  const bytes = readFileSync(path);
  const before = cachedValues(bytes);
  const wb = await importWorkbook(bytes);
  const after = cachedValues(await workbookToXlsx(wb, async () => undefined));
  wb.destroy();
  const lost = [...before.keys()].filter((k) => !after.has(k) || !after.get(k)!.formula);
  const own = [...before].filter(([k, v]) => !v.follower && after.get(k)?.formula);
  const changed = own.filter(([k, v]) => after.get(k)!.formula !== v.formula).map(([k, v]) => `${k}: ${v.formula} -> ${after.get(k)!.formula}`);
  return { lost, changed, compared: own.length };
}

/** The workbook as the service imports it, and the import's warnings (its fidelity report). */
export async function importWithReport(bytes: Buffer): Promise<{ wb: Workbook; warnings: string[] }> {
  // A new file for an Excel import starts with no sheets (run-import.ts: initialSheets).
  const wb = memoryWorkbook([], areas);
  const outcome = await applyBook(wb, await readXlsx(bytes), async () => undefined);
  await wb.rebuildEngine();
  return { wb, warnings: outcome.warnings };
}

async function importWorkbook(bytes: Buffer): Promise<Workbook> {
  return (await importWithReport(bytes)).wb;
}

/** Every formula cell of one workbook, with Excel's value and ours. */
export async function compareWorkbook(path: string, base = FIXTURES): Promise<CellResult[]> {
  const bytes = readFileSync(path);
  const file = relative(base, path);
  const oracle = cachedValues(bytes);
  const calcPr = /<(?:\w+:)?calcPr\b[^>]*>/.exec(readZipEntry(bytes, 'xl/workbook.xml')?.toString('utf8') ?? '')?.[0] ?? '';
  const book = { manual: /\bcalcMode="manual"/.test(calcPr), iterate: /\biterate="(1|true)"/.test(calcPr) };
  const wb = await importWorkbook(bytes);
  const drifting = volatileDependents(wb, oracle);
  const out: CellResult[] = [];
  for (const [key, exp] of oracle) {
    if (drifting.has(key)) continue;
    const [sheetName, a1] = [key.slice(0, key.lastIndexOf('!')), key.slice(key.lastIndexOf('!') + 1)];
    const sheet = wb.findSheet(sheetName)!;
    const { addr } = parseCell(a1);
    const cell = sheet.get(addr.row, addr.col);
    const computed = isRich(cell) && cell.f !== undefined && !cell.k;
    const got = isRich(cell) ? { value: cell.v, error: cell.e } : { value: cell };
    const ok = computed && same(exp, got);
    const expected = exp.error ?? show(exp.value), shown = got.error ?? show(got.value);
    let excuse = ok ? undefined : oracleExcuse(expected, shown, book, exp.formula, !computed);
    // A formula that only names one cell, which the file leaves empty, yet Excel cached a value:
    // the file's data changed after Excel last computed (Excel shows 0 once it recomputes).
    const only = ok || excuse || exp.follower || (shown !== '0' && shown !== '') || expected === '0' ? undefined : /^(?:'((?:[^']|'')+)'!|([^'!():,\s]+)!)?\$?([A-Z]{1,3})\$?(\d+)$/.exec(exp.formula);
    if (only && !fileHoldsValue(bytes, only[1]?.replace(/''/g, "'") ?? only[2] ?? sheetName, `${only[3]}${only[4]}`)) excuse = 'stale cache (the one cell the formula names is empty in the file)';
    out.push({ file, cell: key, formula: exp.formula, functions: functionsOf(`=${exp.formula}`), expected, got: shown, ok, ...(computed ? {} : { notComputed: true }), ...(excuse ? { excluded: excuse } : {}) });
  }
  wb.destroy();
  return out;
}

/**
 * Cells whose value comes from a volatile function, directly or through other cells (a Wordle
 * template draws its word with RANDBETWEEN; calendars start at TODAY()): Excel computed those at
 * another moment, so they are not compared. Keys as in the oracle ("Sheet!A1").
 */
export function volatileDependents(wb: Workbook, oracle: Map<string, { formula: string }>): Set<string> {
  const out = new Set<string>();
  const engine = wb.engine;
  const seeds = [...oracle.entries()].filter(([, v]) => VOLATILE.test(v.formula)).map(([k]) => k);
  if (!engine || !seeds.length) {
    for (const k of seeds) out.add(k);
    return out;
  }
  const hf = engine.hf;
  const todo = seeds.map((k) => hf.simpleCellAddressFromString(k.replace(/^(.*)!/, (_, s: string) => `'${s.replace(/'/g, "''")}'!`), 0)).filter((a) => a !== undefined);
  const seen = new Set<string>();
  // A range that holds a volatile cell (MINIFS over TODAY()'s column) passes it on to the range's own dependents.
  const queue: Parameters<typeof hf.getCellDependents>[0][] = todo;
  while (queue.length) {
    const a = queue.pop()!;
    const isRange = 'start' in a;
    const key = isRange ? `${a.start.sheet}:${cellToA1(a.start)}:${cellToA1(a.end)}` : `${hf.getSheetName(a.sheet)}!${cellToA1(a)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!isRange) out.add(key);
    queue.push(...hf.getCellDependents(a));
  }
  wb.destroy();
  return out;
}

export interface Summary {
  files: number;
  cells: number;
  ok: number;
  notComputed: number;
  /** Cells set apart by a rule of oracleExcuse, by rule; not in `cells`. */
  excluded: Record<string, number>;
  functions: { name: string; cells: number; ok: number }[];
}

export function summarize(all: CellResult[]): Summary {
  const byFn = new Map<string, { cells: number; ok: number }>();
  const excluded: Record<string, number> = {};
  for (const r of all) if (r.excluded) excluded[r.excluded] = (excluded[r.excluded] ?? 0) + 1;
  const results = all.filter((r) => !r.excluded);
  for (const r of results) {
    for (const f of r.functions) {
      const s = byFn.get(f) ?? { cells: 0, ok: 0 };
      s.cells++;
      if (r.ok) s.ok++;
      byFn.set(f, s);
    }
  }
  return {
    files: new Set(all.map((r) => r.file)).size,
    cells: results.length,
    ok: results.filter((r) => r.ok).length,
    notComputed: results.filter((r) => r.notComputed).length,
    excluded,
    functions: [...byFn.entries()].map(([name, s]) => ({ name, ...s })).sort((a, b) => b.cells - b.ok - (a.cells - a.ok)),
  };
}
