// Files made by other programs for the import tests: openpyxl and pandas write book.xlsx and CSV
// files in several encodings (py/make_files.py), LibreOffice headless recalculates the workbook
// (cached values, the oracle for formula results) and saves it as .xls, and hyparquet-writer
// writes the Parquet file (no pyarrow in Debian's packages). openpyxl reads files back
// (py/dump_xlsx.py) so results are compared with what another program sees.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { LIBREOFFICE_PACKAGE, sofficeMissing } from './libreoffice.ts';
import { ROOT } from './paths.ts';

export const PYTHON = process.env.SHEETS_PYTHON ?? '/usr/bin/python3';
const PY_DIR = join(ROOT, 'test/helpers/py');

/** Why the fixtures cannot be made here, or undefined. */
export function fixturesMissing(): string | undefined {
  const py = spawnSync(PYTHON, ['-c', 'import openpyxl, pandas'], { encoding: 'utf8' });
  if (py.status !== 0) return `${PYTHON} with openpyxl and pandas not found: install the Debian packages python3-openpyxl python3-pandas`;
  const lo = sofficeMissing();
  return lo ? `${lo} (${LIBREOFFICE_PACKAGE})` : undefined;
}

export function skipUnlessFixtures(title: string): boolean {
  const missing = fixturesMissing();
  if (missing && process.env.CI !== 'true') {
    console.warn(`${title}: skipped: ${missing}`);
    return true;
  }
  return false;
}

function run(cmd: string, args: string[], timeout = 120_000): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.error}`);
  return r.stdout;
}

export function soffice(dir: string, to: string, file: string, outdir: string): void {
  run('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', to, '--outdir', outdir, file], 120_000);
}

export interface Fixtures {
  dir: string;
  path(name: string): string;
  bytes(name: string): Buffer;
  b64(name: string): string;
  cleanup(): void;
}

/** Parquet columns covering the types the import maps (ints, floats, decimals, dates, timestamps, text, booleans, nulls). */
export const PARQUET_ROWS = {
  id: [1, 2, 3, null],
  big: [1n, 9007199254740993n, -5n, 0n],
  price: [1.5, -2.25, 0, 1e10],
  amount: [123.45, -0.5, 0, 999.99],
  day: [new Date(Date.UTC(2024, 0, 15)), new Date(Date.UTC(1999, 11, 31)), null, new Date(Date.UTC(2020, 1, 29))],
  at: [new Date(Date.UTC(2024, 0, 15, 13, 45, 30)), null, new Date(Date.UTC(2000, 0, 1, 0, 0, 0)), new Date(Date.UTC(2024, 5, 30, 23, 59, 59))],
  name: ['Ann', 'Bö', null, 'comma, text'],
  ok: [true, false, null, true],
};

/** The Parquet schema of PARQUET_ROWS' columns, in their order. */
export const PARQUET_SCHEMA = [
  { name: 'root', num_children: 8 },
  { name: 'id', type: 'INT32', repetition_type: 'OPTIONAL' },
  { name: 'big', type: 'INT64', repetition_type: 'OPTIONAL' },
  { name: 'price', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
  { name: 'amount', type: 'INT32', converted_type: 'DECIMAL', scale: 2, precision: 9, repetition_type: 'OPTIONAL' },
  { name: 'day', type: 'INT32', converted_type: 'DATE', repetition_type: 'OPTIONAL' },
  { name: 'at', type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', repetition_type: 'OPTIONAL' },
  { name: 'name', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'ok', type: 'BOOLEAN', repetition_type: 'OPTIONAL' },
];

export function parquetBytes(): Buffer {
  const r = PARQUET_ROWS;
  const buf = parquetWriteBuffer({
    columnData: [
      { name: 'id', data: r.id },
      { name: 'big', data: r.big },
      { name: 'price', data: r.price },
      { name: 'amount', data: r.amount },
      { name: 'day', data: r.day },
      { name: 'at', data: r.at },
      { name: 'name', data: r.name },
      { name: 'ok', data: r.ok },
    ],
    schema: PARQUET_SCHEMA,
  } as never);
  return Buffer.from(buf);
}

/** Makes every fixture in a fresh directory (LibreOffice runs take ~10 s each). */
export function makeFixtures(): Fixtures {
  const dir = mkdtempSync(join(tmpdir(), 'io-fixtures-'));
  run(PYTHON, [join(PY_DIR, 'make_files.py'), dir]);
  const lo = join(dir, 'lo');
  mkdirSync(lo);
  soffice(dir, 'xlsx', join(dir, 'book.xlsx'), lo);
  soffice(dir, 'xls', join(dir, 'book.xlsx'), lo);
  writeFileSync(join(dir, 'data.parquet'), parquetBytes());
  const path = (name: string) => join(dir, name);
  return {
    dir,
    path,
    bytes: (name) => readFileSync(path(name)),
    b64: (name) => readFileSync(path(name)).toString('base64'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface DumpCell {
  value: unknown;
  formula: string | null;
  number_format: string;
  bold: boolean;
  italic: boolean;
  font_color: string | null;
  font_size: number | null;
  fill: string | null;
  align: string | null;
  valign: string | null;
  wrap: boolean;
  borders: Record<string, string>;
}

export type Dump = Record<string, { cells: Record<string, DumpCell>; merges: string[]; widths: Record<string, number>; heights: Record<string, number>; freeze: string | null; order: number }>;

/** What openpyxl reads from an xlsx file. */
export function dumpXlsx(file: string): Dump {
  return JSON.parse(run(PYTHON, [join(PY_DIR, 'dump_xlsx.py'), file])) as Dump;
}
