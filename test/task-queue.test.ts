// The task queue under failure: a worker that dies mid-task (its lease lapses) is replaced and
// fenced out, a task is given up after the last attempt, two worker pools never run one task
// twice and lose none, 200 queued cells drain exactly once and in order, a stopping worker hands
// its tasks back, results that finish together commit together, and a revoked token runs nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../core/auth.ts';
import { ResultCommits } from '../core/code/result-commits.ts';
import { WorkerPool } from '../core/code/worker.ts';
import type { OpContext } from '../core/context.ts';
import { TaskLeaseLostError } from '../core/store.ts';
import { MAX_ITEMS } from '../core/workbook/summarize.ts';
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

  it('200 queued cells: each runs once, its result lands once with the right value, and a result commits after the results it read', async () => {
    // Every other cell reads the one above it, itself a code cell queued in the same batch: its
    // value is right only if a result computed from the old value above is never the last word.
    const file = (await s.request('POST', '/v1/files', { body: { name: 'drain' } })).body.uuid;
    const N = 200;
    const code = (i: number) => (i % 2 === 0 ? `${i} * 2` : `cell("B${i}") + 1`);
    const want = (i: number) => String(i % 2 === 0 ? i * 2 : (i - 1) * 2 + 1);
    const actions = Array.from({ length: N }, (_, i) => ({ op: 'set_code_cell', args: { cell: `B${i + 1}`, language: 'javascript', code: code(i) } }));
    const batch = await s.request('POST', `/v1/files/${file}/batch`, { body: { actions } });
    expect(batch.status).toBe(200);
    const tasks: string[] = batch.body.results.map((r: any) => r.task_id);
    const { done, cells } = await withPool(async () => {
      const done = await Promise.all(tasks.map((t) => wait(t, 60_000)));
      // Reruns queued by the results above: until the file has nothing queued.
      expect((await s.request('GET', `/v1/tasks/${tasks[0]}/wait?scope=file&timeout_ms=60000`)).body).toMatchObject({ timed_out: false, file_pending: 0 });
      const cells = await Promise.all(Array.from({ length: N }, (_, i) => s.request('GET', `/v1/files/${file}/cells/code?cell=B${i + 1}`).then((r) => r.body)));
      return { done, cells };
    });

    // Run once: every task was claimed once; a task ends done, or cancelled when a rerun queued
    // while it ran replaced it (its result is then never written).
    expect(done.filter((d) => d.attempts !== 1 || !['done', 'cancelled'].includes(d.status)).map((d) => [d.cell, d.status, d.attempts, d.error])).toEqual([]);
    expect(done.filter((d, i) => d.status !== 'done' && i % 2 === 0)).toEqual([]);
    // The right values, from the latest run of each cell.
    const vals = (await s.request('GET', `/v1/files/${file}/cells?range=B1:B${N}`)).body.values.flat();
    expect(vals).toEqual(Array.from({ length: N }, (_, i) => want(i)));
    expect(cells.filter((c) => c.status !== 'done').map((c) => [c.cell, c.status, c.error])).toEqual([]);

    // Landed once: each finished run is listed by exactly one result write, whose version is the
    // one its task reports. (How many results share a write depends on the machine's load; the
    // next test shows results that finish together commit together.)
    const history: any[] = [];
    for (let offset = 0; ; ) {
      const page = (await s.request('GET', `/v1/files/${file}/history?limit=1000&offset=${offset}`)).body;
      history.push(...page.entries);
      if (page.nextOffset === undefined) break;
      offset = page.nextOffset;
    }
    const writes = history.filter((e) => e.op === 'code_cell_result');
    const listed = new Map<string, number>();
    for (const e of writes) for (const r of e.args.results) {
      expect(listed.has(r.task_id)).toBe(false);
      listed.set(r.task_id, e.version);
    }
    const finals = await Promise.all(cells.map((c) => wait(c.task_id)));
    for (const t of [...done, ...finals]) expect(listed.get(t.task_id)).toBe(t.status === 'done' ? t.version : undefined);

    // In order: claimed in the order queued, and the result a cell shows committed after the result it read.
    const started = done.map((d) => ({ created: Date.parse(d.created), started: Date.parse(d.started) }));
    for (const a of started) for (const b of started) if (a.created < b.created) expect(a.started).toBeLessThanOrEqual(b.started);
    for (let i = 1; i < N; i += 2) expect(finals[i].version).toBeGreaterThan(finals[i - 1].version);
  });

  it('results of one file that finish while its previous result is being written commit together, as one version', async () => {
    const file = (await s.request('POST', '/v1/files', { body: { name: 'together' } })).body.uuid;
    const N = MAX_ITEMS + 1; // the most results one write lists, and the one that started it
    const actions = Array.from({ length: N }, (_, i) => ({ op: 'set_code_cell', args: { cell: `C${i + 1}`, language: 'javascript', code: String(i) } }));
    expect((await s.request('POST', `/v1/files/${file}/batch`, { body: { actions } })).status).toBe(200);
    // Tasks an earlier test left queued (reruns on other files) go back to the queue.
    const all = await s.server.store.claimTasks({ workerId: 'together', limit: N + 100, leaseMs: 20_000, now: now() });
    for (const t of all) if (t.fileId !== file) await s.server.store.releaseTask({ id: t.id, workerId: 'together', attempt: t.attempts });
    const claimed = all.filter((t) => t.fileId === file);
    expect(claimed).toHaveLength(N);
    const caller = await authenticate(s.server.store, s.server.services.clock, s.token);
    const commits = new ResultCommits(s.server.services);
    // Every run ends in the same tick: the first result starts a write, the others arrive while it
    // is under way and go in the next one.
    await Promise.all(
      claimed.map((task) =>
        commits.submit({
          task,
          workerId: 'together',
          ctx: { caller, services: s.server.services, op: { name: 'code_cell_run', args: { task_id: task.id } } },
          outcome: { result: { ok: true, value: { kind: 'scalar', v: (task.payload as { label: string }).label }, output: '' }, reads: [], durationMs: 0, at: now() },
          finish: (status, error) => s.server.store.finishTask({ id: task.id, attempt: task.attempts, workerId: 'together', status, error, at: now(), claimed: task }),
        }),
      ),
    );
    const history = (await s.request('GET', `/v1/files/${file}/history?limit=100`)).body.entries.filter((e: any) => e.op === 'code_cell_result');
    expect(history.map((e: any) => e.args.results.length).sort((a: number, b: number) => a - b)).toEqual([1, N - 1]);
    const tasks = await Promise.all(claimed.map((t) => s.request('GET', `/v1/tasks/${t.id}`).then((r) => r.body)));
    expect(tasks.map((t) => t.status)).toEqual(Array(N).fill('done'));
    expect(new Set(tasks.map((t) => t.version)).size).toBe(2);
    expect((await s.request('GET', `/v1/files/${file}/cells?range=C1:C${N}`)).body.values.flat()).toEqual(Array.from({ length: N }, (_, i) => `Sheet1!C${i + 1}`));
  });

  it('a result computed from a value changed while the code ran is not the last word: the cell runs again', async () => {
    // Its first run: no reads are recorded yet, so the edit made while it runs cannot queue a rerun.
    const file = (await s.request('POST', '/v1/files', { body: { name: 'edited-while-running' } })).body.uuid;
    await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values: [[1]] } });
    const code = 'const v = cell("A1"); const t = Date.now(); while (Date.now() - t < 1500) {} v * 10';
    const put = await s.request('PUT', `/v1/files/${file}/cells/code`, { body: { cell: 'B1', language: 'javascript', code } });
    await withPool(async () => {
      for (let i = 0; i < 200 && (await s.server.store.getTask(put.body.task_id))?.status !== 'running'; i++) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 500));
      await s.request('PUT', `/v1/files/${file}/cells`, { body: { cell: 'A1', values: [[2]] } });
      expect(await wait(put.body.task_id)).toMatchObject({ status: 'done' });
      expect((await s.request('GET', `/v1/tasks/${put.body.task_id}/wait?scope=file&timeout_ms=20000`)).body).toMatchObject({ file_pending: 0 });
    });
    expect((await s.request('GET', `/v1/files/${file}/cells?range=B1`)).body.values).toEqual([['20']]);
    const results = (await s.request('GET', `/v1/files/${file}/history`)).body.entries.filter((e: any) => e.op === 'code_cell_result');
    expect(results.map((e: any) => e.args.results.map((r: any) => r.cell))).toEqual([['Sheet1!B1'], ['Sheet1!B1']]);
  });

  it('a stopping pool hands its running task, and the one it claimed to run next, back to the queue', async () => {
    const { file, task } = await fileWithCode('let i = 0; while (true) { i++ }');
    const next = (await s.request('PUT', `/v1/files/${file}/cells/code`, { body: { cell: 'B1', language: 'javascript', code: '"next"' } })).body.task_id;
    await withPool(async () => {
      for (let i = 0; i < 100 && (await s.server.store.getTask(next))?.status !== 'running'; i++) await new Promise((r) => setTimeout(r, 20));
      // One slot: the first runs, the second is held until the slot is free.
      expect(await s.server.store.getTask(task)).toMatchObject({ status: 'running' });
      expect(await s.server.store.getTask(next)).toMatchObject({ status: 'running', finished: null });
    }, 1);
    for (const t of [task, next]) expect(await s.server.store.getTask(t)).toMatchObject({ status: 'queued', attempts: 0, workerId: null });
    await withPool(async () => {
      expect(await wait(task)).toMatchObject({ status: 'error', error: expect.stringMatching(/Timed out/) });
      expect(await wait(next)).toMatchObject({ status: 'done' });
    });
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
