// Pivot tables through every door: create from a range and from a table, refresh in the same
// version as a source edit, change, delete, and bad input naming the field.
import { expect } from 'vitest';
import { must, newFile, type CaseGroup } from './types.ts';

const DATA = [
  ['Region', 'Product', 'Qty'],
  ['East', 'A', '3'],
  ['West', 'B', '5'],
  ['East', 'B', '2'],
  ['West', 'A', '4'],
  ['East', 'A', '1'],
];

export const pivotCases: CaseGroup[] = [
  {
    name: 'pivots',
    setup: async (door) => {
      const file = await newFile(door, 'pivots-case', { sheets: ['Data', 'Report'] });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'Data', cell: 'A1', values: DATA });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'Report', cell: 'A20', values: [['taken']] });
      const p = await must(door, 'create_pivot', { file_uuid: file, source: 'Data!A:C', anchor: 'Report!A1', rows: ['region'], values: [{ field: 'Qty', agg: 'sum' }], name: 'ByRegion' });
      return { file, pivot: p.pivot_id };
    },
    cases: [
      {
        name: 'the pivot is written into cells',
        op: 'read_cells',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Report', range: 'A1:B4' }),
        ok: (d) => expect(d.values).toEqual([['Region', 'Sum of Qty'], ['East', '6'], ['West', '9'], ['Grand Total', '15']]),
      },
      {
        name: 'create_pivot with columns returns where it wrote',
        op: 'create_pivot',
        args: (fx) => ({ file_uuid: fx.file, source: 'Data!A1:C6', anchor: 'E1', sheet: 'Report', rows: ['Region'], columns: ['Product'], values: [{ field: 'Qty', agg: 'count' }] }),
        ok: (d) => {
          expect(d).toMatchObject({ sheet: 'Report', anchor: 'E1', source: 'Data!A1:C6', rows: ['Region'], columns: ['Product'], output_range: 'E1:H5', grand_totals: true });
          expect(d.values).toEqual([{ field: 'Qty', agg: 'count', label: 'Count of Qty' }]);
        },
        then: async (door, fx) => {
          const r = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Report', range: 'E1:H5' });
          expect(r.values).toEqual([
            ['Count of Qty', 'Product', '', ''],
            ['Region', 'A', 'B', 'Grand Total'],
            ['East', '2', '1', '3'],
            ['West', '1', '1', '2'],
            ['Grand Total', '3', '2', '5'],
          ]);
        },
      },
      {
        name: 'a source edit refreshes the pivot in the same version',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', cell: 'C2', values: [['10']] }),
        ok: () => undefined,
        then: async (door, fx) => {
          const r = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Report', range: 'A2:B4' });
          expect(r.values).toEqual([['East', '13'], ['West', '9'], ['Grand Total', '22']]);
        },
      },
      {
        name: 'rows appended under whole-column sources are picked up',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', cell: 'A7', values: [['North', 'C', '7']] }),
        ok: () => undefined,
        then: async (door, fx) => {
          const r = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Report', range: 'A2:B5' });
          expect(r.values).toEqual([['East', '13'], ['North', '7'], ['West', '9'], ['Grand Total', '29']]);
        },
      },
      {
        name: 'update_pivot replaces fields and rewrites the output',
        op: 'update_pivot',
        args: (fx) => ({ file_uuid: fx.file, pivot_id: fx.pivot, values: [{ field: 'Qty', agg: 'average', label: 'Mean' }], filters: [{ field: 'Region', exclude: ['North'] }] }),
        ok: (d) => expect(d).toMatchObject({ name: 'ByRegion', output_range: 'A1:B4' }),
        then: async (door, fx) => {
          const r = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Report', range: 'A1:B5' });
          expect(r.values).toEqual([['Region', 'Mean'], ['East', '4.333333333'], ['West', '4.5'], ['Grand Total', '4.4'], ['', '']]);
        },
      },
      { name: 'a field that is not a header', op: 'create_pivot', args: (fx) => ({ file_uuid: fx.file, source: 'Data!A1:C6', anchor: 'Report!K1', rows: ['Regoin'], values: [{ field: 'Qty', agg: 'sum' }] }), error: { code: 'invalid_argument', message: /rows\[0\]: 'Regoin' is not a header of the source; headers are: 'Region', 'Product', 'Qty'/ } },
      { name: 'a value field that is not a header', op: 'create_pivot', args: (fx) => ({ file_uuid: fx.file, source: 'Data!A1:C6', anchor: 'Report!K1', values: [{ field: 'Amount', agg: 'sum' }] }), error: { code: 'invalid_argument', message: /values\[0\]\.field: 'Amount' is not a header/ } },
      { name: 'an unknown summary', op: 'create_pivot', args: (fx) => ({ file_uuid: fx.file, source: 'Data!A1:C6', anchor: 'Report!K1', values: [{ field: 'Qty', agg: 'median' }] }), error: { code: 'invalid_argument', message: /values\[0\]\.agg: must be one of/ } },
      { name: 'no room at the anchor', op: 'create_pivot', args: (fx) => ({ file_uuid: fx.file, source: 'Data!A1:C6', anchor: 'Report!A18', rows: ['Product'], values: [{ field: 'Qty', agg: 'sum' }] }), error: { code: 'invalid_argument', message: /anchor: .*would overwrite A20, which is not empty/ } },
      { name: 'output over its own source', op: 'create_pivot', args: (fx) => ({ file_uuid: fx.file, source: 'Data!A1:C6', anchor: 'Data!B2', rows: ['Product'] }), error: { code: 'invalid_argument', message: /overlap its source/ } },
      { name: 'both source and source_table', op: 'create_pivot', args: (fx) => ({ file_uuid: fx.file, source: 'Data!A1:C6', source_table: 'T', anchor: 'Report!K1', rows: ['Product'] }), error: { code: 'invalid_argument', message: /source: give exactly one of source/ } },
      { name: 'nothing to show', op: 'create_pivot', args: (fx) => ({ file_uuid: fx.file, source: 'Data!A1:C6', anchor: 'Report!K1' }), error: { code: 'invalid_argument', message: /rows: give at least one of rows, columns or values/ } },
      { name: 'unknown pivot', op: 'update_pivot', args: (fx) => ({ file_uuid: fx.file, pivot_id: 'pvt_nope', rows: ['Region'] }), error: { code: 'invalid_argument', message: /pivot_id: no pivot table 'pvt_nope'/ } },
      {
        name: 'a pivot over a data table follows the table',
        op: 'create_table',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', range: 'A1:C7', name: 'Orders' }),
        ok: () => undefined,
        then: async (door, fx) => {
          const p = await must(door, 'create_pivot', { file_uuid: fx.file, source_table: 'orders', anchor: 'Report!K1', rows: ['Product'], values: [{ field: 'Qty', agg: 'sum' }] });
          expect(p).toMatchObject({ source: null, source_table: 'Orders', output_range: 'K1:L5' });
          await must(door, 'append_table_rows', { file_uuid: fx.file, table: 'Orders', rows: [['South', 'C', '1']] });
          const r = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Report', range: 'K2:L5' });
          expect(r.values).toEqual([['A', '15'], ['B', '7'], ['C', '8'], ['Grand Total', '30']]);
        },
      },
      { name: 'list_pivots', op: 'list_pivots', args: (fx) => ({ file_uuid: fx.file }), ok: (d) => expect(d.pivots.map((p: any) => p.output_range)).toEqual(['A1:B5', 'E1:H5', 'K1:L5']) }, // ByRegion grew: South came in with the table row
      { name: 'context lists pivots', op: 'get_context', args: (fx) => ({ file_uuid: fx.file }), ok: (d) => expect(d.pivots.map((p: any) => p.name)).toEqual(['ByRegion', 'Pivot 2', 'Pivot 3']) },
      {
        name: 'delete_pivot clears its cells',
        op: 'delete_pivot',
        args: (fx) => ({ file_uuid: fx.file, pivot_id: 'ByRegion' }),
        ok: (d) => expect(d.deleted).toBe(true),
        then: async (door, fx) => {
          const r = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Report', range: 'A1:B5' });
          expect(r.values.flat().every((v: string) => v === '')).toBe(true);
          expect((await must(door, 'list_pivots', { file_uuid: fx.file })).pivots).toHaveLength(2);
        },
      },
    ],
  },
];
