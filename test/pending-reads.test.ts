// Reads mark code results that are stale: with no worker to run them, a queued code cell's result
// range is listed as `pending`, and wait_task with scope "file" reports what is still queued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ SHEETS_WORKERS: '0' });
});
afterAll(async () => s?.close());

describe('pending code results', () => {
  it('are listed on reads until they run', async () => {
    const file = (await s.request('POST', '/v1/files', { body: { name: 'pending' } })).body.uuid;
    await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values: [[2]] } });
    const set = await s.request('PUT', `/v1/files/${file}/cells/code`, { body: { cell: 'C1', language: 'javascript', code: 'cell("A1") * 2' } });
    expect(set.status).toBe(200);
    const read = await s.request('GET', `/v1/files/${file}/cells?range=A1:D4`);
    expect(read.body.pending).toEqual(['C1']);
    expect((await s.request('GET', `/v1/files/${file}/cells?range=A1:B2`)).body.pending).toBeUndefined();
    const waited = await s.request('GET', `/v1/tasks/${set.body.task_id}/wait?scope=file&timeout_ms=300`);
    expect(waited.body).toMatchObject({ timed_out: true, file_pending: 1, status: 'queued' });
  });
});
