// Cases for clear_cells, batch_update_cells, export_data, has_data and find_replace through every door.
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, newFile, type CaseGroup, type Fx } from './types.ts';

const read = async (door: Door, fx: Fx, range: string, render = 'displayed') => (await must(door, 'read_cells', { file_uuid: fx.file, range, render })).values;
const formats = async (door: Door, fx: Fx, range: string) => (await must(door, 'read_formats', { file_uuid: fx.file, range })).formats;
const version = async (door: Door, fx: Fx) => (await must(door, 'get_file', { file_uuid: fx.file })).version;

export const cellValueCases: CaseGroup[] = [
  {
    name: 'clear_cells',
    setup: async (door) => {
      const file = await newFile(door, 'clear');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['10', 'x'], ['20', 'y']] });
      await must(door, 'set_formula', { file_uuid: file, cell: 'C1', formula: '=SUM(A1:A2)' });
      await must(door, 'format_cells', { file_uuid: file, range: 'A1:B1', bold: true });
      await must(door, 'format_cells', { file_uuid: file, range: 'E:E', fill_color: '#FF0000' });
      return { file };
    },
    cases: [
      {
        name: 'clears values and formats; formulas reading the range recompute',
        op: 'clear_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:A2' }),
        ok: (d) => expect(d).toMatchObject({ range: 'A1:A2', cleared_cells: 2 }),
        then: async (door, fx) => {
          expect(await read(door, fx, 'A1:C2')).toEqual([['', 'x', '0'], ['', 'y', '']]);
          expect(await formats(door, fx, 'A1:B1')).toEqual([{ range: 'B1', format: { bold: true } }]);
        },
      },
      {
        name: 'keep_formats clears contents only',
        op: 'clear_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'B1', keep_formats: true }),
        then: async (door, fx) => {
          expect(await read(door, fx, 'B1')).toEqual([['']]);
          expect(await formats(door, fx, 'B1')).toEqual([{ range: 'B1', format: { bold: true } }]);
        },
      },
      {
        name: 'whole columns drop their column style',
        op: 'clear_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'E:E' }),
        ok: (d) => expect(d.range).toBe('E:E'),
        then: async (door, fx) => expect((await must(door, 'read_formats', { file_uuid: fx.file, range: 'E1:E2' })).columns).toBeUndefined(),
      },
      { name: 'a formula cell cleared is gone from the engine too', op: 'clear_cells', args: (fx) => ({ file_uuid: fx.file, range: 'C1' }), then: async (door, fx) => { await must(door, 'write_cells', { file_uuid: fx.file, cell: 'A1', values: [['5']] }); expect(await read(door, fx, 'C1')).toEqual([['']]); } },
      { name: 'bad range', op: 'clear_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A1:' }), error: { code: 'invalid_argument', message: /range/ }, then: async (door, fx) => expect(await read(door, fx, 'A2:B2')).toEqual([['', 'y']]) },
      { name: 'range past the last column', op: 'clear_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A1:XFE2' }), error: { code: 'invalid_argument', message: /range: .*outside A\.\.XFD/ } },
    ],
  },
  {
    name: 'write_cells with JSON values',
    setup: async (door) => {
      const file = await newFile(door, 'json-values');
      await must(door, 'format_cells', { file_uuid: file, range: 'A3:C3', number_format: 'text' });
      return { file };
    },
    cases: [
      {
        name: 'numbers, booleans and null are taken as they are; strings are typed as Excel types input ("007" is 7, "\'007" text)',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'A1', values: [[42, -0.5, 1e21, true, false, null, '3.5%', '007', "'007", '66']] }),
        ok: (d) => expect(d).toMatchObject({ range: 'A1:J1', updated_cells: 10 }),
        then: async (door, fx) => {
          expect(await read(door, fx, 'A1:J1', 'raw')).toEqual([[42, -0.5, 1e21, true, false, null, 0.035, 7, '007', 66]]);
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'G1:J1' })).typed).toEqual([[0.035, 7, '007', 66]]);
          await must(door, 'set_formula', { file_uuid: fx.file, cell: 'A2', formula: '=A1*2+B1+IF(D1,1,0)' });
          expect(await read(door, fx, 'A2')).toEqual([['84.5']]);
        },
      },
      { name: 'null clears a cell', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'A1', values: [[null]] }), then: async (door, fx) => expect(await read(door, fx, 'A1:B2', 'formula')).toEqual([['', '-0.5'], ['=A1*2+B1+IF(D1,1,0)', '']]) },
      {
        name: 'a JSON number in a text-formatted cell stays a number; a string stays text',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'A3', values: [[5, '5']] }),
        then: async (door, fx) => {
          await must(door, 'set_formula', { file_uuid: fx.file, cell: 'D3', formula: '=ISNUMBER(A3)&"/"&ISNUMBER(B3)' });
          expect(await read(door, fx, 'D3')).toEqual([['TRUE/FALSE']]);
        },
      },
      { name: 'append_table_rows takes JSON values too', op: 'create_table', args: (fx) => ({ file_uuid: fx.file, range: 'J1:K2', name: 'T' }), then: async (door, fx) => { await must(door, 'append_table_rows', { file_uuid: fx.file, table: 'T', rows: [[7, true]] }); expect(await read(door, fx, 'J3:K3', 'raw')).toEqual([[7, true]]); } },
      {
        name: 'numeric dates are read per column as an import reads them: day-first where a value says so, ambiguous ones stay text and are named',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'A7', values: [['31/01/2024', '12/04/2024'], ['12/04/2024', '01/02/2024']] }),
        ok: (d) => expect(d.warnings).toEqual(['column B: 2 numeric dates such as 12/04/2024 read as day-first or as month-first; kept as text. Give date_order "DMY" or "MDY" to read them as dates']),
        then: async (door, fx) => {
          expect(await read(door, fx, 'A7:B8', 'raw')).toEqual([[45322, '12/04/2024'], [45394, '01/02/2024']]);
          expect(await read(door, fx, 'A8')).toEqual([['12/04/2024']]);
        },
      },
      { name: 'date_order DMY reads an ambiguous date day-first', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'C7', values: [['12/04/2024']], date_order: 'DMY' }), ok: (d) => expect(d.warnings).toBeUndefined(), then: async (door, fx) => expect(await read(door, fx, 'C7', 'raw')).toEqual([[45394]]) },
      { name: 'an object value', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'A5', values: [[{ n: 1 }]] }), error: { code: 'invalid_argument', message: /values\[0\]\[0\]: expected a string/ }, then: async (door, fx) => expect(await read(door, fx, 'A5')).toEqual([['']]) },
    ],
  },
  {
    name: 'write replies say what else changed',
    setup: async (door) => {
      const file = await newFile(door, 'effects');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [[1, '=A1*2', '=B1+1', '=A1']], input: 'user_entered' });
      return { file };
    },
    cases: [
      {
        name: 'formulas elsewhere that changed, with their new values',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'A1', values: [[5]] }),
        ok: (d) => expect(d.effects).toEqual({ recalculated: { count: 3, cells: expect.arrayContaining([{ cell: 'B1', value: '10', typed: 10 }, { cell: 'C1', value: '11', typed: 11 }, { cell: 'D1', value: '5', typed: 5 }]) } }),
      },
      { name: 'raw values carry no float noise', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'F5', formula: '=0.1+0.2' }), then: async (door, fx) => expect(await read(door, fx, 'F5', 'raw')).toEqual([[0.3]]) },
      { name: 'a write that changes no formula says nothing more', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'F1', values: [['x']] }), ok: (d) => expect(d.effects).toBeUndefined() },
      {
        name: 'a spill created: set_formula returns its range and values',
        op: 'set_formula',
        args: (fx) => ({ file_uuid: fx.file, cell: 'A3', formula: '=SEQUENCE(3)' }),
        ok: (d) => {
          expect(d.spill).toEqual({ range: 'A3:A5', values: [['1'], ['2'], ['3']], typed: [[1], [2], [3]] });
          expect(d.effects).toEqual({ spills: [{ cell: 'A3', range: 'A3:A5' }] });
        },
      },
      { name: 'a big spill is shown in part', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'H1', formula: '=SEQUENCE(500,2)' }), ok: (d) => { expect(d.spill.range).toBe('H1:I500'); expect(d.spill.values).toHaveLength(50); expect(d.spill.values[49]).toEqual(['99', '100']); expect(d.spill.truncated).toBe(true); } },
      { name: 'a spill blocked by a write', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'A5', values: [['in the way']] }), ok: (d) => expect(d.effects).toEqual({ recalculated: { count: 1, cells: [{ cell: 'A3', value: '#SPILL!', typed: { error: '#SPILL!' } }] }, spills: [{ cell: 'A3', blocked: true }] }) },
      { name: 'and spilling again once cleared', op: 'clear_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A5' }), ok: (d) => expect(d.effects).toEqual({ recalculated: { count: 1, cells: [{ cell: 'A3', value: '1', typed: 1 }] }, spills: [{ cell: 'A3', range: 'A3:A5' }] }) },
    ],
  },
  {
    name: 'batch_update_cells',
    setup: async (door) => ({ file: await newFile(door, 'batch-cells', { sheets: ['Sheet1', 'Other'] }) }),
    cases: [
      {
        name: 'writes then formats, one version',
        op: 'batch_update_cells',
        args: (fx) => ({
          file_uuid: fx.file,
          writes: [{ cell: 'A1', values: [['Item', 'Price'], ['Tea', '3.5']] }, { cell: 'A1', sheet: 'Other', values: [['=not a formula']] }],
          formats: [{ range: 'A1:B1', bold: true }, { range: 'B2', number_format: 'currency', currency_symbol: '€' }, { range: 'B:B', fill_color: '#EEEEEE' }],
        }),
        ok: (d, _fx, text) => {
          expect(d.version).toBe(2);
          expect(d.updated_cells).toBe(5);
          expect(d.writes.map((w: any) => w.range)).toEqual(['A1:B2', 'A1']);
          expect(d.formats.map((f: any) => f.range)).toEqual(['A1:B1', 'B2', 'B:B']);
          expect(d.formula_like_text).toEqual(['Other!A1']);
          // The text a model reads says it in words, with the way to make formulas.
          if (text !== undefined) expect(text).toContain('Other!A1: text starting with \\"=\\" was stored as text, not as a formula; to make formulas, write again with input: \\"user_entered\\"');
        },
        then: async (door, fx) => {
          expect(await read(door, fx, 'A1:B2')).toEqual([['Item', 'Price'], ['Tea', '€3.50']]);
          expect((await formats(door, fx, 'A1:B2'))[0]).toEqual({ range: 'A1', format: { bold: true } });
        },
      },
      { name: 'accounting is not allowed in batch formats', op: 'batch_update_cells', args: (fx) => ({ file_uuid: fx.file, writes: [{ cell: 'C1', values: [['kept?']] }], formats: [{ range: 'C1', number_format: 'accounting' }] }), error: { code: 'invalid_argument', message: /formats\[0\]\.number_format: must be one of "number", "currency", "percent", "exponential"/ }, then: async (door, fx) => { expect(await read(door, fx, 'C1')).toEqual([['']]); expect(await version(door, fx)).toBe(2); } },
      { name: 'negative is not a batch format field', op: 'batch_update_cells', args: (fx) => ({ file_uuid: fx.file, formats: [{ range: 'B2', negative: 'red' }] }), error: { code: 'invalid_argument', message: /formats\[0\]\.negative: unknown field/ } },
      { name: 'a bad second write keeps nothing', op: 'batch_update_cells', args: (fx) => ({ file_uuid: fx.file, writes: [{ cell: 'C1', values: [['kept?']] }, { cell: 'XFD1', values: [['1', '2']] }] }), error: { code: 'invalid_argument', message: /writes\[1\]\.values: .*past the last column/ }, then: async (door, fx) => { expect(await read(door, fx, 'C1')).toEqual([['']]); expect(await version(door, fx)).toBe(2); } },
      { name: 'a bad color in a format keeps the writes out too', op: 'batch_update_cells', args: (fx) => ({ file_uuid: fx.file, writes: [{ cell: 'C1', values: [['kept?']] }], formats: [{ range: 'C1', text_color: 'blue' }] }), error: { code: 'invalid_argument', message: /formats\[0\]\.text_color: must be a hex color/ }, then: async (door, fx) => expect(await read(door, fx, 'C1')).toEqual([['']]) },
      { name: 'an unknown sheet in a later format keeps nothing', op: 'batch_update_cells', args: (fx) => ({ file_uuid: fx.file, writes: [{ cell: 'C1', values: [['kept?']] }], formats: [{ range: 'Nope!A1', bold: true }] }), error: { code: 'invalid_argument', message: /formats\[0\]\.range: no sheet named 'Nope'/ }, then: async (door, fx) => { expect(await read(door, fx, 'C1')).toEqual([['']]); expect(await version(door, fx)).toBe(2); } },
      { name: 'a value that is neither text, number, boolean nor null', op: 'batch_update_cells', args: (fx) => ({ file_uuid: fx.file, writes: [{ cell: 'C1', values: [[{ v: 1 }]] }] }), error: { code: 'invalid_argument', message: /writes\[0\]\.values\[0\]\[0\]: expected a string \("42", "=A1"\), a number, true\/false or null/ } },
      { name: 'JSON numbers and booleans are written as typed values', op: 'batch_update_cells', args: (fx) => ({ file_uuid: fx.file, writes: [{ cell: 'D1', values: [[1.5, true, 'x']] }] }), then: async (door, fx) => expect(await read(door, fx, 'D1:F1', 'raw')).toEqual([[1.5, true, 'x']]) },
      {
        name: 'with input user_entered, "=..." writes formulas, as write_cells does',
        op: 'batch_update_cells',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Other', writes: [{ cell: 'B1', values: [['2', '=B1*21']] }], input: 'user_entered' }),
        ok: (d) => expect(d.formula_like_text).toBeUndefined(),
        then: async (door, fx) => {
          expect((await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Other', range: 'B1:C1' })).values).toEqual([['2', '42']]);
        },
      },
    ],
  },
  {
    name: 'export_data',
    setup: async (door) => {
      const file = await newFile(door, 'export');
      const values = Array.from({ length: 25 }, (_, i) => [String(i + 1), `r${i + 1}`, String((i + 1) / 4)]);
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values });
      await must(door, 'format_cells', { file_uuid: file, range: 'C:C', number_format: 'percent', decimals: 0 });
      return { file };
    },
    cases: [
      { name: 'first page and next_range', op: 'export_data', args: (fx) => ({ file_uuid: fx.file, max_rows: 10 }), ok: (d, fx) => { expect(d.range).toBe('A1:C10'); expect(d.values).toHaveLength(10); expect(d.values[0]).toEqual(['1', 'r1', '25%']); expect(d.next_range).toBe('A11:C25'); fx.next = d.next_range; } },
      { name: 'next_range continues', op: 'export_data', args: (fx) => ({ file_uuid: fx.file, range: fx.next, max_rows: 10 }), ok: (d) => { expect(d.range).toBe('A11:C20'); expect(d.values[0]).toEqual(['11', 'r11', '275%']); expect(d.next_range).toBe('A21:C25'); } },
      { name: 'last page has no next_range', op: 'export_data', args: (fx) => ({ file_uuid: fx.file, range: 'A21:C25', max_rows: 10, render: 'raw' }), ok: (d) => { expect(d.values).toHaveLength(5); expect(d.values[4]).toEqual([25, 'r25', 6.25]); expect(d.next_range).toBeUndefined(); } },
      { name: 'whole columns end at the used rows', op: 'export_data', args: (fx) => ({ file_uuid: fx.file, range: 'B:B', max_rows: 20 }), ok: (d) => { expect(d.range).toBe('B1:B20'); expect(d.next_range).toBe('B21:B25'); } },
      { name: 'several ranges page independently', op: 'export_data', args: (fx) => ({ file_uuid: fx.file, ranges: ['A1:A3', 'Sheet1!B1:B9'], max_rows: 4 }), ok: (d) => { expect(d.ranges[0]).toMatchObject({ range: 'A1:A3' }); expect(d.ranges[0].next_range).toBeUndefined(); expect(d.ranges[1]).toMatchObject({ range: 'B1:B4', sheet: 'Sheet1', next_range: "Sheet1!B5:B9" }); } },
      { name: 'max_rows 0', op: 'export_data', args: (fx) => ({ file_uuid: fx.file, max_rows: 0 }), error: { code: 'invalid_argument', message: /max_rows: must be 1\.\.100000/ } },
      { name: 'range and ranges together', op: 'export_data', args: (fx) => ({ file_uuid: fx.file, range: 'A1', ranges: ['A1'] }), error: { code: 'invalid_argument', message: /range: give either range or ranges/ } },
    ],
  },
  {
    name: 'has_data',
    setup: async (door) => {
      const file = await newFile(door, 'has-data');
      await must(door, 'write_cells', { file_uuid: file, cell: 'B2', values: [['x', '1']] });
      await must(door, 'set_formula', { file_uuid: file, cell: 'D5', formula: '=C2*2' });
      await must(door, 'format_cells', { file_uuid: file, range: 'F1:G9', bold: true });
      await must(door, 'merge_cells', { file_uuid: file, range: 'H1:I2' });
      return { file };
    },
    cases: [
      { name: 'an empty range', op: 'has_data', args: (fx) => ({ file_uuid: fx.file, range: 'A10:C20' }), ok: (d) => expect(d).toMatchObject({ has_data: false, cells: 0, merged: [], objects: [] }) },
      { name: 'values and formulas', op: 'has_data', args: (fx) => ({ file_uuid: fx.file, range: 'A1:D5' }), ok: (d) => expect(d).toMatchObject({ has_data: true, cells: 3, formula_cells: 1, first_cell: 'B2' }) },
      { name: 'formatting alone is no data', op: 'has_data', args: (fx) => ({ file_uuid: fx.file, range: 'F1:G9' }), ok: (d) => expect(d.has_data).toBe(false) },
      { name: 'whole columns look at every row', op: 'has_data', args: (fx) => ({ file_uuid: fx.file, range: 'D:D' }), ok: (d) => expect(d).toMatchObject({ has_data: true, first_cell: 'D5' }) },
      { name: 'merged cells occupy a range', op: 'has_data', args: (fx) => ({ file_uuid: fx.file, range: 'I2:J3' }), ok: (d) => expect(d).toMatchObject({ has_data: true, cells: 0, merged: ['H1:I2'] }) },
      { name: 'range required', op: 'has_data', args: (fx) => ({ file_uuid: fx.file }), error: { code: 'invalid_argument', message: /range: is required/ } },
    ],
  },
  {
    name: 'find_replace',
    setup: async (door) => {
      const file = await newFile(door, 'replace');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Apple pie'], ['apple'], ['APPLE tart'], ['abc1'], ['remove me'], ['x007'], ['5']] });
      await must(door, 'set_formula', { file_uuid: file, cell: 'B1', formula: '=A4*2' });
      return { file };
    },
    cases: [
      { name: 'case-insensitive by default', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: 'apple', replace: 'Pear' }), ok: (d) => { expect(d).toMatchObject({ replaced_cells: 3, occurrences: 3 }); expect(d.changes[0]).toEqual({ cell: 'A1', before: 'Apple pie', after: 'Pear pie' }); }, then: async (door, fx) => expect(await read(door, fx, 'A1:A3')).toEqual([['Pear pie'], ['Pear'], ['Pear tart']]) },
      { name: 'case_sensitive', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: 'pear', replace: 'plum', case_sensitive: true }), ok: (d) => expect(d.replaced_cells).toBe(0), then: async (door, fx) => expect(await read(door, fx, 'A2')).toEqual([['Pear']]) },
      { name: 'whole_cell', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: 'pear', replace: 'Plum', whole_cell: true }), ok: (d) => expect(d.changes).toEqual([{ cell: 'A2', before: 'Pear', after: 'Plum' }]) },
      { name: 'replaced text is typed like write_cells: "abc1" -> 1 is a number and formulas recompute', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: 'abc', replace: '' }), then: async (door, fx) => { expect(await read(door, fx, 'A4', 'raw')).toEqual([[1]]); expect(await read(door, fx, 'B1')).toEqual([['2']]); } },
      { name: 'leading zeros are typed as Excel types input: "007" becomes 7', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: 'x', replace: '' }), then: async (door, fx) => expect(await read(door, fx, 'A6', 'raw')).toEqual([[7]]) },
      { name: 'an empty replace of a whole cell clears it', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: 'REMOVE ME', replace: '', whole_cell: true }), ok: (d) => expect(d.replaced_cells).toBe(1), then: async (door, fx) => expect((await must(door, 'has_data', { file_uuid: fx.file, range: 'A5' })).has_data).toBe(false) },
      { name: 'formulas are left alone unless asked', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: 'A4', replace: 'A7' }), ok: (d) => expect(d.replaced_cells).toBe(0) },
      { name: 'formulas: true rewrites formula text', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: 'A4', replace: 'A7', formulas: true }), ok: (d) => expect(d.changes).toEqual([{ cell: 'B1', before: '=A4*2', after: '=A7*2' }]), then: async (door, fx) => expect(await read(door, fx, 'B1')).toEqual([['10']]) },
      { name: 'a replacement that breaks a formula changes nothing', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: '*', replace: '*(', formulas: true }), error: { code: 'invalid_argument', message: /replace \(in B1\): '=A7\*\(2' is not a valid formula/ }, then: async (door, fx) => expect(await read(door, fx, 'B1', 'formula')).toEqual([['=A7*2']]) },
      { name: 'empty find', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: '', replace: 'x' }), error: { code: 'invalid_argument', message: /find: must not be empty/ } },
      { name: 'find not a string', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: 5, replace: 'x' }), error: { code: 'invalid_argument', message: /find: expected string, got number/ } },
      { name: 'replace missing', op: 'find_replace', args: (fx) => ({ file_uuid: fx.file, find: 'x' }), error: { code: 'invalid_argument', message: /replace: is required/ } },
    ],
  },
];
