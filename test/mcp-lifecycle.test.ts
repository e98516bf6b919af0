// The MCP stdio lifecycle (MCP specification, "Shutdown"): a client ends a session by closing the
// server's stdin, then SIGTERM, then SIGKILL. `sheets mcp` must be gone within 2 s of each, and of
// its parent dying, with no sandbox left behind and the data directory free for the next server.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.ts';
import { alive, descendants, exited, killGroup, spawnTracked, waitFor } from './helpers/spawn.ts';
import { onPostgres } from './helpers/store.ts';
import { pythonMissing } from './helpers/tools.ts';

const dir = mkdtempSync(join(tmpdir(), 'sheets-mcp-life-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TOKEN = 'sht_lifecycle_test_token_0123456789';
const SERVER = ['--no-node-snapshot', '--import', 'tsx', join(ROOT, 'bin/sheets.ts'), 'mcp'];
const ENV = { ...process.env, DATABASE_URL: '', DATA_DIR: dir, SHEETS_TOKEN: TOKEN, SHEETS_EXIT_WITH_PARENT: '1' };

/** A JSON-RPC client over a child's stdio, as an MCP host speaks it. */
class Session {
  private next = 1;
  private buf = '';
  private readonly waiting = new Map<number, (msg: any) => void>();
  stderr = '';

  constructor(readonly child: ChildProcess, readonly serverPid: Promise<number>) {
    child.stdout!.on('data', (d: Buffer) => {
      this.buf += d.toString('utf8');
      for (let i = this.buf.indexOf('\n'); i >= 0; i = this.buf.indexOf('\n')) {
        const line = this.buf.slice(0, i);
        this.buf = this.buf.slice(i + 1);
        const msg = JSON.parse(line);
        this.waiting.get(msg.id)?.(msg);
      }
    });
    child.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString('utf8')));
  }

  request(method: string, params: unknown): Promise<any> {
    const id = this.next++;
    this.child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${method} within 120 s; stderr:\n${this.stderr}`)), 120_000);
      this.waiting.set(id, (msg) => {
        clearTimeout(timer);
        if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
        else resolve(msg.result);
      });
    });
  }

  async initialize(): Promise<void> {
    await this.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'lifecycle-test', version: '1' } });
    this.child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  }

  async tool(name: string, args: Record<string, unknown>): Promise<any> {
    const r = await this.request('tools/call', { name, arguments: args });
    if (r.isError) throw new Error(`${name}: ${r.content?.[0]?.text}`);
    return r.structuredContent ?? JSON.parse(r.content[0].text);
  }
}

/** `sheets mcp` as a host starts it. */
function direct(): Session {
  const child = spawnTracked(process.execPath, SERVER, { cwd: ROOT, env: ENV, stdio: ['pipe', 'pipe', 'pipe'] });
  return new Session(child, Promise.resolve(child.pid!));
}

/** `sheets mcp` started by a parent process that the test can kill (the server's stdio stays ours). */
function viaParent(): { session: Session; parent: ChildProcess } {
  const script = `const c = require('node:child_process').spawn(process.execPath, ${JSON.stringify(SERVER)}, { stdio: 'inherit' }); process.send(c.pid); setInterval(() => {}, 1000);`;
  const parent = spawnTracked(process.execPath, ['-e', script], { cwd: ROOT, env: ENV, stdio: ['pipe', 'pipe', 'pipe', 'ipc'] });
  const pid = new Promise<number>((resolve) => parent.once('message', (m) => resolve(Number(m))));
  return { session: new Session(parent, pid), parent };
}

/** Starts a Python cell that sleeps, so a sandbox is running when the session ends. */
async function busySandbox(s: Session): Promise<void> {
  if (pythonMissing()) return;
  const file = await s.tool('create_file', { name: `busy ${Date.now()}` });
  await s.tool('set_code_cell', { file_uuid: file.uuid, cell: 'A1', language: 'python', code: 'import time\ntime.sleep(60)\n1' });
  const pid = await s.serverPid;
  await waitFor(() => descendants(pid).length > 0, 60_000, 'a sandbox process below the server');
}

/** The server and everything below it are gone within 2 s of `end()`. */
async function endsWithin2s(s: Session, end: () => void): Promise<void> {
  const pid = await s.serverPid;
  const tree = [pid, ...descendants(pid)];
  const t0 = Date.now();
  end();
  await waitFor(() => tree.every((p) => !alive(p)), 2000, `server ${pid} and its children [${tree.slice(1).join(', ')}] to exit`);
  expect(Date.now() - t0).toBeLessThanOrEqual(2000);
}

/** A second server on the same data directory starts and answers. */
async function nextServerStarts(): Promise<void> {
  const s = direct();
  await s.initialize();
  expect((await s.tool('list_files', {})).files.length).toBeGreaterThan(0);
  const gone = exited(s.child);
  s.child.stdin!.end();
  await gone;
}

describe.skipIf(onPostgres())('sheets mcp over stdio ends with its session', { timeout: 300_000 }, () => {
  it('exits within 2 s of its stdin closing, sandbox included, and frees the data directory', async () => {
    const s = direct();
    await s.initialize();
    await s.tool('create_file', { name: 'kept' });
    await busySandbox(s);
    await endsWithin2s(s, () => s.child.stdin!.end());
    await nextServerStarts();
  });

  it('exits within 2 s of SIGTERM', async () => {
    const s = direct();
    await s.initialize();
    await busySandbox(s);
    await endsWithin2s(s, () => s.child.kill('SIGTERM'));
    await nextServerStarts();
  });

  it('exits within 2 s of its parent being killed with SIGKILL', async () => {
    const { session, parent } = viaParent();
    await session.initialize();
    await busySandbox(session);
    await endsWithin2s(session, () => parent.kill('SIGKILL'));
    killGroup(parent, 'SIGKILL');
    await nextServerStarts();
  });
});
