// A range read by many formulas is connected to its cells once. HyperFormula's graph builder, for
// each formula that names a range, looks the range's vertex up and then added an edge from every
// cell of the range (minus a smaller range it extends) to that vertex again, although they were
// added when the vertex was made: 3,000 VLOOKUPs into one 4,000 x 5 table walked 20,000 cells
// 3,000 times. Here a range vertex this function has already connected only gains the edge to the
// new formula. Installed once, before the first engine, by engineConfig().
import { HyperFormula } from 'hyperformula';

interface RangeDependency {
  start: unknown;
  end: unknown;
  isFinite(): boolean;
}
interface GraphThis {
  getRange(start: unknown, end: unknown): { idInGraph?: number } | undefined;
  graph: { addEdge(from: number, to: number): void };
}
type Process = (this: GraphThis, deps: unknown[], endVertex: { idInGraph?: number }) => void;

const isRange = (d: unknown): d is RangeDependency => typeof d === 'object' && d !== null && 'start' in d && 'end' in d && typeof (d as RangeDependency).isFinite === 'function';

let patched = false;

export function patchRangeEdges(): void {
  if (patched) return;
  patched = true;
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' }) as unknown as { dependencyGraph: object };
  const proto = Object.getPrototypeOf(probe.dependencyGraph) as { processCellDependencies: Process };
  (probe as unknown as HyperFormula).destroy();
  const connected = new WeakSet<object>();
  const original = proto.processCellDependencies;
  proto.processCellDependencies = function (deps, endVertex) {
    const rest: unknown[] = [];
    for (const dep of deps) {
      const vertex = isRange(dep) ? this.getRange(dep.start, dep.end) : undefined;
      if (vertex && connected.has(vertex) && vertex.idInGraph !== undefined && endVertex.idInGraph !== undefined) this.graph.addEdge(vertex.idInGraph, endVertex.idInGraph);
      else rest.push(dep);
    }
    original.call(this, rest, endVertex);
    for (const dep of rest) {
      const vertex = isRange(dep) ? this.getRange(dep.start, dep.end) : undefined;
      if (vertex) connected.add(vertex);
    }
  };
}
