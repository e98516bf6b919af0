// Excel's iterative calculation (<calcPr iterate="1">, core/workbook/iteration.ts): in a file that
// has it on, circular references are computed as Excel computed them, not answered #CYCLE!, also
// after an edit, and the setting goes out again on export. Files from the corpus, saved by Excel.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { compareWorkbook, importWithReport } from './helpers/excel-fidelity.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { isRich } from '../core/workbook/cell.ts';
import type { Workbook } from '../core/workbook/workbook.ts';
import { setIteration } from '../core/workbook/iteration.ts';
import { memoryWorkbook, put } from './helpers/memory-workbook.ts';

const CORPUS = new URL('./fixtures/corpus/', import.meta.url).pathname;
const valueAt = (wb: Workbook, a1: { row: number; col: number }) => {
  const cell = wb.sheets[0]!.get(a1.row, a1.col);
  return isRich(cell) ? (cell.e ?? cell.v) : cell;
};
const E4 = { row: 3, col: 4 }, E5 = { row: 4, col: 4 }, E6 = { row: 5, col: 4 };

describe('iterative calculation', () => {
  it('computes the cycles of a file with iteration on to the values Excel cached', async () => {
    for (const file of ['calamine/issue_565_multi_axis_shared.xlsx', 'calamine/issue_567_absolute_shared.xlsx']) {
      const results = await compareWorkbook(`${CORPUS}${file}`, CORPUS);
      expect(results.length).toBeGreaterThanOrEqual(14);
      expect(results.filter((r) => !r.ok)).toEqual([]);
    }
  });

  it('repeats a cycle until it changes by less than the file\'s delta, and again after an edit', async () => {
    // E5 = 0.1*(E4+E6), E6 = E4+E5 with E4 = 6: Excel cached 1.33333326 and 7.33333326, the cycle
    // converging to 4/3 and 22/3; Excel stops once a round changes the values by less than 0.001.
    const { wb } = await importWithReport(readFileSync(`${CORPUS}poi/spreadsheet/57535.xlsx`));
    const e5 = valueAt(wb, E5) as number, e6 = valueAt(wb, E6) as number;
    expect(Math.abs(e5 - 1.33333326)).toBeLessThan(0.001);
    expect(e6).toBeCloseTo((valueAt(wb, E4) as number) + e5, 12);
    // D4 feeds E4 (=D4+1): the cycle is computed again from its new input, to 2 and 11.
    await wb.writeCells(wb.sheets[0]!, 3, 3, [[8]]);
    expect(Math.abs((valueAt(wb, E5) as number) - 2)).toBeLessThan(0.001);
    expect(Math.abs((valueAt(wb, E6) as number) - 11)).toBeLessThan(0.001);
    // Export says iteration is on, and the file read back computes the cycle again.
    const out = await workbookToXlsx(wb, async () => undefined);
    wb.destroy();
    expect(readZipEntry(out, 'xl/workbook.xml')!.toString('utf8')).toMatch(/<calcPr [^>]*iterate="1" iterateCount="100" iterateDelta="0.001"/);
    const again = (await importWithReport(out)).wb;
    expect(Math.abs((valueAt(again, E5) as number) - 2)).toBeLessThan(0.001);
    again.destroy();
  });

  it('computes a cycle through a range, and what depends on it, once iteration is on; #CYCLE! without', async () => {
    // A1 = B1+1, B1 = MIN(A1:A2)/2: 2 and 1 at the fixed point; C1 reads the cycle.
    for (const on of [true, false]) {
      const wb = memoryWorkbook();
      if (on) setIteration(wb, { count: 100, delta: 1e-9 });
      await put(wb, 'Sheet1', 'A1', [['=B1+1', '=MIN(A1:A2)/2', '=A1*10']]);
      const row = [0, 1, 2].map((col) => valueAt(wb, { row: 0, col }));
      if (on) {
        expect(row[0]).toBeCloseTo(2, 8);
        expect(row[1]).toBeCloseTo(1, 8);
        expect(row[2]).toBeCloseTo(20, 7);
      } else expect(row.slice(0, 2)).toEqual(['#CYCLE!', '#CYCLE!']);
      wb.destroy();
    }
  });
});
