// significant15: a number as a reply shows it, at most 15 significant digits; the fast path for
// short decimals must give exactly what toPrecision(15) gives; shortDecimalText exactly String's text.
import { describe, expect, it } from 'vitest';
import { shortDecimalText, significant15 } from '../core/numbers.ts';

const byPrecision = (x: number) => (Number.isFinite(x) && !Number.isInteger(x) ? Number(x.toPrecision(15)) : x);

describe('significant15', () => {
  it('takes float noise off and keeps short decimals as they are', () => {
    expect(significant15(0.1 + 0.2)).toBe(0.3);
    expect(significant15(500.5)).toBe(500.5);
    expect(significant15(-19.99)).toBe(-19.99);
    expect(significant15(1 / 3)).toBe(0.333333333333333);
    expect(significant15(123456789012345.6)).toBe(123456789012346);
    expect(significant15(1.0000000000000002)).toBe(1);
    expect(Object.is(significant15(-0), -0)).toBe(true);
    expect(significant15(Number.NaN)).toBeNaN();
    expect(significant15(Infinity)).toBe(Infinity);
  });

  it('agrees with toPrecision(15) on numbers of every size and length', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let i = 0; i < 200_000; i++) {
      const e = Math.floor(rand() * 40) - 20;
      const digits = 1 + Math.floor(rand() * 17);
      const sign = rand() < 0.5 ? -1 : 1;
      const kind = i % 4;
      const x = sign * (kind === 0 ? rand() * 10 ** e : kind === 1 ? Math.round(rand() * 1e7) / 10 ** Math.floor(rand() * 8) : kind === 2 ? Number((rand() * 10 ** e).toPrecision(digits)) : (rand() * 1e6) / 3);
      if (!Object.is(significant15(x), byPrecision(x))) expect([x, significant15(x)]).toEqual([x, byPrecision(x)]);
    }
  });
});

describe('shortDecimalText', () => {
  it('is String(x) for short decimals, undefined for the rest', () => {
    expect(shortDecimalText(500.5)).toBe('500.5');
    expect(shortDecimalText(-0.0625)).toBe('-0.0625');
    expect(shortDecimalText(0.000001)).toBe('0.000001');
    expect(shortDecimalText(1.05)).toBe('1.05');
    expect(shortDecimalText(12)).toBeUndefined();
    expect(shortDecimalText(0.1 + 0.2)).toBeUndefined();
    expect(shortDecimalText(1e-7)).toBeUndefined();
    expect(shortDecimalText(Number.NaN)).toBeUndefined();
  });

  it('agrees with String on numbers of every size and length', () => {
    let seed = 11;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    let short = 0;
    for (let i = 0; i < 200_000; i++) {
      const e = Math.floor(rand() * 30) - 10;
      const sign = rand() < 0.5 ? -1 : 1;
      const kind = i % 3;
      const x = sign * (kind === 0 ? Math.round(rand() * 10 ** Math.floor(rand() * 16)) / 10 ** Math.floor(rand() * 8) : kind === 1 ? Number((rand() * 10 ** e).toPrecision(1 + Math.floor(rand() * 16))) : rand() * 10 ** e);
      const text = shortDecimalText(x);
      if (text === undefined) continue;
      short++;
      if (text !== String(x)) expect([x, text]).toEqual([x, String(x)]);
    }
    expect(short).toBeGreaterThan(50_000);
  });
});
