// The server's cost of one big read (issue 33): GET /cells of the cells bench's 20k x 5 grid, read
// READS times after a warm-up, with the server's CPU per read (all its threads, from
// /proc/<pid>/task/*/schedstat, so GC helpers count) and its Server-Timing. Runs alone too
// (`tsx bench/read.ts`, one JSON line), so the same script can be copied into an older tree and the
// two alternated on a shared machine.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { median, startBenchServer, type BenchRow } from './lib.ts';

const ROWS = 20_000;
const COLS = 5;
const READS = Number(process.env.BENCH_READS ?? 15);
const WARM = 5;
/** Time left after each reply for the server to finish what the request started (its GC, onResponse). */
const SETTLE_MS = 30;

function literalGrid(): string[][] {
  return Array.from({ length: ROWS }, (_, r) => Array.from({ length: COLS }, (_, c) => (c === 0 ? `item ${r}` : String((r * 7 + c * 13) % 1000 + 0.5))));
}

/** CPU time so far of every thread of `pid` and of its main (JavaScript) thread alone, in ms. */
function cpuMs(pid: number): { all: number; main: number } {
  let ns = 0;
  let main = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const used = Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]);
      ns += used;
      if (t === String(pid)) main = used;
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return { all: ns / 1e6, main: main / 1e6 };
}

export interface ReadFigures {
  /** Median server CPU per read, ms (the settle window included, idle subtracted). */
  cpuMs: number;
  /** The same for the main thread alone (the rest is GC and other helper threads). */
  mainMs: number;
  /** Mean server CPU per read, ms (idle subtracted): collections that come every few reads count in full. */
  meanMs: number;
  /** Median Server-Timing per read, ms. */
  serverMs: number;
  /** Median wall time per read seen by the client (its JSON.parse included), ms. */
  totalMs: number;
  /** Median CPU of an idle settle window, ms (already subtracted from cpuMs). */
  idleMs: number;
  bytes: number;
}

export async function measureRead(): Promise<ReadFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'sheets-bench-read-'));
  const s = await startBenchServer({ DATA_DIR: dir });
  try {
    await s.settled();
    const pid = s.child.pid!;
    const file = (await s.call('POST', '/v1/files', { name: 'bench' })).body.uuid;
    await s.call('PUT', `/v1/files/${file}/cells`, { cell: 'A1', values: literalGrid() });
    const path = `/v1/files/${file}/cells?range=A1:E${ROWS}`;
    const idle: number[] = [];
    const cpu: number[] = [];
    const main: number[] = [];
    const server: number[] = [];
    const total: number[] = [];
    let bytes = 0;
    for (let i = 0; i < WARM + READS; i++) {
      await sleep(SETTLE_MS);
      const i0 = cpuMs(pid);
      await sleep(SETTLE_MS);
      const c0 = cpuMs(pid);
      const reply = await s.call('GET', path);
      await sleep(SETTLE_MS);
      const c1 = cpuMs(pid);
      if (i < WARM) continue;
      idle.push(c0.all - i0.all);
      cpu.push(c1.all - c0.all);
      main.push(c1.main - c0.main);
      server.push(reply.serverMs);
      total.push(reply.totalMs);
      bytes = JSON.stringify(reply.body).length;
    }
    const idleMs = median(idle);
    return { cpuMs: median(cpu) - idleMs, mainMs: median(main), meanMs: cpu.reduce((a, b) => a + b, 0) / cpu.length - idleMs, serverMs: median(server), totalMs: median(total), idleMs, bytes };
  } finally {
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchRead(): Promise<BenchRow[]> {
  const f = await measureRead();
  return [
    { name: `read 100k cells, server CPU per read (median of ${READS})`, value: f.cpuMs, unit: 'ms cpu', note: `main thread ${f.mainMs.toFixed(1)} ms; idle ${f.idleMs.toFixed(1)} ms per ${SETTLE_MS} ms subtracted; reply ${(f.bytes / 1e6).toFixed(2)} MB` },
    { name: 'read 100k cells, Server-Timing per read', value: f.serverMs, unit: 'ms server' },
    { name: 'read 100k cells, client wall per read', value: f.totalMs, unit: 'ms' },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await measureRead())}\n`);
}
