// Formulas go back to xlsx as the file wrote them (issue 33): a legacy formula's ranges that Excel
// intersects by itself without _xlfn.SINGLE, and LibreOffice's NETWORKDAYS.INTL without the _xlfn.
// Excel would write. Real files from the corpus, imported and exported as the service does; a
// formula the service writes goes out as Excel writes it. Reads show Excel 365's @.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lazyContext, shownFormulaOf } from '../core/io/excel-text.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { atAsSingle } from '../core/workbook/implicit-intersection.ts';
import { applyStructure } from '../core/workbook/structure.ts';
import type { Workbook } from '../core/workbook/workbook.ts';
import { importWithReport } from './helpers/excel-fidelity.ts';
import { put } from './helpers/memory-workbook.ts';

const CORPUS = new URL('./fixtures/corpus/', import.meta.url).pathname;
const noSteps = async () => undefined;
const unescape = (x: string) => x.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Each cell's formula element of a sheet's XML: its attributes and text. */
function formulaCells(xml: string): Map<string, { attrs: string; text: string }> {
  const out = new Map<string, { attrs: string; text: string }>();
  for (const m of xml.matchAll(/<c r="([A-Z]+\d+)"[^>]*>\s*<f([^>]*?)(?:\/>|>([^<]*)<\/f>)/g)) out.set(m[1]!, { attrs: m[2]!, text: unescape(m[3] ?? '') });
  return out;
}

const sheetXml = (bytes: Buffer | Uint8Array, i: number) => readZipEntry(Buffer.from(bytes), `xl/worksheets/sheet${i + 1}.xml`)!.toString('utf8');
const exported = async (wb: Workbook, sheet: string) => formulaCells(sheetXml(await workbookToXlsx(wb, noSteps), wb.sheets.findIndex((s) => s.name === sheet)));

/** The sheet part of the original file holding `sheet` (the files name them sheet1..n in order). */
function originalPart(bytes: Buffer, sheet: string): string {
  const book = readZipEntry(bytes, 'xl/workbook.xml')!.toString('utf8');
  const rid = new RegExp(`<sheet [^>]*name="${sheet}"[^>]*r:id="([^"]+)"`).exec(book)![1];
  const rels = readZipEntry(bytes, 'xl/_rels/workbook.xml.rels')!.toString('utf8');
  const target = new RegExp(`<Relationship [^>]*Id="${rid}"[^>]*Target="([^"]+)"|<Relationship [^>]*Target="([^"]+)"[^>]*Id="${rid}"`).exec(rels)!;
  return readZipEntry(bytes, `xl/${(target[1] ?? target[2])!.replace(/^\/?xl\//, '')}`)!.toString('utf8');
}

const FILES: [string, string, Record<string, string>][] = [
  ['poi/spreadsheet/FormulaEvalTestData_Copy.xlsx', 'EverythingTests', { K23: 'C7+G7:J7', H27: 'K7:L10&D7&F7', O31: 'G7:J7/B8' }],
  ['npoi/spreadsheet/FormulaEvalTestData_Copy.xlsx', 'EverythingTests', { K23: 'C7+G7:J7', H27: 'K7:L10&D7&F7', O31: 'G7:J7/B8' }],
  ['closedxml/ClosedXML.Tests/Resource/TryToLoad/LO/xlsx/functions-excel-2010.xlsx', 'Sheet1', { B43: 'NETWORKDAYS.INTL(H3,H5,1,H4)', B75: 'WORKDAY.INTL(H3,H5,1,H4 )' }],
  ['sheetjs/formula_stress_test.xlsx', 'Date', { B25: 'NETWORKDAYS.INTL(C20,D20,C25)', B27: 'WORKDAY.INTL(C20,123,17)' }],
];

describe('formulas go back to xlsx as the file wrote them', () => {
  it.each(FILES)('%s: every formula of the sheet goes out character for character', async (path, sheet, named) => {
    const bytes = readFileSync(`${CORPUS}${path}`);
    const before = formulaCells(originalPart(bytes, sheet));
    const wb = (await importWithReport(bytes)).wb;
    const after = await exported(wb, sheet);
    for (const [cell, text] of Object.entries(named)) expect(after.get(cell), cell).toEqual({ attrs: '', text });
    const plain = [...before].filter(([, f]) => f.attrs === '' && f.text);
    expect(plain.length).toBeGreaterThan(20);
    expect(plain.filter(([cell, f]) => after.get(cell)?.text !== f.text || after.get(cell)?.attrs !== '').map(([cell]) => cell)).toEqual([]);
  });

  it('reads show a legacy implicit intersection with @, as Excel 365 does, and the cell below stays a value', async () => {
    const wb = (await importWithReport(readFileSync(`${CORPUS}${FILES[0]![0]}`))).wb;
    const sheet = wb.sheet('EverythingTests');
    const shown = (a: [number, number]) => shownFormulaOf(lazyContext(wb), sheet.name, a[0], sheet.get(a[0], a[1]));
    expect(shown([22, 10])).toBe('=C7+@G7:J7');
    expect(shown([26, 7])).toBe('=@K7:L10&D7&F7');
    // K24 holds the #VALUE! Excel showed above it, typed as a value: not a spill of K23's formula.
    expect(sheet.get(23, 10)).toEqual({ e: '#VALUE!', s: expect.any(Number) });
    expect(sheet.get(22, 10)).toMatchObject({ e: '#VALUE!' });
  });

  it('a formula the service moves or writes goes out as Excel writes it for its cell', async () => {
    const wb = (await importWithReport(readFileSync(`${CORPUS}${FILES[0]![0]}`))).wb;
    const sheet = wb.sheet('EverythingTests');
    await applyStructure(wb, sheet, [{ kind: 'insert', axis: 'row', at: 0, count: 1 }]);
    // As set_formula stores what an agent types: Excel's @ as the engine's SINGLE.
    await put(wb, sheet.name, 'Z1', [[atAsSingle('=SUM(@G8:J8)'), atAsSingle('=@G8:J8*2'), '=NETWORKDAYS.INTL(A1,A2)']]);
    const after = await exported(wb, sheet.name);
    // Moved down a row: still intersected by Excel itself, no SINGLE.
    expect(after.get('K24')).toEqual({ attrs: '', text: 'C8+G8:J8' });
    expect(after.get('O32')).toEqual({ attrs: '', text: 'G8:J8/B9' });
    // An @ Excel would not put there itself stays explicit; an implied one goes; prefixes as Excel writes them.
    expect(after.get('Z1')).toEqual({ attrs: '', text: 'SUM(_xlfn.SINGLE(G8:J8))' });
    expect(after.get('AA1')).toEqual({ attrs: '', text: 'G8:J8*2' });
    expect(after.get('AB1')).toEqual({ attrs: '', text: '_xlfn.NETWORKDAYS.INTL(A1,A2)' });
  });

  it('a kept text an edit rewrites takes Excel\'s prefixes: it is the service\'s formula now', async () => {
    const wb = (await importWithReport(readFileSync(`${CORPUS}${FILES[2]![0]}`))).wb;
    await applyStructure(wb, wb.sheet('Sheet1'), [{ kind: 'insert', axis: 'row', at: 0, count: 1 }]);
    const after = await exported(wb, 'Sheet1');
    expect(after.get('B44')).toEqual({ attrs: '', text: '_xlfn.NETWORKDAYS.INTL(H4,H6,1,H5)' });
    expect(after.get('B76')).toEqual({ attrs: '', text: '_xlfn.WORKDAY.INTL(H4,H6,1,H5 )' });
  });
});
