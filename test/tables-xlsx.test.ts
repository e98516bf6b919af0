// Data tables through xlsx: Excel tables come in as data tables (name, columns, totals row,
// style) and go out as Excel tables again; formulas name their columns as Excel does
// (Sales[Unit Price]), or name the cells where a table cannot go out as one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areas } from '../core/areas.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readTables } from '../core/io/xlsx-tables.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { makeTable } from '../core/tables/create.ts';
import { syncNames } from '../core/workbook/defined-names.ts';
import { FIXTURES, importWithReport } from './helpers/excel-fidelity.ts';
import { memoryWorkbook, put, shown } from './helpers/memory-workbook.ts';

const noSteps = async () => undefined;
const sheetXml = (bytes: Buffer, n = 1) => readZipEntry(bytes, `xl/worksheets/sheet${n}.xml`)!.toString('utf8');

describe('data tables in xlsx', () => {
  it("keeps XlsxWriter's Excel table (made in Excel) through import and export: name, range, totals row, style", async () => {
    const bytes = readFileSync(`${FIXTURES}features/xlsxwriter/table33.xlsx`);
    const { wb, warnings } = await importWithReport(bytes);
    expect(warnings.join('\n')).not.toMatch(/tables/);
    const [before] = readTables(bytes);
    const after = readTables(await workbookToXlsx(wb, noSteps));
    expect(after).toEqual([before]);
  });

  it('writes a table made here as an Excel table, and its column names in formulas as structured references', async () => {
    const wb = memoryWorkbook(['Data', 'Report'], areas);
    await put(wb, 'Data', 'A1', [['Region', 'Unit Price', 'Cost $'], ['West', 2, 1], ['East', 3, 1]]);
    await makeTable(wb, wb.findSheet('Data')!, { r0: 0, r1: 2, c0: 0, c1: 2 }, 'Sales');
    await syncNames(wb);
    await put(wb, 'Report', 'A1', [['=SUM(Sales.Unit_Price)'], ['=ROWS(Sales)'], ['=SUM(Sales.Cost__)']]);
    expect(shown(wb, 'Report', 'A1:A3')).toEqual([['5'], ['2'], ['2']]);
    const bytes = await workbookToXlsx(wb, noSteps);
    expect(readTables(bytes)).toEqual([expect.objectContaining({ name: 'Sales', sheet: 'Data', rect: { r0: 0, r1: 2, c0: 0, c1: 2 }, headerRows: 1, totalsRows: 0, columns: ['Region', 'Unit Price', 'Cost $'] })]);
    const report = sheetXml(bytes, 2);
    expect(report).toContain('<f>SUM(Sales[Unit Price])</f>');
    expect(report).toContain('<f>ROWS(Sales)</f>');
    // A header with a special character goes in a second pair of brackets, as Excel needs it.
    expect(report).toContain('<f>SUM(Sales[[Cost $]])</f>');
    // Imported again, the structured reference is this service's column name again.
    const { wb: back } = await importWithReport(bytes);
    expect(back.findSheet('Report')!.get(0, 0)).toMatchObject({ f: '=SUM(Sales.Unit_Price)', v: 5 });
  });

  it('names the cells in formulas when a table cannot go out as an Excel table (a header that is not text)', async () => {
    const wb = memoryWorkbook(['Data'], areas);
    await put(wb, 'Data', 'A1', [['Region', 'Amount'], ['West', 2], ['East', 3]]);
    await makeTable(wb, wb.findSheet('Data')!, { r0: 0, r1: 2, c0: 0, c1: 1 }, 'Sales');
    await syncNames(wb);
    await put(wb, 'Data', 'A1', [['=UPPER("region")']]);
    await put(wb, 'Data', 'D1', [['=SUM(Sales.Amount)']]);
    const bytes = await workbookToXlsx(wb, noSteps);
    expect(readTables(bytes)).toEqual([]);
    expect(sheetXml(bytes)).toContain('<f>SUM(Data!$B$2:$B$3)</f>');
  });
  it('writes table names in conditional formats and validation rules as their cells (Excel takes no table references there)', async () => {
    const wb = memoryWorkbook(['Data'], areas);
    await put(wb, 'Data', 'A1', [['Region', 'Unit Price'], ['West', 2], ['East', 3]]);
    await makeTable(wb, wb.findSheet('Data')!, { r0: 0, r1: 2, c0: 0, c1: 1 }, 'Sales');
    const sheet = wb.findSheet('Data')!;
    sheet.meta.cond_formats = [{ id: 'cf_1', type: 'formula', range: { r0: 1, r1: 2, c0: 1, c1: 1 }, formula: '=IFS($B2>AVERAGE(Sales.Unit_Price),TRUE)', style: { bold: true }, apply_to_blank: false }];
    sheet.meta.validations = [{ id: 'dv_1', range: { r0: 1, r1: 9, c0: 3, c1: 3 }, kind: 'list', formula1: '=Sales.Region', allow_blank: true }];
    const xml = sheetXml(await workbookToXlsx(wb, noSteps));
    // (apply_to_blank: false goes out as AND(COUNTBLANK(top left)=0, the rule's formula).)
    expect(xml).toContain('<formula>AND(COUNTBLANK(B2)=0,_xlfn.IFS($B2&gt;AVERAGE(Data!$B$2:$B$3),TRUE))</formula>');
    expect(xml).toContain('<formula1>Data!$A$2:$A$3</formula1>');
  });

  it("keeps an Excel table without a header row (ironcalc's tables.xlsx, saved by Excel): its rows, its formulas as written, no filter", async () => {
    const bytes = readFileSync(`${FIXTURES}ironcalc/calc_test_no_export/tables.xlsx`);
    const { wb, warnings } = await importWithReport(bytes);
    expect(warnings.join('\n')).not.toMatch(/not kept: tables/);
    const table = wb.findSheet('No Headers')!.meta.tables!.find((t) => t.name === 'Table8')!;
    expect(table).toMatchObject({ no_header: true, rect: { r0: 2, r1: 6, c0: 1, c1: 5 } });
    const out = await workbookToXlsx(wb, noSteps);
    expect(readTables(out).find((t) => t.name === 'Table8')).toMatchObject({ headerRows: 0, rect: { r0: 2, r1: 7, c0: 1, c1: 5 }, columns: readTables(bytes).find((t) => t.name === 'Table8')!.columns });
    const part = [...Array(20).keys()].map((i) => readZipEntry(out, `xl/tables/table${i + 1}.xml`)?.toString('utf8')).find((x) => x?.includes('name="Table8"'))!;
    expect(part).toContain('headerRowCount="0"');
    expect(part).not.toContain('<autoFilter');
    const sheetIndex = wb.sheets.findIndex((s) => s.name === 'No Headers') + 1;
    expect(sheetXml(out, sheetIndex)).toContain('<f>Table8[[#This Row],[Column1]]*Table8[[#This Row],[Column2]]+Table8[[#This Row],[Column3]]</f>');
  });
});
