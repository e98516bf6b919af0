// Formulas against Excel's own results over the wider corpus (test/fixtures/corpus/, 17 public
// projects' Excel-saved workbooks, SOURCES.md): each formula cell computed as the service computes
// it and compared with the value Excel cached. The whole corpus takes many minutes, so CI runs a
// fixed sample, test/fixtures/corpus/ci-sample.txt: every other file (in path order) of the files
// holding 1 to 20 formula cells, plus a Strict OOXML file whose dates are cached as ISO text.
// `npm run fidelity -- --dir test/fixtures/corpus` measures the whole corpus (docs/excel-fidelity.md).
// Differences that are the oracle's (rules in oracleExcuse) are counted apart, never dropped.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { isoDateSerial } from '../core/io/xlsx-read-cells.ts';
import { cachedValues, compareWorkbook, oracleExcuse, summarize, type CellResult } from './helpers/excel-fidelity.ts';
import { importFormula } from '../core/io/formula-import.ts';
import { isRich } from '../core/workbook/cell.ts';
import { memoryWorkbook } from './helpers/memory-workbook.ts';

const CORPUS = new URL('./fixtures/corpus/', import.meta.url).pathname;
const SAMPLE = readFileSync(`${CORPUS}ci-sample.txt`, 'utf8').split('\n').filter(Boolean);

/** Cells of the sample equal to Excel's cached value, and their share, as of the last raise. */
const CELLS_EQUAL_AT_LEAST = 582;
const SHARE_AT_LEAST = 0.949;

describe("the corpus's formulas compared with Excel's cached values", () => {
  it('do not fall below the recorded agreement on the CI sample', { timeout: 600_000 }, async () => {
    const results: CellResult[] = [];
    for (const file of SAMPLE) results.push(...(await compareWorkbook(`${CORPUS}${file}`, CORPUS)));
    const s = summarize(results);
    console.log(`${s.files} files, ${s.cells} formula cells, ${s.ok} equal to Excel (${((100 * s.ok) / s.cells).toFixed(2)}%), ${s.notComputed} not computed; set apart: ${JSON.stringify(s.excluded)}`);
    expect(s.files).toBe(SAMPLE.length);
    expect(s.ok).toBeGreaterThanOrEqual(CELLS_EQUAL_AT_LEAST);
    expect(s.ok / s.cells).toBeGreaterThanOrEqual(SHARE_AT_LEAST);
  });

  it('reads Strict OOXML dates (t="d", ISO 8601) as the serials Excel shows', () => {
    // Excel's values: the same cells in the transitional copies of these files hold these serials.
    expect(isoDateSerial('2009-05-11')).toBe(39944);
    expect(isoDateSerial('1900-01-01')).toBe(1);
    expect(isoDateSerial('1900-03-01')).toBe(61);
    expect(isoDateSerial('12:00:00.000')).toBe(0.5);
    expect(isoDateSerial('2021-04-20T06:00:00')).toBe(44306.25);
    expect(isoDateSerial('2009-06-15', true)).toBe(38517);
    expect(isoDateSerial('not a date')).toBe('not a date');
  });

  it('formulas over Strict OOXML dates give what Excel cached', async () => {
    const results = await compareWorkbook(`${CORPUS}exceldatareader/strict/Test_num_double_date_bool_string.xlsx`, CORPUS);
    expect(results.filter((r) => r.formula === 'C2+7').every((r) => r.ok)).toBe(true);
    expect(results.find((r) => r.cell === 'Sheet1!C2')).toMatchObject({ expected: '39951', got: '39951', ok: true });
  });

  it('SUMX2MY2, SUMX2PY2 and SUMXMY2 answer #DIV/0! with no pair of numbers, as Excel cached', async () => {
    const results = await compareWorkbook(`${CORPUS}npoi/spreadsheet/FormulaEvalTestData_Copy.xlsx`, CORPUS);
    const pairs = results.filter((r) => /^SUMX(2MY2|2PY2|MY2)\(/.test(r.formula) && !r.excluded);
    expect(pairs.length).toBeGreaterThanOrEqual(25);
    expect(pairs.filter((r) => r.expected === '#DIV/0!').length).toBeGreaterThanOrEqual(8);
    expect(pairs.filter((r) => !r.ok)).toEqual([]);
  });

  it('VDB from a fractional start period gives what Excel cached (periods laid out from the start)', async () => {
    const results = await compareWorkbook(`${CORPUS}xlcalculator/VDB.xlsx`, CORPUS);
    const vdb = results.filter((r) => r.functions.includes('VDB'));
    expect(vdb.filter((r) => /VDB\(\$A\$19,0,\$A\$20,(B2[4-9]|B3\d|1[1-3]\.5)/.test(r.formula)).length).toBeGreaterThanOrEqual(15);
    expect(vdb.filter((r) => !r.ok)).toEqual([]);
    // The cells that halve a fractional period's depreciation follow it.
    expect(results.filter((r) => r.cell === 'Sheet1!F36' || r.cell === 'Sheet1!F23')).toMatchObject([{ expected: '0.03436314522734203', ok: true }, { expected: '0.03436314522734203', ok: true }]);
  });

  it('computes formulas whose ranges lost an end to a deletion (#REF!:#REF!) to the #REF! Excel cached', async () => {
    // The formulas of a corpus workbook (265 cells; importing it whole takes a minute), each
    // imported as the file's formula is and computed in a workbook of its own.
    const oracle = [...cachedValues(readFileSync(`${CORPUS}umya-spreadsheet/issue_216.xlsx`)).values()].filter((c) => /#REF!:|:#REF!/.test(c.formula));
    expect(oracle.length).toBe(265);
    const distinct = [...new Map(oracle.map((c) => [c.formula, c])).values()];
    expect(distinct.length).toBeGreaterThanOrEqual(2);
    for (const c of distinct) {
      const { cell } = importFormula(c.formula, undefined, undefined, { legacy: true });
      expect(cell.k).toBeUndefined();
      // Export writes the file's text back.
      expect(cell.x).toBe(c.formula);
      const wb = memoryWorkbook(['Military']);
      await wb.writeCells(wb.sheets[0]!, 9, 1, [[{ f: cell.f!, x: cell.x }]]);
      const got = wb.sheets[0]!.get(9, 1);
      expect(isRich(got) && got.e).toBe(c.error);
      wb.destroy();
    }
  });

  it('resolves a structured reference without a table name to the table holding the formula (totals rows)', async () => {
    const results = await compareWorkbook(`${CORPUS}xlsxwriter/xlsx_files/table17.xlsx`, CORPUS);
    const totals = results.filter((r) => /^SUBTOTAL\(1\d\d,\[Column\d+\]\)$/.test(r.formula));
    expect(totals.length).toBe(8);
    expect(totals.filter((r) => !r.ok)).toEqual([]);
    expect(totals.filter((r) => r.expected !== '0').map((r) => [r.cell, r.got])).toEqual([['Sheet1!G6', '5'], ['Sheet1!I6', '3']]);
  });

  it('matches a column whose header has a line break (CR LF in the formula, _x000a_ in the table part)', async () => {
    const results = await compareWorkbook(`${CORPUS}closedxml/ClosedXML.Tests/Resource/TryToLoad/TableHeadersWithLineBreaks.xlsx`, CORPUS);
    const sums = results.filter((r) => r.formula.includes('\n'));
    expect(sums.map((r) => [r.cell, r.expected, r.ok, !!r.notComputed])).toEqual([['Sheet1!H7', '33059', true, false], ['Sheet1!I7', '35156.490000000005', true, false]]);
  });

  it('MODE answers #VALUE! for an argument that is one value and not a number; AVEDEV and DEVSQ #NUM! with no number, as Excel cached', async () => {
    for (const file of ['npoi/spreadsheet/FormulaEvalTestData_Copy.xlsx', 'poi/spreadsheet/FormulaEvalTestData_Copy.xlsx']) {
      const results = await compareWorkbook(`${CORPUS}${file}`, CORPUS);
      const at = (cell: string) => results.find((r) => r.cell === `EverythingTests!${cell}`);
      // MODE(C9,E16,"1",B8), MODE(B8,"1",2,3), MODE(B9,2,D7) with D7 empty; AVEDEV of text cells; DEVSQ of text cells.
      for (const cell of ['G936', 'H936', 'M936', 'F176', 'G176', 'H392']) expect(at(cell), cell).toMatchObject({ ok: true });
      expect([at('M936')!.expected, at('F176')!.expected, at('H392')!.expected]).toEqual(['#VALUE!', '#NUM!', '#NUM!']);
      // Ranges still skip what is not a number.
      expect(at('J936')).toMatchObject({ formula: 'MODE(E7:G9)', expected: '1', ok: true });
    }
  });

  it('set apart only differences a named rule explains', () => {
    const book = { manual: false, iterate: false };
    expect(oracleExcuse('0', '#CYCLE!', book)).toMatch(/circular reference/);
    // With iteration on, Excel computed the cycle: a difference of ours.
    expect(oracleExcuse('0', '#CYCLE!', { ...book, iterate: true })).toBeUndefined();
    expect(oracleExcuse('5', '#CYCLE!', book)).toBeUndefined();
    expect(oracleExcuse('12', '11', { ...book, manual: true })).toMatch(/calc mode manual/);
    expect(oracleExcuse('1537', '1537', book, 'CUBEVALUE("ThisWorkbookDataModel",A1)', true)).toMatch(/outside the workbook/);
    expect(oracleExcuse('0', '0', book, 'tround(IF(F4*0.062>612.25,612.25,F4*0.062))', true)).toMatch(/not Excel's/);
    expect(oracleExcuse('3', '3', book, "SUM('Sheet (2)'!A1:A3)", true)).toBeUndefined();
    expect(oracleExcuse('$1.00', '$1.00', book, 'USDOLLAR(B8)', true)).toBeUndefined();
    expect(oracleExcuse('3', '4', book, 'SUM(A1:A3)')).toBeUndefined();
  });
});
