// Pivot tables on a 1,000-row source against aggregates computed here by hand (plain loops over
// the same rows): sums, counts, averages, min/max, distinct counts, blanks, label order, subtotals
// and grand totals; then edits and appended rows refresh both pivots within the same version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

type Row = { region: string; product: string; qty: string; price: string; month: string };

function rng(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
}

function makeRows(n: number, seed: number): Row[] {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  return Array.from({ length: n }, () => ({
    region: r() < 0.08 ? '' : pick(['East', 'West', 'North', 'South', 'east']),
    product: pick(['Alpha', 'Beta', 'Gamma', 'Delta']),
    qty: r() < 0.05 ? '' : r() < 0.03 ? 'n/a' : String(1 + Math.floor(r() * 50)),
    price: (0.5 + Math.floor(r() * 9950) / 100).toFixed(2),
    month: String(1 + Math.floor(r() * 12)),
  }));
}

const num = (s: string) => (s !== '' && Number.isFinite(Number(s)) ? Number(s) : null);
const regionKey = (s: string) => (s === '' ? '(blank)' : s.toLowerCase());

/** Expected grid of pivot 1: rows Region x columns Product, six values. */
function expectedByRegion(rows: Row[]): (string | number | null)[][] {
  const regions = [...new Set(rows.map((x) => regionKey(x.region)))];
  const label = (k: string) => (k === '(blank)' ? k : rows.find((x) => regionKey(x.region) === k)!.region);
  regions.sort((a, b) => (a === '(blank)' ? 1 : b === '(blank)' ? -1 : label(a).localeCompare(label(b), 'en', { sensitivity: 'base' })));
  const products = ['Alpha', 'Beta', 'Delta', 'Gamma'];
  const cell = (sel: Row[]) => {
    if (!sel.length) return [null, null, null, null, null, null];
    const q = sel.map((x) => num(x.qty)).filter((v): v is number => v !== null);
    const p = sel.map((x) => Number(x.price));
    return [q.reduce((a, b) => a + b, 0), sel.filter((x) => x.qty !== '').length, p.reduce((a, b) => a + b, 0) / p.length, Math.min(...p), Math.max(...p), new Set(sel.map((x) => x.month)).size];
  };
  const lines = [...regions.map((k) => [label(k), rows.filter((x) => regionKey(x.region) === k)] as const), ['Grand Total', rows] as const];
  return lines.map(([name, sel]) => [name, ...products.flatMap((p) => cell(sel.filter((x) => x.product === p))), ...cell(sel)]);
}

/** Expected grid of pivot 2: rows Month, Product with subtotals; Sum of Qty; blank regions filtered out. */
function expectedByMonth(all: Row[]): (string | number | null)[][] {
  const rows = all.filter((x) => x.region !== '');
  const sum = (sel: Row[]) => sel.reduce((a, x) => a + (num(x.qty) ?? 0), 0);
  const out: (string | number | null)[][] = [];
  for (let m = 1; m <= 12; m++) {
    const inMonth = rows.filter((x) => x.month === String(m));
    if (!inMonth.length) continue;
    ['Alpha', 'Beta', 'Delta', 'Gamma'].filter((p) => inMonth.some((x) => x.product === p)).forEach((p, i) => out.push([i === 0 ? String(m) : null, p, sum(inMonth.filter((x) => x.product === p))]));
    out.push([`${m} Total`, null, sum(inMonth)]);
  }
  out.push(['Grand Total', null, sum(rows)]);
  return out;
}

let server: TestServer;
let file: string;
let rows: Row[];

const api = async (method: string, path: string, body?: unknown) => {
  const res = await server.request(method, `/v1/files/${file}${path}`, body === undefined ? {} : { body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
};

async function grid(range: string): Promise<unknown[][]> {
  return (await api('GET', `/cells?sheet=Report&render=raw&range=${range}`)).values;
}

function compare(actual: unknown[][], expected: (string | number | null)[][]) {
  expect(actual.length).toBe(expected.length);
  expected.forEach((line, i) =>
    line.forEach((v, j) => {
      const a = actual[i]![j];
      if (typeof v === 'number') expect(a, `row ${i} col ${j}`).toBeCloseTo(v, 9);
      else expect(a, `row ${i} col ${j}`).toBe(v);
    }),
  );
}

beforeAll(async () => {
  server = await startServer();
  file = (await server.request('POST', '/v1/files', { body: { name: 'pivot-1000', sheets: ['Data', 'Report'] } })).body.uuid;
  rows = makeRows(1000, 42);
  const values = [['Region', 'Product', 'Qty', 'Price', 'Month'], ...rows.map((x) => [x.region, x.product, x.qty, x.price, x.month])];
  await api('PUT', '/cells', { sheet: 'Data', cell: 'A1', values });
});
afterAll(async () => server?.close());

describe('pivot tables on 1,000 rows', () => {
  let v1: any, v2: any;

  it('rows x columns with sum, count, average, min, max and distinct count', async () => {
    v1 = await api('POST', '/pivots', {
      source: 'Data!A:E',
      anchor: 'Report!A1',
      rows: ['Region'],
      columns: ['Product'],
      values: [
        { field: 'Qty', agg: 'sum' },
        { field: 'Qty', agg: 'count' },
        { field: 'Price', agg: 'average' },
        { field: 'Price', agg: 'min' },
        { field: 'Price', agg: 'max' },
        { field: 'Month', agg: 'count_distinct' },
      ],
    });
    const want = expectedByRegion(rows);
    expect(v1.output_range).toBe(`A1:AE${3 + want.length}`);
    const got = await grid(v1.output_range);
    expect(got[0]!.slice(0, 2)).toEqual(['Values', 'Product']);
    expect(got[1]!.filter((x) => x !== null)).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma', 'Grand Total']);
    expect(got[2]!.slice(0, 7)).toEqual(['Region', 'Sum of Qty', 'Count of Qty', 'Average of Price', 'Min of Price', 'Max of Price', 'Distinct count of Month']);
    compare(got.slice(3), want);
  });

  it('two row fields with subtotals and a filter', async () => {
    v2 = await api('POST', '/pivots', { source: 'Data!A1:E1001', anchor: 'Report!AH1', rows: ['Month', 'Product'], values: [{ field: 'Qty', agg: 'sum' }], filters: [{ field: 'Region', exclude: ['(blank)'] }] });
    const want = expectedByMonth(rows);
    const got = await grid(v2.output_range);
    expect(got[0]).toEqual(['Month', 'Product', 'Sum of Qty']);
    compare(got.slice(1), want);
  });

  it('edits and appended rows refresh both pivots in the same version', async () => {
    const before = (await api('GET', '')).version;
    const r = rng(7);
    const edits = Array.from({ length: 50 }, () => Math.floor(r() * 1000));
    for (const i of edits) rows[i]!.qty = String(100 + Math.floor(r() * 100));
    const more = makeRows(20, 99);
    await api('POST', '/batch', {
      actions: [
        ...edits.map((i) => ({ op: 'write_cells', args: { sheet: 'Data', cell: `C${i + 2}`, values: [[rows[i]!.qty]] } })),
        { op: 'write_cells', args: { sheet: 'Data', cell: 'A1002', values: more.map((x) => [x.region, x.product, x.qty, x.price, x.month]) } },
      ],
    });
    expect((await api('GET', '')).version).toBe(before + 1);
    // Whole columns (pivot 1) take the new rows; A1:E1001 (pivot 2) does not.
    compare((await grid(`A4:AE${3 + expectedByRegion([...rows, ...more]).length}`)), expectedByRegion([...rows, ...more]));
    const list = (await api('GET', '/pivots')).pivots;
    compare((await grid(list[1].output_range)).slice(1), expectedByMonth(rows));
  });
});
