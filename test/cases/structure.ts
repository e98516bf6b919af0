// Structure and cell relations through every door: inserting, deleting and moving rows and
// columns (formulas re-pointed and recomputed, also across sheets), sizes, merges, cell moves,
// dependencies, the /context summary, batches, and bad input that must change nothing.
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, newFile, type CaseGroup, type Fx } from './types.ts';

const read = async (door: Door, file: string, range: string, extra: Record<string, unknown> = {}) => (await must(door, 'read_cells', { file_uuid: file, range, ...extra })).values;
const layout = (door: Door, file: string, sheet?: string) => must(door, 'get_layout', { file_uuid: file, ...(sheet ? { sheet } : {}) });
const version = async (door: Door, file: string) => (await must(door, 'get_file', { file_uuid: file })).version;

/** A read-back proving a refused call changed nothing: same version, same cells, same layout. */
async function unchanged(door: Door, fx: Fx): Promise<void> {
  expect(await version(door, fx.file)).toBe(fx.v);
  expect(await read(door, fx.file, 'A1:C3', { render: 'formula' })).toEqual(fx.cells);
  expect(await layout(door, fx.file)).toEqual(fx.layout);
}

export const structureCases: CaseGroup[] = [
  {
    name: 'rows and columns re-point formulas',
    setup: async (door) => {
      const file = await newFile(door, 'structure-rows', { sheets: ['Data', 'Report'] });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'Data', cell: 'A1', values: [['Item', 'Amount'], ['a', '10'], ['b', '20'], ['c', '30']] });
      await must(door, 'set_formula', { file_uuid: file, sheet: 'Data', cell: 'B5', formula: '=SUM(B2:B4)' });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'Report', cell: 'A1', values: [['=Data!B3*2'], ['=SUM(Data!B2:B4)'], ['=Data!A4']], input: 'user_entered' });
      return { file };
    },
    cases: [
      {
        name: 'insert two rows before row 3',
        op: 'insert_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', at: '3', count: 2 }),
        ok: (d) => expect(d).toMatchObject({ sheet: 'Data', axis: 'rows', inserted: '3:4', count: 2 }),
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'Data!A1:B7')).toEqual([['Item', 'Amount'], ['a', '10'], ['', ''], ['', ''], ['b', '20'], ['c', '30'], ['', '60']]);
          expect(await read(door, fx.file, 'Data!B7', { render: 'formula' })).toEqual([['=SUM(B2:B6)']]);
          expect(await read(door, fx.file, 'Report!A1:A3', { render: 'formula' })).toEqual([['=Data!B5*2'], ['=SUM(Data!B2:B6)'], ['=Data!A6']]);
          expect(await read(door, fx.file, 'Report!A1:A3')).toEqual([['40'], ['60'], ['c']]);
        },
      },
      {
        name: 'a value written into the inserted rows is summed on both sheets',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', cell: 'A3', values: [['new', '5']] }),
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'Data!B7')).toEqual([['65']]);
          expect(await read(door, fx.file, 'Report!A2')).toEqual([['65']]);
        },
      },
      {
        name: 'insert a column after A',
        op: 'insert_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', at: 'A', side: 'after' }),
        ok: (d) => expect(d).toMatchObject({ axis: 'columns', inserted: 'B', count: 1 }),
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'Data!A1:C1')).toEqual([['Item', '', 'Amount']]);
          expect(await read(door, fx.file, 'Data!C7', { render: 'formula' })).toEqual([['=SUM(C2:C6)']]);
          expect(await read(door, fx.file, 'Report!A1:A2', { render: 'formula' })).toEqual([['=Data!C5*2'], ['=SUM(Data!C2:C6)']]);
        },
      },
      {
        name: 'delete that column again',
        op: 'delete_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', indices: ['B'] }),
        ok: (d) => expect(d).toMatchObject({ axis: 'columns', deleted: ['B'], count: 1 }),
        then: async (door, fx) => expect(await read(door, fx.file, 'Report!A1:A2', { render: 'formula' })).toEqual([['=Data!B5*2'], ['=SUM(Data!B2:B6)']]),
      },
      {
        name: 'delete rows 3 and 5 (row numbers as integer and string): references into them become #REF!',
        op: 'delete_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', indices: [5, '3'] }),
        ok: (d) => expect(d).toMatchObject({ axis: 'rows', deleted: ['3', '5'], count: 2 }),
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'Data!A1:B5')).toEqual([['Item', 'Amount'], ['a', '10'], ['', ''], ['c', '30'], ['', '40']]);
          expect(await read(door, fx.file, 'Data!B5', { render: 'formula' })).toEqual([['=SUM(B2:B4)']]);
          const report = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Report', range: 'A1:A3' });
          expect(report.values).toEqual([['#REF!'], ['40'], ['c']]);
          expect(report.errors).toEqual([expect.objectContaining({ cell: 'A1', error: '#REF!' })]);
          expect(await read(door, fx.file, 'Report!A1', { render: 'formula' })).toEqual([['=#REF!*2']]);
        },
      },
      {
        name: 'move row 4 before row 2: references follow the moved cells',
        op: 'move_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', range: '4', to: '2' }),
        ok: (d) => expect(d).toMatchObject({ axis: 'rows', moved: '4', now_at: '2' }),
        then: async (door, fx) => {
          // The rows only changed order inside B2:B4, so the sums keep the whole range, as in Excel.
          expect(await read(door, fx.file, 'Data!A1:B5')).toEqual([['Item', 'Amount'], ['c', '30'], ['a', '10'], ['', ''], ['', '40']]);
          expect(await read(door, fx.file, 'Data!B5', { render: 'formula' })).toEqual([['=SUM(B2:B4)']]);
          expect(await read(door, fx.file, 'Report!A2:A3', { render: 'formula' })).toEqual([['=SUM(Data!B2:B4)'], ['=Data!A2']]);
          expect(await read(door, fx.file, 'Report!A2:A3')).toEqual([['40'], ['c']]);
        },
      },
      {
        name: 'move columns A:B after C',
        op: 'move_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', range: 'A:B', to: 'D' }),
        ok: (d) => expect(d).toMatchObject({ axis: 'columns', moved: 'A:B', now_at: 'B:C' }),
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'Data!A1:C2')).toEqual([['', 'Item', 'Amount'], ['', 'c', '30']]);
          expect(await read(door, fx.file, 'Report!A3', { render: 'formula' })).toEqual([['=Data!B2']]);
          expect(await read(door, fx.file, 'Data!C5', { render: 'formula' })).toEqual([['=SUM(C2:C4)']]);
        },
      },
    ],
  },
  {
    name: 'moving rows inside a summed block keeps the range whole',
    setup: async (door) => {
      const file = await newFile(door, 'structure-reorder');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Item', 'Amount'], ['a', '10'], ['b', '20'], ['c', '30'], ['d', '40']] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'D1', values: [['=SUM(B2:B5)', '=MAX(B2:B5)', '=AVERAGE(B2:B5)', '=B5', '=SUM(B3:B4)']], input: 'user_entered' });
      await must(door, 'write_cells', { file_uuid: file, cell: 'C2', values: [['=B2*2'], ['=SUM(B$2:B3)'], ['=B4*2'], ['=SUM(B$2:B5)']], input: 'user_entered' });
      return { file };
    },
    cases: [
      {
        name: 'the last row moved to the top: SUM, MAX and AVERAGE keep B2:B5; a single reference follows its cell',
        op: 'move_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, range: '5', to: '2' }),
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'A2:B5')).toEqual([['d', '40'], ['a', '10'], ['b', '20'], ['c', '30']]);
          expect(await read(door, fx.file, 'D1:H1', { render: 'formula' })).toEqual([['=SUM(B2:B5)', '=MAX(B2:B5)', '=AVERAGE(B2:B5)', '=B2', '=SUM(B4:B5)']]);
          expect(await read(door, fx.file, 'D1:H1')).toEqual([['100', '40', '25', '40', '50']]);
          // Formulas in the moved rows go with their rows; running totals over B$2 keep their shape.
          expect(await read(door, fx.file, 'C2:C5', { render: 'formula' })).toEqual([['=SUM(B$2:B5)'], ['=B3*2'], ['=SUM(B$3:B4)'], ['=B5*2']]);
        },
      },
      {
        name: 'a middle row moved out below shrinks the range (its ends stay)',
        op: 'move_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, range: '3', to: '10' }),
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'D1:F1', { render: 'formula' })).toEqual([['=SUM(B2:B4)', '=MAX(B2:B4)', '=AVERAGE(B2:B4)']]);
          expect(await read(door, fx.file, 'A9:B9')).toEqual([['a', '10']]);
          expect(await read(door, fx.file, 'D1')).toEqual([['90']]);
        },
      },
      {
        name: 'a row moved in from outside grows the range',
        op: 'move_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, range: '9', to: '3' }),
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'D1:F1', { render: 'formula' })).toEqual([['=SUM(B2:B5)', '=MAX(B2:B5)', '=AVERAGE(B2:B5)']]);
          expect(await read(door, fx.file, 'D1')).toEqual([['100']]);
        },
      },
      {
        name: 'columns shuffled inside a range keep it whole too',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'J1', values: [['1', '2', '3', '=SUM(J1:L1)']], input: 'user_entered' }),
        then: async (door, fx) => {
          await must(door, 'move_rows_or_columns', { file_uuid: fx.file, range: 'L', to: 'J' });
          expect(await read(door, fx.file, 'J1:M1', { render: 'formula' })).toEqual([['3', '1', '2', '=SUM(J1:L1)']]);
        },
      },
    ],
  },
  {
    name: 'sizes and layout',
    setup: async (door) => ({ file: await newFile(door, 'structure-sizes') }),
    cases: [
      { name: 'new sheet has default sizes', op: 'get_layout', args: (fx) => ({ file_uuid: fx.file }), ok: (d) => expect(d).toEqual({ sheet: 'Sheet1', default_col_width: 100, default_row_height: 21, col_widths: {}, row_heights: {}, merges: [], frozen: null }) },
      { name: 'column widths', op: 'set_sizes', args: (fx) => ({ file_uuid: fx.file, size: 150, indices: ['B', 'D:E'] }), ok: (d) => expect(d).toMatchObject({ axis: 'columns', size: 150, resized: ['B', 'D:E'], default: false }) },
      { name: 'row heights', op: 'set_sizes', args: (fx) => ({ file_uuid: fx.file, size: 40, indices: [3] }), ok: (d) => expect(d).toMatchObject({ axis: 'rows', resized: ['3'] }) },
      { name: 'without indices: the sheet default', op: 'set_sizes', args: (fx) => ({ file_uuid: fx.file, size: 80 }), ok: (d) => expect(d).toMatchObject({ axis: 'columns', default: true }) },
      { name: 'default row height', op: 'set_default_size', args: (fx) => ({ file_uuid: fx.file, size: 30, axis: 'rows' }), ok: (d) => expect(d).toMatchObject({ axis: 'rows', size: 30 }) },
      {
        name: 'layout reads them back',
        op: 'get_layout',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => expect(d).toMatchObject({ default_col_width: 80, default_row_height: 30, col_widths: { B: 150, D: 150, E: 150 }, row_heights: { '3': 40 } }),
      },
      { name: 'sizes follow an inserted column', op: 'insert_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, at: 'A' }), then: async (door, fx) => expect((await layout(door, fx.file)).col_widths).toEqual({ C: 150, E: 150, F: 150 }) },
      { name: 'sizes follow a deleted row', op: 'delete_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, indices: ['1'] }), then: async (door, fx) => expect((await layout(door, fx.file)).row_heights).toEqual({ '2': 40 }) },
      { name: 'sizes follow a moved column', op: 'move_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, range: 'C', to: 'A' }), then: async (door, fx) => expect((await layout(door, fx.file)).col_widths).toEqual({ A: 150, E: 150, F: 150 }) },
    ],
  },
  {
    name: 'merges',
    setup: async (door) => {
      const file = await newFile(door, 'structure-merges');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Title', 'x', 'y'], ['1', '2', '3']] });
      await must(door, 'set_formula', { file_uuid: file, cell: 'E1', formula: '=LEN(B1)' });
      return { file };
    },
    cases: [
      {
        name: 'merge keeps the top-left value and says it cleared the rest',
        op: 'merge_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:C1', center: true }),
        ok: (d) => {
          expect(d).toMatchObject({ merged: ['A1:C1'], cleared: ['B1', 'C1'], cleared_count: 2 });
          expect(d.note).toMatch(/top-left value/);
        },
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'A1:E1')).toEqual([['Title', '', '', '', '0']]);
          expect((await layout(door, fx.file)).merges).toEqual(['A1:C1']);
          fx.v = await version(door, fx.file);
        },
      },
      {
        name: 'an overlapping merge is refused and changes nothing',
        op: 'merge_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'B1:D2' }),
        error: { code: 'invalid_argument', message: /^range: overlaps the merged range A1:C1/ },
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'B2:C2')).toEqual([['2', '3']]);
          expect((await layout(door, fx.file)).merges).toEqual(['A1:C1']);
          expect(await version(door, fx.file)).toBe(fx.v);
        },
      },
      { name: 'a merge that contains an existing merge absorbs it', op: 'merge_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A1:D1' }), ok: (d) => expect(d.cleared_count).toBe(0), then: async (door, fx) => expect((await layout(door, fx.file)).merges).toEqual(['A1:D1']) },
      { name: 'merges move down with inserted rows', op: 'insert_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, at: '1' }), then: async (door, fx) => expect((await layout(door, fx.file)).merges).toEqual(['A2:D2']) },
      { name: 'merges grow with columns inserted inside them', op: 'insert_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, at: 'B', count: 1 }), then: async (door, fx) => expect((await layout(door, fx.file)).merges).toEqual(['A2:E2']) },
      { name: 'merge by rows', op: 'merge_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A4:B6', by_rows: true }), ok: (d) => expect(d.merged).toEqual(['A4:B4', 'A5:B5', 'A6:B6']) },
      { name: 'unmerge what a range touches (DELETE)', op: 'unmerge_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A5' }), ok: (d) => expect(d.unmerged).toEqual(['A5:B5']) },
      {
        name: 'merge_cells with unmerge: true',
        op: 'merge_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:Z9', unmerge: true }),
        ok: (d) => expect(d.unmerged).toEqual(['A2:E2', 'A4:B4', 'A6:B6']),
        then: async (door, fx) => {
          expect((await layout(door, fx.file)).merges).toEqual([]);
          expect(await read(door, fx.file, 'A2')).toEqual([['Title']]);
        },
      },
      { name: 'a single cell is no merge', op: 'merge_cells', args: (fx) => ({ file_uuid: fx.file, range: 'C7' }), error: { code: 'invalid_argument', message: /^range: C7 is a single cell/ } },
      { name: 'by rows on one column is no merge', op: 'merge_cells', args: (fx) => ({ file_uuid: fx.file, range: 'C7:C9', by_rows: true }), error: { code: 'invalid_argument', message: /^range: .*one column wide/ } },
      { name: 'whole columns are refused', op: 'merge_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A:B' }), error: { code: 'invalid_argument', message: /^range: give a cell range/ } },
    ],
  },
  {
    name: 'moving cells',
    setup: async (door) => {
      const file = await newFile(door, 'structure-move-cells', { sheets: ['S', 'T'] });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'S', cell: 'A1', values: [['10', '12%'], ['20', 'x']] });
      await must(door, 'set_formula', { file_uuid: file, sheet: 'S', cell: 'C1', formula: '=A1+A2' });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'S', cell: 'D5', values: [['occupied']] });
      await must(door, 'set_formula', { file_uuid: file, sheet: 'T', cell: 'A1', formula: '=S!A1*2' });
      await must(door, 'set_formula', { file_uuid: file, sheet: 'T', cell: 'A2', formula: '=S!D5' });
      return { file };
    },
    cases: [
      {
        name: 'move a block: values, formats and references travel; the target is overwritten',
        op: 'move_cells',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'S', source: 'A1:B2', target: 'C4' }),
        ok: (d) => expect(d).toMatchObject({ sheet: 'S', source: 'A1:B2', target: 'C4:D5', overwritten: 1 }),
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'S!A1:D5')).toEqual([['', '', '30', ''], ['', '', '', ''], ['', '', '', ''], ['', '', '10', '12%'], ['', '', '20', 'x']]);
          expect(await read(door, fx.file, 'S!C1', { render: 'formula' })).toEqual([['=C4+C5']]);
          // References to an overwritten cell keep pointing at it (HyperFormula's rule; Excel shows #REF!).
          expect(await read(door, fx.file, 'T!A1:A2', { render: 'formula' })).toEqual([['=S!C4*2'], ['=S!D5']]);
          expect(await read(door, fx.file, 'T!A1:A2')).toEqual([['20'], ['x']]);
          fx.v = await version(door, fx.file);
        },
      },
      {
        name: 'dependents recompute after the move',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'S', cell: 'C4', values: [['15']] }),
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'S!C1')).toEqual([['35']]);
          expect(await read(door, fx.file, 'T!A1')).toEqual([['30']]);
          fx.v = await version(door, fx.file);
        },
      },
      {
        name: 'moving onto itself is refused',
        op: 'move_cells',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'S', source: 'C4:D5', target: 'C4' }),
        error: { code: 'invalid_argument', message: /^target: .*nothing would move/ },
        then: async (door, fx) => expect(await version(door, fx.file)).toBe(fx.v),
      },
      {
        name: 'a block that would leave the sheet is refused',
        op: 'move_cells',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'S', source: 'C4:D5', target: 'XFD1' }),
        error: { code: 'invalid_argument', message: /^target: .*past the last column/ },
        then: async (door, fx) => {
          expect(await version(door, fx.file)).toBe(fx.v);
          expect(await read(door, fx.file, 'S!C4:D5')).toEqual([['15', '12%'], ['20', 'x']]);
        },
      },
      { name: 'a block past the last row is refused', op: 'move_cells', args: (fx) => ({ file_uuid: fx.file, sheet: 'S', source: 'C4:D5', target: 'A1048576' }), error: { code: 'invalid_argument', message: /^target: .*past the last row/ } },
      { name: 'a target on another sheet is refused', op: 'move_cells', args: (fx) => ({ file_uuid: fx.file, source: 'S!C4:D5', target: 'T!A5' }), error: { code: 'invalid_argument', message: /^target: names sheet 'T'/ } },
      { name: 'a target that is no cell', op: 'move_cells', args: (fx) => ({ file_uuid: fx.file, sheet: 'S', source: 'C4:D5', target: 'A0' }), error: { code: 'invalid_argument', message: /^target:/ } },
    ],
  },
  {
    name: 'dependencies',
    setup: async (door) => {
      const file = await newFile(door, 'structure-deps', { sheets: ['S', 'T'] });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'S', cell: 'A1', values: [['1'], ['2'], ['3']] });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'S', cell: 'B1', values: [['=SUM(A1:A3)'], ['=A1*2']], input: 'user_entered' });
      await must(door, 'set_formula', { file_uuid: file, sheet: 'T', cell: 'A1', formula: '=S!A1+S!B1' });
      const plain = await newFile(door, 'structure-deps-plain');
      await must(door, 'write_cells', { file_uuid: plain, cell: 'A1', values: [['1']] });
      return { file, plain };
    },
    cases: [
      { name: 'what reads a value cell (reverse, across sheets)', op: 'get_dependencies', args: (fx) => ({ file_uuid: fx.file, sheet: 'S', cell: 'A1' }), ok: (d) => expect(d).toEqual({ sheet: 'S', cell: 'A1', direction: 'both', forward: [], reverse: ['B1:B2', 'T!A1'] }) },
      { name: 'what a formula reads (forward)', op: 'get_dependencies', args: (fx) => ({ file_uuid: fx.file, sheet: 'S', cell: 'B1', direction: 'forward' }), ok: (d) => expect(d).toMatchObject({ forward: ['A1:A3'], reverse: [] }) },
      { name: 'a formula on another sheet, qualified cell', op: 'get_dependencies', args: (fx) => ({ file_uuid: fx.file, cell: 'T!A1' }), ok: (d) => expect(d).toMatchObject({ sheet: 'T', forward: ['S!A1:B1'], reverse: [] }) },
      { name: 'both ways', op: 'get_dependencies', args: (fx) => ({ file_uuid: fx.file, sheet: 'S', cell: 'B1', direction: 'both' }), ok: (d) => expect(d).toMatchObject({ forward: ['A1:A3'], reverse: ['T!A1'] }) },
      { name: 'a file without formulas', op: 'get_dependencies', args: (fx) => ({ file_uuid: fx.plain, cell: 'A1' }), ok: (d) => expect(d).toMatchObject({ forward: [], reverse: [] }) },
      { name: 'dependencies follow inserted rows', op: 'insert_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, sheet: 'S', at: '1' }), then: async (door, fx) => expect((await must(door, 'get_dependencies', { file_uuid: fx.file, sheet: 'S', cell: 'B2' })).forward).toEqual(['A2:A4']) },
      { name: 'a bad direction', op: 'get_dependencies', args: (fx) => ({ file_uuid: fx.file, cell: 'A1', direction: 'up' }), error: { code: 'invalid_argument', message: /^direction: must be one of/ } },
    ],
  },
  {
    name: 'context dependency summary',
    setup: async (door) => {
      const file = await newFile(door, 'structure-context', { sheets: ['Data', 'Report', 'Notes'] });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'Data', cell: 'A1', values: [['Price', 'Qty', 'Total'], ['2', '3', '=A2*B2'], ['4', '5', '=A3*B3']], input: 'user_entered' });
      await must(door, 'set_formula', { file_uuid: file, sheet: 'Report', cell: 'A1', formula: '=SUM(Data!C2:C3)' });
      return { file };
    },
    cases: [
      {
        name: 'each sheet says what its formulas read and who reads it',
        op: 'get_context',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => {
          const [data, report, notes] = d.sheets;
          expect(data.dependencies).toEqual({ reads: [{ sheet: 'Data', ranges: ['A2:B3'], refs: 4 }], read_by: [{ sheet: 'Report', formulas: 1 }] });
          expect(report.dependencies).toEqual({ reads: [{ sheet: 'Data', ranges: ['C2:C3'], refs: 1 }], read_by: [] });
          expect(notes.dependencies).toEqual({ reads: [], read_by: [] });
        },
      },
    ],
  },
  {
    name: 'batch',
    setup: async (door) => {
      const file = await newFile(door, 'structure-batch');
      const v = (await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['5']] })).version;
      return { file, v };
    },
    cases: [
      {
        name: 'structure and formulas in one batch',
        op: 'run_batch',
        args: (fx) => ({ file_uuid: fx.file, actions: [{ op: 'insert_rows_or_columns', args: { at: '1' } }, { op: 'set_formula', args: { cell: 'B1', formula: '=A2*2' } }, { op: 'read_cells', args: { range: 'A1:B2' } }] }),
        ok: (d, fx) => {
          expect(d.results[2].values).toEqual([['', '10'], ['5', '']]);
          expect(d.version).toBe(fx.v + 1);
          fx.v = d.version;
        },
      },
      {
        name: 'a failing action undoes the structural edit before it',
        op: 'run_batch',
        args: (fx) => ({ file_uuid: fx.file, actions: [{ op: 'delete_rows_or_columns', args: { indices: [1] } }, { op: 'merge_cells', args: { range: 'A1' } }] }),
        error: { code: 'invalid_argument', index: 1, message: /actions\[1\] \(merge_cells\): range:/ },
        then: async (door, fx) => {
          expect(await version(door, fx.file)).toBe(fx.v);
          expect(await read(door, fx.file, 'A1:B2')).toEqual([['', '10'], ['5', '']]);
        },
      },
    ],
  },
  {
    name: 'bad input changes nothing',
    setup: async (door) => {
      const file = await newFile(door, 'structure-bad');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['1', '2'], ['3', '4']] });
      await must(door, 'set_formula', { file_uuid: file, cell: 'C1', formula: '=A1+B2' });
      await must(door, 'set_sizes', { file_uuid: file, size: 120, indices: ['A'] });
      await must(door, 'merge_cells', { file_uuid: file, range: 'A3:B3' });
      return { file, v: await version(door, file), cells: await read(door, file, 'A1:C3', { render: 'formula' }), layout: await layout(door, file) };
    },
    cases: [
      ...(
        [
          ['a default size of 0', 'set_sizes', { size: 0 }, /^size: must be 1 to 2000 pixels for the sheet default; 0 hides the lines named in indices/],
          ['size -1', 'set_sizes', { size: -1, indices: ['A'] }, /^size: must be 0 \(hidden\) to 2000 pixels/],
          ['size 2001', 'set_sizes', { size: 2001, indices: ['A'] }, /^size: must be 0 \(hidden\) to 2000 pixels/],
          ['size as text', 'set_sizes', { size: '100px', indices: ['A'] }, /^size: must be a number of pixels/],
          ['default size 5000', 'set_default_size', { size: 5000 }, /^size: must be 1 to 2000 pixels/],
          ['sizes on mixed axes', 'set_sizes', { size: 50, indices: ['A', 3] }, /^indices: mixes columns \(A\) and rows \(3\)/],
          ['axis disagreeing with indices', 'set_sizes', { size: 50, indices: ['A'], axis: 'rows' }, /^axis: is rows but indices name columns/],
          ['insert at a cell', 'insert_rows_or_columns', { at: 'C5' }, /^at: 'C5' is neither a column letter/],
          ['insert at row 0', 'insert_rows_or_columns', { at: '0' }, /^at: row 0 is outside/],
          ['insert at a column past XFD', 'insert_rows_or_columns', { at: 'ZZZZ' }, /^at: /],
          ['insert count 0', 'insert_rows_or_columns', { at: 'A', count: 0 }, /^count: must be at least 1/],
          ['insert that pushes cells off the sheet', 'insert_rows_or_columns', { at: 'A', count: 16384 }, /^count: .*(at most 16384|past the sheet's last column)/],
          ['insert after the last column', 'insert_rows_or_columns', { at: 'XFD', side: 'after' }, /^side: XFD is the last/],
          ['insert on an unknown side', 'insert_rows_or_columns', { at: 'A', side: 'middle' }, /^side: must be one of "before", "after"/],
          ['delete nothing', 'delete_rows_or_columns', { indices: [] }, /^indices: must name at least one/],
          ['delete mixed axes', 'delete_rows_or_columns', { indices: ['B', 2] }, /^indices: mixes columns \(B\) and rows \(2\)/],
          ['delete a cell', 'delete_rows_or_columns', { indices: ['B', 'Q7'] }, /^indices\[1\]: 'Q7' is neither/],
          ['delete a boolean', 'delete_rows_or_columns', { indices: [true] }, /^indices\[0\]/],
          ['move onto itself', 'move_rows_or_columns', { range: 'B:C', to: 'C' }, /^to: .*leaves them where they are/],
          ['move to just after itself', 'move_rows_or_columns', { range: 'B:C', to: 'D' }, /^to: .*leaves them where they are/],
          ['move columns to a row', 'move_rows_or_columns', { range: 'B:C', to: '5' }, /^to: range names columns but to names a row/],
          ['move a cell range', 'move_rows_or_columns', { range: 'A1:B2', to: 'D' }, /^range: /],
          ['move part of a merge', 'move_rows_or_columns', { range: 'B', to: 'E' }, /^range: cuts through the merged range A3:B3/],
          ['move cells cutting a merge', 'move_cells', { source: 'A2:A3', target: 'E1' }, /^source: cuts through the merged range A3:B3/],
          ['move cells onto part of a merge', 'move_cells', { source: 'C1', target: 'B3' }, /^target: .*part of the merged range A3:B3/],
          ['merge over an existing merge', 'merge_cells', { range: 'B2:B4' }, /^range: overlaps the merged range A3:B3/],
          ['dependencies of no cell', 'get_dependencies', { cell: 'A1:B2' }, /^cell: /],
        ] as [string, string, Record<string, unknown>, RegExp][]
      ).map(([name, op, args, message]) => ({
        name,
        op,
        args: (fx: Fx) => ({ file_uuid: fx.file, ...args }),
        error: { code: 'invalid_argument' as const, message },
        then: unchanged,
      })),
    ],
  },
];
