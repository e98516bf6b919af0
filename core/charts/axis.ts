// Axis scales and number labels for chart drawings: "nice" tick steps (1, 2, 2.5, 5 x 10^k)
// like spreadsheet charts choose, and compact tick text (1.5k, 2M).

export interface Scale {
  min: number;
  max: number;
  step: number;
  ticks: number[];
}

export function niceScale(lo: number, hi: number, target = 5, includeZero = true): Scale {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) lo = hi = 0;
  if (includeZero) {
    lo = Math.min(lo, 0);
    hi = Math.max(hi, 0);
  }
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    lo -= includeZero && lo >= 0 ? 0 : pad;
    hi += pad;
  }
  const raw = (hi - lo) / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * mag >= raw) ?? 10) * mag;
  const min = Math.floor(lo / step + 1e-9) * step;
  const max = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let v = min; v <= max + step / 2; v += step) ticks.push(Math.abs(v) < step / 1e6 ? 0 : round(v, step));
  return { min, max, step, ticks };
}

function round(v: number, step: number): number {
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  return Number(v.toFixed(Math.min(digits, 12)));
}

/** Tick text: 1,500 / 2.5k / 1.2M — short enough for an axis. */
export function tickText(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e9) return `${trim(v / 1e9)}B`;
  if (a >= 1e6) return `${trim(v / 1e6)}M`;
  if (a >= 1e4) return `${trim(v / 1e3)}k`;
  return valueText(v);
}

/** A data label: up to 2 decimals, digit grouping. */
export function valueText(v: number): string {
  return v.toLocaleString('en-US', { maximumFractionDigits: Math.abs(v) < 1 && v !== 0 ? 4 : 2 });
}

function trim(v: number): string {
  return Number(v.toFixed(2)).toString();
}
