// Cases for displayed values, format_cells / read_formats and set_borders through every door.
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, newFile, type Case, type CaseGroup, type Fx } from './types.ts';

/** Reads a range and checks the displayed values. */
const shows = (range: string, values: string[][]) => async (door: Door, fx: Fx) => {
  const r = await must(door, 'read_cells', { file_uuid: fx.file, range });
  expect(r.values).toEqual(values);
};

const formatsOf = async (door: Door, fx: Fx, range: string) => must(door, 'read_formats', { file_uuid: fx.file, range });

/** [typed value, format fields, displayed] — one per number-format option and the combinations that matter. */
const DISPLAY: [string, Record<string, unknown>, string][] = [
  ['1234567.891', { number_format: 'number' }, '1,234,567.89'],
  ['1234567.891', { number_format: 'number', decimals: 0 }, '1,234,568'],
  ['1234567.891', { number_format: 'number', numeric_commas: false, decimals: 1 }, '1234567.9'],
  ['100000000000000000000', { number_format: 'number', decimals: 0 }, '100,000,000,000,000,000,000'],
  ['1234.5678', { decimals: 1 }, '1234.6'],
  ['-1234.5', { number_format: 'number', negative: 'minus' }, '-1,234.50'],
  ['-1234.5', { number_format: 'number', negative: 'minus_red' }, '-1,234.50'],
  ['-1234.5', { number_format: 'number', negative: 'red' }, '1,234.50'],
  ['-1234.5', { number_format: 'number', negative: 'parentheses' }, '(1,234.50)'],
  ['-1234.5', { number_format: 'number', negative: 'parentheses_red' }, '(1,234.50)'],
  ['-0', { number_format: 'number', negative: 'parentheses' }, '0.00'],
  ['-1234.5', { number_format: 'currency' }, '-$1,234.50'],
  ['1234.5', { number_format: 'currency', currency_symbol: '€', decimals: 0 }, '€1,235'],
  ['-1234.5', { number_format: 'currency', currency_symbol: 'CHF ', negative: 'parentheses' }, '(CHF 1,234.50)'],
  ['1234.5', { currency_symbol: '£' }, '£1,234.50'],
  ['-1234.5', { number_format: 'accounting' }, '$ (1,234.50)'],
  ['1234.5', { number_format: 'accounting', currency_symbol: '€' }, '€ 1,234.50'],
  ['0', { number_format: 'accounting' }, '$ -'],
  ['-1234.5', { number_format: 'accounting', negative: 'minus' }, '$ -1,234.50'],
  ['0.1234', { number_format: 'percent' }, '12.34%'],
  ['0.1234', { number_format: 'percent', decimals: 0 }, '12%'],
  ['-0.1234', { number_format: 'percent', decimals: 1, negative: 'parentheses' }, '(12.3%)'],
  ['12345.678', { number_format: 'exponential' }, '1.23E+04'],
  ['12345.678', { number_format: 'exponential', decimals: 0 }, '1E+04'],
  ['-0.000123', { number_format: 'exponential', decimals: 1 }, '-1.2E-04'],
  ['12345.678', { number_format: 'text' }, '12345.678'],
  ['45306.75', { date_time: '%d.%m.%Y' }, '15.01.2024'],
  ['45306.75', { date_time: '%Y-%m-%d %H:%M:%S' }, '2024-01-15 18:00:00'],
  ['45306.75', { date_time: '%a %-d %b %Y, %I:%M %p' }, 'Mon 15 Jan 2024, 06:00 PM'],
  ['45306.75', { date_time: '%A %B %e, %Y' }, 'Monday January 15, 2024'],
  ['0.5', { date_time: '%H:%M' }, '12:00'],
  ['0.75', { date_time: '%-I:%M %p' }, '6:00 PM'],
  // Excel's serials: none before 1900 (the cell shows #s), 1 is 1900-01-01, 60 its 29 February 1900
  ['-36500', { date_time: '%Y-%m-%d' }, '########'],
  ['1', { date_time: '%F' }, '1900-01-01'],
  ['60', { date_time: '%F' }, '1900-02-29'],
  // Excel format codes, shown as Excel shows them.
  ['0.125', { number_format_code: '0.00%' }, '12.50%'],
  ['-1234.5', { number_format_code: '#,##0;[Red]-#,##0' }, '-1,235'],
  ['1234.5', { number_format_code: '"USD "#,##0.00' }, 'USD 1,234.50'],
  ['12345678', { number_format_code: '0.0,,"M"' }, '12.3M'],
  ['45306.75', { number_format_code: 'dd/mm/yyyy hh:mm' }, '15/01/2024 18:00'],
  ['0', { number_format_code: '#,##0.00;(#,##0.00);"-"' }, '-'],
  // Last: the pre-1900 date case below reads it.
  ['1900-01-15', {}, '1900-01-15'],
];

const displayCases: Case[] = DISPLAY.map(([typed, fields, shown], i) => ({
  name: `${JSON.stringify(fields)} shows ${typed} as ${shown}`,
  op: Object.keys(fields).length ? 'format_cells' : 'read_cells',
  args: (fx) => (Object.keys(fields).length ? { file_uuid: fx.file, range: `A${i + 1}`, ...fields } : { file_uuid: fx.file, range: `A${i + 1}` }),
  then: shows(`A${i + 1}`, [[shown]]),
}));

export const formatCases: CaseGroup[] = [
  {
    name: 'displayed values',
    setup: async (door) => {
      const file = await newFile(door, 'display');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: DISPLAY.map(([typed]) => [typed]) });
      return { file };
    },
    cases: [
      ...displayCases,
      {
        name: 'a red negative carries its colour in read_formats, a plain negative does not',
        op: 'read_formats',
        args: (fx) => ({ file_uuid: fx.file, range: 'A6:A8' }),
        ok: (d) => {
          expect(d.formats.map((f: any) => [f.range, f.format.text_color])).toEqual([['A6', undefined], ['A7', '#FF0000'], ['A8', '#FF0000']]);
        },
      },
      {
        name: 'typed dates before March 1900 agree with formulas',
        op: 'set_formula',
        args: (fx) => ({ file_uuid: fx.file, cell: 'B1', formula: `=A${DISPLAY.length}-DATE(1900,1,1)` }),
        // The result carries a date hint (as in spreadsheets), so the raw number is compared.
        then: async (door, fx) => expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'B1', render: 'raw' })).values).toEqual([[14]]),
      },
    ],
  },
  {
    name: 'format_cells and read_formats',
    setup: async (door) => {
      const file = await newFile(door, 'formats');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['a', 'b', 'c', 'd'], ['1', '2', '3', '4'], ['5', '6', '7', '8']] });
      return { file };
    },
    cases: [
      { name: 'runs of equal formats, colors in capitals', op: 'format_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A1:C1', bold: true, fill_color: '#ffff00' }), ok: (d) => expect(d.range).toBe('A1:C1'), then: async (door, fx) => expect((await formatsOf(door, fx, 'A1:D3')).formats).toEqual([{ range: 'A1:C1', format: { bold: true, fill_color: '#FFFF00' } }]) },
      { name: 'fields left out are kept', op: 'format_cells', args: (fx) => ({ file_uuid: fx.file, range: 'B1', italic: true }), then: async (door, fx) => expect((await formatsOf(door, fx, 'A1:C1')).formats.map((r: any) => r.range)).toEqual(['A1', 'B1', 'C1']) },
      { name: 'null resets one field', op: 'format_cells', args: (fx) => ({ file_uuid: fx.file, range: 'B1', italic: null }), then: async (door, fx) => expect((await formatsOf(door, fx, 'A1:C1')).formats).toEqual([{ range: 'A1:C1', format: { bold: true, fill_color: '#FFFF00' } }]) },
      { name: 'runs span rows', op: 'format_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A2:B3', number_format: 'currency', currency_symbol: '€' }), then: async (door, fx) => { expect((await formatsOf(door, fx, 'A2:D3')).formats).toEqual([{ range: 'A2:B3', format: { number_format: 'currency', currency_symbol: '€' } }]); await shows('A2:B2', [['€1.00', '€2.00']])(door, fx); } },
      { name: 'whole column gets a column style', op: 'format_cells', args: (fx) => ({ file_uuid: fx.file, range: 'D:D', fill_color: '#00FF00' }), ok: (d) => expect(d.range).toBe('D:D'), then: async (door, fx) => { const f = await formatsOf(door, fx, 'D1:D3'); expect(f.columns).toEqual([{ range: 'D:D', format: { fill_color: '#00FF00' } }]); expect(f.formats).toEqual([{ range: 'D1:D3', format: { fill_color: '#00FF00' } }]); } },
      { name: 'a cell written later in the column shows the column style', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'D50', values: [['new']] }), then: async (door, fx) => expect((await formatsOf(door, fx, 'D50')).formats).toEqual([{ range: 'D50', format: { fill_color: '#00FF00' } }]) },
      { name: 'whole row over a column style keeps both where they cross', op: 'format_cells', args: (fx) => ({ file_uuid: fx.file, range: '3:3', italic: true }), ok: (d) => expect(d.range).toBe('3:3'), then: async (door, fx) => { const f = await formatsOf(door, fx, 'C3:E3'); expect(f.rows).toEqual([{ range: '3:3', format: { italic: true } }]); expect(f.formats).toEqual([{ range: 'C3', format: { italic: true } }, { range: 'D3', format: { fill_color: '#00FF00', italic: true } }, { range: 'E3', format: { italic: true } }]); } },
      { name: 'a cell format wins over row and column styles', op: 'format_cells', args: (fx) => ({ file_uuid: fx.file, range: 'D3', bold: true }), then: async (door, fx) => expect((await formatsOf(door, fx, 'D3')).formats[0].format).toEqual({ fill_color: '#00FF00', italic: true, bold: true }) },
      { name: 'quoted numbers and booleans are taken as numbers and booleans', op: 'format_cells', args: (fx) => ({ file_uuid: fx.file, range: 'G1', font_size: '14', italic: 'true' }), then: async (door, fx) => expect((await formatsOf(door, fx, 'G1')).formats[0].format).toEqual({ font_size: 14, italic: true }) },
      { name: 'number format fields read back', op: 'format_cells', args: (fx) => ({ file_uuid: fx.file, range: 'C2', number_format: 'percent', decimals: 1 }), then: async (door, fx) => { expect((await formatsOf(door, fx, 'C2')).formats[0].format).toEqual({ number_format: 'percent', decimals: 1 }); await shows('C2', [['300.0%']])(door, fx); } },
      { name: 'date_time replaces the number format', op: 'format_cells', args: (fx) => ({ file_uuid: fx.file, range: 'C2', date_time: '%Y' }), then: async (door, fx) => expect((await formatsOf(door, fx, 'C2')).formats[0].format).toEqual({ date_time: '%Y' }) },
      { name: 'number_format null resets to automatic', op: 'format_cells', args: (fx) => ({ file_uuid: fx.file, range: 'C2', number_format: null }), then: shows('C2', [['3']]) },
      { name: 'clear removes all formatting of the range', op: 'format_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A1:C2', clear: true, bold: true }), then: async (door, fx) => expect((await formatsOf(door, fx, 'A1:C2')).formats).toEqual([]) },
      { name: 'text format keeps typed input as text', op: 'format_cells', args: (fx) => ({ file_uuid: fx.file, range: 'F1:F3', number_format: 'text' }), then: async (door, fx) => { await must(door, 'write_cells', { file_uuid: fx.file, cell: 'F1', values: [['007'], ['1-2'], ['12%']] }); const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'F1:F3', render: 'raw' }); expect(r.values).toEqual([['007'], ['1-2'], ['12%']]); } },
    ],
  },
  {
    name: 'format_cells bad input changes nothing',
    setup: async (door) => {
      const file = await newFile(door, 'formats-bad');
      await must(door, 'format_cells', { file_uuid: file, range: 'A1', bold: true });
      return { file };
    },
    cases: (
      [
        ['color name instead of hex', { text_color: 'red' }, /text_color: must be a hex color #RRGGBB/],
        ['color with bad digits', { fill_color: '#12345G' }, /fill_color: must be a hex color/],
        ['color with alpha', { fill_color: '#FF000080' }, /fill_color: must be a hex color #RRGGBB/],
        ['color as a number', { fill_color: 16711680 }, /fill_color: expected string, got number/],
        ['decimals above 30', { decimals: 31 }, /decimals: must be 0\.\.30/],
        ['negative decimals', { decimals: -1 }, /decimals: must be 0\.\.30/],
        ['font size 0', { font_size: 0 }, /font_size: must be 1\.\.409/],
        ['fractional font size', { font_size: 10.5 }, /font_size: must be a whole number/],
        ['unknown field', { colour: '#FF0000' }, /colour: unknown field/],
        ['misspelt field', { itallic: true }, /itallic: unknown field; did you mean "italic"\?/],
        ['misspelt choice', { align: 'centre' }, /align: must be one of "left", "center", "right"; did you mean "center"\?/],
        ['a quoted number that is not one', { font_size: '12pt' }, /font_size: expected number, got string/],
        ['unknown number format', { number_format: 'date' }, /number_format: must be one of .*number_format_code/],
        ['a format code as number_format', { number_format: '0.00' }, /number_format: must be one of .*"0\.00" is a spreadsheet format code: send it as number_format_code/],
        ['a broken format code', { number_format_code: '[Red' }, /number_format_code: is not a valid Excel number-format code/],
        ['a format code with decimals', { number_format_code: '0.0', decimals: 2 }, /number_format_code: .*cannot be combined with decimals/],
        ['unknown negative style', { negative: 'brackets' }, /negative: must be one of/],
        ['boolean as a string', { bold: 'yes' }, /bold: expected boolean, got string/],
        ['unknown strftime directive', { date_time: '%d.%m.%Y %Q' }, /date_time: '%Q' is not a supported directive/],
        ['12-hour clock without AM/PM', { date_time: '%I:%M' }, /date_time: .*%p/],
        ['minutes that would read as months', { date_time: '%Y %M' }, /date_time: .*%M \(minutes\)/],
        ['date_time with number_format', { date_time: '%Y', number_format: 'number' }, /date_time: .*cannot be combined with number_format/],
        ['text with decimals', { number_format: 'text', decimals: 2 }, /decimals: does not apply to number_format text/],
        ['currency symbol on percent', { number_format: 'percent', currency_symbol: '€' }, /currency_symbol: applies to number_format currency or accounting/],
        ['no field at all', {}, /clear: give at least one format field/],
        ['row past the last row', { range: 'A1048577', bold: false }, /range: .*row 1048577 is outside/],
        ['column past XFD', { range: 'XFE1', bold: false }, /range: .*outside A\.\.XFD/],
        ['range not a string', { range: 5, bold: false }, /range: expected string, got number/],
        ['unknown sheet', { sheet: 'Nope', bold: false }, /sheet: no sheet named 'Nope'/],
      ] as [string, Record<string, unknown>, RegExp][]
    ).map(([name, fields, message]) => ({
      name,
      op: 'format_cells',
      args: (fx: Fx) => ({ file_uuid: fx.file, range: 'A1:B2', ...fields }),
      error: { code: 'invalid_argument' as const, message },
      then: async (door: Door, fx: Fx) => expect((await formatsOf(door, fx, 'A1:B2')).formats).toEqual([{ range: 'A1', format: { bold: true } }]),
    })),
  },
  {
    name: 'set_borders',
    setup: async (door) => ({ file: await newFile(door, 'borders') }),
    cases: [
      {
        name: 'outer borders read the same from both sides of each edge',
        op: 'set_borders',
        args: (fx) => ({ file_uuid: fx.file, range: 'B2:C3', sides: 'outer' }),
        ok: (d) => expect(d).toMatchObject({ range: 'B2:C3', sides: ['outer'] }),
        then: async (door, fx) => {
          const thin = { line: 'line1', color: '#000000' };
          const f = await formatsOf(door, fx, 'A1:D4');
          expect(f.formats).toEqual([
            { range: 'B1:C1', format: { border_bottom: thin } },
            { range: 'A2:A3', format: { border_right: thin } },
            { range: 'B2', format: { border_top: thin, border_left: thin } },
            { range: 'C2', format: { border_top: thin, border_right: thin } },
            { range: 'D2:D3', format: { border_left: thin } },
            { range: 'B3', format: { border_bottom: thin, border_left: thin } },
            { range: 'C3', format: { border_bottom: thin, border_right: thin } },
            { range: 'B4:C4', format: { border_top: thin } },
          ]);
        },
      },
      {
        name: 'inner lines with style and alpha color',
        op: 'set_borders',
        args: (fx) => ({ file_uuid: fx.file, range: 'B2:C3', sides: ['horizontal', 'vertical'], line: 'dashed', color: '#ff000080' }),
        then: async (door, fx) => {
          const f = await formatsOf(door, fx, 'B2:C2');
          const dashed = { line: 'dashed', color: '#FF000080' };
          expect(f.formats[0].format).toMatchObject({ border_right: dashed, border_bottom: dashed });
          expect(f.formats[1].format).toMatchObject({ border_left: dashed, border_bottom: dashed });
        },
      },
      {
        name: 'setting an edge from the other side replaces it for both cells',
        op: 'set_borders',
        args: (fx) => ({ file_uuid: fx.file, range: 'C2', sides: 'left', line: 'double', color: '#0000FF' }),
        then: async (door, fx) => {
          const f = await formatsOf(door, fx, 'B2:C2');
          expect(f.formats[0].format.border_right).toEqual({ line: 'double', color: '#0000FF' });
          expect(f.formats[1].format.border_left).toEqual({ line: 'double', color: '#0000FF' });
        },
      },
      { name: 'clear removes the borders on both sides', op: 'set_borders', args: (fx) => ({ file_uuid: fx.file, range: 'B2:C3', sides: 'clear' }), then: async (door, fx) => expect((await formatsOf(door, fx, 'A1:D4')).formats).toEqual([]) },
      { name: 'color without enough digits', op: 'set_borders', args: (fx) => ({ file_uuid: fx.file, range: 'B2', color: '#FFF' }), error: { code: 'invalid_argument', message: /color: must be a hex color #RRGGBB or #RRGGBBAA/ }, then: async (door, fx) => expect((await formatsOf(door, fx, 'A1:C3')).formats).toEqual([]) },
      { name: 'unknown line style', op: 'set_borders', args: (fx) => ({ file_uuid: fx.file, range: 'B2', line: 'thin' }), error: { code: 'invalid_argument', message: /line: must be one of/ }, then: async (door, fx) => expect((await formatsOf(door, fx, 'A1:C3')).formats).toEqual([]) },
      { name: 'unknown side', op: 'set_borders', args: (fx) => ({ file_uuid: fx.file, range: 'B2', sides: 'diagonal' }), error: { code: 'invalid_argument', message: /sides/ } },
      { name: 'non-string side', op: 'set_borders', args: (fx) => ({ file_uuid: fx.file, range: 'B2', sides: ['top', 3] }), error: { code: 'invalid_argument', message: /sides/ } },
      { name: 'range out of bounds', op: 'set_borders', args: (fx) => ({ file_uuid: fx.file, range: 'A1:A2000000' }), error: { code: 'invalid_argument', message: /range/ } },
    ],
  },
];
