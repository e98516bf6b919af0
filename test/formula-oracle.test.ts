// Formula correctness against a real spreadsheet program: every formula of the table is set
// through the real server (set_formula), read back raw, and compared with what LibreOffice
// computes for the same inputs. Differences must be the documented ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellToA1 } from '../core/a1.ts';
import { ARRAY_CASES, DATA, SCALAR_CASES, type ArrayCase } from './cases/formula-oracle.ts';
import { computeWithLibreOffice, LIBREOFFICE_PACKAGE, sofficeMissing, type OracleCell } from './helpers/libreoffice.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const missing = sofficeMissing();
if (missing && process.env.CI !== 'true') console.warn(`formula-oracle: skipped: ${missing}`);

/** Array case k sits at row 8k of sheet Arrays (results are at most 6 rows tall). */
const arrayRow = (k: number) => 8 * k;

type Raw = string | number | boolean | null;
interface Got {
  value: Raw;
  error?: string;
}

/** Does LibreOffice's CSV text agree with the service's raw value (numbers to 1e-9 relative)? */
function agrees(got: Got, lo: string): boolean {
  if (got.error) return got.error === lo;
  const v = got.value;
  if (v === null || v === '') return lo === '';
  // A logical result exports as 1/0 under the plain number format the oracle cells get.
  if (typeof v === 'boolean') return v ? lo === 'TRUE' || lo === '1' : lo === 'FALSE' || lo === '0';
  if (typeof v === 'number') {
    const n = Number(lo);
    return lo !== '' && Number.isFinite(n) && Math.abs(n - v) <= 1e-9 * Math.max(1, Math.abs(v));
  }
  return v === lo;
}

const show = (g: Got) => (g.error ? g.error : JSON.stringify(g.value));

describe.skipIf(missing !== undefined && process.env.CI !== 'true')('formula results agree with LibreOffice', () => {
  let server: TestServer;
  let file: string;
  let lo: Record<string, string[][]>;
  const calc: Got[] = [];
  const arrays: Got[][][] = [];

  beforeAll(async () => {
    if (missing) throw new Error(`${missing} (CI=true: LibreOffice is required; install ${LIBREOFFICE_PACKAGE})`);
    server = await startServer();
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await server.request(method, path, { body });
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
      return res.body;
    };
    file = (await call('POST', '/v1/files', { name: 'oracle', sheets: ['Data', 'Calc', 'Arrays'] })).uuid;
    await call('PUT', `/v1/files/${file}/cells`, { sheet: 'Data', cell: 'A1', values: DATA.map((r) => r.map((c) => c.text)) });
    const actions = [
      ...SCALAR_CASES.map((c, i) => ({ op: 'set_formula', args: { sheet: 'Calc', cell: `A${i + 1}`, formula: c.f } })),
      ...ARRAY_CASES.map((c, k) => ({ op: 'set_formula', args: { sheet: 'Arrays', cell: `A${arrayRow(k) + 1}`, formula: c.f } })),
    ];
    // A batch takes at most 1000 actions: the table goes in slices.
    for (let i = 0; i < actions.length; i += 500) await call('POST', `/v1/files/${file}/batch`, { actions: actions.slice(i, i + 500) });

    const read = async (sheet: string, range: string) => {
      const out = await call('GET', `/v1/files/${file}/cells?sheet=${sheet}&range=${range}&render=raw`);
      const errors = new Map<string, string>(out.errors.map((e: { cell: string; error: string }) => [e.cell, e.error]));
      const origin = /^([A-Z]+)(\d+)/.exec(range)!;
      return (out.values as Raw[][]).map((row, r) => row.map((value, c) => ({ value, error: errors.get(cellToA1({ row: r + Number(origin[2]) - 1, col: c })) })));
    };
    calc.push(...(await read('Calc', `A1:A${SCALAR_CASES.length}`)).map((r) => r[0]!));
    const grid = await read('Arrays', `A1:F${arrayRow(ARRAY_CASES.length)}`);
    ARRAY_CASES.forEach((c, k) => arrays.push(grid.slice(arrayRow(k), arrayRow(k) + c.rows).map((row) => row.slice(0, c.cols))));

    lo = await computeWithLibreOffice({
      Data: DATA.flatMap((row, r) => row.map((c, col) => ({ ref: cellToA1({ row: r, col }), value: c.lo }))),
      Calc: SCALAR_CASES.map((c, i): OracleCell => ({ ref: `A${i + 1}`, formula: c.lo ?? c.f, arrayRef: c.cse ? `A${i + 1}` : undefined })),
      Arrays: ARRAY_CASES.flatMap((c, k) => oracleCells(c, arrayRow(k))),
    });
  }, 120_000);
  afterAll(async () => server?.close());

  it('covers at least 450 functions', () => {
    const fns = new Set([...SCALAR_CASES, ...ARRAY_CASES].flatMap((c) => c.fns));
    expect(fns.size).toBeGreaterThanOrEqual(450);
  });

  it('computes each scalar formula as LibreOffice does, or as documented', () => {
    const bad: string[] = [];
    const documented: string[] = [];
    SCALAR_CASES.forEach((c, i) => {
      const want = lo.Calc![i]?.[0] ?? '';
      const ok = agrees(calc[i]!, want);
      if (c.differs) {
        documented.push(`${c.f}: service ${show(calc[i]!)}, LibreOffice ${want} (${c.differs.why})`);
        if (ok || want !== c.differs.lo) bad.push(`${c.f}: documented difference no longer holds: service ${show(calc[i]!)}, LibreOffice ${want}`);
      } else if (!ok) bad.push(`${c.f}${c.lo ? ` (LibreOffice: ${c.lo})` : ''}: service ${show(calc[i]!)}, LibreOffice ${want}`);
    });
    if (documented.length) console.info(`documented differences:\n  ${documented.join('\n  ')}`);
    expect(bad).toEqual([]);
  });

  it('spills each array formula as LibreOffice computes it', () => {
    const bad: string[] = [];
    ARRAY_CASES.forEach((c, k) => {
      for (let r = 0; r < c.rows; r++) {
        for (let col = 0; col < c.cols; col++) {
          const want = lo.Arrays![arrayRow(k) + r]?.[col] ?? '';
          const got = arrays[k]![r]![col]!;
          if (!agrees(got, want)) bad.push(`${c.f} [${r},${col}]: service ${show(got)}, LibreOffice ${want}`);
        }
      }
    });
    expect(bad).toEqual([]);
  });
});

function oracleCells(c: ArrayCase, top: number): OracleCell[] {
  const lo = c.lo ?? c.f;
  if (typeof lo === 'string') {
    return [{ ref: cellToA1({ row: top, col: 0 }), formula: lo, arrayRef: `A${top + 1}:${cellToA1({ row: top + c.rows - 1, col: c.cols - 1 })}` }];
  }
  const out: OracleCell[] = [];
  for (let r = 0; r < c.rows; r++) {
    for (let col = 0; col < c.cols; col++) {
      const ref = cellToA1({ row: top + r, col });
      out.push({ ref, formula: lo(r, col), arrayRef: c.cse ? ref : undefined });
    }
  }
  return out;
}
