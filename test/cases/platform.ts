// Cases for files, sheets, batch and bad input: the platform's behaviour through every door.
import { expect } from 'vitest';
import { must, newFile, type CaseGroup } from './types.ts';

const NOT_A_UUID = 'not-a-uuid';
const UNKNOWN_FILE = '00000000-0000-4000-8000-000000000000';

export const platformCases: CaseGroup[] = [
  {
    name: 'files',
    setup: async (door) => ({ file: await newFile(door, 'files-case') }),
    cases: [
      { name: 'create_file returns uuid and one sheet', op: 'create_file', args: () => ({ name: 'Budget 2026' }), ok: (d) => { expect(d.uuid).toMatch(/^[0-9a-f-]{36}$/); expect(d.sheets).toEqual(['Sheet1']); expect(d.version).toBe(1); } },
      { name: 'create_file with named sheets', op: 'create_file', args: () => ({ name: 'multi', sheets: ['Data', 'Summary'] }), ok: (d) => expect(d.sheets).toEqual(['Data', 'Summary']) },
      { name: 'create_file with empty name', op: 'create_file', args: () => ({ name: '   ' }), error: { code: 'invalid_argument', message: /name/ } },
      { name: 'create_file without name', op: 'create_file', args: () => ({}), error: { code: 'invalid_argument', message: /name: is required/ } },
      { name: 'create_file with unknown field', op: 'create_file', args: () => ({ name: 'x', colour: 'red' }), error: { code: 'invalid_argument', message: /colour: unknown field/ } },
      { name: 'create_file with duplicate sheet names', op: 'create_file', args: () => ({ name: 'x', sheets: ['A', 'a'] }), error: { code: 'invalid_argument', message: /sheets.*twice/ } },
      { name: 'create_file with forbidden sheet name', op: 'create_file', args: () => ({ name: 'x', sheets: ['a/b'] }), error: { code: 'invalid_argument', message: /sheets\[0\]/ } },
      { name: 'get_file has the DESIGN fields', op: 'get_file', args: (fx) => ({ file_uuid: fx.file }), ok: (d, fx) => { expect(d).toMatchObject({ uuid: fx.file, name: 'files-case', version: 1, private: false }); expect(d.permissions).toEqual(['read', 'write', 'manage']); expect(Date.parse(d.created)).toBeGreaterThan(0); expect(d.space_uuid).toMatch(/^[0-9a-f-]{36}$/); } },
      { name: 'get_file of unknown file', op: 'get_file', args: () => ({ file_uuid: UNKNOWN_FILE }), error: { code: 'not_found' } },
      { name: 'get_file with a malformed id', op: 'get_file', args: () => ({ file_uuid: NOT_A_UUID }), error: { code: 'invalid_argument', message: /file_uuid/ } },
      { name: 'list_files with limit 0', op: 'list_files', args: () => ({ limit: 0 }), error: { code: 'invalid_argument', message: /limit/ } },
      { name: 'list_files with huge limit', op: 'list_files', args: () => ({ limit: 100000 }), error: { code: 'invalid_argument', message: /limit/ } },
      { name: 'list_files with negative offset', op: 'list_files', args: () => ({ offset: -1 }), error: { code: 'invalid_argument', message: /offset/ } },
      { name: 'list_files of another space', op: 'list_files', args: () => ({ space_uuid: UNKNOWN_FILE }), error: { code: 'forbidden', message: /space_uuid/ } },
      { name: 'get_context of a new file', op: 'get_context', args: (fx) => ({ file_uuid: fx.file }), ok: (d) => { expect(d.sheets).toHaveLength(1); expect(d.sheets[0]).toMatchObject({ name: 'Sheet1', used_range: null, header_row: null }); expect(d.charts).toEqual([]); expect(d.tables).toEqual([]); expect(d.pivots).toEqual([]); expect(d.code_cells).toEqual([]); } },
    ],
  },
  {
    name: 'sheets',
    setup: async (door) => {
      const file = await newFile(door, 'sheets-case');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['10', '20']] });
      return { file };
    },
    cases: [
      { name: 'add_sheet at the end', op: 'add_sheet', args: (fx) => ({ file_uuid: fx.file, name: 'Data' }), ok: (d) => { expect(d.sheets).toEqual(['Sheet1', 'Data']); expect(d.version).toBe(3); } },
      { name: 'add_sheet with a taken name (any case)', op: 'add_sheet', args: (fx) => ({ file_uuid: fx.file, name: 'DATA' }), error: { code: 'invalid_argument', message: /name.*already exists/ } },
      { name: 'add_sheet with a bad name', op: 'add_sheet', args: (fx) => ({ file_uuid: fx.file, name: 'a:b' }), error: { code: 'invalid_argument', message: /name/ } },
      { name: 'formula on Data reading Sheet1', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', cell: 'A1', formula: '=Sheet1!A1+Sheet1!B1' }), ok: (d) => expect(d.value).toBe('30') },
      { name: 'rename_sheet updates formulas that name it', op: 'rename_sheet', args: (fx) => ({ file_uuid: fx.file, sheet: 'Sheet1', new_name: 'Inputs' }), ok: (d) => expect(d.sheets).toEqual(['Inputs', 'Data']), then: async (door, fx) => { const r = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Data', range: 'A1', render: 'formula' }); expect(r.values).toEqual([['=Inputs!A1+Inputs!B1']]); } },
      { name: 'rename_sheet of an unknown sheet lists the sheets', op: 'rename_sheet', args: (fx) => ({ file_uuid: fx.file, sheet: 'Nope', new_name: 'X' }), error: { code: 'invalid_argument', message: /no sheet named 'Nope'; sheets are: 'Inputs', 'Data'/ } },
      { name: 'duplicate_sheet copies cells', op: 'duplicate_sheet', args: (fx) => ({ file_uuid: fx.file, sheet: 'Inputs' }), ok: (d) => { expect(d.sheets).toEqual(['Inputs', 'Inputs (copy)', 'Data']); expect(d.sheet.used_range).toBe('A1:B1'); } },
      { name: 'move_sheet to the front', op: 'move_sheet', args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', position: 0 }), ok: (d) => expect(d.sheets).toEqual(['Data', 'Inputs', 'Inputs (copy)']) },
      { name: 'default sheet is now the first', op: 'read_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A1' }), ok: (d) => { expect(d.sheet).toBe('Data'); expect(d.values).toEqual([['30']]); } },
      { name: 'move_sheet out of range', op: 'move_sheet', args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', position: 9 }), error: { code: 'invalid_argument', message: /position/ } },
      { name: 'delete_sheet turns references into #REF!', op: 'delete_sheet', args: (fx) => ({ file_uuid: fx.file, sheet: 'Inputs' }), ok: (d) => expect(d.sheets).toEqual(['Data', 'Inputs (copy)']), then: async (door, fx) => { const r = await must(door, 'read_cells', { file_uuid: fx.file, sheet: 'Data', range: 'A1' }); expect(r.errors[0]).toMatchObject({ cell: 'A1', error: '#REF!' }); } },
      { name: 'list_sheets', op: 'list_sheets', args: (fx) => ({ file_uuid: fx.file }), ok: (d) => expect(d.sheets.map((s: any) => s.name)).toEqual(['Data', 'Inputs (copy)']) },
      { name: 'delete_sheet keeps the last sheet', op: 'delete_sheet', args: (fx) => ({ file_uuid: fx.file, sheet: 'Data' }), ok: () => undefined, then: async (door, fx) => { const out = await door.call('delete_sheet', { file_uuid: fx.file, sheet: 'Inputs (copy)' }); expect(out.ok).toBe(false); if (!out.ok) expect(out.message).toMatch(/only sheet/); } },
    ],
  },
  {
    name: 'cells input',
    setup: async (door) => ({ file: await newFile(door, 'cells-case', { sheets: ['Sheet1', 'Other'] }) }),
    cases: [
      { name: 'write then read displayed values', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'B2', values: [['1,234.5', '12%', 'TRUE'], ['2024-01-15', "'007", 'text']] }), ok: (d) => { expect(d.range).toBe('B2:D3'); expect(d.updated_cells).toBe(6); }, then: async (door, fx) => { const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'B2:D3' }); expect(r.values).toEqual([['1234.5', '12%', 'TRUE'], ['2024-01-15', '007', 'text']]); const raw = await must(door, 'read_cells', { file_uuid: fx.file, range: 'B2:C2', render: 'raw' }); expect(raw.values).toEqual([[1234.5, 0.12]]); } },
      { name: 'sheet-qualified cell', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'Other!A1', values: [['x']] }), ok: (d) => expect(d.sheet).toBe('Other') },
      { name: 'qualified cell disagreeing with sheet', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'Other!A1', sheet: 'Sheet1', values: [['x']] }), error: { code: 'invalid_argument', message: /cell: names sheet 'Other' but the sheet parameter is 'Sheet1'/ } },
      { name: 'ragged rows', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'A1', values: [['1', '2'], ['3']] }), error: { code: 'invalid_argument', message: /values\[1\]: row 1 has 1 values/ } },
      { name: 'a nested array as a value', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'A1', values: [[['1'], '2']] }), error: { code: 'invalid_argument', message: /values\[0\]\[0\]: expected a string \("42", "=A1"\), a number, true\/false or null/ } },
      { name: 'bad A1 cell', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'A0', values: [['1']] }), error: { code: 'invalid_argument', message: /cell/ } },
      { name: 'cell beyond the last column', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'XFD1', values: [['1', '2']] }), error: { code: 'invalid_argument', message: /past the last column/ } },
      { name: 'unknown sheet', op: 'read_cells', args: (fx) => ({ file_uuid: fx.file, sheet: 'Nope', range: 'A1' }), error: { code: 'invalid_argument', message: /sheets are: 'Sheet1', 'Other'/ } },
      { name: 'bad range', op: 'read_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A1:' }), error: { code: 'invalid_argument', message: /range/ } },
      {
        name: 'formula-like text is kept literal and reported',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'F1', values: [['=1+1']] }),
        ok: (d, _fx, text) => {
          expect(d.formula_like_text).toEqual(['F1']);
          expect(d.warnings).toEqual(['F1: text starting with "=" was stored as text, not as a formula; to make formulas, write again with input: "user_entered" (or use set_formula).']);
          // The MCP text a model reads carries the same words.
          if (text !== undefined) expect(text).toContain('F1: text starting with \\"=\\" was stored as text, not as a formula; to make formulas, write again with input: \\"user_entered\\" (or use set_formula).');
        },
      },
      { name: 'user_entered makes formulas', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'G1', values: [['=2+3']], input: 'user_entered' }), ok: () => undefined, then: async (door, fx) => { const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'F1:G1' }); expect(r.values).toEqual([['=1+1', '5']]); } },
      { name: 'set_formula returns its value', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'E2', formula: 'B2*2' }), ok: (d) => expect(d).toMatchObject({ cell: 'E2', value: '2469', formula: '=B2*2' }) },
      { name: 'set_formula error is data, not failure', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'E3', formula: '=1/0' }), ok: (d) => expect(d).toMatchObject({ error: '#DIV/0!', value: '#DIV/0!' }) },
      { name: 'set_formula that does not parse', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'E4', formula: '=SUM(' }), error: { code: 'invalid_argument', message: /formula: '=SUM\(' is not a valid formula/ } },
      { name: 'dependents recompute after a write', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'B2', values: [['5']] }), ok: () => undefined, then: async (door, fx) => { const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'E2' }); expect(r.values).toEqual([['10']]); } },
      { name: 'stale expected_version', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'A1', values: [['1']], expected_version: 1 }), error: { code: 'version_conflict', message: /expected_version/ } },
    ],
  },
  {
    name: 'batch',
    setup: async (door) => {
      const file = await newFile(door, 'batch-case');
      const v = (await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['1']] })).version;
      return { file, v };
    },
    cases: [
      {
        name: 'all actions commit as one version',
        op: 'run_batch',
        args: (fx) => ({ file_uuid: fx.file, actions: [{ op: 'write_cells', args: { cell: 'A2', values: [['2']] } }, { op: 'set_formula', args: { cell: 'A3', formula: '=A1+A2' } }, { op: 'read_cells', args: { range: 'A1:A3' } }] }),
        ok: (d, fx) => { expect(d.version).toBe(fx.v + 1); expect(d.results[1].value).toBe('3'); expect(d.results[2].values).toEqual([['1'], ['2'], ['3']]); },
      },
      {
        name: 'a failing action keeps nothing and names its index',
        op: 'run_batch',
        args: (fx) => ({ file_uuid: fx.file, actions: [{ op: 'write_cells', args: { cell: 'B1', values: [['kept?']] } }, { op: 'add_sheet', args: { name: 'New' } }, { op: 'set_formula', args: { cell: 'B2', formula: '=SUM(' } }] }),
        error: { code: 'invalid_argument', index: 2, message: /actions\[2\] \(set_formula\)/ },
        then: async (door, fx) => {
          const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'B1' });
          expect(r.values).toEqual([['']]);
          const f = await must(door, 'get_file', { file_uuid: fx.file });
          expect(f.version).toBe(fx.v + 1);
          expect(f.sheets).toEqual(['Sheet1']);
        },
      },
      { name: 'unknown op', op: 'run_batch', args: (fx) => ({ file_uuid: fx.file, actions: [{ op: 'explode', args: {} }] }), error: { code: 'invalid_argument', index: 0, message: /'explode' is not an operation/ } },
      { name: 'non-batch op', op: 'run_batch', args: (fx) => ({ file_uuid: fx.file, actions: [{ op: 'create_file', args: { name: 'x' } }] }), error: { code: 'invalid_argument', index: 0 } },
      { name: 'another file inside', op: 'run_batch', args: (fx) => ({ file_uuid: fx.file, actions: [{ op: 'read_cells', args: { file_uuid: '00000000-0000-4000-8000-000000000000', range: 'A1' } }] }), error: { code: 'invalid_argument', index: 0, message: /file_uuid/ } },
      { name: 'empty actions', op: 'run_batch', args: (fx) => ({ file_uuid: fx.file, actions: [] }), error: { code: 'invalid_argument', message: /actions/ } },
    ],
  },
  {
    name: 'spills',
    setup: async (door) => ({ file: await newFile(door, 'spill-case') }),
    cases: [
      { name: 'the first formula of a file can spill', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'B2', formula: '=SEQUENCE(3)' }), ok: (d) => expect(d.value).toBe('1'), then: async (door, fx) => { const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'B2:B4' }); expect(r.values).toEqual([['1'], ['2'], ['3']]); } },
      { name: 'a value in the spill range blocks it with #SPILL!', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'B4', values: [['x']] }), ok: () => undefined, then: async (door, fx) => { const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'B2:B4' }); expect(r.values).toEqual([['#SPILL!'], [''], ['x']]); expect(r.errors[0]).toMatchObject({ cell: 'B2', error: '#SPILL!' }); } },
      { name: 'clearing the blocker lets it spill again', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'B4', values: [['']] }), ok: () => undefined, then: async (door, fx) => { const r = await must(door, 'read_cells', { file_uuid: fx.file, range: 'B2:B4' }); expect(r.values).toEqual([['1'], ['2'], ['3']]); } },
    ],
  },
];
