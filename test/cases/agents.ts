// Harness support through every door: full copies of files, the operations log, and the fixed
// clock (the suite runs with SHEETS_NOW set, so every timestamp is predictable).
import { expect } from 'vitest';
import { must, newFile, type CaseGroup } from './types.ts';

export const AGENTS_NOW = '2030-01-02T03:04:05.000Z';
const UNKNOWN_FILE = '00000000-0000-4000-8000-000000000000';
const atNow = (iso: string) => expect(iso.slice(0, 16)).toBe(AGENTS_NOW.slice(0, 16));

export const agentCases: CaseGroup[] = [
  {
    name: 'copy_file',
    setup: async (door) => {
      const file = await newFile(door, 'source', { sheets: ['Data', 'Notes'] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Item', 'Cost'], ['Rent', '1200'], ['Food', '300']] });
      await must(door, 'set_formula', { file_uuid: file, cell: 'B4', formula: '=SUM(B2:B3)' });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'Notes', cell: 'C3', values: [['remember']] });
      return { file };
    },
    cases: [
      {
        name: 'copies sheets, values and formulas into a new file at version 1',
        op: 'copy_file',
        args: (fx) => ({ file_uuid: fx.file, name: 'episode 1' }),
        ok: (d, fx) => {
          expect(d).toMatchObject({ name: 'episode 1', version: 1, sheets: ['Data', 'Notes'], source_uuid: fx.file, source_version: 4, private: false });
          expect(d.uuid).not.toBe(fx.file);
          atNow(d.created);
          fx.copy = d.uuid;
        },
        then: async (door, fx) => {
          const r = await must(door, 'read_cells', { file_uuid: fx.copy, range: 'A1:B4', render: 'formula' });
          expect(r.values).toEqual([['Item', 'Cost'], ['Rent', '1200'], ['Food', '300'], ['', '=SUM(B2:B3)']]);
          const notes = await must(door, 'read_cells', { file_uuid: fx.copy, range: 'Notes!C3' });
          expect(notes.values).toEqual([['remember']]);
        },
      },
      {
        name: 'the copy is independent: its formulas recompute on its own cells only',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.copy, cell: 'B2', values: [['1000']] }),
        ok: (d) => expect(d.version).toBe(2),
        then: async (door, fx) => {
          expect((await must(door, 'read_cells', { file_uuid: fx.copy, range: 'B4' })).values).toEqual([['1300']]);
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'B4' })).values).toEqual([['1500']]);
        },
      },
      { name: 'default name', op: 'copy_file', args: (fx) => ({ file_uuid: fx.file }), ok: (d) => expect(d.name).toBe('source (copy)') },
      { name: 'unknown file', op: 'copy_file', args: () => ({ file_uuid: UNKNOWN_FILE }), error: { code: 'not_found' } },
      { name: 'empty name', op: 'copy_file', args: (fx) => ({ file_uuid: fx.file, name: ' ' }), error: { code: 'invalid_argument', message: /name/ } },
      { name: 'unknown field', op: 'copy_file', args: (fx) => ({ file_uuid: fx.file, sheets: ['x'] }), error: { code: 'invalid_argument', message: /sheets: unknown field/ } },
    ],
  },
  {
    name: 'get_history',
    setup: async (door) => {
      const file = await newFile(door, 'logged');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['5']] });
      await must(door, 'set_formula', { file_uuid: file, cell: 'A2', formula: '=A1*2' });
      await must(door, 'run_batch', { file_uuid: file, actions: [{ op: 'add_sheet', args: { name: 'More' } }] });
      return { file };
    },
    cases: [
      {
        name: 'lists every write newest first with op, args, user and time',
        op: 'get_history',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => {
          expect(d.entries.map((e: any) => [e.version, e.op])).toEqual([[4, 'run_batch'], [3, 'set_formula'], [2, 'write_cells'], [1, 'create_file']]);
          expect(d.entries[1].args).toMatchObject({ cell: 'A2', formula: '=A1*2' });
          expect(d.entries[0].user.name).toBeTruthy();
          for (const e of d.entries) atNow(e.at);
          expect(d.nextOffset).toBeUndefined();
        },
      },
      { name: 'pages with limit and nextOffset', op: 'get_history', args: (fx) => ({ file_uuid: fx.file, limit: 1, offset: 1 }), ok: (d) => { expect(d.entries.map((e: any) => e.version)).toEqual([3]); expect(d.nextOffset).toBe(2); } },
      { name: 'reads log nothing', op: 'read_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A1:A2' }), ok: (d) => expect(d.values).toEqual([['5'], ['10']]), then: async (door, fx) => expect((await must(door, 'get_history', { file_uuid: fx.file, limit: 1 })).entries[0].version).toBe(4) },
      { name: 'a copy starts its own log', op: 'copy_file', args: (fx) => ({ file_uuid: fx.file }), ok: (d, fx) => { fx.copied = d.uuid; }, then: async (door, fx) => {
        const h = await must(door, 'get_history', { file_uuid: fx.copied });
        expect(h.entries).toHaveLength(1);
        expect(h.entries[0]).toMatchObject({ version: 1, op: 'copy_file', args: { source: fx.file, source_version: 4 } });
      } },
      { name: 'unknown file', op: 'get_history', args: () => ({ file_uuid: UNKNOWN_FILE }), error: { code: 'not_found' } },
      { name: 'limit out of range', op: 'get_history', args: (fx) => ({ file_uuid: fx.file, limit: 0 }), error: { code: 'invalid_argument', message: /limit/ } },
    ],
  },
  {
    name: 'fixed clock',
    setup: async () => ({}),
    // Each process has its own fixed clock, so files are found by uuid, not by recency.
    cases: [{ name: 'create_file stamps SHEETS_NOW', op: 'create_file', args: () => ({ name: 'clocked' }), ok: (d, fx) => { fx.clocked = d.uuid; }, then: async (door, fx) => {
      const file = await must(door, 'get_file', { file_uuid: fx.clocked });
      atNow(file.created);
      atNow(file.modified);
    } }],
  },
];
