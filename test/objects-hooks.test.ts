// Charts, conditional formats, tables and pivots follow structure edits, cell moves, clears and
// sheet copies (through the hooks the structure and cells ops call), and code outputs become tables.
import { describe, expect, it } from 'vitest';
import { areas } from '../core/areas.ts';
import type { Rect } from '../core/a1.ts';
import type { ChartSpec } from '../core/charts/model.ts';
import type { PivotSpec } from '../core/pivots/model.ts';
import type { RuleSpec } from '../core/rules/model.ts';
import { removeOutputTable, tableFromOutput } from '../core/tables/output.ts';
import type { StructureEdit } from '../core/workbook/shift.ts';
import type { SheetModel } from '../core/workbook/sheet.ts';
import { Workbook } from '../core/workbook/workbook.ts';

function workbook(...names: string[]): Workbook {
  const now = new Date();
  return new Workbook(
    {
      file: { id: 'f', spaceId: 's', creatorId: 'u', name: 'x', private: false, version: 1, created: now, modified: now },
      styles: [],
      sheets: names.map((name, position) => ({ id: `id-${name}`, name, position, meta: {}, tiles: [] })),
    },
    async () => [],
    { areas },
  );
}

const rect = (r0: number, c0: number, r1: number, c1: number): Rect => ({ r0, c0, r1, c1 });
const structure = (wb: Workbook, sheet: SheetModel, edit: StructureEdit) => wb.hooks.forEach((h) => h.onStructure?.(wb, sheet, edit));

function chart(sheet: SheetModel, data: Rect, anchor = { row: 1, col: 4 }): ChartSpec {
  const c: ChartSpec = { id: `chart_${Math.random()}`, name: 'C', type: 'column', data: { sheet: sheet.id, rect: data }, anchor, width_cells: 6, height_cells: 18, first_row_headers: true, first_col_labels: true, transpose: false, data_labels: false };
  return c;
}

describe('structure edits', () => {
  it('charts: data ranges and anchors shift; a chart whose data is all deleted goes', () => {
    const wb = workbook('Sheet1', 'Report');
    const [s1, report] = wb.sheets as [SheetModel, SheetModel];
    const a = chart(s1, rect(0, 0, 4, 2));
    s1.meta.charts = [a];
    const b = chart(s1, rect(0, 0, 4, 2), { row: 0, col: 0 });
    report.meta.charts = [b];
    structure(wb, s1, { kind: 'insert', axis: 'row', at: 0, count: 2 });
    expect(a.data.rect).toEqual(rect(2, 0, 6, 2));
    expect(a.anchor).toEqual({ row: 3, col: 4 });
    expect(b.data.rect).toEqual(rect(2, 0, 6, 2));
    expect(b.anchor).toEqual({ row: 0, col: 0 }); // on another sheet: stays
    structure(wb, s1, { kind: 'delete', axis: 'col', at: 1, count: 1 });
    expect(a.data.rect).toEqual(rect(2, 0, 6, 1));
    expect(a.anchor).toEqual({ row: 3, col: 3 });
    structure(wb, s1, { kind: 'move', axis: 'col', from: 0, count: 1, to: 3 });
    expect(a.data.rect.c0).toBe(0);
    structure(wb, s1, { kind: 'delete', axis: 'row', at: 0, count: 10 });
    expect(s1.meta.charts).toEqual([]);
    expect(report.meta.charts).toEqual([]);
  });

  it('conditional formats: ranges shift and conditions follow, re-anchored when the first row goes', () => {
    const wb = workbook('Sheet1', 'Other');
    const [s1, other] = wb.sheets as [SheetModel, SheetModel];
    const rule: RuleSpec = { id: 'r', type: 'formula', range: rect(1, 1, 5, 1), formula: '=AND(B2>10, $A$1<>"", "B2"<>"")', style: { bold: true }, apply_to_blank: false };
    const cross: RuleSpec = { id: 'x', type: 'formula', range: rect(0, 0, 3, 0), formula: '=A1>Sheet1!$C$1', style: { bold: true }, apply_to_blank: false };
    s1.meta.cond_formats = [rule];
    other.meta.cond_formats = [cross];
    structure(wb, s1, { kind: 'insert', axis: 'row', at: 0, count: 1 });
    expect(rule.range).toEqual(rect(2, 1, 6, 1));
    expect(rule.formula).toBe('=AND(B3>10, $A$2<>"", "B2"<>"")');
    expect(cross.formula).toBe('=A1>Sheet1!$C$2');
    expect(cross.range).toEqual(rect(0, 0, 3, 0));
    // Delete the rule's first row (row 3): it is now written for the old B4, which becomes B3.
    structure(wb, s1, { kind: 'delete', axis: 'row', at: 2, count: 1 });
    expect(rule.range).toEqual(rect(2, 1, 5, 1));
    expect(rule.formula).toBe('=AND(B3>10, $A$2<>"", "B2"<>"")');
    structure(wb, s1, { kind: 'insert', axis: 'col', at: 0, count: 2 });
    expect(rule.range).toEqual(rect(2, 3, 5, 3));
    expect(rule.formula).toBe('=AND(D3>10, $C$2<>"", "B2"<>"")');
    structure(wb, s1, { kind: 'delete', axis: 'col', at: 3, count: 1 });
    expect(s1.meta.cond_formats).toEqual([]);
  });

  it('tables and pivots: ranges, anchors and outputs shift; deleted tables go', () => {
    const wb = workbook('Sheet1');
    const s1 = wb.sheets[0]!;
    s1.meta.tables = [{ id: 't', name: 'T', rect: rect(0, 0, 9, 2), columns: ['a', 'b', 'c'] }];
    const pivot: PivotSpec = { id: 'p', name: 'P', source: { range: { sheet: s1.id, rect: rect(0, 0, 9, 2) } }, anchor: { row: 0, col: 5 }, rows: ['a'], columns: [], values: [], filters: [], grand_totals: true, subtotals: true, output: rect(0, 5, 4, 6) };
    s1.meta.pivots = [pivot];
    structure(wb, s1, { kind: 'insert', axis: 'col', at: 0, count: 1 });
    expect(s1.meta.tables![0]!.rect).toEqual(rect(0, 1, 9, 3));
    expect(pivot.source.range!.rect).toEqual(rect(0, 1, 9, 3));
    expect(pivot.anchor).toEqual({ row: 0, col: 6 });
    expect(pivot.output).toEqual(rect(0, 6, 4, 7));
    structure(wb, s1, { kind: 'delete', axis: 'row', at: 3, count: 2 });
    expect(s1.meta.tables![0]!.rect).toEqual(rect(0, 1, 7, 3));
    expect(pivot.output).toEqual(rect(0, 6, 2, 7));
    structure(wb, s1, { kind: 'delete', axis: 'col', at: 1, count: 3 });
    expect(s1.meta.tables).toEqual([]);
  });
});

describe('cell moves, clears and sheet copies', () => {
  it('objects inside a moved block move with it', () => {
    const wb = workbook('Sheet1');
    const s1 = wb.sheets[0]!;
    const c = chart(s1, rect(0, 0, 4, 1), { row: 0, col: 3 });
    s1.meta.charts = [c];
    s1.meta.cond_formats = [{ id: 'r', type: 'formula', range: rect(1, 1, 4, 1), formula: '=B2>A2', style: { bold: true }, apply_to_blank: false }];
    s1.meta.tables = [{ id: 't', name: 'T', rect: rect(0, 0, 4, 1), columns: ['a', 'b'] }];
    for (const h of wb.hooks) h.onMove?.(wb, s1, rect(0, 0, 4, 1), { row: 10, col: 10 });
    expect(c.data.rect).toEqual(rect(10, 10, 14, 11));
    expect(c.anchor).toEqual({ row: 0, col: 3 }); // the anchor was outside the block
    expect(s1.meta.cond_formats[0]).toMatchObject({ range: rect(11, 11, 14, 11), formula: '=L12>K12' });
    expect(s1.meta.tables[0]!.rect).toEqual(rect(10, 10, 14, 11));
  });

  it('clearing removes charts anchored inside and rules/tables wholly inside', () => {
    const wb = workbook('Sheet1');
    const s1 = wb.sheets[0]!;
    s1.meta.charts = [chart(s1, rect(0, 0, 4, 1), { row: 2, col: 2 }), chart(s1, rect(0, 0, 4, 1), { row: 20, col: 2 })];
    s1.meta.cond_formats = [{ id: 'in', type: 'color_scale', range: rect(0, 0, 3, 0), thresholds: [], auto_contrast_text: false }, { id: 'out', type: 'color_scale', range: rect(0, 0, 30, 0), thresholds: [], auto_contrast_text: false }];
    s1.meta.tables = [{ id: 't', name: 'T', rect: rect(0, 0, 4, 1), columns: ['a', 'b'] }];
    for (const h of wb.hooks) h.onClear?.(wb, s1, rect(0, 0, 9, 9));
    expect(s1.meta.charts.map((x) => x.anchor.row)).toEqual([20]);
    expect(s1.meta.cond_formats.map((x) => x.id)).toEqual(['out']);
    expect(s1.meta.tables).toEqual([]);
  });

  it('a duplicated sheet gets fresh ids, unique table names and charts over its own cells', async () => {
    const wb = workbook('Sheet1');
    const s1 = wb.sheets[0]!;
    const c = chart(s1, rect(0, 0, 4, 1));
    s1.meta.charts = [c];
    s1.meta.tables = [{ id: 'tbl_1', name: 'Sales', rect: rect(0, 0, 4, 1), columns: ['a', 'b'] }];
    s1.meta.cond_formats = [{ id: 'cf_1', type: 'color_scale', range: rect(0, 0, 3, 0), thresholds: [], auto_contrast_text: false }];
    const copy = await wb.duplicateSheet(s1, 'Copy', 1);
    expect(copy.meta.charts![0]!.id).not.toBe(c.id);
    expect(copy.meta.charts![0]!.data.sheet).toBe(copy.id);
    expect(copy.meta.tables![0]).toMatchObject({ name: 'Sales_1' });
    expect(copy.meta.tables![0]!.id).not.toBe('tbl_1');
    expect(copy.meta.cond_formats![0]!.id).not.toBe('cf_1');
  });
});

describe('code outputs as tables', () => {
  it('tableFromOutput makes, resizes and removes the table of a code cell', async () => {
    const wb = workbook('Sheet1');
    const s1 = wb.sheets[0]!;
    await wb.writeCells(s1, 1, 1, [['name', 'score'], ['a', 1], ['b', 2]]);
    const made = await tableFromOutput(wb, s1, { row: 0, col: 0 }, rect(1, 1, 3, 2));
    expect(made.table).toMatchObject({ name: 'Output_A1', range: 'B2:C4', columns: ['name', 'score'], rows: 2, code_cell: 'A1' });
    await wb.writeCells(s1, 4, 1, [['c', 3]]);
    const grown = await tableFromOutput(wb, s1, { row: 0, col: 0 }, rect(1, 1, 4, 2));
    expect(grown.table).toMatchObject({ name: 'Output_A1', range: 'B2:C5', rows: 3 });
    expect(s1.meta.tables).toHaveLength(1);
    s1.meta.tables!.push({ id: 'x', name: 'Other', rect: rect(10, 1, 12, 2), columns: ['p', 'q'] });
    const clash = await tableFromOutput(wb, s1, { row: 9, col: 0 }, rect(11, 1, 13, 2));
    expect(clash.table).toBeNull();
    expect(clash.reason).toMatch(/overlaps table 'Other'/);
    expect(await removeOutputTable(wb, s1, { row: 0, col: 0 })).toBe(true);
    expect(s1.meta.tables!.map((t) => t.name)).toEqual(['Other']);
  });
});
