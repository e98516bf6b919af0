// `sheets admin view-link FILE` works on the store directly and prints a link that the server
// (started later on the same data directory) accepts: both derive the key from DATA_DIR/view-secret.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { createServer } from '../bin/server.ts';
import { loadConfig } from '../core/config.ts';
import { ROOT } from './helpers/paths.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'sheets-view-link-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('prints a signed link the server accepts, and refuses unknown files', async () => {
  const token = `sht_test_${randomBytes(24).toString('base64url')}`;
  const config = loadConfig({ DATA_DIR: dir, SHEETS_TOKEN: token, HOST: '127.0.0.1', PORT: '0' });
  let server = await createServer(config, { logger: false, store: { dataDir: dir } });
  const made = await server.app.inject({ method: 'POST', url: '/v1/files', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: { name: 'Linked' } });
  const file = made.json().uuid as string;
  await server.close();

  const env = { PATH: process.env.PATH ?? '', HOME: dir, DATA_DIR: dir };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(ROOT, 'bin/sheets.ts'), 'admin', 'view-link', file, '--minutes', '5', '--base', 'http://viewer.example'], { cwd: ROOT, env, timeout: 120_000 });
  const link = new URL(stdout.trim());
  expect(link.origin + link.pathname).toBe(`http://viewer.example/view/${file}`);
  expect(statSync(join(dir, 'view-secret')).mode & 0o777).toBe(0o600);
  const unknown = run(process.execPath, ['--import', 'tsx', join(ROOT, 'bin/sheets.ts'), 'admin', 'view-link', '00000000-0000-4000-8000-000000000000'], { cwd: ROOT, env, timeout: 120_000 });
  await expect(unknown).rejects.toThrow(/no file/);

  server = await createServer(config, { logger: false, store: { dataDir: dir } });
  try {
    const res = await server.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers['set-cookie']).toMatch(/^sheets_view=/);
    const page = await server.app.inject({ method: 'GET', url: link.pathname, headers: { cookie: String(res.headers['set-cookie']).split(';')[0]! } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Linked — Sheet1</title>');
  } finally {
    await server.close();
  }
}, 240_000);
