// `npx tsx scripts/format-table.ts [dir ...]`: the table of Excel's own number-format results. Every formula
// cell of the Excel-saved workbooks (test/fixtures/excel/ and test/fixtures/corpus/ when present,
// or the folders given) whose formula is TEXT(value, code) is imported as the service imports it;
// its two arguments are computed here and Excel's cached string is the expected text. Writes
// test/fixtures/number-formats/excel-text.json, which test/number-format.test.ts runs the engine over.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseCell } from '../core/a1.ts';
import { isRich } from '../core/workbook/cell.ts';
import { isDate1904 } from '../core/workbook/date-system.ts';
import { cachedValues, fixtureFiles, importWithReport } from '../test/helpers/excel-fidelity.ts';

const ROOT = new URL('../test/fixtures/', import.meta.url).pathname;
const dirs = process.argv.slice(2).length ? process.argv.slice(2) : [`${ROOT}excel/`, `${ROOT}corpus/`].filter((d) => existsSync(d));

/** The arguments of a call written as the whole formula (`=TEXT(a, b)`), split at top-level commas. */
function wholeCall(formula: string, name: string): string[] | undefined {
  const m = new RegExp(`^=?\\s*${name}\\(`, 'i').exec(formula);
  if (!m || !formula.trimEnd().endsWith(')')) return undefined;
  const body = formula.trimEnd().slice(m[0].length, -1);
  const args: string[] = [];
  let depth = 0, quoted = false, start = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') depth--;
    else if (depth < 0) return undefined;
    else if (ch === ',' && depth === 0) {
      args.push(body.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) return undefined;
  args.push(body.slice(start));
  return args.map((a) => a.trim());
}

export interface ExcelTextCase {
  source: string;
  value: number | string | boolean;
  code: string;
  /** Excel's cached result: the text, or the error it returned. */
  excel: string;
  /** The workbook counts dates in Excel's 1904 system. */
  date1904?: true;
}

const rows: ExcelTextCase[] = [];
for (const dir of dirs) {
  for (const path of fixtureFiles(dir)) {
    const bytes = readFileSync(path);
    const oracle = cachedValues(bytes);
    if (![...oracle.values()].some((o) => /TEXT\(/i.test(o.formula))) continue;
    const { wb } = await importWithReport(bytes);
    const hf = wb.engine?.hf;
    const date1904 = isDate1904(wb);
    for (const [key, exp] of oracle) {
      const sheetName = key.slice(0, key.lastIndexOf('!')), a1 = key.slice(key.lastIndexOf('!') + 1);
      const sheet = wb.findSheet(sheetName);
      const cell = sheet?.get(parseCell(a1).addr.row, parseCell(a1).addr.col);
      const formula = isRich(cell) ? cell.f : undefined;
      const args = formula ? wholeCall(formula, '(?:_xlfn\\.)?TEXT') : undefined;
      if (!hf || !args || args.length !== 2) continue;
      const sheetId = hf.getSheetId(sheetName);
      if (sheetId === undefined) continue;
      const [value, code] = args.map((a) => hf.calculateFormula(`=${a}`, sheetId));
      if (typeof code !== 'string' || (typeof value !== 'number' && typeof value !== 'string' && typeof value !== 'boolean')) continue;
      const excel = exp.error ?? (exp.value === undefined ? '' : String(exp.value));
      rows.push({ source: `${relative(ROOT, path)}!${key}`, value, code, excel, ...(date1904 ? { date1904: true as const } : {}) });
    }
    wb.destroy();
  }
}
writeFileSync(`${ROOT}number-formats/excel-text.json`, `${JSON.stringify(rows, null, 0).replace(/\},\{/g, '},\n{')}\n`);
process.stdout.write(`${rows.length} TEXT cells with Excel's cached result\n`);
