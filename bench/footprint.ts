// npm run bench -- footprint: starts `npm start` and `npm run mcp` as a user would, each on a fresh
// data directory, and measures time to ready (GET /readyz 200; MCP `initialize` answered) and the
// idle resident memory of the whole process tree (npm included) a few seconds after ready.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, ROOT, type BenchRow } from './lib.ts';

const RUNS = Number(process.env.BENCH_FOOTPRINT_RUNS ?? 3);
const IDLE_MS = 5000;
const TOKEN = 'sht_bench_token_0123456789abcdef';
const TARGETS = { serveRss: 300, mcpRss: 250, serveReadyS: 3, mcpReadyS: 1.5 };

interface Sample {
  readyS: number;
  treeMiB: number;
  serverMiB: number;
}

export async function benchFootprint(): Promise<BenchRow[]> {
  const serve: Sample[] = [], mcp: Sample[] = [], serveAgain: Sample[] = [], mcpAgain: Sample[] = [], mcpNode: Sample[] = [], mcpNodeAgain: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const [kind, fresh, again] of [['serve', serve, serveAgain], ['mcp', mcp, mcpAgain], ['mcp-node', mcpNode, mcpNodeAgain]] as const) {
      const dataDir = mkdtempSync(join(tmpdir(), 'sheets-footprint-'));
      try {
        fresh.push(await startOnce(kind, dataDir));
        again.push(await startOnce(kind, dataDir));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  // Once without the install's initialised template: the very first start, which runs initdb.
  const coldDir = mkdtempSync(join(tmpdir(), 'sheets-footprint-'));
  const cold = await startOnce('serve', coldDir, { SHEETS_PGLITE_TEMPLATE: '0' }).finally(() => rmSync(coldDir, { recursive: true, force: true }));
  const m = (xs: Sample[], k: keyof Sample) => median(xs.map((x) => x[k]));
  const rows: BenchRow[] = [
    row('npm start: time to ready (GET /readyz 200), fresh data dir', m(serve, 'readyS'), 's', TARGETS.serveReadyS),
    row('npm start: idle RSS of the process tree (npm + server)', m(serve, 'treeMiB'), 'MiB', TARGETS.serveRss),
    { name: 'npm start: idle RSS of the server process alone', value: m(serve, 'serverMiB'), unit: 'MiB' },
    { name: 'npm start: time to ready, first start on an install (initdb)', value: cold.readyS, unit: 's', note: 'one run' },
    { name: 'npm start: time to ready, restart on an existing data dir', value: m(serveAgain, 'readyS'), unit: 's' },
    row('sheets mcp (npm run mcp): time to answer initialize, fresh data dir', m(mcp, 'readyS'), 's', TARGETS.mcpReadyS),
    row('sheets mcp (npm run mcp): idle RSS of the process tree', m(mcp, 'treeMiB'), 'MiB', TARGETS.mcpRss),
    { name: 'sheets mcp: idle RSS of the server process alone', value: m(mcp, 'serverMiB'), unit: 'MiB' },
    { name: 'sheets mcp: time to answer initialize, existing data dir', value: m(mcpAgain, 'readyS'), unit: 's' },
    // The same server started by an MCP client without npm (node scripts/start.mjs mcp): npm's own start is ~0.4 s.
    row('sheets mcp (node, no npm): time to answer initialize, fresh data dir', m(mcpNode, 'readyS'), 's', TARGETS.mcpReadyS),
    row('sheets mcp (node, no npm): idle RSS of the server process', m(mcpNode, 'serverMiB'), 'MiB', TARGETS.mcpRss),
  ];
  for (const r of rows) r.note ??= `median of ${RUNS}`;
  return rows;
}

function row(name: string, value: number, unit: string, target: number): BenchRow {
  return { name, value, unit, target: `<= ${target} ${unit}`, ok: value <= target };
}

async function startOnce(kind: 'serve' | 'mcp' | 'mcp-node', dataDir: string, extraEnv: Record<string, string> = {}): Promise<Sample> {
  const port = kind === 'serve' ? await freePort() : 0;
  const env = { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SHEETS_TOKEN: TOKEN, SHEETS_LOG_LEVEL: 'warn', ...extraEnv };
  const [cmd, args] = kind === 'serve' ? ['npm', ['start']] : kind === 'mcp' ? ['npm', ['run', '--silent', 'mcp']] : [process.execPath, ['--no-node-snapshot', 'scripts/start.mjs', 'mcp']];
  const t0 = performance.now();
  // Its own process group, so the whole tree is measured and stopped together.
  const child = spawn(cmd, args, { cwd: ROOT, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (d) => (log = (log + d).slice(-4000)));
  try {
    if (kind === 'serve') await waitReady(child, `http://127.0.0.1:${port}/readyz`, () => log);
    else await initialize(child, () => log);
    const readyS = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const tree = treeRss(child.pid!);
    return { readyS, treeMiB: tree.total, serverMiB: tree.largest };
  } finally {
    await stop(child);
  }
}

async function waitReady(child: ChildProcess, url: string, log: () => string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}: ${log()}`);
    const ok = await fetch(url).then((r) => r.status === 200, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

function initialize(child: ChildProcess, log: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (/"id":1\b/.test(out)) {
        child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`sheets mcp exited ${code}: ${log()}`)));
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'footprint-bench', version: '1' } } };
    child.stdin!.write(`${JSON.stringify(init)}\n`);
  });
}

/** Resident memory of a process and all its descendants, in MiB, and of the largest one. */
function treeRss(root: number): { total: number; largest: number } {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => pid === root || (parent.has(pid) && pid !== 1 && inTree(parent.get(pid)!));
  let total = 0, largest = 0;
  for (const pid of parent.keys()) {
    if (!inTree(pid)) continue;
    try {
      const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      total += kb;
      largest = Math.max(largest, kb);
    } catch {
      // gone meanwhile
    }
  }
  return { total: total / 1024, largest: largest / 1024 };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.stdin?.end();
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
  // npm may exit before its children: give the group a moment, then make sure it is gone.
  await new Promise((r) => setTimeout(r, 300));
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}
