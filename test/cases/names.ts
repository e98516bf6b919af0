// Named ranges through every door: define (range, constant, formula), use in formulas from any
// sheet, list and /context, follow inserted rows and renamed sheets, update (formulas recompute),
// rename (formulas rewritten), delete (#NAME?, as Excel), a deleted sheet (#REF!), bad input.
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, newFile, type CaseGroup, type Fx } from './types.ts';

const read = async (door: Door, fx: Fx, range: string, extra: Record<string, unknown> = {}) => (await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Report', range, ...extra })).values;

export const nameCases: CaseGroup[] = [
  {
    name: 'names',
    setup: async (door) => {
      const file = await newFile(door, 'names-case', { sheets: ['Data', 'Report'] });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'Data', cell: 'A1', values: [['Month', 'Revenue'], ['Jan', '100'], ['Feb', '250'], ['Mar', '50']] });
      return { file };
    },
    cases: [
      {
        name: 'define_name on a range stores it absolute and sheet-qualified',
        op: 'define_name',
        args: (fx) => ({ file_uuid: fx.file, name: 'Revenue', refers_to: 'B2:B4', sheet: 'Data' }),
        ok: (d) => expect(d).toMatchObject({ name: 'Revenue', refers_to: '=Data!$B$2:$B$4' }),
      },
      { name: 'a constant', op: 'define_name', args: (fx) => ({ file_uuid: fx.file, name: 'tax_rate', refers_to: '0.2', comment: 'VAT' }), ok: (d) => expect(d).toMatchObject({ name: 'tax_rate', refers_to: '=0.2', comment: 'VAT' }) },
      {
        name: 'names work in formulas on another sheet',
        op: 'set_formula',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Report', cell: 'A1', formula: '=SUM(Revenue)*(1+tax_rate)' }),
        ok: (d) => expect(d.value).toBe('480'),
      },
      {
        name: 'list_names lists them',
        op: 'list_names',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => expect(d.names.map((n: { name: string; refers_to: string }) => [n.name, n.refers_to])).toEqual([['Revenue', '=Data!$B$2:$B$4'], ['tax_rate', '=0.2']]),
      },
      { name: 'get_context shows them', op: 'get_context', args: (fx) => ({ file_uuid: fx.file }), ok: (d) => expect(d.names).toEqual([expect.objectContaining({ name: 'Revenue', refers_to: '=Data!$B$2:$B$4' }), expect.objectContaining({ name: 'tax_rate', value: 0.2 })]) },
      {
        name: 'a name follows rows inserted above its range',
        op: 'insert_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', at: '2', count: 2 }),
        then: async (door, fx) => {
          expect((await must(door, 'list_names', { file_uuid: fx.file })).names[0].refers_to).toBe('=Data!$B$4:$B$6');
          expect(await read(door, fx, 'A1')).toEqual([['480']]);
        },
      },
      {
        name: 'update_name points it elsewhere; formulas recompute',
        op: 'update_name',
        args: (fx) => ({ file_uuid: fx.file, name: 'revenue', refers_to: 'Data!B4:B5' }),
        ok: (d) => expect(d).toMatchObject({ name: 'Revenue', refers_to: '=Data!$B$4:$B$5', formulas_updated: 0 }),
        then: async (door, fx) => expect(await read(door, fx, 'A1')).toEqual([['420']]),
      },
      {
        name: 'renaming a name rewrites the formulas that use it',
        op: 'update_name',
        args: (fx) => ({ file_uuid: fx.file, name: 'Revenue', new_name: 'Sales' }),
        ok: (d) => expect(d).toMatchObject({ name: 'Sales', formulas_updated: 1 }),
        then: async (door, fx) => {
          expect(await read(door, fx, 'A1', { render: 'formula' })).toEqual([['=SUM(Sales)*(1+tax_rate)']]);
          expect(await read(door, fx, 'A1')).toEqual([['420']]);
        },
      },
      {
        name: 'a name follows a renamed sheet',
        op: 'rename_sheet',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', new_name: 'Sales Data' }),
        then: async (door, fx) => {
          expect((await must(door, 'list_names', { file_uuid: fx.file })).names[0].refers_to).toBe("='Sales Data'!$B$4:$B$5");
          expect(await read(door, fx, 'A1')).toEqual([['420']]);
        },
      },
      { name: 'a name that is a cell reference', op: 'define_name', args: (fx) => ({ file_uuid: fx.file, name: 'AB12', refers_to: '1' }), error: { code: 'invalid_argument', message: /name: 'AB12' cannot be a name/ } },
      { name: 'R1C1 is a reference too', op: 'define_name', args: (fx) => ({ file_uuid: fx.file, name: 'R2C3', refers_to: '1' }), error: { code: 'invalid_argument', message: /name: 'R2C3' cannot be a name/ } },
      { name: 'a name with a space', op: 'define_name', args: (fx) => ({ file_uuid: fx.file, name: 'Net sales', refers_to: '1' }), error: { code: 'invalid_argument', message: /name: 'Net sales' is not a valid name/ } },
      { name: 'a taken name (without case)', op: 'define_name', args: (fx) => ({ file_uuid: fx.file, name: 'SALES', refers_to: '1' }), error: { code: 'invalid_argument', message: /name: a name 'SALES' already exists.*update_name/ } },
      { name: 'a sheet that does not exist', op: 'define_name', args: (fx) => ({ file_uuid: fx.file, name: 'Costs', refers_to: 'Nope!A1:A3' }), error: { code: 'invalid_argument', message: /refers_to: names sheet 'Nope'.*sheets are: 'Sales Data', 'Report'/ } },
      { name: 'text that does not parse', op: 'define_name', args: (fx) => ({ file_uuid: fx.file, name: 'Costs', refers_to: '=SUM(A1:' }), error: { code: 'invalid_argument', message: /refers_to: '=SUM\(\$A\$1:' is not a valid formula|refers_to: .* is not a valid formula/ } },
      { name: 'an unknown name', op: 'update_name', args: (fx) => ({ file_uuid: fx.file, name: 'Costs', refers_to: '1' }), error: { code: 'invalid_argument', message: /name: no name 'Costs' in this file; names are: 'Sales', 'tax_rate'/ } },
      { name: 'an update with nothing to change', op: 'update_name', args: (fx) => ({ file_uuid: fx.file, name: 'Sales' }), error: { code: 'invalid_argument', message: /give new_name, refers_to or comment/ } },
      {
        name: 'delete_name leaves formulas showing #NAME?, as Excel does',
        op: 'delete_name',
        args: (fx) => ({ file_uuid: fx.file, name: 'tax_rate' }),
        ok: (d) => expect(d).toMatchObject({ name: 'tax_rate', deleted: true }),
        then: async (door, fx) => {
          expect(await read(door, fx, 'A1')).toEqual([['#NAME?']]);
          expect(await read(door, fx, 'A1', { render: 'formula' })).toEqual([['=SUM(Sales)*(1+tax_rate)']]);
        },
      },
      {
        name: 'defining the name again fixes the formulas that showed #NAME?',
        op: 'define_name',
        args: (fx) => ({ file_uuid: fx.file, name: 'tax_rate', refers_to: '=0.5' }),
        then: async (door, fx) => expect(await read(door, fx, 'A1')).toEqual([['525']]),
      },
      {
        name: 'deleting the sheet a name points into makes it #REF!; the name stays',
        op: 'delete_sheet',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Sales Data' }),
        then: async (door, fx) => {
          expect((await must(door, 'list_names', { file_uuid: fx.file })).names).toEqual([expect.objectContaining({ name: 'Sales', refers_to: '=#REF!' }), expect.objectContaining({ name: 'tax_rate' })]);
          expect(await read(door, fx, 'A1')).toEqual([['#REF!']]);
        },
      },
    ],
  },
  {
    name: "a sheet's own names",
    setup: async (door) => {
      const file = await newFile(door, 'scoped-names-case', { sheets: ['Plan', 'Actual'] });
      return { file };
    },
    cases: [
      { name: 'a workbook name', op: 'define_name', args: (fx) => ({ file_uuid: fx.file, name: 'Rate', refers_to: '0.05' }), ok: (d) => expect(d).toMatchObject({ name: 'Rate', refers_to: '=0.05' }) },
      {
        name: "Plan!Rate is Plan's own name; its references default to Plan",
        op: 'define_name',
        args: (fx) => ({ file_uuid: fx.file, name: 'Plan!Rate', refers_to: 'B1' }),
        ok: (d) => expect(d).toMatchObject({ name: 'Plan!Rate', refers_to: '=Plan!$B$1' }),
        then: async (door, fx) => {
          await must(door, 'write_cells', { file_uuid: fx.file, sheet: 'Plan', cell: 'B1', values: [[0.1]] });
          await must(door, 'set_formula', { file_uuid: fx.file, sheet: 'Plan', cell: 'A1', formula: '=Rate*100' });
          await must(door, 'set_formula', { file_uuid: fx.file, sheet: 'Actual', cell: 'A1', formula: '=Rate*100' });
          const plan = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Plan', range: 'A1' });
          const actual = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Actual', range: 'A1' });
          expect([plan.values, actual.values]).toEqual([[['10']], [['5']]]);
        },
      },
      {
        name: 'list_names shows the sheet of each own name',
        op: 'list_names',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => expect(d.names.map((n: { name: string; refers_to: string }) => [n.name, n.refers_to])).toEqual([['Rate', '=0.05'], ['Plan!Rate', '=Plan!$B$1']]),
      },
      {
        name: "a name longer than a column reference (AddressLine1, as Excel's templates use)",
        op: 'define_name',
        args: (fx) => ({ file_uuid: fx.file, name: 'AddressLine1', refers_to: '="1 Main St"' }),
        then: async (door, fx) => {
          await must(door, 'set_formula', { file_uuid: fx.file, sheet: 'Actual', cell: 'B1', formula: '=AddressLine1' });
          expect((await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Actual', range: 'B1' })).values).toEqual([['1 Main St']]);
        },
      },
      {
        name: "renaming the workbook name leaves formulas that read a sheet's own name alone",
        op: 'update_name',
        args: (fx) => ({ file_uuid: fx.file, name: 'Rate', new_name: 'BaseRate' }),
        ok: (d) => expect(d).toMatchObject({ name: 'BaseRate', formulas_updated: 1 }),
        then: async (door, fx) => {
          const plan = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Plan', range: 'A1', render: 'formula' });
          const actual = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Actual', range: 'A1', render: 'formula' });
          expect([plan.values, actual.values]).toEqual([[['=Rate*100']], [['=BaseRate*100']]]);
        },
      },
      {
        name: "update_name changes a sheet's own name by its qualified name",
        op: 'update_name',
        args: (fx) => ({ file_uuid: fx.file, name: 'Plan!Rate', refers_to: '0.2' }),
        ok: (d) => expect(d).toMatchObject({ name: 'Plan!Rate', refers_to: '=0.2' }),
        then: async (door, fx) => expect((await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Plan', range: 'A1' })).values).toEqual([['20']]),
      },
      {
        name: "a copied sheet gets its own copy of the sheet's names",
        op: 'duplicate_sheet',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Plan', new_name: 'Plan 2' }),
        then: async (door, fx) => {
          const names = (await must(door, 'list_names', { file_uuid: fx.file })).names.map((n: { name: string }) => n.name);
          expect(names).toEqual(['BaseRate', 'Plan!Rate', 'AddressLine1', "'Plan 2'!Rate"]);
          expect((await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Plan 2', range: 'A1' })).values).toEqual([['20']]);
        },
      },
      {
        name: "a deleted sheet's own names go with it",
        op: 'delete_sheet',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Plan 2' }),
        then: async (door, fx) => expect((await must(door, 'list_names', { file_uuid: fx.file })).names.map((n: { name: string }) => n.name)).toEqual(['BaseRate', 'Plan!Rate', 'AddressLine1']),
      },
      { name: 'an own name twice', op: 'define_name', args: (fx) => ({ file_uuid: fx.file, name: 'plan!RATE', refers_to: '1' }), error: { code: 'invalid_argument', message: /name: a name 'Plan!RATE' already exists/ } },
      { name: 'an own name of a sheet that does not exist', op: 'define_name', args: (fx) => ({ file_uuid: fx.file, name: 'Nope!Rate', refers_to: '1' }), error: { code: 'invalid_argument', message: /name: 'Nope!Rate' names sheet 'Nope', which is not in this file; sheets are: 'Plan', 'Actual'/ } },
      { name: 'a rename cannot move a name to another sheet', op: 'update_name', args: (fx) => ({ file_uuid: fx.file, name: 'Plan!Rate', new_name: 'Actual!Rate' }), error: { code: 'invalid_argument', message: /new_name: a rename keeps the name's sheet/ } },
      {
        name: "deleting a sheet's own name: its formulas read the workbook's name of the same text, if any",
        op: 'delete_name',
        args: (fx) => ({ file_uuid: fx.file, name: 'Plan!Rate' }),
        then: async (door, fx) => expect((await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Plan', range: 'A1' })).values).toEqual([['#NAME?']]),
      },
    ],
  },
];
