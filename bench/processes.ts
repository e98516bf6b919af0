// Issue 14, item 4: several `npm start` processes on one PostgreSQL. Writes to 8 files spread over
// two processes against the same writes through one; and one 10k-formula file written
// alternately through both processes, where each write finds the file moved on by the other.
// Needs BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test); skipped without it.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { median, percentile, startBenchServer, type BenchRow, type BenchServer } from './lib.ts';

const FILES = 8;
// Enough clients that one process is busy all the time: its CPU, not the wait for the store, is the limit.
const CLIENTS_PER_FILE = 6;
const SECONDS = 6;
const FORMULA_ROWS = 10_000;
const ALTERNATING_WRITES = 60;

/** CPU seconds a process has used (user + system). */
function cpuSeconds(s: BenchServer): number {
  const fields = readFileSync(`/proc/${s.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Writes one cell at a time to each file from `CLIENTS_PER_FILE` clients for SECONDS; the clients
 * of file f use server (f % servers.length). Returns writes/s and each server's CPU use (%).
 */
async function writeThroughput(servers: BenchServer[], files: string[]): Promise<{ rate: number; cpu: number[] }> {
  const cpu0 = servers.map(cpuSeconds);
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  // Plain keep-alive http requests: the clients share the machine's two cores with the servers
  // and PostgreSQL, and fetch() cost them about three times as much CPU per request.
  const agents = servers.map(() => new http.Agent({ keepAlive: true }));
  const put = (k: number, path: string, body: string) =>
    new Promise<void>((resolve, reject) => {
      const s = servers[k]!;
      const req = http.request(new URL(path, s.url), { method: 'PUT', agent: agents[k], headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`PUT ${path} -> ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
  const client = async (f: number, k: number) => {
    for (let i = 0; performance.now() < until; i++) {
      await put(f % servers.length, `/v1/files/${files[f]}/cells`, JSON.stringify({ cell: `A${(k * 1000 + i) % 500 + 1}`, values: [[String(i)]] }));
      done++;
    }
  };
  await Promise.all(files.flatMap((_, f) => Array.from({ length: CLIENTS_PER_FILE }, (_, k) => client(f, k))));
  for (const a of agents) a.destroy();
  return { rate: done / SECONDS, cpu: servers.map((s, i) => (100 * (cpuSeconds(s) - cpu0[i]!)) / SECONDS) };
}

/** The median server time of a one-cell edit of a 10k-formula file, the edits going through `order` in turn. */
async function editTimes(order: BenchServer[], file: string, from: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ALTERNATING_WRITES; i++) {
    const s = order[i % order.length]!;
    const r = await s.call('PUT', `/v1/files/${file}/cells`, { cell: `A${((from + i) * 997) % FORMULA_ROWS + 1}`, values: [[String(from + i)]] });
    if (i >= 4) times.push(r.serverMs);
  }
  return times;
}

export async function benchProcesses(): Promise<BenchRow[]> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    process.stdout.write('skipped: set BENCH_DATABASE_URL to a PostgreSQL database (two processes need a shared store)\n');
    return [];
  }
  const env = { DATABASE_URL: url, SECRET_KEY: 'bench-secret-key-0123456789abcdef' };
  const a = await startBenchServer(env);
  const b = await startBenchServer(env);
  const rows: BenchRow[] = [];
  try {
    await Promise.all([a.settled(), b.settled()]);
    const files: string[] = [];
    for (let f = 0; f < FILES; f++) {
      const id = (await a.call('POST', '/v1/files', { name: `processes-${f}` })).body.uuid;
      await a.call('PUT', `/v1/files/${id}/cells`, { cell: 'A1', values: Array.from({ length: 500 }, (_, r) => [String(r), `=A${r + 1}*2`]), input: 'user_entered' });
      files.push(id);
    }
    // Each file is read once through both, so neither measures a cold open.
    for (const id of files) for (const s of [a, b]) await s.call('GET', `/v1/files/${id}/cells?range=A1:B2`);
    const one = await writeThroughput([a], files);
    const two = await writeThroughput([a, b], files);
    const cpu = (r: { cpu: number[] }) => `server CPU ${r.cpu.map((c) => `${c.toFixed(0)}%`).join(' + ')}`;
    rows.push({ name: `writes to ${FILES} files, one process (${FILES * CLIENTS_PER_FILE} clients)`, value: one.rate, unit: 'writes/s', note: cpu(one) });
    rows.push({ name: `writes to ${FILES} files, two processes (half the files each)`, value: two.rate, unit: 'writes/s', note: cpu(two) });
    rows.push({ name: 'two processes / one process', value: two.rate / one.rate, unit: 'x', target: '≥ 1.6', ok: two.rate / one.rate >= 1.6 });

    const big = (await a.call('POST', '/v1/files', { name: 'processes-formulas' })).body.uuid;
    const grid = Array.from({ length: FORMULA_ROWS }, (_, r) => [String(r % 97), `=A${r + 1}*2+1`]);
    await a.call('PUT', `/v1/files/${big}/cells`, { cell: 'A1', values: grid, input: 'user_entered' });
    await a.call('PUT', `/v1/files/${big}/cells/formula`, { cell: 'C1', formula: `=SUM(B1:B${FORMULA_ROWS})` });
    await b.call('GET', `/v1/files/${big}/cells?range=A1:C2`);
    const single = await editTimes([a], big, 0);
    const alternating = await editTimes([a, b], big, 1000);
    const check = await b.call('GET', `/v1/files/${big}/cells?range=C1`);
    rows.push({ name: `one-cell edit of a ${FORMULA_ROWS / 1000}k-formula file, one process (median)`, value: median(single), unit: 'ms server', note: `p90 ${percentile(single, 90).toFixed(1)} ms` });
    rows.push({ name: 'the same edits alternating between two processes (median)', value: median(alternating), unit: 'ms server', target: '< 50', ok: median(alternating) < 50, note: `p90 ${percentile(alternating, 90).toFixed(1)} ms; SUM now ${check.body.values[0][0]}` });
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
  return rows;
}
