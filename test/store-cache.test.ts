// The embedded store keeps tokens and file records in memory (one process holds it alone, so
// every change passes through it): a commit, a delete or a revocation is seen by the next read at
// once, and a caller that changes what it was given does not change the cache.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore } from '../db/open.ts';
import type { PgStore } from '../db/store.ts';
import { freshStore, type TestStore } from './helpers/store.ts';

let ts: TestStore;
let store: PgStore;
beforeAll(async () => {
  ts = await freshStore();
  store = await openStore(ts.options);
});
afterAll(async () => {
  await store?.close();
  await ts?.drop();
});

it('file records: a commit, a rename and a delete are seen by the next read', async () => {
  const { id: spaceId } = await store.createSpace('cache', new Date(0));
  const { userId } = await store.createToken({ spaceId, userName: 'cache', role: 'owner', hash: 'h-cache', expiresAt: null, at: new Date(0) });
  const file = await store.createFile({ spaceId, creatorId: userId, name: 'a', private: false, at: new Date(0), sheets: [] });
  const first = (await store.getFile(file.id))!;
  expect(first.version).toBe(1);
  first.name = 'changed by a caller';
  expect((await store.getFile(file.id))!.name).toBe('a');
  await store.commit({ fileId: file.id, baseVersion: 1, at: new Date(1), name: 'b', sheetsUpsert: [], sheetsDelete: [], tilesUpsert: [], tilesDelete: [], log: { op: 'rename_file', args: {}, userId, tokenId: null } });
  expect(await store.getFile(file.id)).toMatchObject({ version: 2, name: 'b' });
  await store.deleteFile(file.id);
  expect(await store.getFile(file.id)).toBeNull();
});
