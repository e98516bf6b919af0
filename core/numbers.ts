// Numbers as spreadsheets show them: at most 15 significant digits, so float noise
// (0.1 + 0.2 = 0.30000000000000004) never reaches a reply.

/** 10^1 .. 10^6: the decimal places tried before the exact but slower toPrecision. */
const SCALES = [10, 100, 1000, 10_000, 100_000, 1_000_000];

export function significant15(x: number): number {
  if (!Number.isFinite(x) || Number.isInteger(x)) return x;
  // Most numbers read are short decimals (500.5, 19.99). x is already the nearest double to a
  // decimal of at most 15 significant digits when some n / 10^k gives x back exactly (n and 10^k
  // are exact, and IEEE division rounds as parsing that decimal does); toPrecision(15) would then
  // return that decimal and parsing it x again. This test costs a few multiplications where
  // toPrecision and parsing cost a string each (a third of a 100k-cell read's time).
  for (const p of SCALES) {
    const n = Math.round(x * p);
    if (Math.abs(n) >= 1e15) break;
    if (n / p === x) return x;
  }
  return Number(x.toPrecision(15));
}
