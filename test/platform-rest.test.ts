// The platform over plain HTTP: auth and tenancy, paging, bad bodies, idempotency, OpenAPI,
// health, concurrency. (The shared case table covers the ops through every door.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../core/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ SHEETS_BODY_LIMIT_BYTES: String(256 * 1024) });
});
afterAll(async () => s?.close());

async function token(role: 'owner' | 'editor' | 'viewer', user: string): Promise<string> {
  const res = await s.request('POST', '/v1/tokens', { body: { user_name: user, role } });
  expect(res.status).toBe(200);
  return res.body.token;
}

describe('auth', () => {
  it('answers 401 for a missing, unknown or revoked token, with the error body', async () => {
    for (const t of [null, 'sht_nope']) {
      const res = await s.request('GET', '/v1/auth/me', { token: t });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
      expect(res.body.error.message).toMatch(/token/i);
    }
    const t = await s.request('POST', '/v1/tokens', { body: { user_name: 'temp', role: 'editor' } });
    expect((await s.request('GET', '/v1/auth/me', { token: t.body.token })).status).toBe(200);
    expect((await s.request('DELETE', `/v1/tokens/${t.body.token_id}`)).status).toBe(200);
    expect((await s.request('GET', '/v1/auth/me', { token: t.body.token })).status).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const at = new Date(Date.now() - 3 * 86_400_000);
    const spaceId = (await s.request('GET', '/v1/auth/me')).body.space.uuid;
    await s.server.store.createToken({ spaceId, userName: 'old', role: 'editor', hash: hashToken('sht_expired_token_value'), expiresAt: new Date(at.getTime() + 86_400_000), at });
    expect((await s.request('GET', '/v1/auth/me', { token: 'sht_expired_token_value' })).status).toBe(401);
  });

  it('GET /v1/auth/me names user, space and role', async () => {
    const res = await s.request('GET', '/v1/auth/me');
    expect(res.body).toMatchObject({ user: { name: 'owner' }, role: 'owner' });
    expect(res.body.space.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets viewers read and not write (403), and only owners manage tokens', async () => {
    const viewer = await token('viewer', 'vera');
    const file = (await s.request('POST', '/v1/files', { body: { name: 'shared' } })).body.uuid;
    expect((await s.request('GET', `/v1/files/${file}/cells?range=A1`, { token: viewer })).status).toBe(200);
    const write = await s.request('PUT', `/v1/files/${file}/cells`, { token: viewer, body: { cell: 'A1', values: [['x']] } });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toMatch(/viewer/);
    expect((await s.request('POST', '/v1/files', { token: viewer, body: { name: 'nope' } })).status).toBe(403);
    expect((await s.request('GET', '/v1/tokens', { token: viewer })).status).toBe(403);
    const editor = await token('editor', 'eddie');
    expect((await s.request('POST', '/v1/tokens', { token: editor, body: { user_name: 'x', role: 'owner' } })).status).toBe(403);
    const list = await s.request('GET', '/v1/tokens');
    expect(list.body.tokens.some((t: any) => t.user.name === 'vera' && t.role === 'viewer')).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain('sht_');
  });

  it('hides private files from other users (403) and from their file lists', async () => {
    const editor = await token('editor', 'pat');
    const mine = await s.request('POST', '/v1/files', { token: editor, body: { name: 'diary', private: true } });
    expect((await s.request('GET', `/v1/files/${mine.body.uuid}`, { token: editor })).body.private).toBe(true);
    const res = await s.request('GET', `/v1/files/${mine.body.uuid}`);
    expect(res.status).toBe(403);
    expect((await s.request('GET', `/v1/files/${mine.body.uuid}/cells?range=A1`)).status).toBe(403);
    const listed = await s.request('GET', '/v1/files?limit=1000');
    expect(listed.body.files.map((f: any) => f.uuid)).not.toContain(mine.body.uuid);
  });

  it('answers 404 for a file of another space, 403 for naming another space', async () => {
    const store = s.server.store;
    const other = await store.createSpace('Other', new Date());
    await store.createToken({ spaceId: other.id, userName: 'olga', role: 'owner', hash: hashToken('sht_other_space_token'), expiresAt: null, at: new Date() });
    const file = (await s.request('POST', '/v1/files', { body: { name: 'ours' } })).body.uuid;
    const res = await s.request('GET', `/v1/files/${file}`, { token: 'sht_other_space_token' });
    expect(res.status).toBe(404);
    const me = (await s.request('GET', '/v1/auth/me')).body.space.uuid;
    expect((await s.request('GET', `/v1/files?space_uuid=${me}`, { token: 'sht_other_space_token' })).status).toBe(403);
    expect((await s.request('GET', `/v1/files?space_uuid=${me}`)).status).toBe(200);
  });
});

describe('files', () => {
  it('pages across more than two pages, most recently modified first', async () => {
    const fresh = await startServer();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) ids.push((await fresh.request('POST', '/v1/files', { body: { name: `f${i}` } })).body.uuid);
      const seen: string[] = [];
      let offset: number | undefined = 0;
      let pages = 0;
      while (offset !== undefined) {
        const res = await fresh.request('GET', `/v1/files?limit=3&offset=${offset}`);
        expect(res.status).toBe(200);
        seen.push(...res.body.files.map((f: any) => f.uuid));
        offset = res.body.nextOffset;
        pages++;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual([...ids].reverse());
      await fresh.request('PUT', `/v1/files/${ids[0]}/cells`, { body: { cell: 'A1', values: [['touched']] } });
      const first = await fresh.request('GET', '/v1/files?limit=1');
      expect(first.body.files[0].uuid).toBe(ids[0]);
      expect(first.body.nextOffset).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('bad requests', () => {
  let file: string;
  beforeAll(async () => {
    file = (await s.request('POST', '/v1/files', { body: { name: 'bad-input' } })).body.uuid;
  });

  it('rejects malformed JSON, non-object bodies and wrong content types with 400', async () => {
    const bad = await s.request('PUT', `/v1/files/${file}/cells`, { raw: '{"cell": "A1", ', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_argument' });
    expect(bad.body.error.message).toMatch(/malformed JSON/);
    const arr = await s.request('PUT', `/v1/files/${file}/cells`, { body: [1, 2] });
    expect(arr.status).toBe(400);
    const text = await s.request('PUT', `/v1/files/${file}/cells`, { raw: 'cell=A1', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    expect(text.body.error.message).toMatch(/application\/json/);
  });

  it('answers 413 with the limit for oversize bodies, and changes nothing', async () => {
    const values = [[('x'.repeat(1000) + ',').repeat(300)]];
    const res = await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values } });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toMatch(/262144/);
    expect((await s.request('GET', `/v1/files/${file}`)).body.version).toBe(1);
  });

  it('lists every bad field of a zod failure in details', async () => {
    const res = await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'ZZZZ0', values: 'nope', extra: 1 } });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.issues.map((i: any) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['cell', 'values', 'extra']));
  });

  it('answers 404 in the error body for unknown routes', async () => {
    const res = await s.request('GET', '/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('answers 409 with the current version for a stale expected_version', async () => {
    const res = await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values: [['1']], expected_version: 99 } });
    expect(res.status).toBe(409);
    expect(res.body.error.details).toMatchObject({ current_version: 1, expected_version: 99 });
  });
});

describe('idempotency', () => {
  it('replays the first answer for a repeated key and applies once', async () => {
    const headers = { 'idempotency-key': 'create-report-1' };
    const a = await s.request('POST', '/v1/files', { body: { name: 'report' }, headers });
    const b = await s.request('POST', '/v1/files', { body: { name: 'report' }, headers });
    expect(b.body.uuid).toBe(a.body.uuid);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    const file = a.body.uuid;
    const w = { 'idempotency-key': 'write-1' };
    await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values: [['1']] }, headers: w });
    const again = await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values: [['1']] }, headers: w });
    expect(again.body.version).toBe(2);
    expect((await s.request('GET', `/v1/files/${file}`)).body.version).toBe(2);
    const other = await s.request('POST', '/v1/files', { body: { name: 'different' }, headers });
    expect(other.status).toBe(409);
    expect(other.body.error.message).toMatch(/Idempotency-Key/);
  });
});

describe('service endpoints', () => {
  it('serves an OpenAPI 3.1 document generated from the ops', async () => {
    const res = await s.request('GET', '/v1/openapi.json', { token: null });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('0.0.1');
    const cells = res.body.paths['/v1/files/{file_uuid}/cells'];
    expect(Object.keys(cells)).toEqual(expect.arrayContaining(['get', 'put']));
    expect(cells.put.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['cell', 'values']));
    expect(cells.get.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['file_uuid', 'range', 'sheet']));
  });

  it('answers health and readiness without a token', async () => {
    expect((await s.request('GET', '/healthz', { token: null })).body).toEqual({ ok: true });
    expect((await s.request('GET', '/readyz', { token: null })).body.ok).toBe(true);
  });

  it('loses no write when many land on one file at once', async () => {
    const file = (await s.request('POST', '/v1/files', { body: { name: 'race' } })).body.uuid;
    const writes = Array.from({ length: 20 }, (_, i) => s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: `A${i + 1}`, values: [[String(i)]] } }));
    const results = await Promise.all(writes);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.version)).size).toBe(20);
    const read = await s.request('GET', `/v1/files/${file}/cells?range=A1:A20`);
    expect(read.body.values.flat()).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    expect((await s.request('GET', `/v1/files/${file}`)).body.version).toBe(21);
  });
});
