// Cheap tests of whether a formula may name a sheet or a defined name, run over every formula of a
// workbook before the engine is built or a name changes (a parse costs ~70 µs a formula, these
// under 1 µs). They are supersets on purpose: a sheet named inside a string counts too, which is
// what INDIRECT("Data!A1") needs (the engine must hold Data to read it).
import { sheetText } from './print.ts';

const WORD = /[\p{L}\p{N}_.]/u;

/** Does the text name the sheet before a '!' (Data!A1, 'My data'!A1, "Data!A1")? Case-insensitive. */
export function mayNameSheet(formula: string, sheet: string): boolean {
  const f = formula.toLowerCase();
  const n = sheet.toLowerCase();
  if (f.includes(`'${n.replace(/'/g, "''")}'!`)) return true;
  // Unquoted, the name must stand alone (Data! is not in MyData!).
  const plain = sheetText(sheet) === sheet ? `${n}!` : undefined;
  if (plain === undefined) return f.includes(`${n}!`);
  for (let i = f.indexOf(plain); i >= 0; i = f.indexOf(plain, i + 1)) if (i === 0 || !WORD.test(f[i - 1]!)) return true;
  return false;
}

/** Does the text hold the name as a whole word (Sales, not Sales2 nor MySales nor Sales.Amount)? Case-insensitive. */
export function mayNameName(formula: string, name: string): boolean {
  const f = formula.toLowerCase();
  const n = name.toLowerCase();
  for (let i = f.indexOf(n); i >= 0; i = f.indexOf(n, i + 1)) {
    const before = f[i - 1], after = f[i + n.length];
    if ((before === undefined || !WORD.test(before)) && (after === undefined || !WORD.test(after))) return true;
  }
  return false;
}
