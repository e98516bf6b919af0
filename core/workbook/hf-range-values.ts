// HyperFormula's SUM, AVERAGE, MIN, MAX, COUNT... read a range through
// AbsoluteCellRange.addresses(), which builds one address object per cell first. A SUM over a
// 100k-row column, recomputed on every edit of that column, made 100k objects each time: a
// quarter of a warm one-cell edit went to collecting them. This is the same walk (a cached
// smaller range first, then the rest, row by row) with one address object reused. Patched once
// into the plugin class, which every engine shares.
import { CellError, HyperFormula } from 'hyperformula';

interface Address {
  sheet: number;
  row: number;
  col: number;
}
interface Range {
  start: Address;
  effectiveEndRow(graph: unknown): number;
  effectiveEndColumn(graph: unknown): number;
}
interface RangeVertex {
  range: Range;
  getFunctionValue(name: string): unknown;
}
interface Graph {
  rangeMapping: { findSmallerRange(range: Range): { smallerRangeVertex?: RangeVertex; restRange: Range } };
  existsEdge(from: unknown, to: unknown): boolean;
  getScalarValue(at: Address): unknown;
}
interface Aggregation {
  dependencyGraph: Graph;
  getRangeValues(name: string, range: Range, vertex: RangeVertex, map: (v: unknown) => unknown, coerce: (v: unknown) => unknown): unknown[];
}

let patched = false;

export function patchRangeValues(): void {
  if (patched) return;
  patched = true;
  const plugin = HyperFormula.getFunctionPlugin('SUM') as unknown as { prototype: Aggregation } | undefined;
  if (!plugin) return;
  plugin.prototype.getRangeValues = function (this: Aggregation, name, range, vertex, map, coerce) {
    const graph = this.dependencyGraph;
    const out: unknown[] = [];
    const walk = (r: Range) => {
      const at: Address = { sheet: r.start.sheet, row: 0, col: 0 };
      const lastRow = r.effectiveEndRow(graph), lastCol = r.effectiveEndColumn(graph);
      for (let row = r.start.row; row <= lastRow; row++) {
        for (let col = r.start.col; col <= lastCol; col++) {
          at.row = row;
          at.col = col;
          const v = coerce(graph.getScalarValue(at));
          if (v instanceof CellError) out.push(v);
          else if (v !== undefined) out.push(map(v));
        }
      }
    };
    const { smallerRangeVertex: smaller, restRange } = graph.rangeMapping.findSmallerRange(range);
    if (smaller !== undefined && graph.existsEdge(smaller, vertex)) {
      const cached = smaller.getFunctionValue(name);
      if (cached !== undefined) out.push(cached);
      else walk(smaller.range);
      walk(restRange);
    } else walk(range);
    return out;
  };
}
