// The recalculation order (core/workbook/hf-top-sort.ts) is HyperFormula's own walk over typed
// arrays: on engines with chains, shared ranges and cycles, it returns the same sorted vertices,
// the same cycles and recomputes the same vertices in the same order as HyperFormula's.
import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { ENGINE_NAMES, engineConfig } from '../core/workbook/engine.ts';
import { hyperFormulaTopSort } from '../core/workbook/hf-top-sort.ts';

interface Vertex {
  idInGraph?: number;
}
interface Graph {
  getNodes(): Vertex[];
  getTopSortedWithSccSubgraphFrom(m: Vertex[], op: (v: Vertex) => boolean, cyc: (v: Vertex) => void): { sorted: Vertex[]; cycled: Vertex[] };
}

function randomSheet(seed: number, rows: number): (string | number)[][] {
  let s = seed;
  const rand = (n: number) => ((s = (s * 1103515245 + 12345) % 2147483648) % n);
  return Array.from({ length: rows }, (_, r) => [
    r + 1,
    rand(4) === 0 ? `=A${rand(rows) + 1}+B${rand(rows) + 1}` : `=A${r + 1}*2`,
    `=SUM(A1:A${rand(rows) + 1})+C${Math.max(1, r)}`,
    rand(10) === 0 ? `=D${rand(rows) + 1}+1` : `=B${r + 1}+C${r + 1}`,
  ]);
}

describe('recalculation order', () => {
  it('is HyperFormula’s: same sorted, same cycles, same vertices recomputed in the same order', () => {
    let cycles = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const hf = HyperFormula.buildFromArray(randomSheet(seed, 60), engineConfig(), ENGINE_NAMES);
      const graph = (hf as unknown as { _dependencyGraph: { graph: Graph } })._dependencyGraph.graph;
      const nodes = graph.getNodes();
      for (let trial = 0; trial < 8; trial++) {
        const seeds = nodes.filter((_, i) => (i * 7 + trial * 13 + seed) % 17 === 0);
        const run = (fn: Graph['getTopSortedWithSccSubgraphFrom']) => {
          const operated: number[] = [];
          const cycled: number[] = [];
          const out = fn.call(graph, [...seeds], (v) => (operated.push(v.idInGraph!), (v.idInGraph! + trial) % 3 !== 0), (v) => cycled.push(v.idInGraph!));
          return { operated, cycled, sorted: out.sorted.map((v) => v.idInGraph), cycles: out.cycled.map((v) => v.idInGraph) };
        };
        const ours = run(graph.getTopSortedWithSccSubgraphFrom);
        expect(ours).toEqual(run(hyperFormulaTopSort!));
        expect(ours.sorted.length).toBeGreaterThan(0);
        cycles += ours.cycles.length;
      }
      hf.destroy();
    }
    expect(cycles).toBeGreaterThan(0);
  });

  it('still finds cycles and recomputes what an edit reaches', () => {
    const hf = HyperFormula.buildFromArray([[1, '=A1+C1', '=B1'], [2, '=A2*10', '=SUM(A1:A2)']], engineConfig(), ENGINE_NAMES);
    expect(String(hf.getCellValue({ sheet: 0, row: 0, col: 1 }))).toMatch(/CYCLE/);
    hf.setCellContents({ sheet: 0, row: 1, col: 0 }, [[5]]);
    expect(hf.getCellValue({ sheet: 0, row: 1, col: 1 })).toBe(50);
    expect(hf.getCellValue({ sheet: 0, row: 1, col: 2 })).toBe(6);
    hf.setCellContents({ sheet: 0, row: 0, col: 2 }, [[7]]);
    expect(hf.getCellValue({ sheet: 0, row: 0, col: 1 })).toBe(8);
    hf.destroy();
  });
});
