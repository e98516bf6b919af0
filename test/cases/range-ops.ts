// The range operations agents reach for, through every door: copy_paste (paste special), fill
// (the fill handle), sort_range, remove_duplicates, trim_whitespace and split_text_to_columns.
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, newFile, type CaseGroup, type Fx } from './types.ts';

const read = async (door: Door, fx: Fx, range: string, render = 'displayed') => (await must(door, 'read_cells', { file_uuid: fx.file, range, render })).values;
const formats = async (door: Door, fx: Fx, range: string) => (await must(door, 'read_formats', { file_uuid: fx.file, range })).formats;

export const rangeOpCases: CaseGroup[] = [
  {
    name: 'copy_paste',
    setup: async (door) => {
      const file = await newFile(door, 'copy-paste', { sheets: ['Data', 'Report'] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Item', 'Qty', 'Price', 'Total'], ['a', 2, 3, '=B2*C2'], ['b', 4, 5, '=B3*C3']], input: 'user_entered' });
      await must(door, 'format_cells', { file_uuid: file, range: 'A1:D1', bold: true });
      await must(door, 'format_cells', { file_uuid: file, range: 'D2:D3', number_format: 'currency' });
      await must(door, 'set_formula', { file_uuid: file, cell: 'G20', formula: '=SEQUENCE(3)' });
      return { file };
    },
    cases: [
      {
        name: 'all: values, formulas with relative references moved, and formats',
        op: 'copy_paste',
        args: (fx) => ({ file_uuid: fx.file, source: 'A1:D3', target: 'F1' }),
        ok: (d) => expect(d).toMatchObject({ source: 'A1:D3', target: 'F1:I3', pasted_cells: 12 }),
        then: async (door, fx) => {
          expect(await read(door, fx, 'F1:I3', 'formula')).toEqual([['Item', 'Qty', 'Price', 'Total'], ['a', '2', '3', '=G2*H2'], ['b', '4', '5', '=G3*H3']]);
          expect(await read(door, fx, 'I2:I3')).toEqual([['$6.00'], ['$20.00']]);
          expect((await formats(door, fx, 'F1'))[0].format).toEqual({ bold: true });
        },
      },
      {
        name: 'values onto another sheet: results, no formulas, no formats',
        op: 'copy_paste',
        args: (fx) => ({ file_uuid: fx.file, source: 'Data!D2:D3', target: 'Report!A1', paste: 'values' }),
        ok: (d) => expect(d).toMatchObject({ source: 'Data!D2:D3', target: 'Report!A1:A2' }),
        then: async (door, fx) => {
          expect(await read(door, fx, 'Report!A1:A2', 'formula')).toEqual([['6'], ['20']]);
          expect(await formats(door, fx, 'Report!A1:A2')).toEqual([]);
        },
      },
      {
        name: 'values in place turn formulas into their results',
        op: 'copy_paste',
        args: (fx) => ({ file_uuid: fx.file, source: 'I2:I3', target: 'I2', paste: 'values' }),
        then: async (door, fx) => {
          expect(await read(door, fx, 'I2:I3', 'formula')).toEqual([['6'], ['20']]);
          expect(await read(door, fx, 'I2')).toEqual([['$6.00']]);
        },
      },
      {
        name: 'formulas: no formats come along',
        op: 'copy_paste',
        args: (fx) => ({ file_uuid: fx.file, source: 'D2:D3', target: 'D5' }),
        then: async (door, fx) => {
          await must(door, 'copy_paste', { file_uuid: fx.file, source: 'D2', target: 'E8', paste: 'formulas' });
          expect(await read(door, fx, 'E8', 'formula')).toEqual([['=C8*D8']]);
          expect(await formats(door, fx, 'E8')).toEqual([]);
        },
      },
      { name: 'formats only', op: 'copy_paste', args: (fx) => ({ file_uuid: fx.file, source: 'A1', target: 'A10', paste: 'formats' }), then: async (door, fx) => { expect(await read(door, fx, 'A10')).toEqual([['']]); expect((await formats(door, fx, 'A10'))[0].format).toEqual({ bold: true }); } },
      { name: 'transposed: a row becomes a column', op: 'copy_paste', args: (fx) => ({ file_uuid: fx.file, source: 'A1:C1', target: 'A12', transpose: true }), ok: (d) => expect(d.target).toBe('A12:A14'), then: async (door, fx) => expect(await read(door, fx, 'A12:A14')).toEqual([['Item'], ['Qty'], ['Price']]) },
      { name: 'a spill copied with its formula spills again', op: 'copy_paste', args: (fx) => ({ file_uuid: fx.file, source: 'G20:G22', target: 'H20' }), then: async (door, fx) => { expect(await read(door, fx, 'H20:H22', 'formula')).toEqual([['=SEQUENCE(3)'], [''], ['']]); expect(await read(door, fx, 'H20:H22')).toEqual([['1'], ['2'], ['3']]); } },
      { name: 'a paste past the edge of the sheet', op: 'copy_paste', args: (fx) => ({ file_uuid: fx.file, source: 'A1:C1', target: 'XFD1' }), error: { code: 'invalid_argument', message: /^target: a 1 x 3 paste from XFD1 runs past the edge/ } },
      { name: 'a misspelt paste mode', op: 'copy_paste', args: (fx) => ({ file_uuid: fx.file, source: 'A1', target: 'B9', paste: 'valeus' }), error: { code: 'invalid_argument', message: /paste: must be one of .*did you mean "values"\?/ }, then: async (door, fx) => expect(await read(door, fx, 'B9')).toEqual([['']]) },
      { name: 'a paste mode in the singular is that mode ("value" for "values")', op: 'copy_paste', args: (fx) => ({ file_uuid: fx.file, source: 'A2', target: 'B9', paste: 'value' }), then: async (door, fx) => expect(await read(door, fx, 'B9')).toEqual([['a']]) },
    ],
  },
  {
    name: 'fill',
    setup: async (door) => {
      const file = await newFile(door, 'fill');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [[1, 'Item 1', 'Mon', '2024-01-31', '=A1*10', 'x', 5]], input: 'user_entered' });
      await must(door, 'write_cells', { file_uuid: file, cell: 'A2', values: [[2]] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'D10', values: [['2024-01-15'], ['2024-02-15']] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'H20', values: [[10, 20]] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'A30', values: [[5], [6]] });
      await must(door, 'format_cells', { file_uuid: file, range: 'F1', fill_color: '#FFFF00' });
      return { file };
    },
    cases: [
      { name: 'two numbers continue their step', op: 'fill', args: (fx) => ({ file_uuid: fx.file, source: 'A1:A2', to: 'A1:A5' }), ok: (d) => expect(d).toMatchObject({ filled: 'A3:A5', filled_cells: 3 }), then: async (door, fx) => expect(await read(door, fx, 'A3:A5')).toEqual([['3'], ['4'], ['5']]) },
      { name: '"Item 1" counts on', op: 'fill', args: (fx) => ({ file_uuid: fx.file, source: 'B1', to: 'B1:B3' }), then: async (door, fx) => expect(await read(door, fx, 'B2:B3')).toEqual([['Item 2'], ['Item 3']]) },
      { name: 'weekday names continue their cycle', op: 'fill', args: (fx) => ({ file_uuid: fx.file, source: 'C1', to: 'C1:C3' }), then: async (door, fx) => expect(await read(door, fx, 'C2:C3')).toEqual([['Tue'], ['Wed']]) },
      { name: 'one date steps a day, shown in its format', op: 'fill', args: (fx) => ({ file_uuid: fx.file, source: 'D1', to: 'D1:D3' }), then: async (door, fx) => expect(await read(door, fx, 'D2:D3')).toEqual([['2024-02-01'], ['2024-02-02']]) },
      { name: 'dates a month apart continue by months', op: 'fill', args: (fx) => ({ file_uuid: fx.file, source: 'D10:D11', to: 'D10:D13' }), then: async (door, fx) => expect(await read(door, fx, 'D12:D13')).toEqual([['2024-03-15'], ['2024-04-15']]) },
      { name: 'a formula is copied with its references moved', op: 'fill', args: (fx) => ({ file_uuid: fx.file, source: 'E1', to: 'E1:E3' }), then: async (door, fx) => { expect(await read(door, fx, 'E2:E3', 'formula')).toEqual([['=A2*10'], ['=A3*10']]); expect(await read(door, fx, 'E2:E3')).toEqual([['20'], ['30']]); } },
      { name: 'text repeats with its format', op: 'fill', args: (fx) => ({ file_uuid: fx.file, source: 'F1', to: 'F1:F2' }), then: async (door, fx) => { expect(await read(door, fx, 'F2')).toEqual([['x']]); expect((await formats(door, fx, 'F2'))[0].format).toEqual({ fill_color: '#FFFF00' }); } },
      { name: 'one number repeats; series linear counts', op: 'fill', args: (fx) => ({ file_uuid: fx.file, source: 'G1', to: 'G1:G3' }), then: async (door, fx) => { expect(await read(door, fx, 'G2:G3')).toEqual([['5'], ['5']]); await must(door, 'fill', { file_uuid: fx.file, source: 'G1', to: 'G1:G3', series: 'linear' }); expect(await read(door, fx, 'G2:G3')).toEqual([['6'], ['7']]); } },
      { name: 'to the right', op: 'fill', args: (fx) => ({ file_uuid: fx.file, source: 'H20:I20', to: 'H20:K20' }), then: async (door, fx) => expect(await read(door, fx, 'J20:K20')).toEqual([['30', '40']]) },
      { name: 'upwards the series runs backwards', op: 'fill', args: (fx) => ({ file_uuid: fx.file, source: 'A30:A31', to: 'A27:A31' }), ok: (d) => expect(d.filled).toBe('A27:A29'), then: async (door, fx) => expect(await read(door, fx, 'A27:A29')).toEqual([['2'], ['3'], ['4']]) },
      { name: 'to that does not extend the source', op: 'fill', args: (fx) => ({ file_uuid: fx.file, source: 'A1:A2', to: 'B1:B5' }), error: { code: 'invalid_argument', message: /^to: B1:B5 does not extend A1:A2 along one edge/ }, then: async (door, fx) => expect(await read(door, fx, 'B4')).toEqual([['']]) },
    ],
  },
  {
    name: 'sort_range',
    setup: async (door) => {
      const file = await newFile(door, 'sort-range');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Name', 'Amount', 'Ten times'], ['b', 2, '=B2*10'], ['a', 3, '=B3*10'], ['c', 1, '=B4*10'], ['a', 1, '=B5*10']], input: 'user_entered' });
      await must(door, 'set_formula', { file_uuid: file, cell: 'E1', formula: '=SEQUENCE(2)' });
      return { file };
    },
    cases: [
      {
        name: 'by a header, largest first: rows move whole, formulas follow their row, ties keep their order',
        op: 'sort_range',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:C5', by: [{ column: 'Amount', descending: true }], has_header: true }),
        ok: (d) => expect(d).toMatchObject({ range: 'A2:C5', moved_rows: 2 }),
        then: async (door, fx) => {
          expect(await read(door, fx, 'A1:C5')).toEqual([['Name', 'Amount', 'Ten times'], ['a', '3', '30'], ['b', '2', '20'], ['c', '1', '10'], ['a', '1', '10']]);
          expect(await read(door, fx, 'C2', 'formula')).toEqual([['=B2*10']]);
        },
      },
      { name: 'by two columns named by letter', op: 'sort_range', args: (fx) => ({ file_uuid: fx.file, range: 'A2:C5', by: [{ column: 'A' }, { column: 'B' }] }), then: async (door, fx) => expect(await read(door, fx, 'A2:B5')).toEqual([['a', '1'], ['a', '3'], ['b', '2'], ['c', '1']]) },
      { name: 'a column that is not in the range', op: 'sort_range', args: (fx) => ({ file_uuid: fx.file, range: 'A1:C5', by: [{ column: 'Amt' }], has_header: true }), error: { code: 'invalid_argument', message: /^by\[0\]\.column: 'Amt' is no column of A1:C5; give a column letter A\.\.C, or a header: "Name", "Amount", "Ten times"/ } },
      { name: 'a spilled result is not sorted', op: 'sort_range', args: (fx) => ({ file_uuid: fx.file, range: 'E1:E2', by: [{ column: 'E', descending: true }] }), error: { code: 'invalid_argument', message: /^range: E2 holds a computed result/ } },
    ],
  },
  {
    name: 'remove_duplicates',
    setup: async (door) => {
      const file = await newFile(door, 'dedupe');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Name', 'City'], ['Ann', 'Oslo'], ['ann', 'OSLO'], ['Bob', 'Rome'], ['Ann', 'Paris'], ['Bob', 'Rome'], ['', ''], ['below', 'stays']] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'D1', values: [['0.3'], ['=0.1+0.2'], ['0.3000001']], input: 'user_entered' });
      return { file };
    },
    cases: [
      {
        name: 'whole rows, text without case; the rest close up inside the range only',
        op: 'remove_duplicates',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:B6', has_header: true }),
        ok: (d) => expect(d).toMatchObject({ removed: 2, kept: 3, range: 'A2:B4' }),
        then: async (door, fx) => expect(await read(door, fx, 'A1:B8')).toEqual([['Name', 'City'], ['Ann', 'Oslo'], ['Bob', 'Rome'], ['Ann', 'Paris'], ['', ''], ['', ''], ['', ''], ['below', 'stays']]),
      },
      { name: 'by one column', op: 'remove_duplicates', args: (fx) => ({ file_uuid: fx.file, range: 'A1:B4', columns: ['Name'], has_header: true }), ok: (d) => expect(d).toMatchObject({ removed: 1, kept: 2 }), then: async (door, fx) => expect(await read(door, fx, 'A2:B4')).toEqual([['Ann', 'Oslo'], ['Bob', 'Rome'], ['', '']]) },
      {
        name: 'numbers equal to 15 digits are equal, as Excel compares them (0.1+0.2 and 0.3)',
        op: 'remove_duplicates',
        args: (fx) => ({ file_uuid: fx.file, range: 'D1:D3' }),
        ok: (d) => expect(d).toMatchObject({ removed: 1, kept: 2 }),
        then: async (door, fx) => expect(await read(door, fx, 'D1:D3')).toEqual([['0.3'], ['0.3000001'], ['']]),
      },
      { name: 'an unknown column', op: 'remove_duplicates', args: (fx) => ({ file_uuid: fx.file, range: 'A1:B4', columns: ['Town'], has_header: true }), error: { code: 'invalid_argument', message: /^columns\[0\]: 'Town' is no column of A1:B4/ } },
    ],
  },
  {
    name: 'trim_whitespace',
    setup: async (door) => {
      const file = await newFile(door, 'trim');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['  Ann  ', '=LEN(A1)'], ['a   b', ''], [' 42 ', ''], ['x \n  y', ''], ['   ', '']], input: 'user_entered' });
      return { file };
    },
    cases: [
      {
        name: 'ends trimmed, inner runs collapsed, line breaks kept; a number comes out a number',
        op: 'trim_whitespace',
        args: (fx) => ({ file_uuid: fx.file, range: 'A:B' }),
        ok: (d) => expect(d).toMatchObject({ trimmed_cells: 4 }),
        then: async (door, fx) => {
          expect(await read(door, fx, 'A1:A5', 'raw')).toEqual([['Ann'], ['a b'], [42], ['x\ny'], [null]]);
          expect(await read(door, fx, 'B1')).toEqual([['3']]);
        },
      },
      { name: 'clean text is left alone', op: 'trim_whitespace', args: (fx) => ({ file_uuid: fx.file, range: 'A1:B5' }), ok: (d) => expect(d.trimmed_cells).toBe(0) },
    ],
  },
  {
    name: 'split_text_to_columns',
    setup: async (door) => {
      const file = await newFile(door, 'split');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Ann; Oslo; 42'], ['Bob;Rome'], ['single']] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'A5', values: [['x;y;z', 'taken']] });
      return { file };
    },
    cases: [
      {
        name: 'parts fill the column and the ones to its right, typed; rows without the delimiter stay',
        op: 'split_text_to_columns',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:A3', delimiter: ';' }),
        ok: (d) => expect(d).toMatchObject({ range: 'A1:C3', split_cells: 2, columns: 3 }),
        then: async (door, fx) => expect(await read(door, fx, 'A1:C3', 'raw')).toEqual([['Ann', 'Oslo', 42], ['Bob', 'Rome', null], ['single', null, null]]),
      },
      { name: 'a value in the way is not overwritten', op: 'split_text_to_columns', args: (fx) => ({ file_uuid: fx.file, range: 'A5', delimiter: ';' }), error: { code: 'invalid_argument', message: /^overwrite: B5 holds a value the split would replace/ }, then: async (door, fx) => expect(await read(door, fx, 'A5:B5')).toEqual([['x;y;z', 'taken']]) },
      { name: 'unless asked', op: 'split_text_to_columns', args: (fx) => ({ file_uuid: fx.file, range: 'A5', delimiter: ';', overwrite: true }), then: async (door, fx) => expect(await read(door, fx, 'A5:C5')).toEqual([['x', 'y', 'z']]) },
      { name: 'parts that would run past the last column', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'XFC1', values: [['a;b;c']] }), then: async (door, fx) => { const out = await door.call('split_text_to_columns', { file_uuid: fx.file, range: 'XFC1', delimiter: ';', overwrite: true }); expect(out).toMatchObject({ ok: false, code: 'invalid_argument', message: expect.stringMatching(/^range: splitting into 3 columns from column XFC runs past the last column/) }); } },
      { name: 'two columns at once', op: 'split_text_to_columns', args: (fx) => ({ file_uuid: fx.file, range: 'A1:B3' }), error: { code: 'invalid_argument', message: /^range: A1:B3 spans 2 columns; give one column/ } },
    ],
  },
];
