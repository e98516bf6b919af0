// A formula the engine cannot compute is never dropped: imported from xlsx it keeps its text and
// shows the value the file cached, the engine leaves it alone while the rest of the sheet
// recalculates, and xlsx export writes it back as Excel wrote it.
import { describe, expect, it } from 'vitest';
import { areas } from '../core/areas.ts';
import type { Book } from '../core/io/book.ts';
import { applyBook } from '../core/io/excel-apply.ts';
import { readXlsx } from '../core/io/xlsx-read.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { formulas, memoryWorkbook, put, shown } from './helpers/memory-workbook.ts';

const book = (): Book => ({
  sheets: [
    {
      name: 'Data',
      merges: [],
      colWidths: {},
      rowHeights: {},
      forEachCell(fn) {
        fn({ row: 0, col: 0, value: 4 });
        fn({ row: 0, col: 1, formula: 'CUBEVALUE("Sales",A1)+1', value: 5 });
        fn({ row: 1, col: 1, formula: 'SUM((A1,A1))*1', value: 8 });
        fn({ row: 2, col: 1, formula: 'B1*10', value: 50 });
        fn({ row: 3, col: 1, formula: 'NOSUCH(1)', error: '#N/A' });
      },
    },
  ],
  warnings: [],
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
