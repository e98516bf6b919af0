// A formula the engine cannot compute is never dropped: imported from xlsx it keeps its text and
// shows the value the file cached, the engine leaves it alone while the rest of the sheet
// recalculates, and xlsx export writes it back as Excel wrote it.
import { describe, expect, it } from 'vitest';
import { areas } from '../core/areas.ts';
import type { Book } from '../core/io/book.ts';
import { applyBook } from '../core/io/excel-apply.ts';
import { readXlsx } from '../core/io/xlsx-read.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { applyStructure } from '../core/workbook/structure.ts';
import { formulas, memoryWorkbook, put, shown } from './helpers/memory-workbook.ts';

/** A file of one sheet, Data, with these cells (and tables). */
const dataBook = (forEachCell: Book['sheets'][number]['forEachCell'], tables: Book['tables'] = []): Book => ({
  sheets: [{ name: 'Data', merges: [], colWidths: {}, rowHeights: {}, forEachCell }],
  tables,
  warnings: [],
});

const book = () =>
  dataBook((fn) => {
    fn({ row: 0, col: 0, value: 4 });
    fn({ row: 0, col: 1, formula: 'CUBEVALUE("Sales",A1)+1', value: 5 });
    fn({ row: 1, col: 1, formula: 'SUM((A1,A1))*1', value: 8 });
    fn({ row: 2, col: 1, formula: 'B1*10', value: 50 });
    fn({ row: 3, col: 1, formula: 'NOSUCH(1)', error: '#N/A' });
  });

describe('formulas the engine cannot compute', () => {
  it('are kept with their cached values, round-trip through xlsx and feed other formulas', async () => {
    const wb = memoryWorkbook(['Data'], areas);
    const out = await applyBook(wb, book(), async () => undefined);
    await wb.rebuildEngine();
    // The union of references ((A1,A1)) is syntax the engine does not read: kept, as invalid.
    expect(out.unsupported.map((u) => u.name).sort()).toEqual(['CUBEVALUE', 'NOSUCH']);
    expect(shown(wb, 'Data', 'B1:B4')).toEqual([['5'], ['8'], ['50'], ['#N/A']]);
    expect(formulas(wb, 'Data', 'B1:B4')).toEqual([['=CUBEVALUE("Sales",A1)+1'], ['=SUM((A1,A1))*1'], ['=B1*10'], ['=NOSUCH(1)']]);

    // An edit elsewhere recalculates the sheet; the kept cells keep their values.
    await put(wb, 'Data', 'A1', [[100]]);
    expect(shown(wb, 'Data', 'B1:B4')).toEqual([['5'], ['8'], ['50'], ['#N/A']]);

    const back = await readXlsx(await workbookToXlsx(wb, async () => undefined));
    const cells: Record<string, unknown> = {};
    back.sheets[0]!.forEachCell((c) => void (c.formula !== undefined && (cells[`${c.row},${c.col}`] = [c.formula, c.value ?? c.error])));
    expect(cells).toEqual({ '0,1': ['CUBEVALUE("Sales",A1)+1', 5], '1,1': ['SUM((A1,A1))*1', 8], '2,1': ['B1*10', 50], '3,1': ['NOSUCH(1)', '#N/A'] });
  });

  it('typing a formula into a kept cell makes it an ordinary one', async () => {
    const wb = memoryWorkbook(['Data'], areas);
    await applyBook(wb, book(), async () => undefined);
    await wb.rebuildEngine();
    await put(wb, 'Data', 'B1', [['=A1+1']]);
    expect(shown(wb, 'Data', 'B1:B3')).toEqual([['5'], ['8'], ['50']]);
    expect(formulas(wb, 'Data', 'B1')).toEqual([['=A1+1']]);
  });
});

describe("formulas the engine reads another way than Excel's text", () => {
  // Sales, A1:C4: Item, Units, Price; D holds Excel's row formulas over the table.
  const tableBook = () =>
    dataBook(
      (fn) => {
        ['Item', 'Units', 'Price'].forEach((h, col) => fn({ row: 0, col, value: h }));
        for (let row = 1; row <= 3; row++) {
          fn({ row, col: 0, value: `item ${row}` });
          fn({ row, col: 1, value: row });
          fn({ row, col: 2, value: 10 });
          fn({ row, col: 3, formula: 'Sales[[#This Row],[Units]]*Sales[[#This Row],[Price]]', value: row * 10 });
        }
        fn({ row: 5, col: 3, formula: 'SUM(Sales[[#Data],[Units]:[Price]])', value: 36 });
        fn({ row: 6, col: 3, formula: 'N(_xlfn.SINGLE(B2:B4))', value: 0 });
      },
      [{ name: 'Sales', sheet: 'Data', rect: { r0: 0, r1: 3, c0: 0, c1: 2 }, headerRows: 1, totalsRows: 0, columns: ['Item', 'Units', 'Price'] }],
    );
  const exported = async (wb: ReturnType<typeof memoryWorkbook>) => {
    const back = await readXlsx(await workbookToXlsx(wb, async () => undefined));
    const out: Record<string, string> = {};
    back.sheets[0]!.forEachCell((c) => void (c.formula !== undefined && (out[`${c.row},${c.col}`] = c.formula)));
    return out;
  };

  it('go back to xlsx as Excel wrote them, and follow the table when rows are inserted above it', async () => {
    const wb = memoryWorkbook(['Data'], areas);
    await applyBook(wb, tableBook(), async () => undefined);
    await wb.rebuildEngine();
    // Computed on the cells the references name, recomputed on an edit.
    expect(formulas(wb, 'Data', 'D2:D2')).toEqual([['=$B2*$C2']]);
    await put(wb, 'Data', 'C3', [[20]]);
    expect(shown(wb, 'Data', 'D2:D3')).toEqual([['10'], ['40']]);
    expect(await exported(wb)).toEqual({
      '1,3': 'Sales[[#This Row],[Units]]*Sales[[#This Row],[Price]]',
      '2,3': 'Sales[[#This Row],[Units]]*Sales[[#This Row],[Price]]',
      '3,3': 'Sales[[#This Row],[Units]]*Sales[[#This Row],[Price]]',
      '5,3': 'SUM(Sales[[#Data],[Units]:[Price]])',
      '6,3': 'N(_xlfn.SINGLE(B2:B4))',
    });
    await applyStructure(wb, wb.sheet('Data'), [{ kind: 'insert', axis: 'row', at: 0, count: 2 }]);
    const moved = await exported(wb);
    expect(moved['3,3']).toBe('Sales[[#This Row],[Units]]*Sales[[#This Row],[Price]]');
    expect(moved['7,3']).toBe('SUM(Sales[[#Data],[Units]:[Price]])');
    // The explicit @ named B2:B4, which moved: Excel's text follows the rows, as Excel keeps it.
    expect(moved['8,3']).toBe('N(_xlfn.SINGLE(B4:B6))');
  });

  it('a formula typed over one is written as typed', async () => {
    const wb = memoryWorkbook(['Data'], areas);
    await applyBook(wb, tableBook(), async () => undefined);
    await wb.rebuildEngine();
    await put(wb, 'Data', 'D2', [['=B2*C2+1']]);
    expect((await exported(wb))['1,3']).toBe('B2*C2+1');
  });
});

describe('legacy array formulas (Ctrl+Shift+Enter)', () => {
  // Excel fills a legacy array formula's range: one value everywhere, a row down, #N/A past the result.
  const cseBook = () =>
    dataBook((fn) => {
      [1, 2, 3].forEach((v, row) => fn({ row, col: 0, value: v }));
      fn({ row: 0, col: 2, formula: '123', array: true, cse: true, arrayRef: 'C1:C4', value: 123 });
      fn({ row: 0, col: 3, formula: 'A1:A3*2', array: true, cse: true, arrayRef: 'D1:D4', value: 2 });
      fn({ row: 0, col: 4, formula: 'A1:A3*10', array: true, cse: true, value: 10 });
      fn({ row: 0, col: 5, formula: 'SUM(_xlfn.ANCHORARRAY(C1))', value: 492 });
    });

  it('fill their own range as Excel does, and go back out as they came', async () => {
    const wb = memoryWorkbook(['Data'], areas);
    await applyBook(wb, cseBook(), async () => undefined);
    await wb.rebuildEngine();
    expect(shown(wb, 'Data', 'C1:F4')).toEqual([['123', '2', '10', '492'], ['123', '4', '', ''], ['123', '6', '', ''], ['123', '#N/A', '', '']]);
    expect(formulas(wb, 'Data', 'C1:E1')).toEqual([['=123', '=A1:A3*2', '=A1:A3*10']]);
    await put(wb, 'Data', 'A1', [[5]]);
    expect(shown(wb, 'Data', 'D1:E1')).toEqual([['10', '50']]);
    const back = await readXlsx(await workbookToXlsx(wb, async () => undefined));
    const cells: Record<string, unknown> = {};
    back.sheets[0]!.forEachCell((c) => void (c.formula !== undefined && (cells[`${c.row},${c.col}`] = [c.formula, c.arrayRef])));
    expect(cells).toMatchObject({ '0,2': ['123', 'C1:C4'], '0,3': ['A1:A3*2', 'D1:D4'], '0,4': ['A1:A3*10', undefined] });
  });
});
