// npm run scenarios [-- --transport stdio|http|both] [--tools full|compact|both]
// Replays every scenario over MCP stdio (a `sheets mcp` child on a fresh store) and Streamable
// HTTP (a server started here on a fresh in-memory store, or SHEETS_URL + SHEETS_TOKEN), with the
// fixed clock, printing pass/fail per step. Exit code 1 when any step fails.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { loadScenarios, replay, type StepResult } from './replay.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
export const SCENARIO_NOW = '2030-01-02T03:04:05.000Z';

export type Transport = 'stdio' | 'http';
export type Surface = 'full' | 'compact';

export interface RunOptions {
  runs: { transport: Transport; tools: Surface }[];
  /** A running server to use for HTTP; without it one is started on a fresh in-memory store. */
  http?: { url: string; token: string };
  /** Environment for the stdio child's store (DATABASE_URL or DATA_DIR) and token; default a fresh data dir. */
  stdio?: { env: Record<string, string>; token: string };
  print?: (line: string) => void;
}

export interface RunSummary {
  passed: number;
  failed: number;
  results: (StepResult & { run: string })[];
}

async function connect(transport: Transport, tools: Surface, opts: RunOptions): Promise<{ client: Client; close: () => Promise<void> }> {
  const client = new Client({ name: 'sheets-scenarios', version: '1.0.0' });
  if (transport === 'stdio') {
    let dir: string | undefined;
    let env = opts.stdio?.env;
    let token = opts.stdio?.token;
    if (!env || !token) {
      dir = mkdtempSync(join(tmpdir(), 'sheets-scenarios-'));
      token = `sht_scenarios_${randomBytes(18).toString('base64url')}`;
      env = { DATA_DIR: dir };
    }
    await client.connect(new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', join(ROOT, 'bin/sheets.ts'), 'mcp', '--tools', tools], cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SHEETS_NOW: SCENARIO_NOW, SHEETS_TOKEN: token, SHEETS_RATE_PER_SEC: '1000', SHEETS_RATE_BURST: '1000', ...env }, stderr: 'pipe' }));
    return { client, close: async () => { await client.close(); if (dir) rmSync(dir, { recursive: true, force: true }); } };
  }
  let target = opts.http;
  let stop = async (): Promise<void> => undefined;
  if (!target) {
    const { loadConfig } = await import('../../core/config.ts');
    const { createServer } = await import('../../bin/server.ts');
    const token = `sht_scenarios_${randomBytes(18).toString('base64url')}`;
    const server = await createServer(loadConfig({ SHEETS_TOKEN: token, SHEETS_NOW: SCENARIO_NOW, DATA_DIR: 'memory://', SHEETS_RATE_PER_SEC: '1000', SHEETS_RATE_BURST: '1000' }), { logger: false, store: { dataDir: 'memory://' } });
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    target = { url, token };
    stop = () => server.close();
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(`${target.url}/mcp?tools=${tools}`), { requestInit: { headers: { authorization: `Bearer ${target.token}` } } }));
  return { client, close: async () => { await client.close(); await stop(); } };
}

export async function runScenarios(opts: RunOptions): Promise<RunSummary> {
  const print = opts.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const scenarios = loadScenarios();
  const summary: RunSummary = { passed: 0, failed: 0, results: [] };
  for (const run of opts.runs) {
    const label = `${run.transport}/${run.tools}`;
    print(`\n== ${label}`);
    const { client, close } = await connect(run.transport, run.tools, opts);
    try {
      for (const scenario of scenarios) {
        print(`-- ${scenario.name}: ${scenario.description}`);
        let calls = 0, text = 0, wire = 0;
        await replay(client, scenario, run.tools, (r) => {
          summary.results.push({ ...r, run: label });
          if (r.ok) summary.passed++;
          else summary.failed++;
          calls++;
          text += r.tokens?.text ?? 0;
          wire += r.tokens?.wire ?? 0;
          print(`  ${r.ok ? 'pass' : 'FAIL'}  ${String(r.step).padStart(2)} ${r.tool}${r.tokens ? `  (${r.tokens.text} tokens read)` : ''}${r.why ? `\n        ${r.why.replace(/\n/g, '\n        ')}` : ''}`);
        });
        print(`   = ${calls} calls, ${text} tokens of result text (${wire} with structuredContent)`);
      }
    } finally {
      await close();
    }
  }
  print(`\n${summary.passed} passed, ${summary.failed} failed`);
  return summary;
}

const isMain = process.argv[1] && new URL(import.meta.url).pathname === process.argv[1];
if (isMain) {
  const { values } = parseArgs({ options: { transport: { type: 'string', default: 'both' }, tools: { type: 'string', default: 'both' } } });
  const transports = (values.transport === 'both' ? ['stdio', 'http'] : [values.transport]) as Transport[];
  const surfaces = (values.tools === 'both' ? ['full', 'compact'] : [values.tools]) as Surface[];
  if (!transports.every((t) => t === 'stdio' || t === 'http') || !surfaces.every((s) => s === 'full' || s === 'compact')) {
    process.stderr.write('usage: npm run scenarios -- [--transport stdio|http|both] [--tools full|compact|both]\n');
    process.exit(2);
  }
  const http = process.env.SHEETS_URL && process.env.SHEETS_TOKEN ? { url: process.env.SHEETS_URL, token: process.env.SHEETS_TOKEN } : undefined;
  const runs = transports.flatMap((transport) => surfaces.map((tools) => ({ transport, tools })));
  runScenarios({ runs, http })
    .then((s) => process.exit(s.failed ? 1 : 0))
    .catch((err: Error) => {
      process.stderr.write(`scenarios: ${err.stack ?? err.message}\n`);
      process.exit(1);
    });
}
