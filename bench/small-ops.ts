// Small calls, as agents make them: 4 keep-alive clients reading GET /cells?range=A1:B2 with one
// token (limits raised), against a bare Fastify route with a similar body in the same run
// (issue 14: >= 3,000 req/s, <= 7x the bare route, median server time <= 0.7 ms).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, median, servingUrl, startBenchServer, type BenchRow } from './lib.ts';

const CLIENTS = 4;
const WARM_MS = 500;
const RUN_MS = 3000;

/** Requests per second of CLIENTS keep-alive loops over `path`, and the Server-Timing durations seen. */
async function hammer(url: string, path: string, token?: string): Promise<{ rps: number; serverMs: number[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const target = new URL(path, url);
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(target, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${path} -> ${res.statusCode}`));
          else resolve(Number(/dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? NaN));
        });
      });
      req.on('error', reject);
    });
  const serverMs: number[] = [];
  let count = 0;
  const run = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const ms = await one();
      if (record) {
        count++;
        if (!Number.isNaN(ms)) serverMs.push(ms);
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, () => run(performance.now() + WARM_MS, false)));
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, () => run(t0 + RUN_MS, true)));
  const rps = count / ((performance.now() - t0) / 1000);
  agent.destroy();
  return { rps, serverMs };
}

async function bare(): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-fastify.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await servingUrl(child);
    return (await hammer(url, '/v1/files/x/cells?range=A1:B2')).rps;
  } finally {
    child.kill('SIGTERM');
  }
}

async function service(label: string, env: Record<string, string>, bareRps: number): Promise<BenchRow[]> {
  const s = await startBenchServer(env);
  try {
    // Measured once start-up is over: its probes (trial sandboxes) take a core for a while.
    await s.settled();
    const file = (await s.call('POST', '/v1/files', { name: 'small' })).body.uuid;
    await s.call('PUT', `/v1/files/${file}/cells`, { cell: 'A1', values: [['1', '2'], ['3', '4']] });
    const { rps, serverMs } = await hammer(s.url, `/v1/files/${file}/cells?range=A1:B2`, s.token);
    const ratio = bareRps / rps;
    return [
      { name: `${label}: GET /cells A1:B2, ${CLIENTS} keep-alive clients`, value: rps, unit: 'req/s', target: '≥ 3000', ok: rps >= 3000 },
      { name: `${label}: bare Fastify / service`, value: ratio, unit: 'x', target: '≤ 7', ok: ratio <= 7, note: `bare route ${Math.round(bareRps)} req/s` },
      { name: `${label}: server time of a small read, median`, value: median(serverMs), unit: 'ms', target: '≤ 0.7', ok: median(serverMs) <= 0.7 },
    ];
  } finally {
    await s.stop();
  }
}

export async function benchSmallOps(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'sheets-bench-small-'));
  try {
    const bareRps = await bare();
    rows.push({ name: `bare Fastify route, ${CLIENTS} keep-alive clients`, value: bareRps, unit: 'req/s' });
    rows.push(...(await service('PGlite', { DATA_DIR: join(dir, 'data') }, bareRps)));
    // PostgreSQL when the machine has one (BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test).
    if (process.env.BENCH_DATABASE_URL) rows.push(...(await service('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL, SECRET_KEY: 'bench-secret-key-0123456789abcdef' }, bareRps)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
