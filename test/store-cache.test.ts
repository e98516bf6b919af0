// The embedded store keeps tokens and file records in memory (one process holds it alone, so
// every change passes through it): a commit, a delete or a revocation is seen by the next read at
// once, and a caller that changes what it was given does not change the cache.
import { expect, it } from 'vitest';
import { storeForTests } from './helpers/store.ts';

const opened = storeForTests();

it('file records: a commit, a rename and a delete are seen by the next read', async () => {
  const { id: spaceId } = await opened().createSpace('cache', new Date(0));
  const { userId } = await opened().createToken({ spaceId, userName: 'cache', role: 'owner', hash: 'h-cache', expiresAt: null, at: new Date(0) });
  const file = await opened().createFile({ spaceId, creatorId: userId, name: 'a', private: false, at: new Date(0), sheets: [] });
  const first = (await opened().getFile(file.id))!;
  expect(first.version).toBe(1);
  first.name = 'changed by a caller';
  expect((await opened().getFile(file.id))!.name).toBe('a');
  await opened().commit({ fileId: file.id, baseVersion: 1, at: new Date(1), name: 'b', sheetsUpsert: [], sheetsDelete: [], tilesUpsert: [], tilesDelete: [], log: { op: 'rename_file', args: {}, userId, tokenId: null } });
  expect(await opened().getFile(file.id)).toMatchObject({ version: 2, name: 'b', modified: new Date(1) });
  // A commit on a stale version fails and leaves the record as the store has it.
  const stale = { fileId: file.id, baseVersion: 1, at: new Date(2), name: 'c', sheetsUpsert: [], sheetsDelete: [], tilesUpsert: [], tilesDelete: [], log: { op: 'rename_file', args: {}, userId, tokenId: null } };
  await expect(opened().commit(stale)).rejects.toThrow();
  expect(await opened().getFile(file.id)).toMatchObject({ version: 2, name: 'b', modified: new Date(1) });
  await opened().commit({ ...stale, baseVersion: 2 });
  expect(await opened().getFile(file.id)).toMatchObject({ version: 3, name: 'c', modified: new Date(2) });
  await opened().deleteFile(file.id);
  expect(await opened().getFile(file.id)).toBeNull();
});

it('tokens by hash and by id (a worker resolves each task\'s token): a revocation is seen by the next read of either', async () => {
  const { id: spaceId } = await opened().createSpace('tokens', new Date(0));
  const { tokenId } = await opened().createToken({ spaceId, userName: 'agent', role: 'editor', hash: 'h-agent', expiresAt: null, at: new Date(0) });
  expect(await opened().tokenById(tokenId)).toMatchObject({ tokenId, revokedAt: null });
  expect(await opened().tokenByHash('h-agent')).toMatchObject({ tokenId, revokedAt: null });
  expect(await opened().revokeToken(tokenId, new Date(1), spaceId)).toBe(true);
  expect((await opened().tokenById(tokenId))!.revokedAt).toEqual(new Date(1));
  expect((await opened().tokenByHash('h-agent'))!.revokedAt).toEqual(new Date(1));
  const second = await opened().createToken({ spaceId, userName: 'agent-2', role: 'viewer', hash: 'h-agent-2', expiresAt: null, at: new Date(0) });
  expect((await opened().tokenById(second.tokenId))!.revokedAt).toBeNull();
  expect(await opened().revokeTokenByHash('h-agent-2', new Date(2))).toBe(true);
  expect((await opened().tokenById(second.tokenId))!.revokedAt).toEqual(new Date(2));
});
