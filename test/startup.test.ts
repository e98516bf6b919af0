// The start-up contract of DESIGN.md §6, as a newcomer meets it: `npm start` on an empty data
// directory serves and prints a token that works; SIGTERM lets requests in flight finish; a
// restart keeps the data and prints no new token; the admin CLI works on the stopped store.
import { spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from './helpers/store.ts';
import { ROOT } from './helpers/paths.ts';
import { alive, exited, spawnTracked, waitFor } from './helpers/spawn.ts';

const dir = mkdtempSync(join(tmpdir(), 'sheets-startup-'));
// Servers are spawned in their own process groups, killed as groups when the file ends (helpers/spawn.ts).
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm start` as a newcomer types it, or the same entry point without npm (for exit codes). */
function start(viaNpm = false): Promise<{ child: ChildProcess; url: string; token?: string; output: () => string }> {
  const [cmd, args] = viaNpm ? ['npm', ['start', '--silent']] : [process.execPath, ['--import', 'tsx', 'bin/sheets.ts', 'serve']];
  const child = spawnTracked(cmd, args, { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', SHEETS_TOKEN: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 120 s:\n${out}`)), 120_000);
    const check = () => {
      const m = /serving on (http:\/\/[^\s]+)/.exec(out);
      if (!m) return;
      setTimeout(() => {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, token: /^\s+(sht_[A-Za-z0-9_-]+)\s*$/m.exec(out)?.[1], output: () => out });
      }, 100);
      child.stdout!.off('data', check);
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => reject(new Error(`exited ${code}:\n${out}`)));
  });
}

const get = async (url: string, token: string) => (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status;

// Each test starts processes (tsx + PGlite): generous timeouts, as a busy CI machine is slow to spawn.
describe.skipIf(onPostgres())('npm start on a fresh data directory', { timeout: 240_000 }, () => {
  let token: string;

  it('serves, prints an owner token once, and the token answers /v1/auth/me', async () => {
    const s = await start(true);
    expect(s.token).toBeDefined();
    token = s.token!;
    const me = await fetch(`${s.url}/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).role).toBe('owner');
    const file = await fetch(`${s.url}/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'persisted' }) });
    expect(file.status).toBe(200);
    // Logs are JSON lines with request ids; none carries the token.
    const logLines = s.output().split('\n').filter((l) => l.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.some((l) => l.includes('"reqId"'))).toBe(true);
    expect(logLines.filter((l) => l.includes(token))).toEqual([]);
    const stopped = exited(s.child);
    s.child.kill('SIGTERM');
    await stopped;
  });

  it('finishes requests in flight on SIGTERM, then exits 0', async () => {
    const s = await start();

    // SIGTERM while an upload is in flight: the request completes, then the process exits 0.
    const url = new URL(`${s.url}/v1/files`);
    const slow = new Promise<number>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
      req.write('{"name": ');
      setTimeout(() => req.end('"late"}'), 700);
    });
    await new Promise((r) => setTimeout(r, 200));
    const exit = exited(s.child);
    s.child.kill('SIGTERM');
    expect(await slow).toBe(200);
    expect(await exit).toBe(0);
  });

  it('keeps the data across restarts and prints no new token', async () => {
    const s = await start();
    expect(s.token).toBeUndefined();
    const res = await fetch(`${s.url}/v1/files`, { headers: { authorization: `Bearer ${token}` } });
    const names = (await res.json()).files.map((f: any) => f.name);
    expect(names).toEqual(expect.arrayContaining(['persisted', 'late']));
    const exit = exited(s.child);
    s.child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('stops when the process that started it dies', async () => {
    // A parent that starts the server and is then killed outright, as a crashed shell or IDE would be.
    const server = JSON.stringify([process.execPath, '--no-node-snapshot', '--import', 'tsx', 'bin/sheets.ts', 'serve']);
    const script = `const [cmd, ...args] = ${server}; const c = require('node:child_process').spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] }); process.send(c.pid); setInterval(() => {}, 1000);`;
    const parent = spawnTracked(process.execPath, ['-e', script], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', SHEETS_TOKEN: '' }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    const pid = await new Promise<number>((resolve) => parent.once('message', (m) => resolve(Number(m))));
    let out = '';
    await new Promise<void>((resolve) => parent.stdout!.on('data', (d) => (out += d) && /serving on/.test(out) && resolve()));
    parent.kill('SIGKILL');
    await waitFor(() => !alive(pid), 5000, `server ${pid} to stop after its parent died`);
  });

  it('runs the admin CLI on the stopped store', async () => {
    const admin = (...args: string[]) => {
      const r = spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir }, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout.trim().split('\n').pop()!);
    };
    const space = admin('space', 'create', 'Team', 'B');
    expect(space.name).toBe('Team B');
    const made = admin('token', 'create', '--space', space.space_uuid, '--user', 'bob', '--role', 'viewer');
    expect(made.token).toMatch(/^sht_/);
    const s = await start();
    expect(await get(`${s.url}/v1/auth/me`, made.token)).toBe(200);
    const put = await fetch(`${s.url}/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${made.token}`, 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(put.status).toBe(403);
    const exit = exited(s.child);
    s.child.kill('SIGTERM');
    await exit;
    admin('token', 'revoke', made.token);
    const again = await start();
    expect(await get(`${again.url}/v1/auth/me`, made.token)).toBe(401);
    again.child.kill('SIGTERM');
    await exited(again.child);
  });
});
