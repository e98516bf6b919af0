// Typed results through every door: each value's type in the JSON (`typed` beside the displayed
// `values`) and in the text a model reads (typed CSV), at every size; and the small frictions of
// issue 36: ranges without a sheet, no stray {"sheet"} line, no rate-limit note without a wait.
import Papa from 'papaparse';
import { expect } from 'vitest';
import { TYPED_CSV_KEY } from '../../mcp/render.ts';
import { must, newFile, type CaseGroup } from './types.ts';

const ROW_TYPED = [3, '3', true, { date: '2024-01-15', serial: 45306 }, 0.07, null, { error: '#DIV/0!' }, ''];
const ROW_TEXT = '3,"3",TRUE,45306 (2024-01-15),0.07 (7%),,#DIV/0!,""';

export const typedResultCases: CaseGroup[] = [
  {
    name: 'typed results',
    setup: async (door) => {
      const file = await newFile(door, 'typed');
      // "'3" keeps text (Excel's apostrophe); "7%" and the date are typed with their formats.
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [[3, "'3", true, '2024-01-15', '7%', null]] });
      await must(door, 'set_formula', { file_uuid: file, cell: 'G1', formula: '=1/0' });
      await must(door, 'set_formula', { file_uuid: file, cell: 'H1', formula: '=""' });
      return { file };
    },
    cases: [
      {
        name: 'read_cells: displayed values, and each value typed beside them',
        op: 'read_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:H1' }),
        ok: (d, _fx, text) => {
          expect(d.values).toEqual([['3', '3', 'TRUE', '2024-01-15', '7%', '', '#DIV/0!', '']]);
          expect(d.typed).toEqual([ROW_TYPED]);
          if (text !== undefined) expect(text.split('\n').slice(0, 2)).toEqual([`Sheet1!A1:H1, rows 1..1, columns A..H (${TYPED_CSV_KEY}):`, ROW_TEXT]);
        },
      },
      {
        name: 'a big read reads the same way (no switch of representation past a size)',
        op: 'read_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:H40' }),
        ok: (d, _fx, text) => {
          expect(d.typed[0]).toEqual(ROW_TYPED);
          if (text !== undefined) expect(text.split('\n')[1]).toBe(ROW_TEXT);
        },
      },
      {
        name: 'ranges without a sheet return their values, and the text ends with the last block (no stray {"sheet"} line)',
        op: 'read_cells',
        args: (fx) => ({ file_uuid: fx.file, ranges: ['A1:F6'] }),
        ok: (d, _fx, text) => {
          expect(d.sheet).toBe('Sheet1');
          expect(d.ranges[0].range).toBe('A1:F6');
          expect(d.ranges[0].values[0]).toEqual(['3', '3', 'TRUE', '2024-01-15', '7%', '']);
          expect(d.ranges[0].typed[0]).toEqual(ROW_TYPED.slice(0, 6));
          if (text !== undefined) {
            expect(text).toContain('3,"3",TRUE,45306 (2024-01-15),0.07 (7%),');
            expect(text).not.toMatch(/\{"sheet"/);
          }
        },
      },
      {
        name: 'render raw: stored values, typed the same way',
        op: 'read_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:H1', render: 'raw' }),
        ok: (d) => {
          expect(d.values).toEqual([[3, '3', true, 45306, 0.07, null, '#DIV/0!', '']]);
          expect(d.typed).toEqual([ROW_TYPED]);
        },
      },
      {
        name: 'render formula: formulas typed as {formula}, and bare in the text',
        op: 'read_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'F1:H1', render: 'formula' }),
        ok: (d, _fx, text) => {
          expect(d.typed).toEqual([[null, { formula: '=1/0' }, { formula: '=""' }]]);
          // ="" holds quotes: RFC 4180 quotes the field whole and doubles them; it still starts with =.
          if (text !== undefined) expect(text.split('\n')[1]).toBe(',=1/0,"="""""');
        },
      },
      {
        name: 'render "formulas" (the plural, as agents write it) is the formula render',
        op: 'read_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'F1:H1', render: 'formulas' }),
        ok: (d) => expect(d.typed).toEqual([[null, { formula: '=1/0' }, { formula: '=""' }]]),
      },
      {
        name: 'set_formula: value as displayed, typed beside it',
        op: 'set_formula',
        args: (fx) => ({ file_uuid: fx.file, cell: 'A3', formula: '=E1*100' }),
        ok: (d) => expect(d).toMatchObject({ value: '7', typed: 7 }),
      },
      {
        name: 'set_formula on text: typed as text, so "3" and 3 differ',
        op: 'set_formula',
        args: (fx) => ({ file_uuid: fx.file, cell: 'B3', formula: '=B1' }),
        ok: (d) => expect(d).toMatchObject({ value: '3', typed: '3' }),
      },
      {
        name: 'write replies type the values that moved',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'E1', values: [['50%']] }),
        ok: (d) => expect(d.effects.recalculated.cells).toEqual([{ cell: 'A3', value: '50', typed: 50 }]),
      },
      {
        name: 'export_data pages are typed too',
        op: 'export_data',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:D1' }),
        ok: (d) => expect(d.typed).toEqual([ROW_TYPED.slice(0, 4)]),
      },
      {
        name: 'a call that did not wait for the rate limit says nothing about waiting',
        op: 'list_sheets',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (_d, _fx, text) => expect(text ?? '').not.toMatch(/waited/),
      },
    ],
  },
  {
    // Trial friction (2026-11-29): quotes came back JSON-escaped (\") beside formulas and shown
    // forms bare with their commas, so no CSV parser could read a row back.
    name: 'typed CSV is RFC 4180',
    setup: async (door) => {
      const file = await newFile(door, 'rfc4180');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['say "hi", ok', 'line 1\nline 2', '=A1', 1200]] });
      await must(door, 'format_cells', { file_uuid: file, range: 'D1', number_format: 'currency', currency_symbol: '$' });
      await must(door, 'set_formula', { file_uuid: file, cell: 'E1', formula: '=IF(D1>5,"big, yes","no")' });
      return { file };
    },
    cases: [
      {
        name: 'read_cells: quotes doubled, a line break inside its quotes, a shown form with a comma quoted whole',
        op: 'read_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:E1' }),
        ok: (d, _fx, text) => {
          expect(d.values).toEqual([['say "hi", ok', 'line 1\nline 2', '=A1', '$1,200.00', 'big, yes']]);
          if (text === undefined) return;
          const csv = text.slice(text.indexOf('\n') + 1);
          expect(csv).toBe(`"say ""hi"", ok","line 1\nline 2","'=A1","1200 ($1,200.00)","big, yes"`);
          expect(csv).not.toContain('\\');
          const parsed = Papa.parse<string[]>(csv);
          expect(parsed.errors).toEqual([]);
          expect(parsed.data).toEqual([['say "hi", ok', 'line 1\nline 2', "'=A1", '1200 ($1,200.00)', 'big, yes']]);
        },
      },
      {
        name: 'render formula: a formula with quotes and commas is one field; text that starts with = keeps its apostrophe',
        op: 'read_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'C1:E1', render: 'formula' }),
        ok: (d, _fx, text) => {
          expect(d.typed).toEqual([['=A1', 1200, { formula: '=IF(D1>5,"big, yes","no")' }]]);
          if (text === undefined) return;
          const csv = text.slice(text.indexOf('\n') + 1);
          expect(csv).toBe(`"'=A1",1200,"=IF(D1>5,""big, yes"",""no"")"`);
          expect(Papa.parse<string[]>(csv).data).toEqual([["'=A1", '1200', '=IF(D1>5,"big, yes","no")']]);
        },
      },
    ],
  },
];
