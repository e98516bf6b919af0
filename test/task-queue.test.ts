// The task queue under failure: a worker that dies mid-task (its lease lapses) is replaced and
// fenced out, a task is given up after the last attempt, two worker pools never run one task
// twice and lose none, a stopping worker hands its tasks back, and a revoked token runs nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../core/auth.ts';
import { WorkerPool } from '../core/code/worker.ts';
import type { OpContext } from '../core/context.ts';
import { TaskLeaseLostError } from '../core/store.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  // No in-process workers: each test starts the pools it needs. Dead workers are simulated by
  // claims whose lease lapsed a minute ago (no waiting for time to pass); the pools' own leases
  // are long, as in production.
  s = await startServer({ SHEETS_WORKERS: '0', SHEETS_TASK_LEASE_MS: '20000', SHEETS_TASK_MAX_ATTEMPTS: '2', SHEETS_WORKER_POLL_MS: '50', SHEETS_CODE_TIMEOUT_MS: '3000' });
});
afterAll(async () => s?.close());

async function withPool<T>(fn: (pool: WorkerPool) => Promise<T>, concurrency?: number): Promise<T> {
  const pool = new WorkerPool(s.server.services, { concurrency }).start();
  try {
    return await fn(pool);
  } finally {
    await pool.stop();
  }
}

async function fileWithCode(code: string, cell = 'A1'): Promise<{ file: string; task: string }> {
  const file = (await s.request('POST', '/v1/files', { body: { name: 'queue' } })).body.uuid;
  const put = await s.request('PUT', `/v1/files/${file}/cells/code`, { body: { cell, language: 'javascript', code } });
  expect(put.status).toBe(200);
  return { file, task: put.body.task_id };
}

const wait = async (task: string, ms = 20_000) => (await s.request('GET', `/v1/tasks/${task}/wait?timeout_ms=${ms}`)).body;
const now = () => s.server.services.clock.now();
/** A lease that ended a minute before it began: the claim stands for a worker that died long ago. */
const LAPSED = -60_000;

describe('task queue', () => {
  it('wait_task answers when the timeout passes while the task still waits for a worker', async () => {
    const { task } = await fileWithCode('1');
    const t0 = Date.now();
    const res = await wait(task, 300);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
    expect(res).toMatchObject({ status: 'queued', timed_out: true, attempts: 0, started: null });
    await withPool(async () => expect(await wait(task)).toMatchObject({ status: 'done', timed_out: false, attempts: 1 }));
  });

  it('retries a task whose worker died once its lease lapses, and fences the dead worker out', async () => {
    const { file, task } = await fileWithCode('"second worker"');
    const [ghost] = await s.server.store.claimTasks({ workerId: 'ghost', limit: 10, leaseMs: LAPSED, now: now() });
    expect(ghost?.id).toBe(task);
    await withPool(async () => {
      const done = await wait(task);
      expect(done).toMatchObject({ status: 'done', attempts: 2 });
    });
    // The ghost comes back: it can neither finish the task nor commit a result.
    expect(await s.server.store.finishTask({ id: task, attempt: 1, workerId: 'ghost', status: 'error', error: 'late', at: now() })).toBe(false);
    const caller = await authenticate(s.server.store, s.server.services.clock, s.token);
    const ctx: OpContext = { caller, services: s.server.services, op: { name: 'code_cell_result', args: {} } };
    const before = (await s.request('GET', `/v1/files/${file}`)).body.version;
    await expect(
      s.server.services.workbooks.write(ctx, file, (wb) => {
        wb.sheets[0]!.set(5, 5, 'stale');
        wb.changeset.outbox.finish = [{ id: task, attempt: 1, workerId: 'ghost', status: 'done', at: now() }];
      }),
    ).rejects.toBeInstanceOf(TaskLeaseLostError);
    expect((await s.request('GET', `/v1/files/${file}`)).body.version).toBe(before);
    expect((await s.request('GET', `/v1/files/${file}/cells?range=A1:F6`)).body.values[0][0]).toBe('second worker');
    expect((await s.request('GET', `/v1/tasks/${task}`)).body.status).toBe('done');
  });

  it('gives a task up after the last attempt, with the reason in the cell', async () => {
    const { file, task } = await fileWithCode('"never"');
    for (const worker of ['ghost-1', 'ghost-2']) {
      const [t] = await s.server.store.claimTasks({ workerId: worker, limit: 10, leaseMs: LAPSED, now: now() });
      expect(t?.id).toBe(task);
    }
    await withPool(async () => expect(await wait(task)).toMatchObject({ status: 'error', attempts: 3, error: expect.stringMatching(/stopped \(crashed or was killed\) 2 times/) }));
    const cc = (await s.request('GET', `/v1/files/${file}/cells/code?cell=A1`)).body;
    expect(cc).toMatchObject({ status: 'error', error: expect.stringMatching(/given up/) });
    expect((await s.request('GET', `/v1/files/${file}/cells?range=A1`)).body.errors[0]).toMatchObject({ cell: 'A1', error: '#ERROR!' });
  });

  it('runs every task of two competing pools exactly once, losing none', async () => {
    const file = (await s.request('POST', '/v1/files', { body: { name: 'many' } })).body.uuid;
    const tasks: string[] = [];
    for (let i = 0; i < 40; i++) {
      const put = await s.request('PUT', `/v1/files/${file}/cells/code`, { body: { cell: `A${i + 1}`, language: 'javascript', code: `${i} * 2` } });
      tasks.push(put.body.task_id);
    }
    const a = new WorkerPool(s.server.services, { concurrency: 3 }).start();
    const b = new WorkerPool(s.server.services, { concurrency: 3 }).start();
    try {
      const done = await Promise.all(tasks.map((t) => wait(t, 60_000)));
      expect(done.filter((d) => !(d.status === 'done' && d.attempts === 1)).map((d) => [d.cell, d.status, d.attempts, d.error])).toEqual([]);
      // Every result committed once, in a version of its own or shared with results that finished with it.
      expect(done.every((d) => Number.isInteger(d.version))).toBe(true);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const vals = (await s.request('GET', `/v1/files/${file}/cells?range=A1:A40`)).body.values.flat();
    expect(vals).toEqual(Array.from({ length: 40 }, (_, i) => String(i * 2)));
  });

  it('results of one file that finish together commit together: fewer versions than results, none lost', async () => {
    const file = (await s.request('POST', '/v1/files', { body: { name: 'grouped' } })).body.uuid;
    const actions = Array.from({ length: 24 }, (_, i) => ({ op: 'set_code_cell', args: { cell: `B${i + 1}`, language: 'javascript', code: `${i} + 100` } }));
    const batch = await s.request('POST', `/v1/files/${file}/batch`, { body: { actions } });
    expect(batch.status).toBe(200);
    const tasks: string[] = batch.body.results.map((r: any) => r.task_id);
    const done = await withPool(async () => Promise.all(tasks.map((t) => wait(t, 60_000))), 8);
    expect(done.map((d) => d.status)).toEqual(tasks.map(() => 'done'));
    expect(new Set(done.map((d) => d.version)).size).toBeLessThan(tasks.length);
    const vals = (await s.request('GET', `/v1/files/${file}/cells?range=B1:B24`)).body.values.flat();
    expect(vals).toEqual(Array.from({ length: 24 }, (_, i) => String(i + 100)));
    const history = (await s.request('GET', `/v1/files/${file}/history?limit=100`)).body.entries.filter((e: any) => e.op === 'code_cell_result');
    expect(history.length).toBeLessThan(tasks.length);
    expect(history.flatMap((e: any) => e.args.results.map((r: any) => r.task_id)).sort()).toEqual([...tasks].sort());
  });

  it('a stopping pool hands its running task back to the queue', async () => {
    const { task } = await fileWithCode('let i = 0; while (true) { i++ }');
    await withPool(async () => {
      for (let i = 0; i < 100 && (await s.server.store.getTask(task))?.status !== 'running'; i++) await new Promise((r) => setTimeout(r, 20));
    });
    const back = await s.server.store.getTask(task);
    expect(back).toMatchObject({ status: 'queued', attempts: 0, workerId: null });
    await withPool(async () => expect(await wait(task)).toMatchObject({ status: 'error', error: expect.stringMatching(/Timed out/) }));
  });

  it('a worker acts for the caller who queued the task: a revoked token runs nothing', async () => {
    const eve = (await s.request('POST', '/v1/tokens', { body: { user_name: 'eve', role: 'editor' } })).body;
    const file = (await s.request('POST', '/v1/files', { body: { name: 'revoked' } })).body.uuid;
    const put = await s.request('PUT', `/v1/files/${file}/cells/code`, { token: eve.token, body: { cell: 'A1', language: 'javascript', code: '"ran"' } });
    expect((await s.request('DELETE', `/v1/tokens/${eve.token_id}`)).status).toBe(200);
    await withPool(async () => expect(await wait(put.body.task_id)).toMatchObject({ status: 'error', error: expect.stringMatching(/token that queued this task was revoked/) }));
    expect((await s.request('GET', `/v1/files/${file}/cells/code?cell=A1`)).body).toMatchObject({ status: 'error', error: expect.stringMatching(/revoked/) });
    expect((await s.request('GET', `/v1/files/${file}/cells?range=A1`)).body.values).toEqual([['']]);
  });
});
