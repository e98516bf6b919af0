// A newcomer's machine without bubblewrap: `sheets serve` says at start-up that Python cells are
// unavailable and why, a Python cell fails at once with that sentence, the server keeps answering,
// and JavaScript and SQL cells still run.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.ts';
import { exited, spawnTracked } from './helpers/spawn.ts';
import { onPostgres } from './helpers/store.ts';
import { databaseMissing, PG_URL } from './helpers/tools.ts';

const scratch = mkdtempSync(join(tmpdir(), 'sheets-missing-tool-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A PATH with every program of this one except `bwrap` (links, so nothing else changes). */
function pathWithout(program: string): string {
  const bin = join(scratch, 'bin');
  mkdirSync(bin);
  for (const dir of (process.env.PATH ?? '').split(':')) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (name === program) continue;
      try {
        symlinkSync(join(dir, name), join(bin, name));
      } catch {
        // an earlier PATH entry has it
      }
    }
  }
  return bin;
}

const TOKEN = 'sht_missing_tool_test_token_012345';
const SECRET_KEY = 'missing-tool-test-secret-key-0123456789';

describe.skipIf(onPostgres())('a server on a machine without bubblewrap', { timeout: 240_000 }, () => {
  let base = '';
  let output = '';
  let child: ReturnType<typeof spawnTracked>;

  beforeAll(async () => {
    const env = { ...process.env, PATH: pathWithout('bwrap'), DATABASE_URL: '', DATA_DIR: join(scratch, 'data'), PORT: '0', HOST: '127.0.0.1', SHEETS_TOKEN: TOKEN, SECRET_KEY, SHEETS_LOG_LEVEL: 'warn' };
    child = spawnTracked(process.execPath, ['--no-node-snapshot', '--import', 'tsx', 'bin/sheets.ts', 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start-up report within 120 s:\n${output}`)), 120_000);
      const check = () => {
        const m = /serving on (http:\/\/\S+)/.exec(output);
        if (!m || !/SQL cells: /.test(output)) return;
        base = m[1]!;
        clearTimeout(timer);
        resolve();
      };
      child.stdout!.on('data', check);
      child.on('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
    });
  });

  afterAll(async () => {
    const gone = exited(child);
    child.kill('SIGTERM');
    await gone;
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return { status: res.status, body: await res.json() };
  };

  /** Sets a code cell and waits for its run to end. */
  const runCell = async (file: string, cell: string, args: Record<string, unknown>) => {
    const set = await call('PUT', `/v1/files/${file}/cells/code`, { cell, ...args });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const t0 = Date.now();
    await call('GET', `/v1/tasks/${set.body.task_id}/wait?timeout_ms=30000`);
    const cc = await call('GET', `/v1/files/${file}/cells/code?cell=${cell}`);
    return { ...cc.body, ms: Date.now() - t0 };
  };

  it('names what is unavailable at start-up, and what still works', () => {
    expect(output).toMatch(/Python cells: unavailable: bubblewrap not found; install the bubblewrap package\./);
    expect(output).toMatch(/JavaScript cells: available/);
    expect(output).toMatch(/SQL cells: available/);
  });

  it('reports it in /readyz and get_context', async () => {
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    const body = await ready.json();
    expect(body.code.python).toEqual({ available: false, detail: 'bubblewrap not found; install the bubblewrap package' });
    expect(body.code.javascript.available).toBe(true);
    const file = (await call('POST', '/v1/files', { name: 'context' })).body.uuid;
    const ctx = await call('GET', `/v1/files/${file}/context`);
    expect(ctx.body.code_languages.python.available).toBe(false);
    expect(ctx.body.code_languages.python.detail).toMatch(/bubblewrap/);
  });

  it('fails a Python cell at once with a sentence naming bubblewrap, and keeps answering', async () => {
    const file = (await call('POST', '/v1/files', { name: 'python' })).body.uuid;
    const cc = await runCell(file, 'A1', { language: 'python', code: '1 + 1' });
    expect(cc.status).toBe('error');
    expect(cc.error).toBe('Python cells: unavailable: bubblewrap not found; install the bubblewrap package.');
    // At once: not after a sandbox start timeout.
    expect(cc.ms).toBeLessThan(10_000);
    expect((await call('GET', '/v1/auth/me')).status).toBe(200);
  });

  it('still runs JavaScript cells', async () => {
    const file = (await call('POST', '/v1/files', { name: 'js' })).body.uuid;
    const cc = await runCell(file, 'A1', { language: 'javascript', code: '6 * 7' });
    expect(cc.status, JSON.stringify(cc)).toBe('done');
    expect((await call('GET', `/v1/files/${file}/cells?range=A1`)).body.values).toEqual([['42']]);
  });

  it('still runs SQL cells', async () => {
    if (await databaseMissing('postgres')) return;
    const conn = await call('POST', '/v1/connections', { name: 'local', type: 'postgres', url: PG_URL });
    expect(conn.status, JSON.stringify(conn.body)).toBe(200);
    const file = (await call('POST', '/v1/files', { name: 'sql' })).body.uuid;
    const cc = await runCell(file, 'A1', { language: 'connection', connection_uuid: conn.body.uuid, code: 'select 40 + 2 as answer' });
    expect(cc.status, JSON.stringify(cc)).toBe('done');
    expect((await call('GET', `/v1/files/${file}/cells?range=A1:A2`)).body.values).toEqual([['answer'], ['42']]);
  });
});
