// The ceiling of real tasks (issue "Every workbook that Excel opens, opens here, whole"): every
// answer workbook of the sbench-dev tasks (questions from Excel forums, kept beside the project in
// shared/sbench-dev, CC BY-SA, read from there and never copied in) is imported through REST,
// exported as xlsx unchanged, and scored by the benchmark's own scorer against the answers. A task
// that fails here can never be solved through the service, whatever an agent does.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PYTHON } from './helpers/io-files.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const SBENCH = new URL('../../shared/sbench-dev/', import.meta.url).pathname;

function missing(): string | undefined {
  if (!existsSync(join(SBENCH, 'dataset.json'))) return `the sbench-dev tasks are not beside the checkout (shared/sbench-dev)`;
  const py = spawnSync(PYTHON, ['-c', 'import openpyxl'], { encoding: 'utf8' });
  if (py.status !== 0) return `${PYTHON} with openpyxl not found: install the Debian package python3-openpyxl`;
  return undefined;
}

const why = missing();
if (why) {
  if (process.env.CI === 'true') throw new Error(`sbench ceiling: ${why}`);
  console.warn(`sbench ceiling: skipped: ${why}`);
}

interface Task {
  id: string;
}

/**
 * Tasks whose answer workbook holds, inside answer_position, formulas without a cached value (a
 * program other than Excel saved the answer after editing it): openpyxl reads such a cell as empty,
 * so the scorer wants it empty, while any program that computes — Excel, LibreOffice with the
 * benchmark's own --recalc, this service — writes the formula's value. Where such a formula's
 * value is not empty, no output can pass: a task failing at such a cell is counted apart.
 */
const UNCACHED = `
import json, os, sys, openpyxl
from openpyxl.utils.cell import range_boundaries
data = sys.argv[1]; out = {}
for t in json.load(open(os.path.join(data, 'dataset.json'))):
    tid = str(t['id'])
    for n in (1, 2, 3):
        p = os.path.join(data, 'spreadsheet', tid, f'{n}_{tid}_answer.xlsx')
        f = openpyxl.load_workbook(p); v = openpyxl.load_workbook(p, data_only=True)
        for part in t['answer_position'].split(','):
            sh, rng = part.rsplit('!', 1) if '!' in part else (f.sheetnames[0], part)
            sh = sh.strip("'"); rng = rng.strip("'")
            c1, r1, c2, r2 = range_boundaries(rng if ':' in rng else f'{rng}:{rng}')
            for r in range(r1, r2 + 1):
                for c in range(c1, c2 + 1):
                    fv = f[sh].cell(r, c).value
                    if isinstance(fv, str) and fv.startswith('=') and v[sh].cell(r, c).value is None:
                        out.setdefault(tid, []).append(f'{sh}!{f[sh].cell(r, c).coordinate}')
print(json.dumps(out))
`;

describe.skipIf(why !== undefined)('sbench-dev answer workbooks through import and xlsx export', () => {
  let server: TestServer;
  let out: string;

  beforeAll(async () => {
    server = await startServer();
    out = mkdtempSync(join(tmpdir(), 'sbench-ceiling-'));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('pass the benchmark scorer, except where the answer itself cannot be matched', { timeout: 600_000 }, async () => {
    const tasks = (JSON.parse(readFileSync(join(SBENCH, 'dataset.json'), 'utf8')) as Task[]).map((t) => String(t.id));
    const refused: string[] = [];
    for (const id of tasks) {
      mkdirSync(join(out, id), { recursive: true });
      for (const n of [1, 2, 3]) {
        const answer = readFileSync(join(SBENCH, 'spreadsheet', id, `${n}_${id}_answer.xlsx`));
        const imported = await server.request('POST', '/v1/files/import', { body: { file_name: `${n}_${id}_answer.xlsx`, file_data: answer.toString('base64') } });
        if (imported.status !== 200) {
          refused.push(`${n}_${id}: ${imported.status} ${JSON.stringify(imported.body)}`);
          continue;
        }
        const res = await fetch(`${server.url}/v1/files/${imported.body.uuid}/export/xlsx`, { headers: { authorization: `Bearer ${server.token}` } });
        expect(res.status, `${n}_${id} export`).toBe(200);
        writeFileSync(join(out, id, `${n}_${id}_output.xlsx`), Buffer.from(await res.arrayBuffer()));
      }
    }
    expect(refused).toEqual([]);
    const scored = spawnSync(PYTHON, [join(SBENCH, 'score.py'), SBENCH, out], { encoding: 'utf8', timeout: 300_000 });
    expect(scored.status, scored.stderr).toBe(0);
    const uncached = spawnSync(PYTHON, ['-W', 'ignore', '-c', UNCACHED, SBENCH], { encoding: 'utf8', timeout: 300_000 });
    expect(uncached.status, uncached.stderr).toBe(0);
    const uncachedCells = JSON.parse(uncached.stdout) as Record<string, string[]>;
    const failed: string[] = [], unscorable: string[] = [];
    for (const line of scored.stdout.split('\n').filter((l) => l.startsWith('FAIL '))) {
      // FAIL <id> [cases] <sheet>!<cell>: want ... got ...
      const [, id, cell] = /^FAIL (\S+) \[[^\]]*\] (.+?): want /.exec(line) ?? [];
      if (id && cell && uncachedCells[id]?.includes(cell)) unscorable.push(line);
      else failed.push(line);
    }
    for (const line of unscorable) console.warn(`sbench ceiling: cannot pass, the answer's formula has no cached value: ${line}`);
    expect(failed, scored.stdout).toEqual([]);
    // Today one task (208-20) is of that kind; a change to the tasks shows here.
    expect(unscorable.length).toBeLessThanOrEqual(1);
  });
});
