// The seams other areas plug into: clear_cells calls onClear, has_data asks occupies, find_replace
// with code: true calls onReplace. Runs the real server in-process (REST) with a probe area added
// to the service's list of areas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rect } from '../core/a1.ts';
import { areas } from '../core/areas.ts';
import type { WorkbookArea } from '../core/workbook/area.ts';
import type { TextReplace } from '../core/workbook/hooks.ts';
import { must } from './cases/types.ts';
import { restDoor, type Door } from './helpers/doors.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const cleared: { sheet: string; rect: Rect }[] = [];
let source = 'print("old name")';

const probe: WorkbookArea = {
  name: 'test-objects',
  objects: {
    onClear: (_wb, sheet, rect) => void cleared.push({ sheet: sheet.name, rect }),
    occupies: (_wb, _sheet, rect) => (rect.r0 <= 9 && rect.r1 >= 9 && rect.c0 <= 0 && rect.c1 >= 0 ? ['code cell A10'] : []),
    onReplace: (_wb, _sheet, _rect, rep: TextReplace) => {
      const hit = rep.apply(source);
      if (!hit) return [];
      const before = source;
      source = hit.text;
      return [{ cell: 'A10', before, after: hit.text, count: hit.count }];
    },
  },
};

describe('area hooks', () => {
  let server: TestServer;
  let door: Door;
  let file: string;
  beforeAll(async () => {
    server = await startServer({}, { areas: [...areas, probe] });
    door = restDoor(server);
    file = (await must(door, 'create_file', { name: 'hooks' })).uuid;
    await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['old name']] });
  });
  afterAll(async () => server?.close());

  it('clear_cells tells the owners of objects what was cleared (whole columns to the last row)', async () => {
    await must(door, 'clear_cells', { file_uuid: file, range: 'C:D' });
    expect(cleared.at(-1)).toEqual({ sheet: 'Sheet1', rect: { r0: 0, r1: 1_048_575, c0: 2, c1: 3 } });
  });

  it('has_data counts objects the areas report', async () => {
    const out = await must(door, 'has_data', { file_uuid: file, range: 'A5:B12' });
    expect(out).toMatchObject({ has_data: true, cells: 0, objects: ['code cell A10'] });
  });

  it('find_replace with code: true applies the same matcher to code sources', async () => {
    const out = await must(door, 'find_replace', { file_uuid: file, find: 'OLD NAME', replace: 'new name', code: true });
    expect(out).toMatchObject({ replaced_cells: 1, occurrences: 2, code_changes: [{ cell: 'A10', before: 'print("old name")', after: 'print("new name")' }] });
    expect(source).toBe('print("new name")');
  });

  it('find_replace without code leaves code alone', async () => {
    const out = await must(door, 'find_replace', { file_uuid: file, find: 'new', replace: 'x' });
    expect(out.code_changes).toBeUndefined();
    expect(source).toBe('print("new name")');
  });
});
