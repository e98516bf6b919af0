// Large Parquet files made in the tests, with every type PARQUET_SCHEMA (io-files.ts) has, and
// the check that a sheet holds what such a file does.
import { parquetWriteBuffer } from 'hyparquet-writer';
import { expect } from 'vitest';
import { cellToA1 } from '../../core/a1.ts';
import { PARQUET_SCHEMA } from './io-files.ts';
import { rng } from './random.ts';
import type { TestServer } from './server.ts';

/** The columns of PARQUET_SCHEMA. */
export const COLS = 8;

/** A file of `rows` rows in groups of `groupRows`, its values drawn from `seed`. */
export function parquetFile(rows: number, groupRows: number, seed: number): { bytes: Buffer; columns: Record<string, unknown[]> } {
  const next = rng(seed);
  const pick = <T>(make: (i: number) => T, nulls = 0.05) => Array.from({ length: rows }, (_, i) => (i % 997 === 13 || next() < nulls ? null : make(i)));
  const texts = ['plain', 'quote " and \\ backslash', 'tab\tand\nline', 'é ü 中文', 'emoji 🙂', '', '  spaces  ', '=1+1', 'null'];
  const columns = {
    id: pick((i) => i),
    big: pick((i) => (i % 5 === 0 ? 9007199254740993n + BigInt(i) : BigInt(i) - 500n)),
    price: pick(() => Math.round((next() - 0.5) * 1e8) / 1e3),
    amount: pick(() => Math.round(next() * 1e6) / 100),
    day: pick((i) => new Date(Date.UTC(1990 + (i % 40), i % 12, 1 + (i % 28)))),
    at: pick((i) => new Date(Date.UTC(2024, 0, 1) + i * 61_000 + 17)),
    name: pick((i) => `${texts[i % texts.length]}${i % 3 ? '' : ` #${i}`}`),
    // Mostly empty: rows end early, and some tiles' last rows are empty.
    ok: pick(() => next() < 0.5, 0.7),
  };
  const bytes = Buffer.from(
    parquetWriteBuffer({
      columnData: Object.entries(columns).map(([name, data]) => ({ name, data })),
      schema: PARQUET_SCHEMA,
      rowGroupSize: groupRows,
    } as never),
  );
  return { bytes, columns };
}

/** What each value of the file should become in the sheet, worked out here from the file's own values. */
export function expectRows(raw: unknown[][], columns: Record<string, unknown[]>): void {
  const serial = (d: Date) => d.getTime() / 86_400_000 + 25_569;
  const names = Object.keys(columns);
  expect(raw[0]).toEqual(names);
  expect(raw.length - 1).toBe(columns.id!.length);
  const wrong: string[] = [];
  for (let i = 0; i < raw.length - 1; i++) {
    names.forEach((name, j) => {
      const v = columns[name]![i], got = raw[i + 1]![j];
      const close = (want: number) => typeof got === 'number' && Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want));
      const ok =
        v === null || v === '' ? got === null
        : typeof v === 'bigint' ? got === (Number.isSafeInteger(Number(v)) ? Number(v) : v.toString())
        : v instanceof Date ? close(serial(v))
        : name === 'amount' ? close(v as number)
        : got === v;
      if (!ok && wrong.length < 10) wrong.push(`row ${i + 2} ${name}: ${String(v)} became ${JSON.stringify(got)}`);
    });
  }
  expect(wrong).toEqual([]);
}

/** The sheet's cells over rows r0..r1 (1-based, inclusive) of COLS columns from col0, read in slices. */
export async function sheetRows(server: TestServer, id: string, sheet: string, col0: number, r0: number, r1: number, render: 'raw' | 'displayed'): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for (let r = r0; r <= r1; r += 5_000) {
    const last = Math.min(r1, r + 4_999);
    const range = `${cellToA1({ row: r - 1, col: col0 })}:${cellToA1({ row: last - 1, col: col0 + COLS - 1 })}`;
    const res = await server.request('GET', `/v1/files/${id}/cells?${new URLSearchParams({ range, render, sheet })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...(res.body.values as unknown[][]));
  }
  return out;
}
