// The safety net where one door's table cannot reach: undo refusing another user's write, the
// export summary on REST's header and in MCP's text, and the sweep that purges the trash and old
// before-images (on the store itself).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitSet } from '../core/store.ts';
import { mcpHttpDoor, restDoor, type Door } from './helpers/doors.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { storeForTests } from './helpers/store.ts';
import { must } from './cases/types.ts';

describe('undo_write and other users', () => {
  let server: TestServer;
  let ana: Door, bob: Door;
  beforeAll(async () => {
    server = await startServer();
    ana = restDoor(server);
    const made = await must(ana, 'create_token', { user_name: 'bob', role: 'editor' });
    bob = restDoor(server, made.token);
  });
  afterAll(async () => server?.close());

  it('refuses (409) to undo when someone else wrote since, and undoes it when asked to', async () => {
    const file = (await must(ana, 'create_file', { name: 'shared' })).uuid;
    await must(ana, 'write_cells', { file_uuid: file, cell: 'A1', values: [['mine']] });
    await must(bob, 'write_cells', { file_uuid: file, cell: 'B1', values: [['his']] });
    const refused = await ana.call('undo_write', { file_uuid: file });
    expect(refused).toMatchObject({ ok: false, status: 409, code: 'conflict' });
    expect((refused as { message: string }).message).toMatch(/version 3 \(write_cells\) was written by bob after your last write; pass only_mine: false/);
    expect((await must(ana, 'read_cells', { file_uuid: file, range: 'A1:B1' })).values).toEqual([['mine', 'his']]);
    const undone = await must(ana, 'undo_write', { file_uuid: file, only_mine: false });
    expect(undone).toMatchObject({ undone: { version: 3, user: { name: 'bob' } }, restored_to: 2 });
    expect((await must(ana, 'read_cells', { file_uuid: file, range: 'A1:B1' })).values).toEqual([['mine', '']]);
  });

  it('a viewer can neither delete nor undo', async () => {
    const file = (await must(ana, 'create_file', { name: 'guarded' })).uuid;
    const viewer = restDoor(server, (await must(ana, 'create_token', { user_name: 'vic', role: 'viewer' })).token);
    expect(await viewer.call('delete_file', { file_uuid: file })).toMatchObject({ ok: false, status: 403 });
    expect(await viewer.call('undo_write', { file_uuid: file })).toMatchObject({ ok: false, status: 403 });
  });

  it('another user cannot delete or restore a private file', async () => {
    const file = (await must(ana, 'create_file', { name: 'mine only', private: true })).uuid;
    expect(await bob.call('delete_file', { file_uuid: file })).toMatchObject({ ok: false, status: 403 });
    await must(ana, 'delete_file', { file_uuid: file });
    expect(await bob.call('restore_file', { file_uuid: file })).toMatchObject({ ok: false, status: 403 });
    expect((await must(bob, 'list_files', { deleted: true, limit: 200 })).files.map((f: { uuid: string }) => f.uuid)).not.toContain(file);
  });

  it('exports say what they carry: REST in X-Sheets-Export-Summary, MCP in the text', async () => {
    const file = (await must(ana, 'create_file', { name: 'report', sheets: ['Données', 'Other'] })).uuid;
    await must(ana, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Item', 'Cost'], ['Rent', '1200'], ['Food', '300']] });
    await must(ana, 'set_formula', { file_uuid: file, cell: 'B4', formula: '=SUM(B2:B3)' });
    await must(ana, 'merge_cells', { file_uuid: file, range: 'A5:B5' });
    const res = await server.request('GET', `/v1/files/${file}/export/xlsx`);
    expect(res.status).toBe(200);
    const summary = JSON.parse(res.headers.get('x-sheets-export-summary')!);
    expect(summary).toEqual({ sheets: 2, cells: 7, formulas: 1, formulas_cached: 1, objects: { merges: 1 }, not_written: [] });
    const csv = JSON.parse((await server.request('GET', `/v1/files/${file}/export/csv`)).headers.get('x-sheets-export-summary')!);
    expect(csv).toMatchObject({ sheets: 1, cells: 7, formulas: 1 });
    expect(csv.not_written).toContain('1 formula(s): CSV holds their displayed values');
    const mcp = await mcpHttpDoor(server);
    try {
      const out = await mcp.call('export_xlsx', { file_uuid: file });
      expect(out.ok).toBe(true);
      const text = (out as { data: { type: string; text?: string }[] }).data.find((c) => c.type === 'text')!.text!;
      expect(text).toContain('written: {"sheets":2,"cells":7,"formulas":1,"formulas_cached":1,"objects":{"merges":1},"not_written":[]}');
    } finally {
      await mcp.close();
    }
  });
});

describe('the sweep (store)', () => {
  const store = storeForTests();

  async function fileWithVersions(n: number): Promise<{ fileId: string; sheetId: string }> {
    const s = store();
    const space = await s.createSpace('sweep', new Date());
    const tok = await s.createToken({ spaceId: space.id, userName: 'u', role: 'owner', hash: `h${Math.random()}`, expiresAt: null, at: new Date() });
    const sheetId = crypto.randomUUID();
    const file = await s.createFile({ spaceId: space.id, creatorId: tok.userId, name: 'f', private: false, at: new Date(), sheets: [{ id: sheetId, name: 'Sheet1', position: 0, meta: {} }] });
    for (let v = 1; v <= n; v++) {
      const set: CommitSet = { fileId: file.id, baseVersion: v, at: new Date(), sheetsUpsert: [], sheetsDelete: [], tilesUpsert: [{ sheetId, tr: 0, tc: 0, r0: 0, r1: 0, c0: 0, c1: 0, data: `[[${v}]]` }], tilesDelete: [], log: { op: 'write_cells', args: {}, userId: tok.userId, tokenId: null } };
      await s.commit(set);
    }
    return { fileId: file.id, sheetId };
  }

  it('each version can be rebuilt from the before-images: the tile as it was', async () => {
    const { fileId } = await fileWithVersions(4); // versions 2..5 wrote [[1]]..[[4]]
    const at3 = await store().stateAt(fileId, 3);
    expect(at3).toMatchObject({ current: 5, tiles: [{ tr: 0, tc: 0, tile: { data: '[[2]]' } }] });
    const at1 = await store().stateAt(fileId, 1);
    expect(at1!.tiles).toEqual([expect.objectContaining({ tile: null })]);
  });

  it('keeps the last SHEETS_HISTORY_VERSIONS versions and what a checkpoint needs; purges old trash', async () => {
    const s = store();
    const { fileId } = await fileWithVersions(6); // current 7
    await s.setCheckpoint({ fileId, name: 'cp', version: 3, userId: (await s.getFile(fileId))!.creatorId, at: new Date() });
    const other = await fileWithVersions(6);
    await s.purge({ deletedBefore: new Date(0), keepVersions: 2 });
    expect(await s.stateAt(other.fileId, 5)).not.toBeNull();
    expect(await s.stateAt(other.fileId, 4)).toBeNull();
    expect(await s.stateAt(fileId, 3)).not.toBeNull();
    expect(await s.stateAt(fileId, 2)).toBeNull();

    await s.trashFile(fileId, new Date(Date.now() - 40 * 86_400_000));
    await s.trashFile(other.fileId, new Date());
    const swept = await s.purge({ deletedBefore: new Date(Date.now() - 30 * 86_400_000), keepVersions: 1000 });
    expect(swept.files).toBe(1);
    expect(await s.getDeletedFile(fileId)).toBeNull();
    expect(await s.getDeletedFile(other.fileId)).not.toBeNull();
  });
});
