// Bench helpers: a real server in a child process (so its peak RSS is its own), REST calls that
// read the server-side time from Server-Timing, and small statistics.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface BenchServer {
  url: string;
  token: string;
  child: ChildProcess;
  /** Peak resident set size of the server process so far, in MiB (VmHWM). */
  peakRssMiB(): number;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; serverMs: number; totalMs: number }>;
  /** Resolves once the server has finished its start-up probes (trial sandboxes use CPU a while). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** The URL a child process prints as "serving on <url>" once it listens (the service and bench/bare-fastify.ts). */
export function servingUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /serving on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const token = 'sht_bench_token_0123456789abcdef';
  // BENCH_NODE_ARGS passes flags to the server's node, for a profile: --cpu-prof --cpu-prof-dir=...
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, ['--no-node-snapshot', ...nodeArgs, '--import', 'tsx', 'bin/sheets.ts', 'serve'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SHEETS_TOKEN: token, SHEETS_LOG_LEVEL: 'warn', SHEETS_RATE_PER_SEC: '100000', SHEETS_RATE_BURST: '100000', SHEETS_MAX_INFLIGHT: '1000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await servingUrl(child);
  // The probes print one line per code-cell language; SQL's comes last.
  const settled = new Promise<void>((resolve) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      if (/SQL cells:|could not check code-cell languages/.test(out)) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
  });
  return {
    url,
    settled: () => settled,
    token,
    child,
    peakRssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
    },
    async call(method, path, body) {
      const t0 = performance.now();
      // A Buffer goes as raw bytes (an import's file), anything else as JSON.
      const raw = Buffer.isBuffer(body);
      const res = await fetch(url + path, { method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': raw ? 'application/octet-stream' : 'application/json' }) }, body: body === undefined ? undefined : raw ? new Uint8Array(body as Buffer) : JSON.stringify(body) });
      const text = await res.text();
      const totalMs = performance.now() - t0;
      const serverMs = Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
      if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 300)}`);
      return { status: res.status, body: text ? JSON.parse(text) : undefined, serverMs, totalMs };
    },
    async stop() {
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await done;
    },
  };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

export async function timeIt<T>(fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  target?: string;
  ok?: boolean;
  note?: string;
}
