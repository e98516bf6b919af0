// Who may do what with code cells and connections: another space's connection is a 404 that
// names nothing, viewers cannot run code or add connections, credentials are encrypted at rest,
// and a worker re-checks the rights of the caller who queued a task.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBox } from '../core/connections/secret.ts';
import { loadConfig } from '../core/config.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { PG_URL } from './helpers/tools.ts';

let s: TestServer;
let foreign: string;
beforeAll(async () => {
  s = await startServer({ SECRET_KEY: 'security-test-key' });
  const other = await s.server.store.createSpace('Other team', new Date());
  const box = secretBox(s.config);
  foreign = '11111111-2222-4333-8444-555555555555';
  await s.server.store.addConnection({ id: foreign, spaceId: other.id, name: 'TopSecretWarehouse', type: 'postgres', secret: box.seal('postgres://boss:pw@10.0.0.1/x'), keyId: box.keyId, created: new Date(), createdBy: null });
});
afterAll(async () => s?.close());

async function token(role: 'owner' | 'editor' | 'viewer', user: string): Promise<{ token: string; token_id: string }> {
  const res = await s.request('POST', '/v1/tokens', { body: { user_name: user, role } });
  expect(res.status).toBe(200);
  return res.body;
}

describe('connections of another space', () => {
  it('are 404 everywhere, and the answer never names them', async () => {
    const file = (await s.request('POST', '/v1/files', { body: { name: 'f' } })).body.uuid;
    const calls = [
      s.request('PUT', `/v1/files/${file}/cells/code`, { body: { cell: 'A1', language: 'connection', connection_uuid: foreign, code: 'select 1' } }),
      s.request('POST', '/v1/connections/schemas', { body: { connection_ids: [foreign] } }),
      s.request('POST', '/v1/connections/tables/search', { body: { connection_uuid: foreign, query: 'x' } }),
      s.request('DELETE', `/v1/connections/${foreign}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.text).not.toMatch(/TopSecretWarehouse|Other team|10\.0\.0\.1/);
    }
    const list = await s.request('GET', '/v1/connections');
    expect(list.body.connections).toEqual([]);
  });
});

describe('roles', () => {
  it('lets only owners add or delete connections', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const t = await token(role, `conn-${role}`);
      const res = await s.request('POST', '/v1/connections', { token: t.token, body: { name: 'x', type: 'postgres', url: PG_URL } });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/owner/);
    }
  });

  it('lets viewers read code cells but not place or rerun them', async () => {
    const viewer = await token('viewer', 'code-viewer');
    const file = (await s.request('POST', '/v1/files', { body: { name: 'v' } })).body.uuid;
    const put = await s.request('PUT', `/v1/files/${file}/cells/code`, { token: viewer.token, body: { cell: 'A1', language: 'javascript', code: '1' } });
    expect(put.status).toBe(403);
    expect((await s.request('POST', `/v1/files/${file}/cells/code/rerun`, { token: viewer.token, body: {} })).status).toBe(403);
    const own = await s.request('PUT', `/v1/files/${file}/cells/code`, { body: { cell: 'A1', language: 'javascript', code: '6 * 7' } });
    const wait = await s.request('GET', `/v1/tasks/${own.body.task_id}/wait?timeout_ms=20000`, { token: viewer.token });
    expect(wait.body).toMatchObject({ status: 'done', timed_out: false });
    expect((await s.request('GET', `/v1/files/${file}/cells/code?cell=A1`, { token: viewer.token })).body).toMatchObject({ status: 'done', code: '6 * 7' });
  });

  it('a task of another user’s private file is not visible', async () => {
    const alice = await token('editor', 'alice-private');
    const file = (await s.request('POST', '/v1/files', { token: alice.token, body: { name: 'mine', private: true } })).body.uuid;
    const put = await s.request('PUT', `/v1/files/${file}/cells/code`, { token: alice.token, body: { cell: 'A1', language: 'javascript', code: '1' } });
    expect(put.status).toBe(200);
    const bob = await token('editor', 'bob-snoop');
    const res = await s.request('GET', `/v1/tasks/${put.body.task_id}`, { token: bob.token });
    expect(res.status).toBe(404);
  });
});

describe('credentials at rest', () => {
  it('are encrypted with the key from SECRET_KEY and never returned', async () => {
    const added = await s.request('POST', '/v1/connections', { body: { name: 'local pg', type: 'postgres', url: PG_URL.replace('postgres@', 'postgres:s3cr3t-pw@'), check: false } });
    expect(added.status).toBe(200);
    expect(added.text).not.toMatch(/s3cr3t|postgres:\/\//);
    const rec = await s.server.store.getConnection(added.body.uuid);
    expect(rec!.secret).not.toMatch(/s3cr3t/);
    expect(secretBox(s.config).open(rec!.secret, rec!.keyId)).toContain('s3cr3t-pw');
    expect(() => secretBox(loadConfig({ SECRET_KEY: 'another key', DATA_DIR: 'memory://' })).open(rec!.secret, rec!.keyId)).toThrow(/different SECRET_KEY/);
  });

  it('with PostgreSQL and no SECRET_KEY, connections are refused with the reason', () => {
    expect(() => secretBox(loadConfig({ DATABASE_URL: PG_URL }))).toThrow(/need SECRET_KEY when the service runs on PostgreSQL/);
  });
});
