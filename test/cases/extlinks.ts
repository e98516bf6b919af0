// What Excel files carry that the engine does not compute, through every door: links to other
// workbooks (formulas read as Excel shows them with the values the file cached, listed in
// get_context, external references left alone when rows are inserted), what-if data tables
// ({=TABLE()} with cached values, in get_context, moving with inserted rows) and names Excel
// allows that the engine cannot hold (non-Latin). Workbooks from test/fixtures/corpus (SOURCES.md).
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, type CaseGroup, type Fx } from './types.ts';

const corpus = (path: string) => readFileSync(new URL(`../fixtures/corpus/${path}`, import.meta.url)).toString('base64');
const importFile = async (door: Door, name: string, path: string) => (await must(door, 'import_file', { file_name: name, file_data: corpus(path) })).uuid as string;
const read = async (door: Door, file: string, range: string, render: string) => (await must(door, 'read_cells', { file_uuid: file, range, render })).values;

export const extlinkCases: CaseGroup[] = [
  {
    name: 'external links, data tables and names Excel keeps',
    setup: async (door): Promise<Fx> => ({
      ext: await importFile(door, 'refs.xlsx', 'poi/spreadsheet/ref-56737.xlsx'),
      dt: await importFile(door, 'what-if.xlsx', 'closedxml/ClosedXML.Tests/Resource/TryToLoad/LO/xlsx/data-table/one-variable.xlsx'),
      cjk: await importFile(door, 'names.xlsx', 'umya-spreadsheet/issue_188.xlsx'),
    }),
    cases: [
      {
        name: 'get_context lists the link: file, target, sheets, names, formulas reading it',
        op: 'get_context',
        args: (fx) => ({ file_uuid: fx.ext }),
        ok: (d) => expect(d.external_links).toEqual([expect.objectContaining({ book: '56737.xlsx', number: 1, target: '56737.xlsx', sheets: ['Uses', 'Defines', '56737'], names: ['NR_Global_B2', 'NR_To_A1'], formulas: 3 })]),
      },
      {
        name: "formulas reading another workbook read back as Excel shows them, with the values the file cached",
        op: 'read_cells',
        args: (fx) => ({ file_uuid: fx.ext, range: 'Refs!E3:I3', render: 'formula' }),
        ok: (d) => expect(d.values).toEqual([["='[56737.xlsx]Uses'!$A$1", '', "='[56737.xlsx]Defines'!NR_To_A1", '', "='[56737.xlsx]'!NR_Global_B2"]]),
        then: async (door, fx) => expect(await read(door, fx.ext, 'Refs!E3:I3', 'raw')).toEqual([['Hello!', null, 'Test A1', null, 142]]),
      },
      {
        name: 'rows inserted above move the formulas and leave their external references alone',
        op: 'insert_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.ext, sheet: 'Refs', at: '1', count: 2 }),
        then: async (door, fx) => {
          expect(await read(door, fx.ext, 'Refs!E5', 'formula')).toEqual([["='[56737.xlsx]Uses'!$A$1"]]);
          expect(await read(door, fx.ext, 'Refs!E5', 'raw')).toEqual([['Hello!']]);
        },
      },
      {
        name: 'get_context lists the what-if data tables, not computed here',
        op: 'get_context',
        args: (fx) => ({ file_uuid: fx.dt }),
        ok: (d) =>
          expect(d.data_tables).toEqual([
            expect.objectContaining({ sheet: 'One-Var', range: 'B5:B11', formula: '{=TABLE(,A2)}', col_input: 'A2', computed: false }),
            expect.objectContaining({ sheet: 'One-Var', range: 'E5:I5', formula: '{=TABLE(B2,)}', row_input: 'B2', computed: false }),
          ]),
      },
      {
        name: "a data table's cells read back as Excel shows them: {=TABLE()} over the values Excel cached",
        op: 'read_cells',
        args: (fx) => ({ file_uuid: fx.dt, range: 'B5:B7', render: 'formula' }),
        ok: (d) => expect(d.values).toEqual([['{=TABLE(,A2)}'], ['{=TABLE(,A2)}'], ['{=TABLE(,A2)}']]),
        then: async (door, fx) => expect(await read(door, fx.dt, 'B5:B7', 'raw')).toEqual([[2], [4], [6]]),
      },
      {
        name: 'a row inserted above a data table moves it and its input cell',
        op: 'insert_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.dt, at: '1' }),
        then: async (door, fx) => {
          expect((await must(door, 'get_context', { file_uuid: fx.dt })).data_tables[0]).toMatchObject({ range: 'B6:B12', formula: '{=TABLE(,A3)}' });
          expect(await read(door, fx.dt, 'B6', 'formula')).toEqual([['{=TABLE(,A3)}']]);
        },
      },
      {
        name: 'names in Chinese are kept and listed',
        op: 'list_names',
        args: (fx) => ({ file_uuid: fx.cjk }),
        ok: (d) => expect(d.names.map((n: { name: string }) => n.name)).toEqual(expect.arrayContaining(['单价', '單價', '數量'])),
      },
    ],
  },
];
