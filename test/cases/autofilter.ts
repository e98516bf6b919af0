// Autofilters through every door: values, blanks, two conditions, top N, by letter or header;
// rows hidden and shown again (SUBTOTAL(109) follows); a new filter replaces the old; the filter
// follows inserted columns; /context; clearing; an Excel workbook's filter comes in and applies.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, newFile, type CaseGroup, type Fx } from './types.ts';

const hidden = async (door: Door, fx: Fx) => Object.entries((await must(door, 'get_layout', { file_uuid: fx.file })).row_heights as Record<string, number>).filter(([, px]) => px === 0).map(([r]) => Number(r));
const total = async (door: Door, fx: Fx) => (await must(door, 'read_cells', { file_uuid: fx.file, range: 'F1' })).values[0][0];

export const autofilterCases: CaseGroup[] = [
  {
    name: 'autofilter',
    setup: async (door) => {
      const file = await newFile(door, 'autofilter-case');
      await must(door, 'write_cells', {
        file_uuid: file,
        cell: 'A1',
        values: [['Region', 'Item', 'Volume'], ['East', 'Apple', '3000'], ['West', 'Pear', '9000'], ['East', 'Plum', '8500'], ['', 'Fig', '100'], ['South', 'Apricot', '4000']],
      });
      await must(door, 'set_formula', { file_uuid: file, cell: 'F1', formula: '=SUBTOTAL(109,C2:C6)' });
      return { file };
    },
    cases: [
      {
        name: 'values by header: only East rows stay',
        op: 'set_autofilter',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:C6', columns: [{ column: 'Region', values: ['east'] }] }),
        ok: (d) => expect(d).toMatchObject({ range: 'A1:C6', shown: 2, hidden: 3 }),
        then: async (door, fx) => {
          expect(await hidden(door, fx)).toEqual([3, 5, 6]);
          expect(await total(door, fx)).toBe('11500');
        },
      },
      {
        name: 'a new filter replaces the old: two conditions joined by all, with blanks elsewhere',
        op: 'set_autofilter',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:C6', columns: [{ column: 'C', conditions: [{ operator: 'greater_than', value: 2000 }, { operator: 'less_than', value: 9000 }] }] }),
        ok: (d) => expect(d).toMatchObject({ shown: 3, hidden: 2 }),
        then: async (door, fx) => expect(await hidden(door, fx)).toEqual([3, 5]),
      },
      {
        name: 'wildcards and any',
        op: 'set_autofilter',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:C6', columns: [{ column: 'Item', conditions: [{ operator: 'equal', value: 'Ap*' }, { operator: 'equal', value: 'f?g' }], match: 'any' }] }),
        ok: (d) => expect(d).toMatchObject({ shown: 3, hidden: 2 }),
        then: async (door, fx) => expect(await hidden(door, fx)).toEqual([3, 4]),
      },
      { name: 'top 2 volumes', op: 'set_autofilter', args: (fx) => ({ file_uuid: fx.file, range: 'A1:C6', columns: [{ column: 'Volume', top: { count: 2 } }] }), ok: (d) => expect(d).toMatchObject({ shown: 2, hidden: 3 }), then: async (door, fx) => expect(await hidden(door, fx)).toEqual([2, 5, 6]) },
      { name: 'blanks only', op: 'set_autofilter', args: (fx) => ({ file_uuid: fx.file, range: 'A1:C6', columns: [{ column: 'A', blanks: true }] }), ok: (d) => expect(d).toMatchObject({ shown: 1, hidden: 4 }) },
      {
        name: 'get_context lists the filter',
        op: 'get_context',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => expect(d.autofilters).toEqual([{ sheet: 'Sheet1', range: 'A1:C6', criteria: [{ column: 'A', filter: 'values [] or blank' }] }]),
      },
      {
        name: 'the filter follows an inserted column',
        op: 'insert_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, at: 'A', count: 1 }),
        then: async (door, fx) => expect((await must(door, 'get_context', { file_uuid: fx.file })).autofilters[0]).toMatchObject({ range: 'B1:D6', criteria: [{ column: 'B' }] }),
      },
      {
        name: 'clear_autofilter shows every row again',
        op: 'clear_autofilter',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => expect(d.range).toBe('B1:D6'),
        then: async (door, fx) => {
          expect(await hidden(door, fx)).toEqual([]);
          expect((await must(door, 'get_context', { file_uuid: fx.file })).autofilters).toEqual([]);
        },
      },
      { name: 'clearing a sheet with no filter', op: 'clear_autofilter', args: (fx) => ({ file_uuid: fx.file }), error: { code: 'invalid_argument', message: /sheet: 'Sheet1' has no autofilter; set_autofilter/ } },
      { name: 'a column outside the range', op: 'set_autofilter', args: (fx) => ({ file_uuid: fx.file, range: 'B1:D6', columns: [{ column: 'H', values: ['x'] }] }), error: { code: 'invalid_argument', message: /columns\[0\]\.column: 'H' is no column of B1:D6/ } },
      { name: 'two kinds of criteria in one column', op: 'set_autofilter', args: (fx) => ({ file_uuid: fx.file, range: 'B1:D6', columns: [{ column: 'B', values: ['x'], top: { count: 1 } }] }), error: { code: 'invalid_argument', message: /columns\[0\]: give one kind of criterion/ } },
      { name: 'whole columns filter the rows in use', op: 'set_autofilter', args: (fx) => ({ file_uuid: fx.file, range: 'B:D' }), ok: (d) => expect(d).toMatchObject({ range: 'B1:D6', shown: 5, hidden: 0 }) },
      { name: 'an unknown operator', op: 'set_autofilter', args: (fx) => ({ file_uuid: fx.file, range: 'B1:D6', columns: [{ column: 'B', conditions: [{ operator: 'like', value: 'x' }] }] }), error: { code: 'invalid_argument', message: /columns\.0\.conditions\.0\.operator|operator/ } },
    ],
  },
  {
    name: 'autofilter in an Excel file',
    setup: async () => ({ bytes: readFileSync(new URL('../fixtures/excel/features/xlsxwriter/autofilter04.xlsx', import.meta.url)).toString('base64') }),
    cases: [
      {
        name: "an Excel workbook's filter comes in with its criteria and rows hidden",
        op: 'import_file',
        args: (fx) => ({ file_name: 'autofilter04.xlsx', file_data: fx.bytes }),
        ok: (d, fx) => {
          expect(JSON.stringify(d.warnings ?? [])).not.toMatch(/autofilter/);
          fx.file = d.uuid;
        },
        then: async (door, fx) => {
          const ctx = await must(door, 'get_context', { file_uuid: fx.file });
          expect(ctx.autofilters).toEqual([{ sheet: 'Sheet1', range: 'A1:D51', criteria: [{ column: 'A', filter: 'values ["East"]' }, { column: 'C', filter: 'greater_than "3000" and less_than "8000"' }] }]);
          const before = await hidden(door, fx);
          expect(before.length).toBeGreaterThan(30);
          // Applied again here, the criteria hide the rows Excel hid.
          await must(door, 'clear_autofilter', { file_uuid: fx.file, keep_buttons: true });
          expect(await hidden(door, fx)).toEqual([]);
          await must(door, 'set_autofilter', { file_uuid: fx.file, range: 'A1:D51', columns: [{ column: 'Region', values: ['East'] }, { column: 'Volume', conditions: [{ operator: 'greater_than', value: 3000 }, { operator: 'less_than', value: 8000 }] }] });
          expect(await hidden(door, fx)).toEqual(before);
        },
      },
    ],
  },
];
