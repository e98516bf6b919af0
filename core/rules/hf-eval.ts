// Evaluates one formula at many cells, with relative references shifting from cell to cell as a
// conditional-format condition does. The formula is parsed once at the top-left cell of its range
// (HyperFormula keeps relative references as offsets) and evaluated at each cell's address.
// This reaches into HyperFormula internals (parser, evaluator, exporter), pinned at 3.5.x and
// covered by test/rules-eval.test.ts, because the public calculateFormula() evaluates at A1 only.
import type { HyperFormula } from 'hyperformula';

interface Internals {
  _parser: { parse(text: string, at: Address): { ast: unknown; errors: unknown[]; dependencies: unknown[] } };
  evaluator: { runAndForget(ast: unknown, at: Address, deps: unknown[]): unknown };
  _exporter: { exportScalarOrRange(v: unknown): unknown };
  dependencyGraph: { rangeMapping: { removeVertexIfExists(v: unknown): void } };
}

interface Address {
  sheet: number;
  row: number;
  col: number;
}

/**
 * Calls `visit` with the value of `formula` at each address; `origin` is the cell the formula is
 * written for. Returns false when the formula does not parse.
 */
export function evaluateAt(hf: HyperFormula, sheet: number, formula: string, origin: { row: number; col: number }, cells: Iterable<{ row: number; col: number }>, visit: (row: number, col: number, value: unknown) => void): boolean {
  const inner = hf as unknown as Internals;
  const parsed = inner._parser.parse(formula, { sheet, ...origin });
  if (parsed.errors.length) return false;
  // runAndForget builds a temporary range vertex per range and drops it after each call, which
  // makes AVERAGE($A$1:$A$100000) cost the whole range at every cell. Keep them for the loop
  // (their caches stay valid: nothing changes meanwhile) and drop them at the end.
  const mapping = inner.dependencyGraph.rangeMapping;
  const remove = mapping.removeVertexIfExists;
  const kept: unknown[] = [];
  mapping.removeVertexIfExists = (v: unknown) => void kept.push(v);
  try {
    for (const { row, col } of cells) {
      const value = inner.evaluator.runAndForget(parsed.ast, { sheet, row, col }, parsed.dependencies);
      visit(row, col, inner._exporter.exportScalarOrRange(value));
    }
  } finally {
    mapping.removeVertexIfExists = remove;
    for (const v of kept) remove.call(mapping, v);
  }
  return true;
}

/** A condition holds when it is TRUE or a non-zero number (as spreadsheets read conditions). */
export function isTruthy(value: unknown): boolean {
  const v = Array.isArray(value) ? value[0]?.[0] : value;
  return v === true || (typeof v === 'number' && v !== 0 && Number.isFinite(v));
}
