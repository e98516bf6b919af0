// Issue 3 targets: a 100k-cell write and read through REST against HyperFormula alone on the same
// data; a 100k-formula file's cold open and one-cell edit; the server's peak RSS.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HyperFormula } from 'hyperformula';
import { ENGINE_CONFIG } from '../core/workbook/engine.ts';
import { median, percentile, startBenchServer, timeIt, type BenchRow } from './lib.ts';

const ROWS = 20_000;
const COLS = 5;
const FORMULA_ROWS = 100_000;

function literalGrid(): string[][] {
  return Array.from({ length: ROWS }, (_, r) => Array.from({ length: COLS }, (_, c) => (c === 0 ? `item ${r}` : String((r * 7 + c * 13) % 1000 + 0.5))));
}

export async function benchCells(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'sheets-bench-'));
  try {
    const grid = literalGrid();
    // HyperFormula alone building the same sheet in-process (median of 3).
    const hfTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const data = grid.map((r) => r.map((v, c) => (c === 0 ? v : Number(v))));
      hfTimes.push((await timeIt(() => HyperFormula.buildFromArray(data, ENGINE_CONFIG).destroy())).ms);
    }
    const hfMs = median(hfTimes);

    let s = await startBenchServer({ DATA_DIR: join(dir, 'a') });
    const file = (await s.call('POST', '/v1/files', { name: 'bench' })).body.uuid;
    const writes: number[] = [];
    for (let i = 0; i < 3; i++) writes.push((await s.call('PUT', `/v1/files/${file}/cells`, { cell: 'A1', values: grid })).totalMs);
    const writeMs = median(writes);
    rows.push({ name: 'write 100k cells (PUT /cells, 20k x 5)', value: writeMs, unit: 'ms', note: `HyperFormula alone builds the same sheet in ${hfMs.toFixed(0)} ms` });
    rows.push({ name: 'write 100k cells / HyperFormula build', value: writeMs / hfMs, unit: 'x', target: '≤ 3', ok: writeMs / hfMs <= 3 });
    const reads: number[] = [];
    for (let i = 0; i < 3; i++) reads.push((await s.call('GET', `/v1/files/${file}/cells?range=A1:E${ROWS}`)).totalMs);
    rows.push({ name: 'read 100k cells (GET /cells)', value: median(reads), unit: 'ms' });

    // 100k formula rows: =A{n}*B{n}+C{n} and a SUM, built in one user_entered write.
    const ffile = (await s.call('POST', '/v1/files', { name: 'formulas' })).body.uuid;
    const fgrid = Array.from({ length: FORMULA_ROWS }, (_, r) => [String(r % 97), String(r % 13), String(r % 7), `=A${r + 1}*B${r + 1}+C${r + 1}`]);
    const build = await s.call('PUT', `/v1/files/${ffile}/cells`, { cell: 'A1', values: fgrid, input: 'user_entered' });
    await s.call('PUT', `/v1/files/${ffile}/cells/formula`, { cell: 'F1', formula: `=SUM(D1:D${FORMULA_ROWS})` });
    rows.push({ name: 'build 100k formula rows (one PUT /cells, user_entered)', value: build.totalMs, unit: 'ms' });
    await s.stop();

    s = await startBenchServer({ DATA_DIR: join(dir, 'a') });
    const cold = await s.call('GET', `/v1/files/${ffile}/cells?range=A1:F100`);
    rows.push({ name: 'cold open of 100k-formula file (first read after restart)', value: cold.totalMs, unit: 'ms', target: '< 2000', ok: cold.totalMs < 2000 });
    const firstEdit = await s.call('PUT', `/v1/files/${ffile}/cells`, { cell: 'A1', values: [['5']] });
    rows.push({ name: 'first edit after restart (builds the engine)', value: firstEdit.serverMs, unit: 'ms server' });
    // Warm: the start-up probes (trial sandboxes) have finished and the first edits after the
    // engine's build have run; each edit changes a value, so the SUM really recalculates.
    await s.settled();
    const edits: number[] = [];
    for (let i = 0; i < 45; i++) {
      const edit = await s.call('PUT', `/v1/files/${ffile}/cells`, { cell: `B${(i * 4999) % FORMULA_ROWS + 1}`, values: [[String(1000 + i)]] });
      if (i >= 5) edits.push(edit.serverMs);
    }
    const check = await s.call('GET', `/v1/files/${ffile}/cells?range=F1`);
    rows.push({ name: 'one-cell edit with recalculation, warm (median of 40)', value: median(edits), unit: 'ms server', target: '< 20', ok: median(edits) < 20, note: `p90 ${percentile(edits, 90).toFixed(1)} ms; SUM now ${check.body.values[0][0]}` });
    const rss = s.peakRssMiB();
    rows.push({ name: 'peak RSS of the server', value: rss, unit: 'MiB', target: '< 1024', ok: rss < 1024 });
    await s.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
