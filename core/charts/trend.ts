// Linear trend lines: ordinary least squares y = slope * x + intercept, as spreadsheet trend
// lines (and SLOPE/INTERCEPT/RSQ) compute them.

export interface Trend {
  slope: number;
  intercept: number;
  /** Coefficient of determination; 1 when the points lie on the line (or y is constant). */
  r2: number;
}

/** null when fewer than two points or all x are equal. */
export function linearTrend(xs: number[], ys: number[]): Trend | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return null;
  let sx = 0, sy = 0;
  for (let i = 0; i < n; i++) {
    sx += xs[i]!;
    sy += ys[i]!;
  }
  const mx = sx / n, my = sy / n;
  let sxx = 0, sxy = 0, syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx, dy = ys[i]! - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  const r2 = syy === 0 ? 1 : (sxy * sxy) / (sxx * syy);
  return { slope, intercept, r2 };
}
