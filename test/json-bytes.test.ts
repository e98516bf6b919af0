// jsonBytes writes a REST reply's JSON itself (rest/json-bytes.ts): its bytes must be exactly
// Buffer.from(JSON.stringify(value)) for every value, grids of numbers and text above all.
import { describe, expect, it } from 'vitest';
import { jsonBytes } from '../rest/json-bytes.ts';

const same = (value: object) => {
  const want = JSON.stringify(value);
  const got = jsonBytes(value);
  if (got.toString('utf8') !== want) expect(got.toString('utf8')).toBe(want);
  expect(got.equals(Buffer.from(want))).toBe(true);
};

function random(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
}

describe('jsonBytes', () => {
  it('writes numbers as JSON.stringify does', () => {
    const rand = random(7);
    const nums: number[] = [0, -0, 1, -1, 0.5, -0.5, 1e-6, 1e-7, 0.000001, 123456.789, 1e15, 1e21, 1e-300, 5e-324, 2 ** 53, 2 ** 53 - 1, -(2 ** 53) + 1, 2 ** 53 + 2, 1.7976931348623157e308, 0.1 + 0.2, 999999999999999.9, 100, 1000.5, 0.001, 10.01, NaN, Infinity, -Infinity];
    for (let i = 0; i < 100_000; i++) {
      const e = Math.floor(rand() * 40) - 15;
      const sign = rand() < 0.5 ? -1 : 1;
      const kind = i % 4;
      nums.push(sign * (kind === 0 ? Math.round(rand() * 10 ** Math.floor(rand() * 17)) / 10 ** Math.floor(rand() * 9) : kind === 1 ? Number((rand() * 10 ** e).toPrecision(1 + Math.floor(rand() * 17))) : kind === 2 ? Math.floor(rand() * 10 ** Math.floor(rand() * 18)) : rand() * 10 ** e));
    }
    same(nums);
    for (const x of nums.slice(0, 2000)) same({ x });
  });

  it('writes text as JSON.stringify does: escapes, other scripts, emoji, lone surrogates', () => {
    const texts = ['', 'plain', 'a"b', 'back\\slash', 'line\nbreak\ttab\r', '\u0000\u0001\u001f', '\u007f', 'café', '日本語', '😀', '\ud800', 'x\udc00y', '\u2028\u2029', '</script>', "'quote'"];
    const rand = random(3);
    for (let i = 0; i < 5000; i++) {
      let s = '';
      const n = Math.floor(rand() * 12);
      for (let k = 0; k < n; k++) s += String.fromCharCode(rand() < 0.8 ? 32 + Math.floor(rand() * 95) : Math.floor(rand() * 0x10000));
      texts.push(s);
    }
    same(texts);
    same(Object.fromEntries(texts.map((t, i) => [t, i])));
  });

  it('leaves out what JSON leaves out and calls toJSON with its key', () => {
    const seen: string[] = [];
    const custom = { toJSON: (key: string) => (seen.push(key), `at ${key}`) };
    same({ a: undefined, b: () => 1, c: Symbol('s'), d: [undefined, () => 1, Symbol('t')], e: null, f: true, g: false });
    same({ when: new Date(Date.UTC(2026, 10, 29)), nested: { custom }, list: [custom, custom], boxed: [new Number(3), new String('s'), new Boolean(false)] });
    expect(seen).toEqual(['custom', '0', '1', 'custom', '0', '1']);
    same({ sparse: [1, , 3], grid: [[1, 'a', null, true], [], [{ error: '#DIV/0!' }, { date: '2026-11-29', serial: 46355 }]] }); // eslint-disable-line no-sparse-arrays
    same({ 2: 'two', b: 1, 1: 'one', a: 2 });
    same([]);
    same({});
  });

  it('throws where JSON.stringify throws', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(() => jsonBytes(cycle)).toThrow(TypeError);
    expect(() => jsonBytes({ n: 1n })).toThrow(TypeError);
    // The writer is whole again after a failure.
    same({ after: [1.5, 'x'] });
  });

  it('writes a big reply whole (the buffer grows and is reused)', () => {
    const values = Array.from({ length: 20_000 }, (_, r) => Array.from({ length: 5 }, (_, c) => (c === 0 ? `item ${r}` : String(((r * 7 + c * 13) % 1000) + 0.5))));
    const typed = values.map((row) => row.map((v, c) => (c === 0 ? v : Number(v))));
    same({ sheet: 'Sheet1', range: 'A1:E20000', values, typed, errors: [] });
    same({ small: 1 });
    same({ sheet: 'Sheet1', range: 'A1:E20000', values, typed, errors: [] });
  });
});
