// Charts, conditional formats, tables and pivots follow the sheet through every door: row and
// column inserts/deletes, cell moves and clears made by the structure and cells ops.
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, newFile, type CaseGroup } from './types.ts';

const DATA = [
  ['Month', 'Sales', 'Costs'],
  ['Jan', '100', '80'],
  ['Feb', '150', '90'],
  ['Mar', '120', '110'],
  ['Apr', '180', '100'],
];

async function state(door: Door, file: string) {
  const [charts, rules, tables, pivots] = await Promise.all([
    must(door, 'list_charts', { file_uuid: file }),
    must(door, 'list_conditional_formats', { file_uuid: file }),
    must(door, 'list_tables', { file_uuid: file }),
    must(door, 'list_pivots', { file_uuid: file }),
  ]);
  return { chart: charts.charts[0], rule: rules.rules[0], table: tables.tables[0], pivot: pivots.pivots[0], counts: [charts.charts.length, rules.rules.length, tables.tables.length, pivots.pivots.length] };
}

export const followCases: CaseGroup[] = [
  {
    name: 'objects follow the sheet',
    setup: async (door) => {
      const file = await newFile(door, 'follow-case');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: DATA });
      await must(door, 'add_chart', { file_uuid: file, chart_type: 'column', data_range: 'A1:C5', position: 'E2' });
      await must(door, 'set_conditional_format', { file_uuid: file, range: 'B2:B5', formula: '=B2>120', bold: true, id: 'big' });
      await must(door, 'create_table', { file_uuid: file, range: 'A1:C5', name: 'Months' });
      await must(door, 'create_pivot', { file_uuid: file, source_table: 'Months', anchor: 'H1', rows: ['Month'], values: [{ field: 'Sales', agg: 'sum' }] });
      return { file };
    },
    cases: [
      {
        name: 'a row inserted above shifts every object, and rules still match the same cells',
        op: 'insert_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, at: '1', count: 1 }),
        ok: () => undefined,
        then: async (door, fx) => {
          const s = await state(door, fx.file);
          expect(s.chart).toMatchObject({ data_range: 'A2:C6', position: 'E3' });
          expect(s.chart.series[0].values).toEqual([100, 150, 120, 180]);
          expect(s.rule).toMatchObject({ range: 'B3:B6', formula: '=B3>120' });
          expect(s.table).toMatchObject({ range: 'A2:C6' });
          expect(s.pivot).toMatchObject({ anchor: 'H2', output_range: 'H2:I7' });
          const m = await must(door, 'evaluate_conditional_formats', { file_uuid: fx.file, range: 'B2:B7' });
          expect(m.cells.map((c: any) => c.cell)).toEqual(['B4', 'B6']);
          const f = await must(door, 'set_formula', { file_uuid: fx.file, cell: 'K1', formula: '=SUM(Months.Sales)' });
          expect(f.value).toBe('550');
          // Table names sit beside the engine's own names (TRUE, FALSE), which must survive.
          const t = await must(door, 'set_formula', { file_uuid: fx.file, cell: 'K2', formula: '=IF(AND(TRUE, NOT(FALSE)), "yes", "no")' });
          expect(t.value).toBe('yes');
        },
      },
      {
        name: 'an edit inside the shifted table refreshes the pivot',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'B3', values: [['10']] }),
        ok: () => undefined,
        then: async (door, fx) => {
          const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'H2:I7' });
          expect(r.values).toEqual([['Month', 'Sum of Sales'], ['Apr', '180'], ['Feb', '150'], ['Jan', '10'], ['Mar', '120'], ['Grand Total', '460']]);
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'K1' })).values).toEqual([['460']]);
        },
      },
      {
        name: 'deleting a column drops what lay only in it and reports a pivot that lost its field',
        op: 'delete_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, indices: ['B'] }),
        ok: () => undefined,
        then: async (door, fx) => {
          const s = await state(door, fx.file);
          expect(s.counts).toEqual([1, 0, 1, 1]);
          expect(s.chart).toMatchObject({ data_range: 'A2:B6', position: 'D3' });
          expect(s.chart.series.map((x: any) => x.name)).toEqual(['Costs']);
          expect(s.table).toMatchObject({ range: 'A2:B6', columns: ['Month', 'Costs'] });
          expect(s.pivot.anchor).toBe('G2');
          expect(s.pivot.error).toMatch(/'Sales' is not a header/);
          const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'G2:H3' });
          expect(r.values[0][0]).toMatch(/^#N\/A pivot table 'Pivot 1'/);
          expect(r.values[1]).toEqual(['', '']);
        },
      },
      {
        name: 'changing the pivot to an existing field brings it back',
        op: 'update_pivot',
        args: (fx) => ({ file_uuid: fx.file, pivot_id: 'Pivot 1', values: [{ field: 'Costs', agg: 'max' }] }),
        ok: (d) => { expect(d.error).toBeUndefined(); expect(d.output_range).toBe('G2:H7'); },
      },
      {
        name: 'a cell move carries the chart data and the table',
        op: 'move_cells',
        args: (fx) => ({ file_uuid: fx.file, source: 'A2:B6', target: 'A20' }),
        ok: () => undefined,
        then: async (door, fx) => {
          const s = await state(door, fx.file);
          expect(s.chart.data_range).toBe('A20:B24');
          expect(s.table.range).toBe('A20:B24');
          expect(s.chart.series[0].values).toEqual([80, 90, 110, 100]);
          const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'G3:H4' });
          expect(r.values).toEqual([['Apr', '100'], ['Feb', '90']]);
        },
      },
      {
        name: 'has_data reports tables and pivots',
        op: 'has_data',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:J30' }),
        ok: (d) => expect(d.objects).toEqual(['table Months (A20:B24)', 'pivot table Pivot 1 (G2:H7)']),
      },
      {
        name: 'clearing the anchor cell removes the chart; clearing the table range removes the table',
        op: 'clear_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'A20:E24' }),
        ok: () => undefined,
        then: async (door, fx) => {
          const s = await state(door, fx.file);
          expect(s.counts[2]).toBe(0);
          await must(door, 'clear_cells', { file_uuid: fx.file, range: 'D3' });
          expect((await state(door, fx.file)).counts[0]).toBe(0);
        },
      },
    ],
  },
];
