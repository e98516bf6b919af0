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

const ZEROS = ['', '0', '00', '000', '0000', '00000'];
/** '.5', '.05', '.125': the fraction texts of one to three places, built on first use. */
const FRACTIONS: string[][] = [];

function fractionText(places: number, frac: number): string {
  const digits = String(frac);
  return `.${digits.length < places ? ZEROS[places - digits.length] : ''}${digits}`;
}

/**
 * The places (1 to 6) of a short decimal, under 10^15 once scaled (500.5: 1, -0.0625: 4), else 0:
 * the fewest k whose round(x * 10^k) / 10^k gives x back. At 15 digits or fewer no other decimal of
 * k places is that close to x, so that decimal is the shortest text that reads back as x, which is
 * what String(x) gives (and JSON.stringify; rest/json-bytes.ts writes its digits).
 */
export function shortDecimalPlaces(x: number): number {
  if (!Number.isFinite(x) || Number.isInteger(x)) return 0;
  for (let k = 0; k < SCALES.length; k++) {
    const p = SCALES[k]!;
    const n = Math.round(x * p);
    if (Math.abs(n) >= 1e15) return 0;
    if (n / p === x) return k + 1;
  }
  return 0;
}

/** 10^places for the places shortDecimalPlaces gives. */
export function decimalScale(places: number): number {
  return SCALES[places - 1]!;
}

/**
 * String(x) for a short decimal (shortDecimalPlaces), built from integers instead of the
 * shortest-digits search for a double (3x slower; it was a third of a 100k-cell read), and for up
 * to 3 places as one concatenation of the whole part's text (V8 keeps small integers' texts) and a
 * kept fraction text, so it leaves no more garbage than String does. Undefined otherwise.
 */
export function shortDecimalText(x: number): string | undefined {
  const places = shortDecimalPlaces(x);
  if (places === 0) return undefined;
  const k = places - 1;
  const p = SCALES[k]!;
  const n = Math.round(x * p);
  const a = n < 0 ? -n : n;
  const whole = Math.floor(a / p);
  const frac = a - whole * p;
  let tail: string;
  if (k < 3) {
    const kept = (FRACTIONS[k] ??= Array.from({ length: p }, (_, f) => fractionText(k + 1, f)));
    tail = kept[frac]!;
  } else tail = fractionText(k + 1, frac);
  return n < 0 ? `-${whole}${tail}` : whole + tail;
}
