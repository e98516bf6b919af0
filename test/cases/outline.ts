// Outline groups through every door: group rows and columns (nested), collapse and expand (hidden
// lines, SUBTOTAL(109) skipping them, sizes given back), Excel's level buttons, groups following
// inserted rows, /context, and bad input.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, newFile, type CaseGroup, type Fx } from './types.ts';

const layout = async (door: Door, fx: Fx) => must(door, 'get_layout', { file_uuid: fx.file });
const hiddenRows = async (door: Door, fx: Fx) => Object.entries((await layout(door, fx)).row_heights as Record<string, number>).filter(([, px]) => px === 0).map(([r]) => r);
const total = async (door: Door, fx: Fx) => (await must(door, 'read_cells', { file_uuid: fx.file, range: 'B7' })).values[0][0];

export const outlineCases: CaseGroup[] = [
  {
    name: 'outline',
    setup: async (door) => {
      const file = await newFile(door, 'outline-case');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Region', 'Sales', 'Q1', 'Q2'], ['North', '1', '1', '1'], ['North', '2', '1', '1'], ['South', '4', '1', '1'], ['South', '8', '1', '1']] });
      await must(door, 'set_formula', { file_uuid: file, cell: 'B7', formula: '=SUBTOTAL(109,B2:B5)' });
      await must(door, 'set_sizes', { file_uuid: file, indices: ['4'], size: 40 });
      return { file };
    },
    cases: [
      { name: 'group rows 2:5', op: 'group_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, range: '2:5' }), ok: (d) => expect(d).toMatchObject({ axis: 'rows', range: '2:5', max_level: 1 }) },
      { name: 'a nested group', op: 'group_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, range: '3:4' }), ok: (d) => expect(d).toMatchObject({ range: '3:4', max_level: 2 }) },
      {
        name: 'get_context lists the groups',
        op: 'get_context',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => expect(d.outline).toEqual([{ sheet: 'Sheet1', rows: [{ range: '2:5', level: 1, collapsed: false }, { range: '3:4', level: 2, collapsed: false }] }]),
      },
      {
        name: 'collapsing the inner group hides its rows; SUBTOTAL(109) skips them',
        op: 'collapse_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, range: '3' }),
        ok: (d) => expect(d).toMatchObject({ axis: 'rows', collapsed: ['3:4'], expanded: [] }),
        then: async (door, fx) => {
          expect(await hiddenRows(door, fx)).toEqual(['3', '4']);
          expect(await total(door, fx)).toBe('9');
        },
      },
      {
        name: 'collapsing the outer group hides all of it',
        op: 'collapse_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, range: '2' }),
        ok: (d) => expect(d.collapsed).toEqual(['2:5']),
        then: async (door, fx) => expect(await hiddenRows(door, fx)).toEqual(['2', '3', '4', '5']),
      },
      {
        name: 'expanding the outer group leaves the collapsed inner one hidden',
        op: 'collapse_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, range: '2', expand: true }),
        ok: (d) => expect(d.expanded).toEqual(['2:5']),
        then: async (door, fx) => expect(await hiddenRows(door, fx)).toEqual(['3', '4']),
      },
      {
        name: "Excel's level buttons: show_level 3 expands everything, and row 4 gets its height back",
        op: 'collapse_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, show_level: 3, axis: 'rows' }),
        ok: (d) => expect(d).toMatchObject({ collapsed: [], expanded: ['2:5', '3:4'] }),
        then: async (door, fx) => {
          expect((await layout(door, fx)).row_heights).toEqual({ 4: 40 });
          expect(await total(door, fx)).toBe('15');
        },
      },
      {
        name: 'a row inserted inside a group joins it',
        op: 'insert_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, at: '4', count: 1 }),
        then: async (door, fx) => expect((await must(door, 'get_context', { file_uuid: fx.file })).outline[0].rows).toEqual([{ range: '2:6', level: 1, collapsed: false }, { range: '3:5', level: 2, collapsed: false }]),
      },
      {
        name: 'columns group and collapse too',
        op: 'group_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, range: 'C:D' }),
        ok: (d) => expect(d).toMatchObject({ axis: 'columns', range: 'C:D', max_level: 1 }),
        then: async (door, fx) => {
          await must(door, 'collapse_rows_or_columns', { file_uuid: fx.file, range: 'D' });
          expect((await layout(door, fx)).col_widths).toEqual({ C: 0, D: 0 });
        },
      },
      { name: 'ungroup removes one level', op: 'group_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, range: '3:5', ungroup: true }), ok: (d) => expect(d.max_level).toBe(1) },
      { name: 'ungrouping lines that are not grouped', op: 'group_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, range: '9:10', ungroup: true }), error: { code: 'invalid_argument', message: /range: rows 9:10 are not grouped/ } },
      { name: 'a line in no group', op: 'collapse_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, range: '12' }), error: { code: 'invalid_argument', message: /range: row 12 is in no outline group; group_rows_or_columns/ } },
      { name: 'range and show_level together', op: 'collapse_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, range: '3', show_level: 1, axis: 'rows' }), error: { code: 'invalid_argument', message: /range: give either range .* or show_level/ } },
      { name: 'show_level without axis', op: 'collapse_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, show_level: 1 }), error: { code: 'invalid_argument', message: /axis: is required with show_level/ } },
      { name: 'a range that names no line', op: 'group_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, range: 'B2:C3' }), error: { code: 'invalid_argument', message: /range: / } },
    ],
  },
  {
    name: 'outline in an Excel file',
    setup: async () => ({ bytes: readFileSync(new URL('../fixtures/excel/features/xlsxwriter/outline05.xlsx', import.meta.url)).toString('base64') }),
    cases: [
      {
        name: "an Excel workbook's collapsed groups come in collapsed, and expand",
        op: 'import_file',
        args: (fx) => ({ file_name: 'outline05.xlsx', file_data: fx.bytes }),
        ok: (d, fx) => {
          expect(JSON.stringify(d.warnings ?? [])).not.toMatch(/outline groups/);
          fx.file = d.uuid;
        },
        then: async (door, fx) => {
          const ctx = await must(door, 'get_context', { file_uuid: fx.file });
          expect(ctx.outline[0].rows).toEqual([{ range: '2:11', level: 1, collapsed: true }, { range: '2:5', level: 2, collapsed: true }, { range: '7:10', level: 2, collapsed: true }]);
          await must(door, 'collapse_rows_or_columns', { file_uuid: fx.file, sheet: 'Collapsed Rows', show_level: 3, axis: 'rows' });
          expect(Object.values((await must(door, 'get_layout', { file_uuid: fx.file })).row_heights).filter((px) => px === 0)).toEqual([]);
        },
      },
    ],
  },
];
