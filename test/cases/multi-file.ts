// Several files in one call, through every door: an agent's task comes as three case workbooks,
// which it imports, changes and exports together (import_file with files, run_batch_on_files,
// export_files), plus the frictions trial agents reported: a batch's reply in one form whatever it
// holds, and exports named by the caller.
import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import { must, type CaseGroup } from './types.ts';

const UNKNOWN_FILE = '00000000-0000-4000-8000-000000000000';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A small workbook as Excel files come: two sheets, a number stored as text, a formula. */
async function caseXlsx(n: number): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  ws.addRow(['Item', 'Qty']);
  ws.addRow(['pen', n]);
  ws.addRow(['ink', n * 10]);
  ws.getCell('A5').value = '03';
  wb.addWorksheet('Notes').getCell('A1').value = `case ${n}`;
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

/** A workbook as some writers save it: a formula without a cached value, computed on import. */
async function uncachedXlsx(formula: string): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  ws.addRow(['Qty', 2]);
  ws.getCell('C1').value = { formula } as never;
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

interface Part {
  name: string;
  bytes: Buffer;
}

/** The files of an export_files answer: REST's zip entries, or MCP's parts (links fetched, embedded bytes decoded). */
async function partsOf(data: unknown): Promise<Part[]> {
  if (typeof data === 'string') {
    const entries = unzipSync(new Uint8Array(Buffer.from(data, 'latin1')));
    return Object.entries(entries).map(([name, bytes]) => ({ name, bytes: Buffer.from(bytes) }));
  }
  const content = data as { type: string; name?: string; uri?: string; resource?: { uri: string; blob: string } }[];
  const parts: Part[] = [];
  for (const c of content) {
    if (c.type === 'resource_link' && c.uri!.startsWith('http')) {
      const got = await fetch(c.uri!);
      expect(got.status).toBe(200);
      parts.push({ name: c.name!, bytes: Buffer.from(await got.arrayBuffer()) });
    } else if (c.type === 'resource') {
      parts.push({ name: decodeURIComponent(c.resource!.uri.split('/').pop()!), bytes: Buffer.from(c.resource!.blob, 'base64') });
    } else if (c.type === 'resource_link') {
      parts.push({ name: c.name!, bytes: Buffer.alloc(0) });
    }
  }
  return parts;
}

export const multiFileCases: CaseGroup[] = [
  {
    name: 'several files in one call',
    setup: async () => ({ xlsx1: await caseXlsx(1), xlsx2: await caseXlsx(2), times5: await uncachedXlsx('B1*5'), times7: await uncachedXlsx('B1*7') }),
    cases: [
      {
        name: 'import_file with files creates one file per input, in order, xlsx and CSV alike',
        op: 'import_file',
        args: (fx) => ({ files: [{ file_name: '1_task_input.xlsx', file_data: fx.xlsx1 }, { file_name: '2_task_input.xlsx', file_data: fx.xlsx2, name: 'case two' }, { file_name: 'extra.csv', file_data: b64('a,b\n1,2\n') }] }),
        ok: (d, fx) => {
          expect(d.files.map((f: any) => [f.name, f.format, f.sheets.map((s: any) => s.sheet)])).toEqual([
            ['1_task_input', 'xlsx', ['Data', 'Notes']],
            ['case two', 'xlsx', ['Data', 'Notes']],
            ['extra', 'csv', ['Sheet1']],
          ]);
          fx.files = d.files.map((f: any) => f.uuid);
          fx.versions = d.files.map((f: any) => f.version);
          expect(new Set(fx.files).size).toBe(3);
        },
        then: async (door, fx) => {
          expect((await must(door, 'read_cells', { file_uuid: fx.files[1], range: 'Data!A1:B3' })).values).toEqual([['Item', 'Qty'], ['pen', '2'], ['ink', '20']]);
          expect((await must(door, 'read_cells', { file_uuid: fx.files[2], range: 'A1:B2' })).values).toEqual([['a', 'b'], ['1', '2']]);
        },
      },
      {
        name: 'import_file with files: each file\'s report carries its own effects',
        op: 'import_file',
        args: (fx) => ({ files: [{ file_name: 'times5.xlsx', file_data: fx.times5 }, { file_name: 'times7.xlsx', file_data: fx.times7 }, { file_name: 'plain.csv', file_data: b64('a\n1\n') }] }),
        ok: (d) => {
          expect(d.effects).toBeUndefined();
          expect(d.files.map((f: any) => f.effects)).toEqual([{ recalculated: { count: 1, cells: [{ cell: 'C1', value: '10', typed: 10 }] } }, { recalculated: { count: 1, cells: [{ cell: 'C1', value: '14', typed: 14 }] } }, undefined]);
        },
      },
      {
        name: 'import_file with files: one bad file creates none, naming the bad one',
        op: 'import_file',
        args: (fx) => ({ files: [{ file_name: 'good.xlsx', file_data: fx.xlsx1 }, { file_name: 'bad.xlsx', file_data: 'not base64!' }] }),
        error: { code: 'invalid_argument', message: /^files\[1\]\.file_data: is not base64/ },
        then: async (door) => {
          const names = (await must(door, 'list_files', { limit: 100 })).files.map((f: any) => f.name);
          expect(names).not.toContain('good');
        },
      },
      {
        name: 'import_file with files: a file lacking its bytes creates none of the others',
        op: 'import_file',
        args: (fx) => ({ files: [{ file_name: 'first-of-two.xlsx', file_data: fx.xlsx1 }, { file_name: 'second.txt', file_data: b64('x') }, { file_name: 'third.csv' }] }),
        error: { code: 'invalid_argument', message: /^files\[2\]\.file_data: is required/ },
        then: async (door) => expect((await must(door, 'list_files', { limit: 100 })).files.map((f: any) => f.name)).not.toContain('first-of-two'),
      },
      { name: 'import_file with files and a one-file field', op: 'import_file', args: (fx) => ({ files: [{ file_name: 'a.xlsx', file_data: fx.xlsx1 }], file_name: 'b.csv' }), error: { code: 'invalid_argument', message: /^file_name: give it inside each item of files/ } },
      { name: 'import_file with files: no files', op: 'import_file', args: () => ({ files: [] }), error: { code: 'invalid_argument', message: /files: must hold at least one file/ } },
      { name: 'import_file with files: an unknown field in a file', op: 'import_file', args: () => ({ files: [{ file_name: 'a.csv', file_data: b64('a'), sheet: 'S' }] }), error: { code: 'invalid_argument', message: /files\[0\]\.sheet: unknown field/ } },
      {
        name: 'run_batch_on_files runs the same actions on each file: its own version, results read back typed',
        op: 'run_batch_on_files',
        args: (fx) => ({ file_uuids: fx.files.slice(0, 2), actions: [{ op: 'set_formula', args: { sheet: 'Data', cell: 'B4', formula: '=SUM(B2:B3)' } }, { op: 'read_cells', args: { range: 'Data!A4:B5' } }] }),
        ok: (d, fx, text) => {
          expect(d.failed).toBe(0);
          expect(d.files.map((f: any) => f.file_uuid)).toEqual(fx.files.slice(0, 2));
          expect(d.files.map((f: any) => f.results[1].values)).toEqual([[['', '11'], ['03', '']], [['', '22'], ['03', '']]]);
          expect(d.files.map((f: any) => f.version)).toEqual([fx.versions[0] + 1, fx.versions[1] + 1]);
          // The model reads each file's reads as typed CSV, never the grids as JSON twice over.
          if (text !== undefined) {
            expect(text).toContain('files[0]: ');
            expect(text).toContain(',11\n"03",');
            expect(text).not.toMatch(/"values"|"typed":\[/);
          }
        },
      },
      {
        name: 'run_batch_on_files with dry_run changes no file and says what each would change',
        op: 'run_batch_on_files',
        args: (fx) => ({ file_uuids: fx.files.slice(0, 2), dry_run: true, actions: [{ op: 'write_cells', args: { sheet: 'Data', cell: 'B2', values: [['100']] } }] }),
        ok: (d, fx) => {
          expect(d.files.map((f: any) => [f.dry_run, f.version, f.changes.values])).toEqual([[true, fx.versions[0] + 1, 2], [true, fx.versions[1] + 1, 2]]);
          expect(d.files[0].changes.recomputed).toBe(1);
        },
        then: async (door, fx) => {
          for (const [i, file] of fx.files.slice(0, 2).entries()) {
            expect((await must(door, 'read_cells', { file_uuid: file, range: 'Data!B2' })).values).toEqual([[String(i + 1)]]);
          }
        },
      },
      {
        name: 'run_batch_on_files keeps the files that succeed and reports the one that failed in its place',
        op: 'run_batch_on_files',
        args: (fx) => ({ file_uuids: [fx.files[0], fx.files[2]], actions: [{ op: 'write_cells', args: { sheet: 'Data', cell: 'C1', values: [['seen']] } }] }),
        ok: (d, fx) => {
          expect(d.failed).toBe(1);
          expect(d.files[0]).toMatchObject({ file_uuid: fx.files[0], version: fx.versions[0] + 2 });
          expect(d.files[1]).toMatchObject({ file_uuid: fx.files[2], error: { code: 'invalid_argument', details: { index: 0 } } });
          expect(d.files[1].error.message).toMatch(/actions\[0\] \(write_cells\): sheet/);
        },
        then: async (door, fx) => expect((await must(door, 'get_file', { file_uuid: fx.files[2] })).version).toBe(fx.versions[2]),
      },
      { name: 'run_batch_on_files with an unknown file among known ones reports it there', op: 'run_batch_on_files', args: (fx) => ({ file_uuids: [fx.files[2], UNKNOWN_FILE], actions: [{ op: 'read_cells', args: { range: 'A1' } }] }), ok: (d) => expect(d.files.map((f: any) => f.error?.code ?? 'ok')).toEqual(['ok', 'not_found']) },
      {
        name: 'run_batch_on_files fails when every file fails',
        op: 'run_batch_on_files',
        args: (fx) => ({ file_uuids: fx.files.slice(0, 2), actions: [{ op: 'no_such_op', args: {} }] }),
        error: { code: 'invalid_argument', message: /^file_uuids\[0\] \(.*\): actions\[0\] \(no_such_op\): op: 'no_such_op' is not an operation/, index: 0 },
      },
      { name: 'run_batch_on_files naming a file twice', op: 'run_batch_on_files', args: (fx) => ({ file_uuids: [fx.files[0], fx.files[0]], actions: [{ op: 'read_cells', args: { range: 'A1' } }] }), error: { code: 'invalid_argument', message: /file_uuids: must not name a file twice/ } },
      {
        name: 'export_files exports each file under the name given',
        op: 'export_files',
        args: (fx) => ({ files: [{ file_uuid: fx.files[0], file_name: '1_task_output.xlsx' }, { file_uuid: fx.files[1], file_name: '2_task_output' }] }),
        ok: async (d, _fx, text) => {
          const parts = await partsOf(d);
          expect(parts.map((p) => p.name)).toEqual(['1_task_output.xlsx', '2_task_output.xlsx']);
          for (const p of parts) if (p.bytes.length) expect(p.bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
          if (text !== undefined) expect(text).toMatch(/1_task_output\.xlsx \(application\/vnd\.openxmlformats[^)]*\); written: \{"sheets":2,/);
        },
      },
      { name: 'export_files with a file that does not exist names it', op: 'export_files', args: (fx) => ({ files: [{ file_uuid: fx.files[0] }, { file_uuid: UNKNOWN_FILE }] }), error: { code: 'not_found', message: /^files\[1\] \(00000000-0000-4000-8000-000000000000\): No file/ } },
      {
        name: 'export_files: the same name twice is kept apart',
        op: 'export_files',
        args: (fx) => ({ files: [{ file_uuid: fx.files[0], file_name: 'out.xlsx' }, { file_uuid: fx.files[1], file_name: 'out.xlsx' }] }),
        ok: async (d) => expect((await partsOf(d)).map((p) => p.name)).toEqual(['out.xlsx', 'out (2).xlsx']),
      },
      {
        name: 'export_xlsx takes the download name from the caller',
        op: 'export_xlsx',
        args: (fx) => ({ file_uuid: fx.files[0], file_name: '1_task_output.xlsx' }),
        ok: (_d, _fx, text) => {
          if (text !== undefined) expect(text).toMatch(/^1_task_output\.xlsx \(/);
        },
      },
    ],
  },
  {
    name: 'a batch answers in one form',
    setup: async (door) => {
      const file = (await must(door, 'create_file', { name: 'one form' })).uuid;
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['3', "'3"]] });
      return { file };
    },
    cases: [
      {
        name: 'a batch of reads and a batch of a write and reads show the reads alike, as typed CSV',
        op: 'run_batch',
        args: (fx) => ({ file_uuid: fx.file, actions: [{ op: 'write_cells', args: { cell: 'C1', values: [['x']] } }, { op: 'read_cells', args: { range: 'A1:C1' } }] }),
        ok: async (d, _fx, text) => {
          expect(d.results[1].values).toEqual([['3', '3', 'x']]);
          if (text === undefined) return;
          expect(text).toMatch(/^results\[0\]: \{/);
          expect(text).toContain('results[1]: Sheet1!A1:C1, rows 1..1, columns A..C');
          expect(text).toContain('\n3,"3","x"');
          expect(text).not.toMatch(/"values"|"typed":\[/);
        },
      },
    ],
  },
];
