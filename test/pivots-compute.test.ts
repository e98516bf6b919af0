// The pivot grid on small hand-worked sources: layout, subtotals, grand totals, blanks, label
// order and every summary.
import { describe, expect, it } from 'vitest';
import { computePivot, type Layout, type SourceData } from '../core/pivots/compute.ts';

const src: SourceData = {
  fields: ['Region', 'Rep', 'Product', 'Amount'],
  rows: [
    ['East', 'Ann', 'B', 10],
    ['east', 'Bob', 'A', 5],
    ['West', 'Cid', 'A', 7],
    [null, 'Dee', 'B', 'n/a'],
    ['West', 'Cid', 'B', 3],
    [10, 'Eve', 'A', 1],
  ].map((r) => ({ values: r as (string | number | null)[], shown: r.map((v) => (v === null ? '' : String(v))) })),
};

const base: Layout = { rows: [], columns: [], values: [], filters: [], grandTotals: true, subtotals: true };

describe('computePivot', () => {
  it('rows and one value: labels sorted numbers, text (no case), blanks last; grand total', () => {
    const g = computePivot(src, { ...base, rows: [0], values: [{ field: 3, agg: 'sum', label: 'Sum of Amount' }] });
    expect(g.cells).toEqual([
      ['Region', 'Sum of Amount'],
      ['10', 1],
      ['East', 15],
      ['West', 10],
      ['(blank)', 0],
      ['Grand Total', 26],
    ]);
    expect([...g.boldRows]).toEqual([0, 5]);
  });

  it('rows x columns with two values, subtotal-free, blanks where no rows', () => {
    const g = computePivot(src, { ...base, rows: [0], columns: [2], values: [{ field: 3, agg: 'count', label: 'Count' }, { field: 3, agg: 'average', label: 'Avg' }] });
    expect(g.headerRows).toBe(3);
    expect(g.cells).toEqual([
      ['Values', 'Product', null, null, null, null, null],
      [null, 'A', null, 'B', null, 'Grand Total', null],
      ['Region', 'Count', 'Avg', 'Count', 'Avg', 'Count', 'Avg'],
      ['10', 1, 1, null, null, 1, 1],
      ['East', 1, 5, 1, 10, 2, 7.5],
      ['West', 1, 7, 1, 3, 2, 5],
      ['(blank)', null, null, 1, null, 1, null],
      ['Grand Total', 3, 13 / 3, 3, 6.5, 6, 26 / 5],
    ]);
  });

  it('two row fields: label on the first line of a group, subtotal lines', () => {
    const g = computePivot(src, { ...base, rows: [0, 1], values: [{ field: 3, agg: 'max', label: 'Max' }], filters: [{ field: 0, exclude: new Set(['(blank)', '10']) }] });
    expect(g.cells).toEqual([
      ['Region', 'Rep', 'Max'],
      ['East', 'Ann', 10],
      [null, 'Bob', 5],
      ['East Total', null, 10],
      ['West', 'Cid', 7],
      ['West Total', null, 7],
      ['Grand Total', null, 10],
    ]);
  });

  it('columns only; distinct count and min; no totals', () => {
    const g = computePivot(src, { ...base, columns: [2], values: [{ field: 1, agg: 'count_distinct', label: 'Reps' }], grandTotals: false });
    expect(g.cells).toEqual([
      ['Reps', 'Product', null],
      [null, 'A', 'B'],
      ['Reps', 3, 3],
    ]);
  });

  it('values only, with an include filter', () => {
    const g = computePivot(src, { ...base, values: [{ field: 3, agg: 'sum', label: 'S' }, { field: 3, agg: 'count_numbers', label: 'N' }, { field: 3, agg: 'min', label: 'Min' }], filters: [{ field: 0, include: new Set(['west']) }] });
    expect(g.cells).toEqual([
      ['S', 'N', 'Min'],
      [10, 2, 3],
    ]);
  });
});
