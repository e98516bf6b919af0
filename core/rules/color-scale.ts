// Colour scales: thresholds (min, max, number, percent, percentile) become numbers from the
// values in the rule's range, and each number gets the colour interpolated between the two
// thresholds around it (clamped at the ends), as spreadsheet colour scales do.
import type { Threshold } from './model.ts';

/** PERCENTILE.INC over sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank), hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

/** Threshold positions for these values; each is at least the one before (ascending scale). */
export function thresholdValues(thresholds: Threshold[], values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const min = sorted[0] ?? 0, max = sorted[sorted.length - 1] ?? 0;
  const out: number[] = [];
  for (const t of thresholds) {
    let v: number;
    if (t.value_type === 'min') v = min;
    else if (t.value_type === 'max') v = max;
    else if (t.value_type === 'number') v = t.value!;
    else if (t.value_type === 'percent') v = min + ((max - min) * t.value!) / 100;
    else if (t.value_type === 'percentile') v = percentile(sorted, t.value!);
    // A formula's value, once resolveBounds (bounds.ts) has computed it.
    else v = t.value ?? min;
    out.push(out.length ? Math.max(v, out[out.length - 1]!) : v);
  }
  return out;
}

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hex([r, g, b]: number[]): string {
  return `#${[r, g, b].map((x) => Math.round(x!).toString(16).padStart(2, '0')).join('').toUpperCase()}`;
}

export function colorFor(value: number, at: number[], colors: string[]): string {
  if (value <= at[0]!) return colors[0]!.toUpperCase();
  for (let i = 1; i < at.length; i++) {
    if (value <= at[i]!) {
      const span = at[i]! - at[i - 1]!;
      const t = span === 0 ? 1 : (value - at[i - 1]!) / span;
      const a = rgb(colors[i - 1]!), b = rgb(colors[i]!);
      return hex(a.map((x, k) => x + (b[k]! - x) * t));
    }
  }
  return colors[colors.length - 1]!.toUpperCase();
}

/** Black or white, whichever contrasts more with the fill (WCAG relative luminance). */
export function contrastText(fill: string): string {
  const lin = rgb(fill).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
  return lum > 0.179 ? '#000000' : '#FFFFFF';
}
