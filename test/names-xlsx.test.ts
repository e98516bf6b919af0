// Named ranges through xlsx: written as Excel's defined names (ranges, constants and formulas
// alike), read back from the file's own workbook part (exceljs keeps only plain ranges), and
// names that cannot be kept are listed in the import warnings.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyBook } from '../core/io/excel-apply.ts';
import { readXlsx } from '../core/io/xlsx-read.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { nameObjects } from '../core/names/hooks.ts';
import { addName, allNames } from '../core/names/model.ts';
import { syncNames } from '../core/workbook/defined-names.ts';
import { memoryWorkbook, put, shown } from './helpers/memory-workbook.ts';

const names = [{ name: 'names', objects: nameObjects }];
const noSteps = async () => undefined;

describe('named ranges in xlsx', () => {
  it('export as defined names and import back, computed', async () => {
    const wb = memoryWorkbook(['Sales Data', 'Report'], names);
    await put(wb, 'Sales Data', 'B1', [[100], [250]]);
    addName(wb, { name: 'Sales', refers_to: "='Sales Data'!$B$1:$B$2" });
    addName(wb, { name: 'tax_rate', refers_to: '=0.5' });
    addName(wb, { name: 'Doubled', refers_to: "='Sales Data'!$B$1*2" });
    await syncNames(wb);
    await put(wb, 'Report', 'A1', [['=SUM(Sales)*(1+tax_rate)+Doubled']]);
    expect(shown(wb, 'Report', 'A1')).toEqual([['725']]);

    const bytes = await workbookToXlsx(wb, noSteps);
    const xml = readZipEntry(bytes, 'xl/workbook.xml')!.toString('utf8');
    expect(xml).toMatch(/<definedName name="tax_rate">0\.5<\/definedName>/);
    expect(xml).toMatch(/<definedName name="Sales">(&apos;|')Sales Data(&apos;|')!\$B\$1:\$B\$2<\/definedName>/);

    const book = await readXlsx(bytes);
    expect(book.names).toEqual([
      { name: 'Sales', refersTo: "'Sales Data'!$B$1:$B$2" },
      { name: 'tax_rate', refersTo: '0.5' },
      { name: 'Doubled', refersTo: "'Sales Data'!$B$1*2" },
    ]);
    const copy = memoryWorkbook(['Sheet1'], names);
    const outcome = await applyBook(copy, book, noSteps);
    expect(outcome.warnings).toEqual([]);
    expect(allNames(copy).map(({ spec }) => [spec.name, spec.refers_to])).toEqual([
      ['Sales', "='Sales Data'!$B$1:$B$2"],
      ['tax_rate', '=0.5'],
      ['Doubled', "='Sales Data'!$B$1*2"],
    ]);
    await copy.rebuildEngine();
    expect(shown(copy, 'Report', 'A1')).toEqual([['725']]);
  });

  it('keeps a name over another workbook, and lists the names it could not keep in the warnings', async () => {
    const wb = memoryWorkbook(['S'], names);
    const book = { sheets: [], names: [{ name: 'ok', refersTo: 'S!$A$1' }, { name: 'Far', refersTo: '[1]Other!$A$1' }, { name: 'A1', refersTo: '1' }], warnings: [] };
    const outcome = await applyBook(wb, book, noSteps);
    // Excel keeps a name over another workbook's cells, and so does the import (the engine is not given it).
    expect(allNames(wb).map(({ spec }) => [spec.name, spec.refers_to])).toEqual([['ok', '=S!$A$1'], ['Far', '=[1]Other!$A$1']]);
    expect(outcome.warnings).toEqual([expect.stringMatching(/^1 defined name\(s\) were not kept: A1: 'A1' cannot be a name/)]);
  });

  it('a name the file lists twice in one scope is the later one; thousands of names (a real file with 3,659) all come in', async () => {
    const wb = memoryWorkbook(['S', 'T'], names);
    const book = { sheets: [], names: [{ name: 'rate', refersTo: 'S!$A$1' }, { name: 'Rate', refersTo: 'S!$A$2' }, { name: 'rate', sheet: 'T', refersTo: 'T!$B$1' }], warnings: [] };
    await applyBook(wb, book, noSteps);
    expect(allNames(wb).map(({ sheet, spec }) => [sheet.name, spec.name, spec.refers_to, !!spec.local])).toEqual([['S', 'Rate', '=S!$A$2', false], ['T', 'rate', '=T!$B$1', true]]);

    // ClosedXML's InvalidPrintTitles.xlsx: each name was checked against all the others, minutes of work.
    const file = await readXlsx(readFileSync(new URL('./fixtures/corpus/closedxml/ClosedXML.Tests/Resource/TryToLoad/InvalidPrintTitles.xlsx', import.meta.url)));
    const big = memoryWorkbook([], names);
    const outcome = await applyBook(big, file, noSteps);
    expect(file.names!.length).toBeGreaterThan(3_000);
    expect(allNames(big)).toHaveLength(3_659);
    expect(outcome.warnings.filter((w) => /defined name/.test(w))).toEqual([]);
  });
  it("keeps each sheet's own names in their scope, through export and import (a sheet named 2024 too)", async () => {
    const wb = memoryWorkbook(['Summary', '2024', 'Notes'], names);
    await put(wb, '2024', 'B1', [[0.1]]);
    addName(wb, { name: 'Rate', refers_to: '=0.05' });
    addName(wb, { name: 'Rate', refers_to: "='2024'!$B$1" }, wb.findSheet('2024'));
    addName(wb, { name: 'AddressLine1', refers_to: '="1 Main St"' }, wb.findSheet('Notes'));
    await syncNames(wb);
    await put(wb, 'Summary', 'A1', [['=Rate*100']]);
    await put(wb, '2024', 'A1', [['=Rate*100']]);
    await put(wb, 'Notes', 'A1', [['=AddressLine1']]);
    expect([shown(wb, 'Summary', 'A1'), shown(wb, '2024', 'A1'), shown(wb, 'Notes', 'A1')]).toEqual([[['5']], [['10']], [['1 Main St']]]);

    const bytes = await workbookToXlsx(wb, noSteps);
    const xml = readZipEntry(bytes, 'xl/workbook.xml')!.toString('utf8');
    expect(xml).toMatch(/<definedName name="Rate" localSheetId="1">(&apos;|')2024(&apos;|')!\$B\$1<\/definedName>/);
    expect(xml).toMatch(/<definedName name="AddressLine1" localSheetId="2">/);

    const copy = memoryWorkbook([], names);
    const outcome = await applyBook(copy, await readXlsx(bytes), noSteps);
    expect(outcome.warnings).toEqual([]);
    expect(allNames(copy).map((n) => [n.sheet.name, n.spec.name, n.spec.local ?? false])).toEqual([
      ['Summary', 'Rate', false],
      ['2024', 'Rate', true],
      ['Notes', 'AddressLine1', true],
    ]);
    await copy.rebuildEngine();
    expect([shown(copy, 'Summary', 'A1'), shown(copy, '2024', 'A1'), shown(copy, 'Notes', 'A1')]).toEqual([[['5']], [['10']], [['1 Main St']]]);
  });
});
