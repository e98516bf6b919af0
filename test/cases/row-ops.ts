// Row and text operations of issue 36 through every door, each with its dry run: delete rows by a
// condition, find and replace with a regular expression, subtotals in and out, sort by a computed
// key and in blocks, fill down and right at once, paste values with "" as blank and skip-blanks.
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, newFile, type CaseGroup, type Fx } from './types.ts';

const read = async (door: Door, fx: Fx, range: string, render = 'displayed') => (await must(door, 'read_cells', { file_uuid: fx.file, range, render })).values;
const version = async (door: Door, fx: Fx) => (await must(door, 'get_file', { file_uuid: fx.file })).version;

export const rowOpCases: CaseGroup[] = [
  {
    // Opening an imported workbook may leave things to store (a row with a gap in it did: every
    // empty cell between B1 and N1 was written again); a dry run must still commit nothing.
    name: 'dry runs of a workbook just imported',
    setup: async (door) => {
      const book = new ExcelJS.Workbook();
      const ws = book.addWorksheet('Recons');
      ws.getCell('A1').value = 'Branch';
      ws.getCell('B1').value = 'Checked';
      ws.getCell('N1').value = 'Checked';
      ['BR1', 'BR2', 'BR3'].forEach((b, i) => (ws.getCell(`A${i + 2}`).value = b));
      ws.getCell('B3').value = 'x';
      const file_data = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
      const file = (await must(door, 'import_file', { file_name: 'recons.xlsx', file_data })).uuid;
      return { file, v: await version(door, { file }) };
    },
    cases: [
      ...(
        [
          ['delete_rows_where', { range: 'A1:B4', condition: '=B2="x"' }],
          ['sort_range', { range: 'A1:B4', by: [{ column: 'B' }] }],
          ['find_replace', { find: 'BR', replace: 'Branch ' }],
        ] as const
      ).map(([op, args]) => ({
        name: `${op} commits nothing`,
        op,
        args: (fx: Fx) => ({ file_uuid: fx.file, ...args, dry_run: true }),
        ok: (d: any, fx: Fx) => expect(d).toMatchObject({ dry_run: true, version: fx.v }),
        then: async (door: Door, fx: Fx) => {
          expect(await version(door, fx)).toBe(fx.v);
          expect((await must(door, 'get_history', { file_uuid: fx.file })).entries.map((e: any) => e.op)).not.toContain(op);
        },
      })),
    ],
  },
  {
    name: 'delete_rows_where',
    setup: async (door) => {
      const file = await newFile(door, 'delete-where');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Code', 'Qty'], ['PC-1', 1], ['MX-2', 2], ['PC-3', 3], ['pc-4', 4], ['KB-5', 5]] });
      await must(door, 'set_formula', { file_uuid: file, cell: 'D1', formula: '=SUM(B2:B6)' });
      return { file };
    },
    cases: [
      {
        name: 'dry run: names the rows, changes nothing',
        op: 'delete_rows_where',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:B6', condition: '=LEFT(A2,2)="PC"', dry_run: true }),
        ok: async (d, fx) => {
          // LEFT(...)="PC" compares without case, as Excel does: pc-4 matches too.
          expect(d).toMatchObject({ deleted: ['2', '4:5'], count: 3, kept: 2, dry_run: true });
          fx.v = d.version;
        },
        then: async (door, fx) => {
          expect(await version(door, fx)).toBe(fx.v);
          expect(await read(door, fx, 'A2:A6')).toEqual([['PC-1'], ['MX-2'], ['PC-3'], ['pc-4'], ['KB-5']]);
        },
      },
      {
        name: 'deletes the whole rows where the condition holds; formulas follow',
        op: 'delete_rows_where',
        args: (fx) => ({ file_uuid: fx.file, range: 'A:B', condition: '=EXACT(LEFT(A2,2),"PC")' }),
        ok: (d) => expect(d).toMatchObject({ deleted: ['2', '4'], count: 2, kept: 3 }),
        then: async (door, fx) => {
          expect(await read(door, fx, 'A1:B4')).toEqual([['Code', 'Qty'], ['MX-2', '2'], ['pc-4', '4'], ['KB-5', '5']]);
          expect(await read(door, fx, 'D1', 'formula')).toEqual([['=SUM(B2:B4)']]);
        },
      },
      {
        name: 'keep: true keeps only the matching rows',
        op: 'delete_rows_where',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:B4', condition: '=B2>=4', keep: true }),
        ok: (d) => expect(d).toMatchObject({ deleted: ['2'], count: 1, kept: 2 }),
        then: async (door, fx) => expect(await read(door, fx, 'A1:B3')).toEqual([['Code', 'Qty'], ['pc-4', '4'], ['KB-5', '5']]),
      },
      { name: 'a condition that does not parse is a 400 naming it', op: 'delete_rows_where', args: (fx) => ({ file_uuid: fx.file, condition: '=LEFT(A2,' }), error: { code: 'invalid_argument', message: /condition/ } },
    ],
  },
  {
    name: 'find_replace with regex',
    setup: async (door) => {
      const file = await newFile(door, 'regex');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['AB123'], ['x9y8'], ['2024-05'], ['plain']] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'F1', values: [['on 15/01/2024', 'on 3/4/2024', 'on 2024-05-15'], ['on 16/01/2024', 'x', 'x']] });
      await must(door, 'format_cells', { file_uuid: file, range: 'H1', number_format: 'number', decimals: 2 });
      return { file };
    },
    cases: [
      {
        name: 'dry run lists the changes and changes nothing',
        op: 'find_replace',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:A2', find: '[A-Za-z]+', replace: '', regex: true, dry_run: true }),
        ok: (d) => expect(d).toMatchObject({ dry_run: true, replaced_cells: 2, occurrences: 3, changes: [{ cell: 'A1', before: 'AB123', after: '123' }, { cell: 'A2', before: 'x9y8', after: '98' }] }),
        then: async (door, fx) => expect(await read(door, fx, 'A1:A2')).toEqual([['AB123'], ['x9y8']]),
      },
      {
        name: 'removes the letters; what is left is typed (a number)',
        op: 'find_replace',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:A2', find: '[a-z]', replace: '', regex: true }),
        ok: (d) => expect(d).toMatchObject({ replaced_cells: 2, occurrences: 4 }),
        then: async (door, fx) => expect(await read(door, fx, 'A1:A2', 'raw')).toEqual([[123], [98]]),
      },
      {
        name: 'capture groups in the replacement ($2/$1)',
        op: 'find_replace',
        args: (fx) => ({ file_uuid: fx.file, find: '^(\\d{4})-(\\d{2})$', replace: "'$2/$1", regex: true, case_sensitive: true }),
        ok: (d) => expect(d.changes).toEqual([{ cell: 'A3', before: '2024-05', after: "'05/2024" }]),
      },
      {
        name: 'a result that reads as a date is typed as write_cells types the same text',
        op: 'find_replace',
        args: (fx) => ({ file_uuid: fx.file, range: 'F1:H2', find: '^on ', replace: '', regex: true }),
        ok: (d) => {
          expect(d.replaced_cells).toBe(4);
          expect(d.warnings).toEqual([
            'column G: 1 numeric dates such as 3/4/2024 read as day-first or as month-first; kept as text. Give date_order "DMY" or "MDY" to read them as dates',
            "H1: the new text is a date or time, stored as its serial number; the cell's own number format shows that number, as typing it in would. Set date_time with format_cells to show it as a date",
          ]);
        },
        then: async (door, fx) => {
          const got = await must(door, 'read_cells', { file_uuid: fx.file, range: 'F1:H2' });
          expect(got.values).toEqual([['15/01/2024', '3/4/2024', '45,427.00'], ['16/01/2024', 'x', 'x']]);
          // The same texts written with write_cells (the formatted H1 included) come out the same.
          await must(door, 'format_cells', { file_uuid: fx.file, range: 'H11', number_format: 'number', decimals: 2 });
          await must(door, 'write_cells', { file_uuid: fx.file, cell: 'F11', values: [['15/01/2024', '3/4/2024', '2024-05-15'], ['16/01/2024', 'x', 'x']] });
          const typed = await must(door, 'read_cells', { file_uuid: fx.file, range: 'F11:H12' });
          expect(typed.values).toEqual(got.values);
          expect(typed.typed).toEqual(got.typed);
          expect(got.typed[0][0]).toEqual({ date: '2024-01-15', serial: 45306 });
        },
      },
      { name: 'a pattern that does not compile is a 400', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: '(', replace: '', regex: true }), error: { code: 'invalid_argument', message: /find: '\(' is not a regular expression/ } },
      { name: 'a pattern that backtracks without end stops with a 400', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: '(a|a)*$', replace: '', regex: true, range: 'D1' }), then: async (door, fx) => { await must(door, 'write_cells', { file_uuid: fx.file, cell: 'D1', values: [[`${'a'.repeat(32)}!`]] }); const out = await door.call('find_replace', { file_uuid: fx.file, find: '(a|a)*$', replace: '', regex: true, range: 'D1' }); expect(out.ok).toBe(false); if (!out.ok) expect(out.message).toMatch(/backtracks/); } },
    ],
  },
  {
    name: 'subtotal_rows',
    setup: async (door) => {
      const file = await newFile(door, 'subtotals');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Region', 'Sales'], ['East', 10], ['East', 20], ['West', 5], ['North', 1], ['North', 2]] });
      return { file };
    },
    cases: [
      {
        name: 'dry run names the rows it would insert',
        op: 'subtotal_rows',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:B6', group_by: 'Region', columns: ['Sales'], dry_run: true }),
        ok: (d) => expect(d).toMatchObject({ dry_run: true, count: 4, rows: ['4', '6', '9:10'], totals: [{ row: 4, label: 'East Total' }, { row: 6, label: 'West Total' }, { row: 9, label: 'North Total' }, { row: 10, label: 'Grand Total' }] }),
        then: async (door, fx) => expect(await read(door, fx, 'A4')).toEqual([['West']]),
      },
      {
        name: 'inserts a SUBTOTAL row at each change and a grand total',
        op: 'subtotal_rows',
        args: (fx) => ({ file_uuid: fx.file, range: 'A:B', group_by: 'A', columns: ['B'] }),
        then: async (door, fx) => {
          expect(await read(door, fx, 'A1:B10')).toEqual([['Region', 'Sales'], ['East', '10'], ['East', '20'], ['East Total', '30'], ['West', '5'], ['West Total', '5'], ['North', '1'], ['North', '2'], ['North Total', '3'], ['Grand Total', '38']]);
          expect(await read(door, fx, 'B4', 'formula')).toEqual([['=SUBTOTAL(9,B2:B3)']]);
          expect(await read(door, fx, 'B10', 'formula')).toEqual([['=SUBTOTAL(9,B2:B9)']]);
        },
      },
      {
        name: 'remove: true deletes them again',
        op: 'subtotal_rows',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:B10', remove: true }),
        ok: (d) => expect(d).toMatchObject({ rows: ['4', '6', '9:10'], count: 4 }),
        then: async (door, fx) => expect(await read(door, fx, 'A1:B7')).toEqual([['Region', 'Sales'], ['East', '10'], ['East', '20'], ['West', '5'], ['North', '1'], ['North', '2'], ['', '']]),
      },
      { name: 'without group_by (and not remove) is a 400', op: 'subtotal_rows', args: (fx) => ({ file_uuid: fx.file, range: 'A1:B6', columns: ['B'] }), error: { code: 'invalid_argument', message: /group_by: is required/ } },
    ],
  },
  {
    name: 'sort_range by a computed key and in blocks',
    setup: async (door) => {
      const file = await newFile(door, 'sort-blocks');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['bbb', 1], ['a', 2], ['cc', 3]] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'D1', values: [['Name', 'Score'], ['Zed', 5], ['note z', ''], ['Amy', 9], ['note a', ''], ['Bob', 7], ['note b', '']] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'G1', values: [['Name', 'Dept'], ['', 'x'], ['Zed', ''], ['Amy', 'y'], ['', ''], ['', 'z'], ['', ''], ['Bob', 'w'], ['', '']] });
      return { file };
    },
    cases: [
      {
        name: 'by a formula per row (=LEN(A1)), dry run first',
        op: 'sort_range',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:B3', by: [{ formula: '=LEN(A1)' }], dry_run: true }),
        ok: (d) => expect(d).toMatchObject({ moved_rows: 3, dry_run: true }),
        then: async (door, fx) => {
          expect(await read(door, fx, 'A1:A3')).toEqual([['bbb'], ['a'], ['cc']]);
          await must(door, 'sort_range', { file_uuid: fx.file, range: 'A1:B3', by: [{ formula: '=LEN(A1)' }] });
          expect(await read(door, fx, 'A1:B3')).toEqual([['a', '2'], ['cc', '3'], ['bbb', '1']]);
        },
      },
      {
        name: 'two-row blocks stay together, sorted by their first row',
        op: 'sort_range',
        args: (fx) => ({ file_uuid: fx.file, range: 'D1:E7', has_header: true, by: [{ column: 'Score', descending: true }], block_rows: 2 }),
        ok: (d) => expect(d).toMatchObject({ range: 'D2:E7', moved_rows: 6 }),
        then: async (door, fx) => expect(await read(door, fx, 'D2:D7')).toEqual([['Amy'], ['note a'], ['Bob'], ['note b'], ['Zed'], ['note z']]),
      },
      {
        name: 'a block whose first row is blank in the key sorts by its first non-blank key cell, and the reply says so',
        op: 'sort_range',
        args: (fx) => ({ file_uuid: fx.file, range: 'G1:H9', has_header: true, by: [{ column: 'Name' }], block_rows: 2 }),
        ok: (d) => {
          expect(d).toMatchObject({ range: 'G2:H9', moved_rows: 8 });
          expect(d.warnings).toEqual(['column G: blocks 2:3 (key in row 3) start with a blank key cell; each sorted by its first non-blank cell there', 'column G: blocks 6:7 are blank there in every row; they sort last']);
        },
        then: async (door, fx) => expect(await read(door, fx, 'G2:H9')).toEqual([['Amy', 'y'], ['', ''], ['Bob', 'w'], ['', ''], ['', 'x'], ['Zed', ''], ['', 'z'], ['', '']]),
      },
      { name: 'a key with both column and formula is a 400', op: 'sort_range', args: (fx) => ({ file_uuid: fx.file, range: 'A1:B3', by: [{ column: 'A', formula: '=A1' }] }), error: { code: 'invalid_argument', message: /by\[0\]: give either column/ } },
    ],
  },
  {
    name: 'fill down and right, paste values and skip blanks',
    setup: async (door) => {
      const file = await newFile(door, 'fill-paste');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [[1, 10]] });
      await must(door, 'set_formula', { file_uuid: file, cell: 'A3', formula: '=A1*2' });
      await must(door, 'write_cells', { file_uuid: file, cell: 'F1', values: [['x', null, 'z']] });
      await must(door, 'set_formula', { file_uuid: file, cell: 'G1', formula: '=IF(1,"","")' });
      await must(door, 'write_cells', { file_uuid: file, cell: 'F5', values: [['keep', 'keep', 'keep']] });
      return { file };
    },
    cases: [
      {
        name: 'fill down and right in one call',
        op: 'fill',
        args: (fx) => ({ file_uuid: fx.file, source: 'A3', to: 'A3:C5' }),
        ok: (d) => expect(d).toMatchObject({ filled: 'A4:A5,B3:C5', filled_cells: 8 }),
        then: async (door, fx) => expect(await read(door, fx, 'A3:C5', 'formula')).toEqual([['=A1*2', '=B1*2', '=C1*2'], ['=A2*2', '=B2*2', '=C2*2'], ['=A3*2', '=B3*2', '=C3*2']]),
      },
      {
        name: 'paste values: a formula\'s "" pastes as a blank cell',
        op: 'copy_paste',
        args: (fx) => ({ file_uuid: fx.file, source: 'F1:H1', target: 'F3', paste: 'values' }),
        then: async (door, fx) => {
          const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'F3:H3' });
          expect(r.typed).toEqual([['x', null, 'z']]);
          expect((await must(door, 'has_data', { file_uuid: fx.file, range: 'G3' })).has_data).toBe(false);
        },
      },
      {
        name: 'skip_blanks leaves the target where the source is blank',
        op: 'copy_paste',
        args: (fx) => ({ file_uuid: fx.file, source: 'F1:H1', target: 'F5', paste: 'values', skip_blanks: true }),
        // The blank source cell pasted nothing, and the reply does not count it.
        ok: (d) => expect(d.pasted_cells).toBe(2),
        then: async (door, fx) => expect(await read(door, fx, 'F5:H5')).toEqual([['x', 'keep', 'z']]),
      },
    ],
  },
];
