// LibreOffice as an oracle for formula results: writes a workbook (exceljs, no cached values),
// lets `soffice --headless` load it (which computes every formula) and export each sheet as CSV.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

export const LIBREOFFICE_PACKAGE = 'libreoffice-calc-nogui';

/** Why LibreOffice cannot be used here, or undefined when it can. */
export function sofficeMissing(): string | undefined {
  const r = spawnSync('soffice', ['--version'], { encoding: 'utf8', timeout: 20_000 });
  if (r.error || r.status !== 0) return `soffice not found: install the Debian package ${LIBREOFFICE_PACKAGE}`;
  return undefined;
}

export interface OracleCell {
  ref: string;
  value?: number | string | Date;
  formula?: string;
  /** Enter `formula` as an array (CSE) formula over this range, e.g. "B1:C3". */
  arrayRef?: string;
}

// Functions newer than Excel 2007 are stored with the _xlfn. prefix in xlsx; without it
// LibreOffice does not recognise them.
const XLFN = ['CONCAT', 'TEXTJOIN', 'IFS', 'SWITCH', 'MAXIFS', 'MINIFS', 'XOR', 'IFNA', 'DAYS', 'ISOWEEKNUM', 'STDEV.S', 'STDEV.P', 'VAR.S', 'VAR.P', 'CEILING.MATH', 'FLOOR.MATH', 'PERCENTILE.INC', 'QUARTILE.INC', 'MODE.SNGL', 'RANK.EQ', 'RANK.AVG', 'FORECAST.LINEAR', 'NORM.DIST', 'NORM.S.DIST', 'COVARIANCE.S', 'BITAND', 'BITOR', 'UNICHAR', 'UNICODE', 'SHEET', 'SHEETS', 'FORMULATEXT', 'ISFORMULA', 'ARABIC', 'BASE', 'DECIMAL', 'COT', 'SEC', 'CSC', 'ACOT'];
const XLFN_RE = new RegExp(`(?<![._A-Za-z])(${XLFN.map((n) => n.replace('.', '\\.')).join('|')})\\(`, 'g');

export function withXlfn(formula: string): string {
  return formula.replace(XLFN_RE, '_xlfn.$1(');
}

/**
 * Computes the given sheets in LibreOffice and returns each sheet's cells as the strings of its
 * CSV export (numbers unformatted to 15 significant digits, errors as #DIV/0!, Err:502, ...).
 */
export async function computeWithLibreOffice(sheets: Record<string, OracleCell[]>): Promise<Record<string, string[][]>> {
  const dir = mkdtempSync(join(tmpdir(), 'lo-oracle-'));
  try {
    const wb = new ExcelJS.Workbook();
    for (const [name, cells] of Object.entries(sheets)) {
      const ws = wb.addWorksheet(name);
      for (const c of cells) {
        const cell = ws.getCell(c.ref);
        if (c.formula !== undefined) {
          const formula = withXlfn(c.formula.replace(/^=/, ''));
          cell.value = (c.arrayRef ? { formula, shareType: 'array', ref: c.arrayRef } : { formula }) as ExcelJS.CellValue;
          // A plain number format, so that date results export as serial numbers.
          cell.numFmt = '0.###############';
        } else if (c.value !== undefined) cell.value = c.value;
      }
    }
    await wb.xlsx.writeFile(join(dir, 'book.xlsx'));
    // CSV filter options: comma, quote, UTF-8, from line 1, default formats, en-US, quote text,
    // no special numbers, not "as shown", values not formulas, ..., every sheet (-1) to its own file.
    const filter = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,true,false,false,false,false,-1';
    const r = spawnSync('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', filter, '--outdir', dir, join(dir, 'book.xlsx')], { encoding: 'utf8', timeout: 90_000 });
    if (r.status !== 0) throw new Error(`soffice failed (${r.status}): ${r.stderr || r.error}`);
    const out: Record<string, string[][]> = {};
    for (const name of Object.keys(sheets)) {
      const text = readFileSync(join(dir, `book-${name}.csv`), 'utf8');
      out[name] = Papa.parse<string[]>(text, { skipEmptyLines: false }).data;
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** LibreOffice's setting that recalculates every formula of an xlsx on load (it trusts cached values by default). */
const RECALC_ALWAYS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/**
 * Opens each .xlsx in LibreOffice headless, recalculating every formula, and saves it again as
 * .xlsx into `outDir` (same file names): what LibreOffice computes, as cached values a reader sees.
 * A file LibreOffice cannot open has no output. One soffice run for all files.
 */
export function recalcWithLibreOffice(files: string[], outDir: string): void {
  const profile = mkdtempSync(join(tmpdir(), 'lo-profile-'));
  try {
    mkdirSync(join(profile, 'user'), { recursive: true });
    writeFileSync(join(profile, 'user', 'registrymodifications.xcu'), RECALC_ALWAYS);
    mkdirSync(outDir, { recursive: true });
    const run = (list: string[]) => {
      const r = spawnSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', outDir, ...list], { encoding: 'utf8', timeout: 600_000 });
      if (r.status !== 0) throw new Error(`soffice failed (${r.status}): ${r.stderr || r.error}`);
    };
    run(files);
    // A file soffice cannot load can end the batch: the ones without output are tried alone.
    for (const f of files) if (!existsSync(join(outDir, basename(f)))) run([f]);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
