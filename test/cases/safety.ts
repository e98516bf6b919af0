// The safety net through every door: renaming, deleting and restoring files; dry runs that change
// nothing; undo, restoring earlier versions and checkpoints; diffs; the viewer link in get_context.
import { expect } from 'vitest';
import { must, newFile, type CaseGroup } from './types.ts';

const read = async (door: Parameters<typeof must>[0], file: string, range: string) => (await must(door, 'read_cells', { file_uuid: file, range, render: 'formula' })).values;

export const safetyCases: CaseGroup[] = [
  {
    name: 'rename, delete and restore a file',
    setup: async (door) => {
      const file = await newFile(door, 'scratch');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['keep me']] });
      return { file };
    },
    cases: [
      {
        name: 'rename_file names the file anew, as a new version',
        op: 'rename_file',
        args: (fx) => ({ file_uuid: fx.file, name: 'scratch 2' }),
        ok: (d) => expect(d).toMatchObject({ name: 'scratch 2', previous_name: 'scratch', version: 3 }),
        then: async (door, fx) => expect((await must(door, 'get_file', { file_uuid: fx.file })).name).toBe('scratch 2'),
      },
      { name: 'an empty name is refused', op: 'rename_file', args: (fx) => ({ file_uuid: fx.file, name: ' ' }), error: { code: 'invalid_argument', message: /name/ } },
      {
        name: 'delete_file with dry_run reports the contents and deletes nothing',
        op: 'delete_file',
        args: (fx) => ({ file_uuid: fx.file, dry_run: true }),
        ok: (d) => {
          expect(d.dry_run).toBe(true);
          expect(d.changes).toMatchObject({ cells_changed: 1, values: 1, sheets: { removed: ['Sheet1'] } });
          expect(d.result.deleted).toBe(false);
        },
        then: async (door, fx) => expect((await must(door, 'get_file', { file_uuid: fx.file })).name).toBe('scratch 2'),
      },
      {
        name: 'delete_file hides the file: it 404s and leaves list_files',
        op: 'delete_file',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => {
          expect(d).toMatchObject({ deleted: true, name: 'scratch 2' });
          expect(Date.parse(d.purge_after)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
        },
        then: async (door, fx) => {
          expect((await door.call('get_file', { file_uuid: fx.file })).ok).toBe(false);
          const listed = await must(door, 'list_files', { limit: 200 });
          expect(listed.files.map((f: any) => f.uuid)).not.toContain(fx.file);
          const trash = await must(door, 'list_files', { deleted: true, limit: 200 });
          expect(trash.files.find((f: any) => f.uuid === fx.file)).toMatchObject({ name: 'scratch 2' });
        },
      },
      { name: 'a deleted file cannot be written; the 404 says how to get it back', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'A1', values: [['x']] }), error: { code: 'not_found', message: /was deleted on .*restore_file brings it back/ } },
      {
        name: 'restore_file brings it back whole',
        op: 'restore_file',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => expect(d).toMatchObject({ restored: true, name: 'scratch 2' }),
        then: async (door, fx) => expect(await read(door, fx.file, 'A1')).toEqual([['keep me']]),
      },
      { name: 'restoring a live file changes nothing', op: 'restore_file', args: (fx) => ({ file_uuid: fx.file }), ok: (d) => expect(d.restored).toBe(false) },
      { name: 'an unknown file', op: 'restore_file', args: () => ({ file_uuid: '00000000-0000-4000-8000-000000000000' }), error: { code: 'not_found' } },
    ],
  },
  {
    name: 'dry runs',
    setup: async (door) => {
      const file = await newFile(door, 'dry', { sheets: ['Data', 'Other'] });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'Data', cell: 'A1', values: [['1'], ['2'], ['3']] });
      await must(door, 'set_formula', { file_uuid: file, sheet: 'Data', cell: 'B1', formula: '=SUM(A1:A3)' });
      return { file };
    },
    cases: [
      {
        name: 'clear_cells reports cells, formulas recomputed and changes nothing',
        op: 'clear_cells',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', range: 'A1:A2', dry_run: true }),
        ok: (d) => {
          expect(d).toMatchObject({ dry_run: true, version: 3 });
          expect(d.changes).toMatchObject({ cells_changed: 3, values: 3, formulas: 0, recomputed: 1, truncated: false });
          expect(d.changes.changes).toContainEqual({ cell: 'Data!B1', before: { v: 6, f: '=SUM(A1:A3)' }, after: { v: 3, f: '=SUM(A1:A3)' } });
          expect(d.changes.changes).toContainEqual(expect.objectContaining({ cell: 'Data!A1', before: { v: 1 }, after: { v: null } }));
        },
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'Data!A1:B1')).toEqual([['1', '=SUM(A1:A3)']]);
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'Data!B1' })).values).toEqual([['6']]);
          expect((await must(door, 'get_file', { file_uuid: fx.file })).version).toBe(3);
        },
      },
      {
        name: 'delete_sheet reports the sheet and its cells',
        op: 'delete_sheet',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', dry_run: true }),
        ok: (d) => expect(d.changes).toMatchObject({ sheets: { removed: ['Data'] }, cells_changed: 4 }),
        then: async (door, fx) => expect((await must(door, 'list_sheets', { file_uuid: fx.file })).sheets.map((s: any) => s.name)).toEqual(['Data', 'Other']),
      },
      {
        name: 'run_batch with dry_run reports the whole batch and keeps nothing',
        op: 'run_batch',
        args: (fx) => ({ file_uuid: fx.file, dry_run: true, actions: [{ op: 'write_cells', args: { sheet: 'Data', cell: 'A3', values: [['30']] } }, { op: 'rename_sheet', args: { sheet: 'Other', new_name: 'Notes' } }] }),
        ok: (d) => {
          expect(d.changes).toMatchObject({ values: 2, recomputed: 1, sheets: { renamed: [{ from: 'Other', to: 'Notes' }] } });
          expect(d.result.results).toHaveLength(2);
        },
        then: async (door, fx) => expect(await read(door, fx.file, 'Data!A3')).toEqual([['3']]),
      },
      { name: 'dry_run inside a batch action is refused', op: 'run_batch', args: (fx) => ({ file_uuid: fx.file, actions: [{ op: 'clear_cells', args: { range: 'A1', dry_run: true } }] }), error: { code: 'invalid_argument', message: /dry_run/ } },
      {
        name: 'a dry run that changes nothing says so',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Data', cell: 'A1', values: [['1']], dry_run: true }),
        ok: (d) => expect(d.changes).toMatchObject({ cells_changed: 0, changes: [] }),
      },
    ],
  },
  {
    // Trial friction (2026-11-29): a dry run of a row delete or sort listed every moved format in
    // full, cell by cell, the longest reply agents read.
    name: 'dry runs that move formats',
    setup: async (door) => {
      const file = await newFile(door, 'dry formats');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: Array.from({ length: 40 }, () => ['item', 5, 'same']) });
      // Zebra rows with borders and a number format: deleting a row moves every format under it.
      const odd = Array.from({ length: 20 }, (_, i) => ({ range: `A${2 * i + 1}:C${2 * i + 1}`, bold: true, fill_color: '#FFEE00', number_format: 'currency', currency_symbol: '€' }));
      await must(door, 'batch_update_cells', { file_uuid: file, formats: odd });
      await must(door, 'set_borders', { file_uuid: file, range: 'A1:C1', sides: 'all', line: 'line2' });
      const { version } = await must(door, 'get_file', { file_uuid: file });
      return { file, version };
    },
    cases: [
      {
        name: 'formats are counted, with a few examples, and the reply says how to see them all',
        op: 'delete_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, indices: ['2'], dry_run: true }),
        ok: (d, fx, text) => {
          expect(d).toMatchObject({ dry_run: true, version: fx.version });
          expect(d.changes.formats).toBeGreaterThanOrEqual(110);
          const withFormat = d.changes.changes.filter((c: any) => c.before.fmt !== undefined || c.after.fmt !== undefined);
          expect(withFormat).toHaveLength(3);
          // Row 1 keeps its format (its bottom border is rewritten, the same fields in another order): not a change.
          expect(withFormat[0]).toMatchObject({ cell: 'Sheet1!A2', before: { v: 'item' }, after: { v: 'item', fmt: expect.objectContaining({ bold: true }) } });
          expect(d.changes).toMatchObject({ truncated: true, note: expect.stringMatching(/^\d+ cells would change format; fmt is shown on the first 3 .*dry_run: "full"/) });
          if (text !== undefined) expect(text.length).toBeLessThan(1_500);
        },
        then: async (door, fx) => expect((await must(door, 'get_file', { file_uuid: fx.file })).version).toBe(fx.version),
      },
      {
        name: 'dry_run "full" lists each listed cell with its formats',
        op: 'delete_rows_or_columns',
        args: (fx) => ({ file_uuid: fx.file, indices: ['2'], dry_run: 'full' }),
        ok: (d) => {
          expect(d.changes.changes).toHaveLength(20);
          expect(d.changes.changes.every((c: any) => c.before.fmt !== undefined || c.after.fmt !== undefined)).toBe(true);
          expect(d.changes.note).toBeUndefined();
        },
        then: async (door, fx) => expect((await must(door, 'read_formats', { file_uuid: fx.file, range: 'A2' })).formats.some((r: any) => r.format.bold)).toBe(false),
      },
      {
        name: 'run_batch passes dry_run "full" on to what it reports',
        op: 'run_batch',
        args: (fx) => ({ file_uuid: fx.file, dry_run: 'full', actions: [{ op: 'sort_range', args: { range: 'A1:C40', by: [{ column: 'C' }, { column: 'A' }] } }, { op: 'delete_rows_or_columns', args: { indices: ['1'] } }] }),
        ok: (d) => expect(d.changes.changes.filter((c: any) => c.before.fmt !== undefined || c.after.fmt !== undefined).length).toBeGreaterThan(3),
      },
      { name: 'dry_run takes true, false or "full"', op: 'delete_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, indices: ['2'], dry_run: 'all' }), error: { code: 'invalid_argument', message: /dry_run/ } },
    ],
  },
  {
    name: 'undo, versions and checkpoints',
    setup: async (door) => {
      const file = await newFile(door, 'versions');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['10'], ['20']] }); // v2
      await must(door, 'set_formula', { file_uuid: file, cell: 'A3', formula: '=A1+A2' }); // v3
      return { file };
    },
    cases: [
      { name: 'create_checkpoint names the current version', op: 'create_checkpoint', args: (fx) => ({ file_uuid: fx.file, name: 'good' }), ok: (d) => expect(d).toMatchObject({ name: 'good', version: 3, replaced: false }) },
      {
        name: 'a batch, then undo takes the whole batch back as a new version',
        op: 'run_batch',
        args: (fx) => ({ file_uuid: fx.file, actions: [{ op: 'write_cells', args: { cell: 'A1', values: [['100']] } }, { op: 'add_sheet', args: { name: 'Extra' } }] }),
        ok: (d) => expect(d.version).toBe(4),
        then: async (door, fx) => {
          const u = await must(door, 'undo_write', { file_uuid: fx.file });
          expect(u).toMatchObject({ undone: { version: 4, op: 'run_batch' }, restored_to: 3, version: 5 });
          expect(await read(door, fx.file, 'A1:A3')).toEqual([['10'], ['20'], ['=A1+A2']]);
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'A3' })).values).toEqual([['30']]);
          expect((await must(door, 'list_sheets', { file_uuid: fx.file })).sheets.map((s: any) => s.name)).toEqual(['Sheet1']);
        },
      },
      {
        name: 'undo again steps further back (the formula goes)',
        op: 'undo_write',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d) => expect(d).toMatchObject({ undone: { version: 3, op: 'set_formula' }, restored_to: 2, version: 6 }),
        then: async (door, fx) => expect(await read(door, fx.file, 'A1:A3')).toEqual([['10'], ['20'], ['']]),
      },
      {
        name: 'restore_version by checkpoint, dry run first',
        op: 'restore_version',
        args: (fx) => ({ file_uuid: fx.file, to: 'good', dry_run: true }),
        ok: (d) => {
          expect(d).toMatchObject({ dry_run: true, version: 6, result: { restored_to: 3, checkpoint: 'good' } });
          expect(d.changes).toMatchObject({ cells_changed: 1, formulas: 1, changes: [{ cell: 'Sheet1!A3', before: { v: null }, after: { v: 30, f: '=A1+A2' } }] });
        },
        then: async (door, fx) => {
          expect(await read(door, fx.file, 'A3')).toEqual([['']]);
          const r = await must(door, 'restore_version', { file_uuid: fx.file, to: 'good' });
          expect(r).toMatchObject({ restored_to: 3, version: 7 });
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'A3' })).values).toEqual([['30']]);
        },
      },
      {
        name: 'the restored formula computes on: a write recomputes it',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'A2', values: [['5']] }),
        ok: (d) => expect(d.version).toBe(8),
        then: async (door, fx) => expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'A3' })).values).toEqual([['15']]),
      },
      {
        name: 'restore_version to a numbered version re-creates a sheet deleted since',
        op: 'restore_version',
        args: (fx) => ({ file_uuid: fx.file, to: 4 }),
        ok: (d) => expect(d).toMatchObject({ restored_to: 4, version: 9 }),
        then: async (door, fx) => {
          expect((await must(door, 'list_sheets', { file_uuid: fx.file })).sheets.map((s: any) => s.name)).toEqual(['Sheet1', 'Extra']);
          expect(await read(door, fx.file, 'A1:A2')).toEqual([['100'], ['20']]);
        },
      },
      { name: 'get_history lists the checkpoints', op: 'get_history', args: (fx) => ({ file_uuid: fx.file, limit: 2 }), ok: (d) => expect(d.checkpoints).toEqual([expect.objectContaining({ name: 'good', version: 3 })]) },
      { name: 'an unknown checkpoint', op: 'restore_version', args: (fx) => ({ file_uuid: fx.file, to: 'nope' }), error: { code: 'not_found', message: /get_history/ } },
      { name: 'a version from the future', op: 'restore_version', args: (fx) => ({ file_uuid: fx.file, to: 99 }), error: { code: 'invalid_argument', message: /to: must be a version from 1 to 9/ } },
    ],
  },
  {
    name: 'diff_file',
    setup: async (door) => {
      const file = await newFile(door, 'graded', { sheets: ['Data', 'Gone'] });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'Data', cell: 'A1', values: [['a', '1'], ['b', '2']] }); // v2
      await must(door, 'write_cells', { file_uuid: file, sheet: 'Data', cell: 'B2', values: [['5']] }); // v3
      await must(door, 'set_formula', { file_uuid: file, sheet: 'Data', cell: 'B3', formula: '=B1+B2' }); // v4
      await must(door, 'format_cells', { file_uuid: file, sheet: 'Data', range: 'A1', bold: true }); // v5
      await must(door, 'delete_sheet', { file_uuid: file, sheet: 'Gone' }); // v6
      const answer = await newFile(door, 'answer', { sheets: ['Data'] });
      await must(door, 'write_cells', { file_uuid: answer, sheet: 'Data', cell: 'A1', values: [['a', '1'], ['b', '2']] });
      return { file, answer };
    },
    cases: [
      {
        name: 'against an earlier version: values, formulas, formats and sheets',
        op: 'diff_file',
        args: (fx) => ({ file_uuid: fx.file, against: 2 }),
        ok: (d, fx) => {
          expect(d).toMatchObject({ from: { file_uuid: fx.file, version: 2 }, to: { version: 6 }, cells_changed: 3, values: 2, formulas: 1, formats: 1, sheets: { removed: ['Gone'] }, truncated: false });
          expect(d.changes).toEqual([
            { cell: 'Data!A1', before: { v: 'a' }, after: { v: 'a', fmt: expect.objectContaining({ bold: true }) } },
            { cell: 'Data!B2', before: { v: 2 }, after: { v: 5 } },
            { cell: 'Data!B3', before: { v: null }, after: { v: 6, f: '=B1+B2' } },
          ]);
        },
      },
      { name: 'only values, over a range', op: 'diff_file', args: (fx) => ({ file_uuid: fx.file, against: 2, ranges: ['Data!B1:B2'], compare: ['values'] }), ok: (d) => expect(d).toMatchObject({ cells_changed: 1, changes: [{ cell: 'Data!B2', before: { v: 2 }, after: { v: 5 } }] }) },
      { name: 'bounded by limit', op: 'diff_file', args: (fx) => ({ file_uuid: fx.file, against: 2, limit: 1 }), ok: (d) => expect(d).toMatchObject({ cells_changed: 3, truncated: true, changes: [{ cell: 'Data!A1' }] }) },
      {
        name: 'against another file (an answer key), sheets paired by name',
        op: 'diff_file',
        args: (fx) => ({ file_uuid: fx.file, against: fx.answer, compare: ['values', 'formulas'] }),
        ok: (d) => expect(d).toMatchObject({ cells_changed: 2, changes: [{ cell: 'Data!B2', before: { v: 2 }, after: { v: 5 } }, { cell: 'Data!B3', after: { v: 6, f: '=B1+B2' } }] }),
      },
      { name: 'neither version nor file', op: 'diff_file', args: (fx) => ({ file_uuid: fx.file }), error: { code: 'invalid_argument', message: /against/ } },
      { name: 'an unknown sheet in ranges', op: 'diff_file', args: (fx) => ({ file_uuid: fx.file, against: 2, ranges: ['Nope!A1'] }), error: { code: 'invalid_argument', message: /ranges\[0\]/ } },
    ],
  },
  {
    name: 'the viewer link in get_context',
    setup: async (door) => ({ file: await newFile(door, 'watched') }),
    cases: [
      {
        name: 'get_context hands out a signed link to the live view',
        op: 'get_context',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: (d, fx) => expect(d.view_url).toMatch(new RegExp(`^https?://[^/]+/view/${fx.file}\\?exp=\\d+&sig=[\\w-]+$`)),
      },
    ],
  },
];
