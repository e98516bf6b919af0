// Imports and exports through every door (cases/io.ts), and local paths: only the stdio server
// reads them, only under the directories its admin allowed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IO_ENV, IO_LIMIT, ioCases } from './cases/io.ts';
import { mcpStdioDoor, restDoor, type Door } from './helpers/doors.ts';
import { runCases } from './helpers/run-cases.ts';
import { startServer, type TestServer } from './helpers/server.ts';

runCases('import and export', ioCases, { env: IO_ENV, sse: true });

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

describe('request bodies beyond the import routes\' limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A small general limit: the import routes still take bodies sized for the import limit.
    server = await startServer({ ...IO_ENV, SHEETS_BODY_LIMIT_BYTES: String(1024 * 1024) });
  });
  afterAll(async () => server?.close());

  it('a body between the general and the import limit reaches the import (its own 413 names the file size)', async () => {
    const res = await server.request('POST', '/v1/files/import', { body: { file_name: 'big.csv', file_data: 'A'.repeat(2 * 1024 * 1024) } });
    expect(res.status).toBe(200);
    expect((await server.request('POST', '/v1/files', { body: { name: 'x'.repeat(10), sheets: ['A'.repeat(2 * 1024 * 1024)] } })).status).toBe(413);
  });

  it('are a 413 naming the import limit (not the general body limit), over REST and MCP over HTTP', async () => {
    const huge = { file_name: 'big.csv', file_data: 'A'.repeat(5 * 1024 * 1024) };
    const res = await server.request('POST', '/v1/files/import', { body: huge });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'payload_too_large', details: { field: 'file_data', limit: IO_LIMIT } });
    expect(res.body.error.message).toMatch(new RegExp(`imports take at most ${IO_LIMIT} bytes of file data \\(SHEETS_MAX_IMPORT_BYTES\\)`));
    const mcp = await server.request('POST', '/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'import_file', arguments: huge } }, headers: { accept: 'application/json, text/event-stream' } });
    expect(mcp.status).toBe(413);
  });
});
