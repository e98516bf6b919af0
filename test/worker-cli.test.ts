// The command line of issue 4: `sheets worker` as a separate process running tasks queued by a
// server on the same PostgreSQL, its refusal without DATABASE_URL, and `admin connection add`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { secretBox } from '../core/connections/secret.ts';
import { loadConfig } from '../core/config.ts';
import { openStore } from '../db/open.ts';
import { ROOT } from './helpers/paths.ts';
import { startServer } from './helpers/server.ts';
import { onPostgres } from './helpers/store.ts';
import { PG_URL } from './helpers/tools.ts';

const dir = mkdtempSync(join(tmpdir(), 'sheets-cli-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['--no-node-snapshot', '--import', 'tsx', 'bin/sheets.ts', ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env }, encoding: 'utf8', timeout: 120_000 });

describe('sheets worker', () => {
  it('refuses to run on the embedded store, saying why', () => {
    const out = cli(['worker'], { DATA_DIR: join(dir, 'w') });
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/needs DATABASE_URL/);
  });

  it.skipIf(!onPostgres())('runs the tasks a server without workers queued (PostgreSQL)', async () => {
    const s = await startServer({ SHEETS_WORKERS: '0' });
    try {
      const child = spawn(process.execPath, ['--no-node-snapshot', '--import', 'tsx', 'bin/sheets.ts', 'worker'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: s.store.databaseUrl!, SHEETS_WORKERS: '2', SHEETS_WORKER_POLL_MS: '50' }, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      let out = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      const file = (await s.request('POST', '/v1/files', { body: { name: 'remote' } })).body.uuid;
      const put = await s.request('PUT', `/v1/files/${file}/cells/code`, { body: { cell: 'A1', language: 'javascript', code: '"from the worker process"' } });
      const done = await s.request('GET', `/v1/tasks/${put.body.task_id}/wait?timeout_ms=60000`);
      expect(done.body, out).toMatchObject({ status: 'done' });
      expect((await s.request('GET', `/v1/files/${file}/cells?range=A1`)).body.values).toEqual([['from the worker process']]);
      expect(out).toMatch(/sheets worker .*running up to 2/);
      const exit = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      await s.close();
    }
  });
});

describe.skipIf(onPostgres())('admin connection add', () => {
  it('adds a connection with its URL encrypted under the generated key, and never prints the URL', async () => {
    const data = join(dir, 'admin');
    const space = JSON.parse(cli(['admin', 'space', 'create', 'Team'], { DATA_DIR: data }).stdout.trim().split('\n').pop()!).space_uuid;
    const out = cli(['admin', 'connection', 'add', '--space', space, '--name', 'Local', '--type', 'postgres', '--url', PG_URL.replace('postgres@', 'postgres:pw-123@'), '--no-check'], { DATA_DIR: data });
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).not.toMatch(/pw-123|postgres:\/\//);
    const made = JSON.parse(out.stdout.trim().split('\n').pop()!);
    expect(made).toMatchObject({ name: 'Local', type: 'postgres' });
    const bad = cli(['admin', 'connection', 'add', '--space', space, '--name', 'X', '--type', 'oracle', '--url', 'x'], { DATA_DIR: data });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--type postgres\|mysql/);
    const store = await openStore({ dataDir: data });
    try {
      const rec = await store.getConnection(made.connection_uuid);
      expect(rec!.secret).not.toMatch(/pw-123/);
      expect(secretBox(loadConfig({ DATA_DIR: data })).open(rec!.secret, rec!.keyId)).toMatch(/pw-123/);
    } finally {
      await store.close();
    }
  });
});
