// Text that is not well-formed Unicode (a lone surrogate: half of a UTF-16 pair) is refused at the
// door with a 400 that names the field, and changes nothing; text inside imported files is made
// well-formed (U+FFFD) instead, as a bad byte in a UTF-8 file is.
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, newFile, type Case, type CaseGroup } from './types.ts';

const LONE = 'ab\uD800cd';
const b64 = (buf: Buffer) => buf.toString('base64');

/** A UTF-16LE CSV (with BOM) whose second row holds a lone high surrogate. */
function utf16Csv(): Buffer {
  const text = 'name,qty\nx\uD800y,3\n';
  const body = Buffer.alloc(text.length * 2);
  for (let i = 0; i < text.length; i++) body.writeUInt16LE(text.charCodeAt(i), i * 2);
  return Buffer.concat([Buffer.from([0xff, 0xfe]), body]);
}

async function unchanged(door: Door, file: string, version: number): Promise<void> {
  const info = await must(door, 'get_file', { file_uuid: file });
  expect(info.version).toBe(version);
  expect((await must(door, 'read_cells', { file_uuid: file, range: 'A1:B2' })).values).toEqual([['kept', ''], ['', '']]);
}

const refused = (name: string, op: string, field: RegExp, args: (fx: Record<string, any>) => Record<string, unknown>): Case => ({
  name,
  op,
  args,
  error: { code: 'invalid_argument', message: new RegExp(`^${field.source}: is not well-formed Unicode text: a lone surrogate at character \\d+`) },
  then: (door, fx) => unchanged(door, fx.file, fx.version),
});

export const unicodeCases: CaseGroup[] = [
  {
    name: 'lone surrogates in text fields',
    setup: async (door) => {
      const file = await newFile(door, 'unicode');
      const w = await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['kept']] });
      return { file, version: w.version };
    },
    cases: [
      refused('in a cell value', 'write_cells', /values\[1\]\[0\]/, (fx) => ({ file_uuid: fx.file, cell: 'A1', values: [['fine'], [LONE]] })),
      refused('in a formula', 'set_formula', /formula/, (fx) => ({ file_uuid: fx.file, cell: 'B1', formula: `="${LONE}"` })),
      refused('in code of a code cell', 'set_code_cell', /code/, (fx) => ({ file_uuid: fx.file, cell: 'B2', language: 'javascript', code: `"${LONE}"` })),
      refused('in a new sheet name', 'add_sheet', /name/, (fx) => ({ file_uuid: fx.file, name: LONE })),
      refused('in a sheet rename', 'rename_sheet', /new_name/, (fx) => ({ file_uuid: fx.file, sheet: 'Sheet1', new_name: LONE })),
      refused('in find/replace text', 'find_replace', /replace/, (fx) => ({ file_uuid: fx.file, find: 'kept', replace: LONE })),
      refused('in a file name of an import', 'import_into_file', /file_name/, (fx) => ({ file_uuid: fx.file, file_name: `${LONE}.csv`, file_data: b64(Buffer.from('a\n1\n')), sheet: 'New' })),
      {
        name: 'in the name of a new file',
        op: 'create_file',
        args: () => ({ name: LONE }),
        error: { code: 'invalid_argument', message: /^name: is not well-formed Unicode text/ },
        then: async (door) => {
          const files = (await must(door, 'list_files', { limit: 100 })).files as { name: string }[];
          expect(files.some((f) => !f.name.isWellFormed())).toBe(false);
        },
      },
      {
        name: 'inside an imported UTF-16 CSV: made well-formed (U+FFFD), not refused',
        op: 'import_file',
        args: () => ({ file_name: 'utf16.csv', file_data: b64(utf16Csv()) }),
        ok: async () => undefined,
        then: async (door) => {
          const files = (await must(door, 'list_files', { limit: 100 })).files as { uuid: string; name: string }[];
          const made = files.find((f) => f.name === 'utf16')!;
          const values = (await must(door, 'read_cells', { file_uuid: made.uuid, range: 'A1:B2' })).values;
          expect(values).toEqual([['name', 'qty'], ['x\uFFFDy', '3']]);
        },
      },
    ],
  },
];
