// Two stores on one PostgreSQL stand for two server processes that both cache tokens and file
// records: what one changes, the other sees on its next read; with its listener connection gone a
// store reads through, and it caches again once the listener is back. Runs on the PostgreSQL of
// DATABASE_URL, else the one these machines run on 127.0.0.1; skipped without one, except under CI.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgCacheSync } from '../db/cache-sync-pg.ts';
import { openStore } from '../db/open.ts';
import type { PgStore } from '../db/store.ts';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<boolean> {
  const probe = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => undefined });
  try {
    await probe`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.end({ timeout: 1 });
  }
}

const up = await reachable(ADMIN_URL);
if (!up && process.env.CI === 'true') throw new Error(`CI: no PostgreSQL at ${ADMIN_URL}`);
if (!up) console.warn(`store-cache-pg: skipped: no PostgreSQL at ${ADMIN_URL}`);

describe.skipIf(!up)('caches of two processes on one PostgreSQL', () => {
  const dbName = `sheets_test_${randomBytes(6).toString('hex')}`;
  let a: PgStore, b: PgStore, raw: postgres.Sql;
  let spaceId: string, userId: string;
  const sync = (s: PgStore) => s.cacheSync as PgCacheSync;

  beforeAll(async () => {
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`create database ${dbName}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    a = await openStore({ databaseUrl: url.toString() });
    b = await openStore({ databaseUrl: url.toString() });
    raw = postgres(url.toString(), { max: 1, onnotice: () => undefined });
    ({ id: spaceId } = await a.createSpace('cache', new Date(0)));
    ({ userId } = await a.createToken({ spaceId, userName: 'owner', role: 'owner', hash: 'h-owner', expiresAt: null, at: new Date(0) }));
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), raw?.end()]);
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  const newFile = (name: string) => a.createFile({ spaceId, creatorId: userId, name, private: false, at: new Date(0), sheets: [] });
  const commit = (fileId: string, baseVersion: number, name: string) =>
    a.commit({ fileId, baseVersion, at: new Date(baseVersion * 1000), name, sheetsUpsert: [], sheetsDelete: [], tilesUpsert: [], tilesDelete: [], log: { op: 'rename_file', args: {}, userId, tokenId: null } });

  /** Renames behind the stores' backs (no notification): a store still showing the old name read it from its cache. */
  const renameBehindTheirBacks = (fileId: string, name: string) => raw`update files set name = ${name} where id = ${fileId}`;

  it('a token read through B is refused by B as soon as A has revoked it', async () => {
    const { tokenId } = await a.createToken({ spaceId, userName: 'agent', role: 'editor', hash: 'h-revoke', expiresAt: null, at: new Date(0) });
    expect(sync(b).usable).toBe(true);
    expect(await b.tokenByHash('h-revoke')).toMatchObject({ tokenId, revokedAt: null });
    expect(await b.tokenById(tokenId)).toMatchObject({ tokenId, revokedAt: null });
    await raw`update users set name = 'renamed' where id = (select user_id from tokens where id = ${tokenId})`;
    expect((await b.tokenByHash('h-revoke'))!.userName).toBe('agent');
    expect((await b.tokenById(tokenId))!.userName).toBe('agent');
    const t0 = performance.now();
    expect(await a.revokeToken(tokenId, new Date(1), spaceId)).toBe(true);
    // B acknowledged: A did not have to wait for B's lease to run out (1.1 s).
    expect(performance.now() - t0).toBeLessThan(900);
    expect((await b.tokenByHash('h-revoke'))!.revokedAt).not.toBeNull();
    // By id too: what a worker in B reads before it runs a task queued with that token.
    expect((await b.tokenById(tokenId))!.revokedAt).not.toBeNull();
    // And by hash, the other way round.
    await a.createToken({ spaceId, userName: 'agent', role: 'viewer', hash: 'h-revoke-2', expiresAt: null, at: new Date(0) });
    expect((await a.tokenByHash('h-revoke-2'))!.revokedAt).toBeNull();
    expect(await b.revokeTokenByHash('h-revoke-2', new Date(2))).toBe(true);
    expect((await a.tokenByHash('h-revoke-2'))!.revokedAt).not.toBeNull();
  });

  it('a role change through A is seen by B', async () => {
    const { tokenId } = await a.createToken({ spaceId, userName: 'member', role: 'viewer', hash: 'h-role', expiresAt: null, at: new Date(0) });
    expect((await b.tokenByHash('h-role'))!.role).toBe('viewer');
    await raw`update tokens set role = 'editor' where id = ${tokenId}`;
    expect((await b.tokenByHash('h-role'))!.role).toBe('viewer');
    // A token for the same member with a higher role raises the membership: every process drops its tokens.
    await a.createToken({ spaceId, userName: 'member', role: 'owner', hash: 'h-role-2', expiresAt: null, at: new Date(0) });
    expect((await b.tokenByHash('h-role'))!.role).toBe('editor');
  });

  it('a file committed through A is seen by B at its new version, and a deleted one is gone', async () => {
    const file = await newFile('v1');
    expect(await b.getFile(file.id)).toMatchObject({ version: 1, name: 'v1' });
    await renameBehindTheirBacks(file.id, 'behind');
    expect((await b.getFile(file.id))!.name).toBe('v1');
    expect(await commit(file.id, 1, 'v2')).toBe(2);
    expect(await b.getFile(file.id)).toMatchObject({ version: 2, name: 'v2', modified: new Date(1000) });
    expect(await a.getFile(file.id)).toMatchObject({ version: 2, name: 'v2' });
    await a.deleteFile(file.id);
    expect(await b.getFile(file.id)).toBeNull();
  });

  it('B reads through while its listener is gone, misses nothing, and caches again once it is back', async () => {
    const file = await newFile('before');
    const { tokenId } = await a.createToken({ spaceId, userName: 'lost', role: 'editor', hash: 'h-lost', expiresAt: null, at: new Date(0) });
    expect((await b.tokenByHash('h-lost'))!.revokedAt).toBeNull();
    expect((await b.getFile(file.id))!.name).toBe('before');
    await renameBehindTheirBacks(file.id, 'changed while B cached');
    expect((await b.getFile(file.id))!.name).toBe('before');

    let sawDown = false;
    const watch = (async () => {
      for (let i = 0; i < 100_000 && !sawDown; i++) {
        if (!sync(b).usable) sawDown = true;
        await new Promise((r) => setImmediate(r));
      }
    })();
    await raw`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${`sheets-cache ${sync(b).id}`}`;
    // Revoked while B may not be listening: A waits for B's acknowledgement or B's lease, whichever comes first.
    expect(await a.revokeToken(tokenId, new Date(3))).toBe(true);
    await watch;
    expect(sawDown).toBe(true);
    expect((await b.tokenByHash('h-lost'))!.revokedAt).not.toBeNull();
    expect((await b.getFile(file.id))!.name).toBe('changed while B cached');

    for (let i = 0; i < 100 && !sync(b).usable; i++) await new Promise((r) => setTimeout(r, 20));
    expect(sync(b).usable).toBe(true);
    expect((await b.getFile(file.id))!.name).toBe('changed while B cached');
    await renameBehindTheirBacks(file.id, 'after');
    expect((await b.getFile(file.id))!.name).toBe('changed while B cached');
    expect(await commit(file.id, 1, 'committed')).toBe(2);
    expect(await b.getFile(file.id)).toMatchObject({ version: 2, name: 'committed' });
  });
});
