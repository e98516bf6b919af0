// Imports and exports through every door (cases/io.ts), and local paths: only the stdio server
// reads them, only under the directories its admin allowed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IO_ENV, ioCases } from './cases/io.ts';
import { mcpStdioDoor, restDoor, type Door } from './helpers/doors.ts';
import { runCases } from './helpers/run-cases.ts';
import { startServer, type TestServer } from './helpers/server.ts';

runCases('import and export', ioCases, { env: IO_ENV });

describe('import by local path', () => {
  const allowed = mkdtempSync(join(tmpdir(), 'io-allowed-'));
  const outside = mkdtempSync(join(tmpdir(), 'io-outside-'));
  writeFileSync(join(allowed, 'in.csv'), 'a,b\n1,2\n');
  writeFileSync(join(outside, 'out.csv'), 'a,b\n1,2\n');
  let server: TestServer;
  let stdio: Door;
  beforeAll(async () => {
    server = await startServer({ SHEETS_IMPORT_DIRS: allowed });
    stdio = await mcpStdioDoor(server, { SHEETS_IMPORT_DIRS: allowed });
  });
  afterAll(async () => {
    await stdio?.close();
    await server?.close();
  });

  it('the stdio server imports a file under an allowed directory', async () => {
    const out = await stdio.call('import_file', { path: join(allowed, 'in.csv') });
    expect(out.ok, JSON.stringify(out)).toBe(true);
    if (out.ok) expect(out.data).toMatchObject({ name: 'in', sheets: [{ range: 'A1:B2' }] });
  });

  it('the stdio server refuses a path outside them, also one that climbs out with ..', async () => {
    for (const path of [join(outside, 'out.csv'), join(allowed, '..', outside.split('/').pop()!, 'out.csv')]) {
      const out = await stdio.call('import_file', { path });
      expect(out).toMatchObject({ ok: false, code: 'invalid_argument' });
      if (!out.ok) expect(out.message).toMatch(/path: .* is outside the directories imports may read/);
    }
  });

  it('REST never reads local files, whatever the configuration', async () => {
    const out = await restDoor(server).call('import_file', { path: join(allowed, 'in.csv') });
    expect(out).toMatchObject({ ok: false, status: 400, code: 'invalid_argument' });
    if (!out.ok) expect(out.message).toMatch(/path: reading local files is not allowed here/);
  });
});
