// The scripted agent scenarios (bench/agent-scenarios) replay green over MCP stdio and Streamable
// HTTP, on both tool surfaces, against a fresh store (PGlite, or PostgreSQL with DATABASE_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runScenarios } from '../bench/agent-scenarios/run.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startServer({ SHEETS_NOW: '2030-01-02T03:04:05.000Z' });
  dir = mkdtempSync(join(tmpdir(), 'sheets-scenarios-'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('every scenario passes every step over stdio and HTTP, full and compact', async () => {
  const lines: string[] = [];
  const stdioEnv: Record<string, string> = server.store.databaseUrl ? { DATABASE_URL: server.store.databaseUrl } : { DATA_DIR: dir };
  const summary = await runScenarios({
    runs: [
      { transport: 'stdio', tools: 'full' },
      { transport: 'stdio', tools: 'compact' },
      { transport: 'http', tools: 'full' },
      { transport: 'http', tools: 'compact' },
    ],
    http: { url: server.url, token: server.token },
    stdio: { env: stdioEnv, token: server.token },
    print: (l) => lines.push(l),
  });
  const failed = summary.results.filter((r) => !r.ok);
  expect(failed, lines.join('\n')).toEqual([]);
  expect(summary.passed).toBeGreaterThan(150);
}, 300_000);
