// Data validation through every door: a list written in place or taken from cells, number and
// date bounds, one rule per cell (a new rule or kind "any" takes cells from the rules that had
// them), rules in /context, ranges and sources following inserted rows, bad input.
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, newFile, type CaseGroup, type Fx } from './types.ts';

const rules = async (door: Door, fx: Fx) => (await must(door, 'get_context', { file_uuid: fx.file })).data_validations as { range: string; kind: string; items?: string[]; formula?: string; operator?: string; min?: unknown; max?: unknown }[];

export const validationCases: CaseGroup[] = [
  {
    name: 'data validation',
    setup: async (door) => {
      const file = await newFile(door, 'validation-case', { sheets: ['Orders'] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Item', 'Qty', 'Status', 'Region', 'Due', 'Regions'], ['Pens', 3, 'Open', 'North', '2024-03-01', 'North'], ['Ink', 12, 'Done', 'South', '2024-04-01', 'South']] });
      return { file };
    },
    cases: [
      {
        name: 'a list of choices written in place',
        op: 'set_data_validation',
        args: (fx) => ({ file_uuid: fx.file, range: 'C2:C99', kind: 'list', items: ['Open', 'Done'] }),
        ok: (d) => expect(d.rule).toMatchObject({ sheet: 'Orders', range: 'C2:C99', kind: 'list', items: ['Open', 'Done'], allow_blank: true, error_style: 'stop' }),
      },
      {
        name: 'a list taken from cells',
        op: 'set_data_validation',
        args: (fx) => ({ file_uuid: fx.file, range: 'D2:D99', kind: 'list', formula: '=$F$2:$F$3' }),
        ok: (d) => expect(d.rule).toMatchObject({ range: 'D2:D99', kind: 'list', formula: '=$F$2:$F$3' }),
      },
      {
        name: 'whole numbers between two bounds',
        op: 'set_data_validation',
        args: (fx) => ({ file_uuid: fx.file, range: 'B2:B99', kind: 'whole', min: 1, max: '100' }),
        ok: (d) => expect(d.rule).toMatchObject({ kind: 'whole', operator: 'between', min: 1, max: 100 }),
      },
      {
        name: 'a date from a day on (min alone is "at least")',
        op: 'set_data_validation',
        args: (fx) => ({ file_uuid: fx.file, range: 'E2:E99', kind: 'date', min: '2024-01-01' }),
        ok: (d) => expect(d.rule).toMatchObject({ kind: 'date', operator: 'greater_than_or_equal', min: '2024-01-01' }),
      },
      {
        name: 'get_context lists the rules',
        op: 'get_context',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => expect(d.data_validations.map((r: { range: string; kind: string }) => `${r.range} ${r.kind}`)).toEqual(['C2:C99 list', 'D2:D99 list', 'B2:B99 whole', 'E2:E99 date']),
      },
      {
        name: 'kind "any" takes validation off part of a rule; the rest keeps it',
        op: 'set_data_validation',
        args: (fx) => ({ file_uuid: fx.file, range: 'C5:C9', kind: 'any' }),
        ok: (d) => expect(d.rule).toBeNull(),
        then: async (door, fx) => expect((await rules(door, fx))[0]).toMatchObject({ range: 'C2:C4 C10:C99', kind: 'list' }),
      },
      {
        name: 'a new rule takes its cells from the rule that had them',
        op: 'set_data_validation',
        args: (fx) => ({ file_uuid: fx.file, range: 'B50:B99', kind: 'decimal', max: '=B1*2' }),
        ok: (d) => expect(d.rule).toMatchObject({ range: 'B50:B99', kind: 'decimal', operator: 'less_than_or_equal', max: '=B1*2' }),
        then: async (door, fx) => expect((await rules(door, fx)).filter((r) => r.range.startsWith('B')).map((r) => r.range)).toEqual(['B2:B49', 'B50:B99']),
      },
      {
        name: 'rules and their sources follow inserted rows',
        op: 'insert_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, at: '1', count: 1 }),
        then: async (door, fx) => {
          const now = await rules(door, fx);
          expect(now.find((r) => r.kind === 'list' && r.formula)).toMatchObject({ range: 'D3:D100', formula: '=$F$3:$F$4' });
          expect(now.find((r) => r.kind === 'decimal')).toMatchObject({ range: 'B51:B100', max: '=B2*2' });
        },
      },
      { name: 'a list needs items or a formula', op: 'set_data_validation', args: (fx) => ({ file_uuid: fx.file, range: 'G2:G9', kind: 'list' }), error: { code: 'invalid_argument', message: /items: a list takes its choices as items/ } },
      { name: 'an item with a comma', op: 'set_data_validation', args: (fx) => ({ file_uuid: fx.file, range: 'G2:G9', kind: 'list', items: ['a,b'] }), error: { code: 'invalid_argument', message: /items: an item cannot hold a comma/ } },
      { name: 'a number rule without bounds', op: 'set_data_validation', args: (fx) => ({ file_uuid: fx.file, range: 'G2:G9', kind: 'whole' }), error: { code: 'invalid_argument', message: /min: kind 'whole' needs min, max or both/ } },
      { name: 'a date that is not one', op: 'set_data_validation', args: (fx) => ({ file_uuid: fx.file, range: 'G2:G9', kind: 'date', min: 'someday' }), error: { code: 'invalid_argument', message: /min: 'someday' is not a date \(2024-12-31\) or a formula/ } },
      { name: 'items on a number rule', op: 'set_data_validation', args: (fx) => ({ file_uuid: fx.file, range: 'G2:G9', kind: 'whole', min: 1, items: ['a'] }), error: { code: 'invalid_argument', message: /items: is not used by kind 'whole'/ } },
      { name: 'a custom rule without its formula', op: 'set_data_validation', args: (fx) => ({ file_uuid: fx.file, range: 'G2:G9', kind: 'custom' }), error: { code: 'invalid_argument', message: /formula: a custom rule needs the condition/ } },
      { name: 'a kind that does not exist', op: 'set_data_validation', args: (fx) => ({ file_uuid: fx.file, range: 'G2:G9', kind: 'dropdown', items: ['a'] }), error: { code: 'invalid_argument', message: /kind/ } },
      {
        name: 'nothing changed by the refused calls',
        op: 'get_context',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => expect(d.data_validations).toHaveLength(5),
      },
    ],
  },
];
