// What-if data tables ({=TABLE(row_input,col_input)}) through xlsx import, edits and export, on
// Excel-saved files of the corpus: the cells keep the values Excel cached and show Excel's
// formula, the definition follows inserted rows and goes back as <f t="dataTable">.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areas } from '../core/areas.ts';
import { applyBook } from '../core/io/excel-apply.ts';
import { readXlsx } from '../core/io/xlsx-read.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { applyStructure } from '../core/workbook/structure.ts';
import type { Workbook } from '../core/workbook/workbook.ts';
import { formulas, memoryWorkbook, put, shown } from './helpers/memory-workbook.ts';

const DIR = new URL('./fixtures/corpus/closedxml/ClosedXML.Tests/Resource/', import.meta.url).pathname;
const ONE_VARIABLE = `${DIR}TryToLoad/LO/xlsx/data-table/one-variable.xlsx`;
const KINDS = `${DIR}Other/Formulas/DataTableFormula-Excel-Input.xlsx`;
const noSteps = async () => undefined;

async function importFile(path: string): Promise<{ wb: Workbook; warnings: string[] }> {
  const wb = memoryWorkbook([], areas);
  const out = await applyBook(wb, await readXlsx(readFileSync(path)), noSteps);
  await wb.rebuildEngine();
  return { wb, warnings: out.warnings };
}

const context = (wb: Workbook) => areas.find((a) => a.name === 'whatif')!.context!.data_tables!(wb);
const sheetXml = (bytes: Buffer, n = 1) => readZipEntry(bytes, `xl/worksheets/sheet${n}.xml`)!.toString('utf8');
const dataTableElements = (xml: string) => [...xml.matchAll(/<c r="([A-Z]+\d+)"[^>]*><f ([^>]*t="dataTable"[^>]*)\/>/g)].map((m) => `${m[1]} ${m[2]}`);

describe('what-if data tables (LibreOffice test file saved by Excel: a column and a row table of one input)', () => {
  it('show Excel\'s {=TABLE()} with the values Excel cached, are listed in /context, and keep them when the sheet recomputes', async () => {
    const { wb, warnings } = await importFile(ONE_VARIABLE);
    expect(formulas(wb, 'One-Var', 'B5:B6')).toEqual([['{=TABLE(,A2)}'], ['{=TABLE(,A2)}']]);
    expect(formulas(wb, 'One-Var', 'E5:F5')).toEqual([['{=TABLE(B2,)}', '{=TABLE(B2,)}']]);
    expect(shown(wb, 'One-Var', 'B5:B11').flat()).toEqual(['2', '4', '6', '8', '10', '12', '14']);
    expect(shown(wb, 'One-Var', 'E5:I5')).toEqual([['10', '20', '30', '40', '50']]);
    expect(warnings).toContainEqual(expect.stringMatching(/^2 what-if data table\(s\)/));
    expect(await context(wb)).toEqual([
      expect.objectContaining({ sheet: 'One-Var', range: 'B5:B11', formula: '{=TABLE(,A2)}', col_input: 'A2', computed: false }),
      expect.objectContaining({ sheet: 'One-Var', range: 'E5:I5', formula: '{=TABLE(B2,)}', row_input: 'B2', computed: false }),
    ]);
    await put(wb, 'One-Var', 'A2', [[5]]);
    expect(shown(wb, 'One-Var', 'C2')).toEqual([['10']]);
    expect(shown(wb, 'One-Var', 'B5:B6')).toEqual([['2'], ['4']]);
  });

  it('go back to xlsx as Excel wrote them, and in again', async () => {
    const { wb } = await importFile(ONE_VARIABLE);
    const bytes = await workbookToXlsx(wb, noSteps);
    expect(dataTableElements(sheetXml(bytes))).toEqual(['B5 t="dataTable" ref="B5:B11" dt2D="0" dtr="0" r1="A2"', 'E5 t="dataTable" ref="E5:I5" dt2D="0" dtr="1" r1="B2"']);
    const back = await readXlsx(bytes);
    const cells: Record<string, unknown> = {};
    back.sheets[0]!.forEachCell((c) => void (c.col === 1 && c.row >= 4 && (cells[c.row] = c.value)));
    expect(cells).toEqual({ 4: 2, 5: 4, 6: 6, 7: 8, 8: 10, 9: 12, 10: 14 });
  });

  it('move with rows and columns inserted above and before them, their input cells too', async () => {
    const { wb } = await importFile(ONE_VARIABLE);
    await applyStructure(wb, wb.sheet('One-Var'), [{ kind: 'insert', axis: 'row', at: 0, count: 1 }]);
    await applyStructure(wb, wb.sheet('One-Var'), [{ kind: 'insert', axis: 'col', at: 0, count: 1 }]);
    expect(formulas(wb, 'One-Var', 'C6')).toEqual([['{=TABLE(,B3)}']]);
    expect(shown(wb, 'One-Var', 'C6:C7')).toEqual([['2'], ['4']]);
    const xml = sheetXml(await workbookToXlsx(wb, noSteps));
    expect(dataTableElements(xml)).toEqual(['C6 t="dataTable" ref="C6:C12" dt2D="0" dtr="0" r1="B3"', 'F6 t="dataTable" ref="F6:J6" dt2D="0" dtr="1" r1="C3"']);
  });

  it('a table one of whose cells was typed over goes out as plain values', async () => {
    const { wb } = await importFile(ONE_VARIABLE);
    await put(wb, 'One-Var', 'B7', [[99]]);
    const xml = sheetXml(await workbookToXlsx(wb, noSteps));
    expect(dataTableElements(xml)).toEqual(['E5 t="dataTable" ref="E5:I5" dt2D="0" dtr="1" r1="B2"']);
    expect(xml).toMatch(/<c r="B5"[^>]*><v>2<\/v><\/c>/);
  });
});

describe('every kind of data table Excel writes (ClosedXML test file: rows, columns, two inputs, text results, deleted inputs)', () => {
  it('round-trips each definition and cached value', async () => {
    const { wb } = await importFile(KINDS);
    expect(formulas(wb, '2D', 'C5')).toEqual([['{=TABLE(B2,B1)}']]);
    expect(formulas(wb, '1D Row - Deleted Input', 'C3')).toEqual([['{=TABLE(#REF!,)}']]);
    expect(shown(wb, '1D Column', 'C4:D4')).toEqual([['AA', 'BB']]);
    const bytes = await workbookToXlsx(wb, noSteps);
    const sheets = wb.sheets.map((s, i) => [s.name, dataTableElements(sheetXml(bytes, i + 1))]);
    expect(Object.fromEntries(sheets)).toMatchObject({
      '1D Row': ['C4 t="dataTable" ref="C4:C8" dt2D="0" dtr="0" r1="A1"'],
      '2D': ['C5 t="dataTable" ref="C5:D8" dt2D="1" dtr="1" r1="B2" r2="B1"'],
      '1D Row - Deleted Input': ['C3 t="dataTable" ref="C3:C5" dt2D="0" dtr="1" del1="1" r1="B1"'],
      '2D - Input 1&2 Deleted': ['C2 t="dataTable" ref="C2:D4" dt2D="1" dtr="1" del1="1" del2="1" r1="A2" r2="A1"'],
    });
  });
});
