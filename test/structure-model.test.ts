// Structural edits on the in-memory workbook: cells, formulas (also on other sheets), merges,
// sizes, row/column styles and sheet-object hooks follow inserts, deletes and moves.
import { describe, expect, it } from 'vitest';
import type { StructureEdit } from '../core/workbook/shift.ts';
import { applyStructure, checkEdit } from '../core/workbook/structure.ts';
import { checkBlockMove, moveBlock } from '../core/workbook/move-block.ts';
import { cellRelations } from '../core/workbook/dependencies.ts';
import { dependencySummary } from '../core/workbook/dep-summary.ts';
import { formulas, memoryWorkbook, put, shown } from './helpers/memory-workbook.ts';

async function edit(wb: ReturnType<typeof memoryWorkbook>, sheet: string, e: StructureEdit) {
  const s = wb.sheet(sheet);
  await checkEdit(wb, s, e, 'test');
  await applyStructure(wb, s, [e]);
}

describe('inserting and deleting rows', () => {
  it('shifts cells and re-points formulas on the same and other sheets', async () => {
    const wb = memoryWorkbook(['Data', 'Report']);
    await put(wb, 'Data', 'A1', [[1], [2], [3], ['=SUM(A1:A3)']]);
    await put(wb, 'Report', 'A1', [['=Data!A2*10', '=Data!A4']]);
    await edit(wb, 'Data', { kind: 'insert', axis: 'row', at: 1, count: 2 });
    expect(shown(wb, 'Data', 'A1:A6')).toEqual([['1'], [''], [''], ['2'], ['3'], ['6']]);
    expect(formulas(wb, 'Data', 'A6')).toEqual([['=SUM(A1:A5)']]);
    expect(formulas(wb, 'Report', 'A1:B1')).toEqual([['=Data!A4*10', '=Data!A6']]);
    expect(wb.sheet('Data').meta.formulas).toBe(1);

    await put(wb, 'Data', 'A2', [[100]]);
    expect(shown(wb, 'Data', 'A6')).toEqual([['106']]);
    expect(shown(wb, 'Report', 'B1')).toEqual([['106']]);

    await edit(wb, 'Data', { kind: 'delete', axis: 'row', at: 3, count: 1 });
    expect(shown(wb, 'Data', 'A1:A5')).toEqual([['1'], ['100'], [''], ['3'], ['104']]);
    expect(formulas(wb, 'Report', 'A1')).toEqual([['=#REF!*10']]);
    expect(wb.sheet('Report').get(0, 0)).toMatchObject({ e: '#REF!' });
  });

  it('drops the formula count of deleted formula cells', async () => {
    const wb = memoryWorkbook();
    await put(wb, 'Sheet1', 'A1', [[1, '=A1*2'], [2, '=A2*2']]);
    await edit(wb, 'Sheet1', { kind: 'delete', axis: 'row', at: 0, count: 1 });
    expect(wb.sheet('Sheet1').meta.formulas).toBe(1);
    expect(formulas(wb, 'Sheet1', 'A1:B2')).toEqual([['2', '=A1*2'], ['', '']]);
  });

  it('moves cells across tile boundaries (rows past 256, columns past 32)', async () => {
    const wb = memoryWorkbook();
    await put(wb, 'Sheet1', 'AF255', [[1, 2], [3, '=AF255+AG255']]);
    await edit(wb, 'Sheet1', { kind: 'insert', axis: 'row', at: 0, count: 3 });
    await edit(wb, 'Sheet1', { kind: 'insert', axis: 'col', at: 0, count: 1 });
    expect(shown(wb, 'Sheet1', 'AG258:AH259')).toEqual([['1', '2'], ['3', '3']]);
    expect(formulas(wb, 'Sheet1', 'AH259')).toEqual([['=AG258+AH258']]);
    expect(wb.sheet('Sheet1').usedRect()).toEqual({ r0: 257, c0: 32, r1: 258, c1: 33 });
  });

  it('works on a file without formulas (no engine is built)', async () => {
    const wb = memoryWorkbook();
    await put(wb, 'Sheet1', 'A1', [['a', 'b', 'c']]);
    await edit(wb, 'Sheet1', { kind: 'delete', axis: 'col', at: 1, count: 1 });
    expect(shown(wb, 'Sheet1', 'A1:C1')).toEqual([['a', 'c', '']]);
    expect(wb.engine).toBeUndefined();
  });

  it('refuses to push cells off the last row', async () => {
    const wb = memoryWorkbook();
    await put(wb, 'Sheet1', 'A1048575', [['x']]);
    await expect(checkEdit(wb, wb.sheet('Sheet1'), { kind: 'insert', axis: 'row', at: 5, count: 2 }, 'count')).rejects.toThrow(/count: inserting 2 rows would push cells past/);
    await expect(checkEdit(wb, wb.sheet('Sheet1'), { kind: 'insert', axis: 'row', at: 5, count: 1 }, 'count')).resolves.toBeUndefined();
  });
});

describe('moving rows and columns', () => {
  it('moves lines and keeps formulas pointing at the moved cells', async () => {
    const wb = memoryWorkbook(['S', 'T']);
    await put(wb, 'S', 'A1', [['a', 1], ['b', 2], ['c', 3], ['d', '=B1*100']]);
    await put(wb, 'T', 'A1', [['=S!B1']]);
    await edit(wb, 'S', { kind: 'move', axis: 'row', from: 0, count: 1, to: 3 });
    expect(shown(wb, 'S', 'A1:B4')).toEqual([['b', '2'], ['c', '3'], ['a', '1'], ['d', '100']]);
    expect(formulas(wb, 'S', 'B4')).toEqual([['=B3*100']]);
    expect(formulas(wb, 'T', 'A1')).toEqual([['=S!B3']]);
  });
});

describe('sheet meta follows structure', () => {
  it('shifts sizes, row/column styles, merges and frozen panes', async () => {
    const wb = memoryWorkbook();
    const s = wb.sheet('Sheet1');
    s.meta = { row_heights: { '0': 40, '4': 50 }, row_styles: { '4': 3 }, col_widths: { '2': 200 }, col_styles: { '1': 7, '3': 8 }, merges: ['A5:B6', 'C1:D1', 'A10:A11'], frozen: { rows: 1, cols: 2 } };
    await edit(wb, 'Sheet1', { kind: 'insert', axis: 'row', at: 0, count: 2 });
    expect(s.meta.row_heights).toEqual({ '2': 40, '6': 50 });
    expect(s.meta.row_styles).toEqual({ '6': 3 });
    expect(s.meta.merges).toEqual(['C3:D3', 'A7:B8', 'A12:A13']);
    expect(s.meta.frozen).toEqual({ rows: 3, cols: 2 });
    await edit(wb, 'Sheet1', { kind: 'delete', axis: 'col', at: 1, count: 1 });
    expect(s.meta.col_widths).toEqual({ '1': 200 });
    expect(s.meta.col_styles).toEqual({ '2': 8 });
    // A7:B8 loses column B and becomes A7:A8; C3:D3 becomes B3:C3; frozen columns shrink.
    expect(s.meta.merges).toEqual(['B3:C3', 'A7:A8', 'A12:A13']);
    expect(s.meta.frozen).toEqual({ rows: 3, cols: 1 });
    await edit(wb, 'Sheet1', { kind: 'delete', axis: 'row', at: 11, count: 1 });
    // A12:A13 shrinks to one cell, which is no merge.
    expect(s.meta.merges).toEqual(['B3:C3', 'A7:A8']);
  });

  it("calls onStructure of the workbook's areas with each edit", async () => {
    const seen: StructureEdit[] = [];
    const wb = memoryWorkbook(['Sheet1'], [{ name: 'test-objects', objects: { onStructure: (_wb, _s, e) => void seen.push(e) } }]);
    await edit(wb, 'Sheet1', { kind: 'insert', axis: 'col', at: 2, count: 1 });
    expect(seen).toEqual([{ kind: 'insert', axis: 'col', at: 2, count: 1 }]);
  });
});

describe('moving a block of cells', () => {
  it('carries cells, re-points references into the block and overwrites the target', async () => {
    const wb = memoryWorkbook(['S', 'T']);
    await put(wb, 'S', 'A1', [[1, 2, '=A1+B1'], [null, null, null], ['=C1*2', null, 'old']]);
    await put(wb, 'T', 'A1', [['=S!A1']]);
    const s = wb.sheet('S');
    const move = { sheet: s, from: { r0: 0, c0: 0, r1: 0, c1: 2 }, to: { row: 2, col: 1 } };
    await checkBlockMove(wb, move);
    const { overwritten } = await moveBlock(wb, move);
    expect(overwritten).toBe(1);
    expect(formulas(wb, 'S', 'A1:D3')).toEqual([['', '', '', ''], ['', '', '', ''], ['=D3*2', '1', '2', '=B3+C3']]);
    expect(shown(wb, 'S', 'A3:D3')).toEqual([['6', '1', '2', '3']]);
    expect(formulas(wb, 'T', 'A1')).toEqual([['=S!B3']]);
    expect(s.meta.formulas).toBe(2);
  });

  it('lets a formula spill once the block that blocked it moved away', async () => {
    const wb = memoryWorkbook();
    await put(wb, 'Sheet1', 'A1', [[1], [2], [3]]);
    await put(wb, 'Sheet1', 'B3', [['x']]);
    await put(wb, 'Sheet1', 'B1', [['=A1:A3*2']]);
    expect(wb.sheet('Sheet1').get(0, 1)).toMatchObject({ e: '#SPILL!' });
    const s = wb.sheet('Sheet1');
    const move = { sheet: s, from: { r0: 2, c0: 1, r1: 2, c1: 1 }, to: { row: 2, col: 3 } };
    await checkBlockMove(wb, move);
    await moveBlock(wb, move);
    expect(shown(wb, 'Sheet1', 'B1:D3')).toEqual([['2', '', ''], ['4', '', ''], ['6', '', 'x']]);
  });

  it('lets a formula spill once the row that blocked it is deleted', async () => {
    const wb = memoryWorkbook();
    await put(wb, 'Sheet1', 'A1', [[1, null, 'x'], [2, null, null]]);
    await put(wb, 'Sheet1', 'A5', [['=TRANSPOSE(A1:A2)']]);
    await put(wb, 'Sheet1', 'B5', [['blocker']]);
    expect(wb.sheet('Sheet1').get(4, 0)).toMatchObject({ e: '#SPILL!' });
    await edit(wb, 'Sheet1', { kind: 'delete', axis: 'col', at: 1, count: 1 });
    expect(shown(wb, 'Sheet1', 'A5:B5')).toEqual([['1', '2']]);
  });

  it('rejects a move onto itself and one past the sheet edge', async () => {
    const wb = memoryWorkbook();
    const s = wb.sheet('Sheet1');
    await expect(checkBlockMove(wb, { sheet: s, from: { r0: 0, c0: 0, r1: 1, c1: 1 }, to: { row: 0, col: 0 } })).rejects.toThrow(/target: .*nothing would move/);
    await expect(checkBlockMove(wb, { sheet: s, from: { r0: 0, c0: 0, r1: 1, c1: 1 }, to: { row: 1_048_575, col: 0 } })).rejects.toThrow(/target: .*past the last row/);
  });
});

describe('dependencies', () => {
  it('lists forward and reverse relations, through ranges and across sheets', async () => {
    const wb = memoryWorkbook(['S', 'T']);
    await put(wb, 'S', 'A1', [[1, '=SUM(A1:A3)'], [2, '=A2*2'], [3, '=A1+A2']]);
    await put(wb, 'T', 'A1', [['=S!A1'], ['=SUM(S!A1:A2)']]);
    const s = wb.sheet('S');
    const a1 = await cellRelations(wb, s, 0, 0, 'both');
    expect(a1.forward).toEqual([]);
    expect(a1.reverse).toEqual(['B1', 'B3', 'T!A1:A2']);
    const b3 = await cellRelations(wb, s, 2, 1, 'forward');
    expect(b3).toEqual({ forward: ['A1:A2'], reverse: [] });
  });

  it("merges edges from the areas' dependency providers (code cells)", async () => {
    const wb = memoryWorkbook(['S', 'T'], [{ name: 'test-code', dependencies: { reverse: (w, s, row, col) => (s.name === 'S' && row === 0 && col === 0 ? [{ sheet: w.sheet('T'), rect: { r0: 4, c0: 1, r1: 4, c1: 1 } }] : []) } }]);
    await put(wb, 'S', 'A1', [[1, 2]]);
    expect(await cellRelations(wb, wb.sheet('S'), 0, 0, 'both')).toEqual({ forward: [], reverse: ['T!B5'] });
    expect(await cellRelations(wb, wb.sheet('S'), 0, 0, 'forward')).toEqual({ forward: [], reverse: [] });
  });

  it('summarises which sheets and ranges formulas read', async () => {
    const wb = memoryWorkbook(['Data', 'Report']);
    await put(wb, 'Data', 'A1', [[1, 2, '=A1*B1'], [3, 4, '=A2*B2']]);
    await put(wb, 'Report', 'A1', [['=SUM(Data!C1:C2)', '=Data!A1', '="Data!Z9"']]);
    const deps = await dependencySummary(wb);
    expect(deps.get(wb.sheet('Data'))).toEqual({ reads: [{ sheet: 'Data', ranges: ['A1:B2'], refs: 4 }], read_by: [{ sheet: 'Report', formulas: 2 }] });
    expect(deps.get(wb.sheet('Report'))).toEqual({ reads: [{ sheet: 'Data', ranges: ['A1', 'C1:C2'], refs: 2 }], read_by: [] });
  });
});

describe('print setup kept from Excel', () => {
  it('print area and titles follow inserted and deleted lines', async () => {
    const wb = memoryWorkbook(['S']);
    const s = wb.sheet('S');
    s.meta.print = { sheet: { printArea: 'B2:F20', repeatRows: '1:2', repeatCols: 'A:A' } };
    await applyStructure(wb, s, [{ kind: 'insert', axis: 'row', at: 0, count: 2 }]);
    expect(s.meta.print.sheet).toEqual({ printArea: 'B4:F22', repeatRows: '3:4', repeatCols: 'A:A' });
    await applyStructure(wb, s, [{ kind: 'insert', axis: 'col', at: 0, count: 1 }]);
    expect(s.meta.print.sheet).toEqual({ printArea: 'C4:G22', repeatRows: '3:4', repeatCols: 'B:B' });
    await applyStructure(wb, s, [{ kind: 'delete', axis: 'row', at: 2, count: 2 }]);
    expect(s.meta.print.sheet).toEqual({ printArea: 'C3:G20', repeatCols: 'B:B' });
  });
});
