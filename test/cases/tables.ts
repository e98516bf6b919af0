// Data tables through every door: create (headers fixed, names in formulas), list, append, sort,
// query with filters, rename (formulas follow), delete (formulas keep working), bad input.
import { expect } from 'vitest';
import { settle } from './code.ts';
import { must, newFile, type CaseGroup } from './types.ts';

const DATA = [
  ['Region', 'Rep', 'Amount', 'Date'],
  ['East', 'Ann', '100', '2024-01-05'],
  ['West', 'Bob', '250', '2024-02-10'],
  ['East', 'Cid', '75', '2024-01-20'],
  ['North', 'Dee', '', '2024-03-01'],
  ['West', 'Eve', '300', '2024-02-28'],
];

export const tableCases: CaseGroup[] = [
  {
    name: 'tables',
    setup: async (door) => {
      const file = await newFile(door, 'tables-case', { sheets: ['Sheet1', 'Calc'] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: DATA });
      await must(door, 'write_cells', { file_uuid: file, cell: 'H1', values: [['', 'x', 'x'], ['1', '2', '3']] });
      return { file };
    },
    cases: [
      {
        name: 'create_table from a range with a header row',
        op: 'create_table',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:D6', name: 'Sales' }),
        ok: (d) => {
          expect(d).toMatchObject({ name: 'Sales', sheet: 'Sheet1', range: 'A1:D6', data_range: 'A2:D6', columns: ['Region', 'Rep', 'Amount', 'Date'], rows: 5 });
          expect(d.formula_names).toEqual(['Sales', 'Sales[Region]', 'Sales[Rep]', 'Sales[Amount]', 'Sales[Date]']);
          expect(d.style).toEqual({ name: 'TableStyleMedium2', row_stripes: true, column_stripes: false, first_column: false, last_column: false, header_row: true, totals_row: false });
        },
      },
      {
        name: 'update_table sets the style and its options; fields left out stay',
        op: 'update_table',
        args: (fx) => ({ file_uuid: fx.file, table: 'Sales', style: 'tablestyledark1', column_stripes: true, first_column: true }),
        ok: (d) => expect(d.style).toEqual({ name: 'TableStyleDark1', row_stripes: true, column_stripes: true, first_column: true, last_column: false, header_row: true, totals_row: false }),
        then: async (door, fx) => {
          const back = await must(door, 'update_table', { file_uuid: fx.file, table: 'Sales', style: 'TableStyleMedium2', column_stripes: false, first_column: false });
          expect(back.style).toMatchObject({ name: 'TableStyleMedium2', row_stripes: true, column_stripes: false, first_column: false });
        },
      },
      { name: 'update_table with an unknown style', op: 'update_table', args: (fx) => ({ file_uuid: fx.file, table: 'Sales', style: 'TableStyleMedium29' }), error: { code: 'invalid_argument', message: /style: 'TableStyleMedium29' is not a table style; valid: TableStyleLight1 to TableStyleLight21, TableStyleMedium1 to TableStyleMedium28, TableStyleDark1 to TableStyleDark11, or 'none'/ } },
      { name: 'update_table with nothing to change', op: 'update_table', args: (fx) => ({ file_uuid: fx.file, table: 'Sales' }), error: { code: 'invalid_argument', message: /style: give style or one of row_stripes/ } },
      {
        name: 'create_table with a style and no stripes',
        op: 'create_table',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Calc', range: 'K1:L3', name: 'Plain', style: 'none', row_stripes: false }),
        ok: (d) => expect(d.style).toMatchObject({ name: null, row_stripes: false }),
        then: async (door, fx) => {
          const t = await must(door, 'update_table', { file_uuid: fx.file, table: 'Plain', style: 'TableStyleLight9' });
          expect(t.style).toMatchObject({ name: 'TableStyleLight9', row_stripes: false });
          await must(door, 'delete_table', { file_uuid: fx.file, table: 'Plain' });
        },
      },
      { name: 'create_table with an unknown style', op: 'create_table', args: (fx) => ({ file_uuid: fx.file, range: 'L1:L3', name: 'Styled', style: 'Fancy' }), error: { code: 'invalid_argument', message: /style: 'Fancy' is not a table style; valid: TableStyleLight1 to TableStyleLight21/ } },
      { name: 'table names work in formulas (also from another sheet)', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, sheet: 'Calc', cell: 'A1', formula: '=SUM(Sales.Amount)' }), ok: (d) => expect(d.value).toBe('725') },
      {
        name: 'a header typed anew renames its column, and formulas naming it follow, as in Excel',
        op: 'set_formula',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Calc', cell: 'B1', formula: '=SUM(Sales[Amount])+COUNT(Sales[[#All],[Rep]:[Amount]])' }),
        ok: (d) => expect(d).toMatchObject({ formula: '=SUM(Sales[Amount])+COUNT(Sales[[#All],[Rep]:[Amount]])', value: '729' }),
        then: async (door, fx) => {
          await must(door, 'write_cells', { file_uuid: fx.file, cell: 'C1', values: [['Total']] });
          const r = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Calc', range: 'A1:B1', render: 'formula' });
          expect(r.values).toEqual([['=SUM(Sales.Total)', '=SUM(Sales[Total])+COUNT(Sales[[#All],[Rep]:[Total]])']]);
          expect((await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Calc', range: 'A1:B1' })).values).toEqual([['725', '729']]);
          await must(door, 'write_cells', { file_uuid: fx.file, cell: 'C1', values: [['Amount']] });
          const back = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Calc', range: 'A1:B1', render: 'formula' });
          expect(back.values).toEqual([['=SUM(Sales.Amount)', '=SUM(Sales[Amount])+COUNT(Sales[[#All],[Rep]:[Amount]])']]);
          await must(door, 'clear_cells', { file_uuid: fx.file, sheet: 'Calc', range: 'B1' });
        },
      },
      { name: 'the table name is its data rows', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, sheet: 'Calc', cell: 'A2', formula: '=ROWS(Sales)&"x"&COLUMNS(Sales)' }), ok: (d) => expect(d.value).toBe('5x4') },
      { name: 'blank and repeated headers are fixed', op: 'create_table', args: (fx) => ({ file_uuid: fx.file, range: 'H1:J2' }), ok: (d) => { expect(d.name).toBe('Table1'); expect(d.columns).toEqual(['Column1', 'x', 'x2']); }, then: async (door, fx) => { const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'H1:J1' }); expect(r.values).toEqual([['Column1', 'x', 'x2']]); } },
      { name: 'overlapping tables', op: 'create_table', args: (fx) => ({ file_uuid: fx.file, range: 'C3:E8', name: 'Other' }), error: { code: 'invalid_argument', message: /range: C3:E8 overlaps table 'Sales' \(A1:D6\)/ } },
      { name: 'a name that is a cell reference', op: 'create_table', args: (fx) => ({ file_uuid: fx.file, range: 'L1:L3', name: 'AB12' }), error: { code: 'invalid_argument', message: /name: 'AB12' cannot be a table name/ } },
      { name: 'a name with spaces', op: 'create_table', args: (fx) => ({ file_uuid: fx.file, range: 'L1:L3', name: 'My table' }), error: { code: 'invalid_argument', message: /name: 'My table' is not a table name/ } },
      { name: 'a taken name', op: 'create_table', args: (fx) => ({ file_uuid: fx.file, range: 'L1:L3', name: 'sales' }), error: { code: 'invalid_argument', message: /name: a table named 'Sales' already exists/ } },
      {
        name: 'append_table_rows grows the table and formulas see the rows',
        op: 'append_table_rows',
        args: (fx) => ({ file_uuid: fx.file, table: 'sales', rows: [['South', 'Fay', '50', '2024-03-15'], ['East', 'Gus', '125']] }),
        ok: (d) => expect(d).toMatchObject({ range: 'A1:D8', rows: 7, appended: 2, appended_range: 'A7:D8' }),
        then: async (door, fx) => {
          const r = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Calc', range: 'A1:A2' });
          expect(r.values).toEqual([['900'], ['7x4']]);
        },
      },
      { name: 'append with too many values', op: 'append_table_rows', args: (fx) => ({ file_uuid: fx.file, table: 'Sales', rows: [['a', 'b', 'c', 'd', 'e']] }), error: { code: 'invalid_argument', message: /rows\[0\]: has 5 values but table 'Sales' has 4 columns/ } },
      {
        name: 'query_table filters, sorts and pages without changing the sheet',
        op: 'query_table',
        args: (fx) => ({ file_uuid: fx.file, table: 'Sales', filters: [{ column: 'amount', op: 'gte', value: '100' }, { column: 'Region', op: 'in', values: ['east', 'West'] }], sort: [{ column: 'Amount', descending: true }], columns: ['Rep', 'Amount'], limit: 3 }),
        ok: (d) => {
          expect(d.columns).toEqual(['Rep', 'Amount']);
          expect(d.rows).toEqual([['Eve', '300'], ['Bob', '250'], ['Gus', '125']]);
          expect(d.row_numbers).toEqual([6, 3, 8]);
          expect(d.total).toBe(4);
          expect(d.nextOffset).toBe(3);
        },
      },
      { name: 'query_table with dates and blanks', op: 'query_table', args: (fx) => ({ file_uuid: fx.file, table: 'Sales', filters: [{ column: 'Date', op: 'lt', value: '2024-02-01' }] }), ok: (d) => expect(d.rows.map((r: string[]) => r[1])).toEqual(['Ann', 'Cid']) },
      { name: 'query_table blank filter', op: 'query_table', args: (fx) => ({ file_uuid: fx.file, table: 'Sales', filters: [{ column: 'Amount', op: 'blank' }] }), ok: (d) => expect(d.rows.map((r: string[]) => r[1])).toEqual(['Dee']) },
      { name: 'query_table with an unknown column', op: 'query_table', args: (fx) => ({ file_uuid: fx.file, table: 'Sales', filters: [{ column: 'Price', op: 'eq', value: '1' }] }), error: { code: 'invalid_argument', message: /filters\[0\]\.column: 'Price' is not a column of table 'Sales'; columns are: 'Region', 'Rep', 'Amount', 'Date'/ } },
      { name: 'query_table without a value', op: 'query_table', args: (fx) => ({ file_uuid: fx.file, table: 'Sales', filters: [{ column: 'Rep', op: 'eq' }] }), error: { code: 'invalid_argument', message: /filters\[0\]\.value: is required/ } },
      {
        name: 'sort_table reorders the cells; blanks last',
        op: 'sort_table',
        args: (fx) => ({ file_uuid: fx.file, table: 'Sales', by: [{ column: 'Region' }, { column: 'Amount', descending: true }] }),
        ok: (d) => expect(d.range).toBe('A1:D8'),
        then: async (door, fx) => {
          const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'A2:C8' });
          expect(r.values).toEqual([['East', 'Gus', '125'], ['East', 'Ann', '100'], ['East', 'Cid', '75'], ['North', 'Dee', ''], ['South', 'Fay', '50'], ['West', 'Eve', '300'], ['West', 'Bob', '250']]);
          const calc = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Calc', range: 'A1' });
          expect(calc.values).toEqual([['900']]);
        },
      },
      { name: 'sort by an unknown column', op: 'sort_table', args: (fx) => ({ file_uuid: fx.file, table: 'Sales', by: [{ column: 'Nope' }] }), error: { code: 'invalid_argument', message: /by\[0\]\.column: 'Nope' is not a column/ } },
      {
        name: 'rename_table rewrites formulas that use the name',
        op: 'rename_table',
        args: (fx) => ({ file_uuid: fx.file, table: 'Sales', new_name: 'Orders' }),
        ok: (d) => { expect(d.name).toBe('Orders'); expect(d.formulas_updated).toBe(2); },
        then: async (door, fx) => {
          const r = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Calc', range: 'A1:A2', render: 'formula' });
          expect(r.values).toEqual([['=SUM(Orders.Amount)'], ['=ROWS(Orders)&"x"&COLUMNS(Orders)']]);
          const v = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Calc', range: 'A1' });
          expect(v.values).toEqual([['900']]);
        },
      },
      { name: 'rename to a taken name', op: 'rename_table', args: (fx) => ({ file_uuid: fx.file, table: 'Orders', new_name: 'table1' }), error: { code: 'invalid_argument', message: /new_name: a table named 'Table1' already exists/ } },
      { name: 'unknown table', op: 'rename_table', args: (fx) => ({ file_uuid: fx.file, table: 'Nope', new_name: 'X' }), error: { code: 'invalid_argument', message: /table: no table named 'Nope' in this file; tables are: Orders, Table1/ } },
      { name: 'list_tables', op: 'list_tables', args: (fx) => ({ file_uuid: fx.file }), ok: (d) => expect(d.tables.map((t: any) => [t.name, t.range])).toEqual([['Orders', 'A1:D8'], ['Table1', 'H1:J2']]) },
      { name: 'context lists tables with headers', op: 'get_context', args: (fx) => ({ file_uuid: fx.file }), ok: (d) => expect(d.tables[0]).toMatchObject({ name: 'Orders', sheet: 'Sheet1', range: 'A1:D8', columns: ['Region', 'Rep', 'Amount', 'Date'], rows: 7 }) },
      {
        name: 'delete_table keeps the cells and turns names into ranges',
        op: 'delete_table',
        args: (fx) => ({ file_uuid: fx.file, table: 'Orders' }),
        ok: (d) => expect(d).toMatchObject({ table: 'Orders', deleted: true, cleared: false, formulas_updated: 2 }),
        then: async (door, fx) => {
          const r = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Calc', range: 'A1:A2', render: 'formula' });
          expect(r.values).toEqual([['=SUM(Sheet1!$C$2:$C$8)'], ['=ROWS(Sheet1!$A$2:$D$8)&"x"&COLUMNS(Sheet1!$A$2:$D$8)']]);
          const v = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Calc', range: 'A1:A2' });
          expect(v.values).toEqual([['900'], ['7x4']]);
          expect((await must(door, 'list_tables', { file_uuid: fx.file })).tables.map((t: any) => t.name)).toEqual(['Table1']);
        },
      },
      { name: 'delete_table with clear empties the cells', op: 'delete_table', args: (fx) => ({ file_uuid: fx.file, table: 'Table1', clear: true }), ok: (d) => expect(d.cleared).toBe(true), then: async (door, fx) => { const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'H1:J2' }); expect(r.values).toEqual([['', '', ''], ['', '', '']]); } },
    ],
  },
  {
    name: 'code outputs become tables',
    setup: async (door) => ({ file: await newFile(door, 'output-tables') }),
    cases: [
      {
        name: 'a result with a header row is a table named after its code cell',
        op: 'set_code_cell',
        args: (fx) => ({ file_uuid: fx.file, cell: 'B2', language: 'javascript', code: '[["name", "score"], ["a", 1], ["b", 2]]' }),
        ok: () => undefined,
        then: async (door, fx) => {
          expect((await settle(door, fx.file, 'B2')).status).toBe('done');
          const { tables } = await must(door, 'list_tables', { file_uuid: fx.file });
          expect(tables).toEqual([expect.objectContaining({ name: 'Output_B2', range: 'B2:C4', columns: ['name', 'score'], rows: 2, code_cell: 'B2' })]);
          const f = await must(door, 'set_formula', { file_uuid: fx.file, cell: 'E1', formula: '=SUM(Output_B2.score)' });
          expect(f.value).toBe('3');
        },
      },
      {
        name: 'a rerun with more rows grows the table; a scalar result drops it',
        op: 'set_code_cell',
        args: (fx) => ({ file_uuid: fx.file, cell: 'B2', language: 'javascript', code: '[["name", "score"], ["a", 1], ["b", 2], ["c", 4]]' }),
        ok: () => undefined,
        then: async (door, fx) => {
          await settle(door, fx.file, 'B2');
          expect((await must(door, 'list_tables', { file_uuid: fx.file })).tables[0]).toMatchObject({ range: 'B2:C5', rows: 3 });
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'E1' })).values).toEqual([['7']]);
          await must(door, 'set_code_cell', { file_uuid: fx.file, cell: 'B2', language: 'javascript', code: '42' });
          await settle(door, fx.file, 'B2');
          expect((await must(door, 'list_tables', { file_uuid: fx.file })).tables).toEqual([]);
        },
      },
    ],
  },
];
