// "Did you mean": the closest valid name to a mistyped one, so a 400 can be fixed in one retry.

/** Levenshtein distance, case-insensitive; `_`, `-` and spaces count as the same character. */
function distance(a: string, b: string): number {
  const norm = (s: string) => s.toLowerCase().replace(/[-\s]/g, '_');
  const x = norm(a), y = norm(b);
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[y.length]!;
}

/**
 * The option `given` most likely stands for: the nearest within a third of its length (at least
 * one edit), or the one option that holds it or is held by it ("color" for "text_color"); none when unclear.
 */
export function closest(given: string, options: readonly string[]): string | undefined {
  if (given.length === 0 || given.length > 100) return undefined;
  let best: string | undefined;
  let bestD = Math.max(1, Math.floor(given.length / 3)) + 1;
  let tie = false;
  for (const o of options) {
    const d = distance(given, o);
    if (d < bestD) [best, bestD, tie] = [o, d, false];
    else if (d === bestD) tie = true;
  }
  if (best !== undefined && !tie) return best;
  const g = given.toLowerCase();
  const holding = options.filter((o) => g.length >= 3 && (o.toLowerCase().includes(g) || g.includes(o.toLowerCase())));
  return holding.length === 1 ? holding[0] : undefined;
}

/** "; did you mean "x"?" or "". */
export function didYouMean(given: unknown, options: readonly string[]): string {
  if (typeof given !== 'string') return '';
  const hit = closest(given, options);
  return hit === undefined || hit === given ? '' : `; did you mean "${hit}"?`;
}
