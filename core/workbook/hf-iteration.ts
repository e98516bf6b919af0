// Iterative calculation in the engine (iteration.ts): HyperFormula gives every formula on a cycle
// #CYCLE!. With the file's iteration on (config.context.iteration), each cycle (a strongly
// connected part of the dependency graph, hf-top-sort.ts hands it over whole) is computed as Excel
// does: from the cells' current values (0 for a cell without one), its formulas are computed again
// in reading order, each seeing the others' latest values, until no value changes by delta or more
// or count rounds are done. What depends on the cycle is computed after it, from its values.
import { CellError, ErrorType, HyperFormula } from 'hyperformula';
import type { Iteration } from './iteration.ts';

interface Address {
  sheet: number;
  row: number;
  col: number;
}
interface Vertex {
  getFormula?: unknown;
  clearCache?: () => void;
  getAddress(service: unknown): Address;
  isComputed(): boolean;
  getCellValue(): unknown;
  setCellValue(v: unknown): unknown;
}
interface Changes {
  addChange(value: unknown, address: Address): void;
}
interface EvaluatorProto {
  config: { context?: { iteration?: Iteration } };
  lazilyTransformingAstService: unknown;
  dependencyGraph: { graph: { getTopSortedWithSccSubgraphFrom(modified: Vertex[], operating: (v: Vertex) => boolean, onCycle: (v: Vertex) => void, onComponent?: (members: Vertex[]) => void): unknown } };
  partialRun(vertices: Vertex[]): Changes;
  recomputeFormulas(cycled: Vertex[], sorted: Vertex[]): void;
  recomputeVertex(v: Vertex, changes: Changes): boolean;
  processVertexOnCycle(v: Vertex, changes: Changes): void;
}

const isFormula = (v: Vertex) => typeof v.getFormula === 'function';
const isRange = (v: Vertex) => typeof v.clearCache === 'function' && !isFormula(v);

/** How far a value moved in one round: the difference of numbers, 0 for the same value, else infinite. */
function moved(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b);
  if (a instanceof CellError && b instanceof CellError) return a.type === b.type ? 0 : Infinity;
  return a === b ? 0 : Infinity;
}

function iterate(ev: EvaluatorProto, members: Vertex[], changes: Changes, it: Iteration): void {
  const ranges = members.filter(isRange);
  const at = new Map(members.filter(isFormula).map((v) => [v, v.getAddress(ev.lazilyTransformingAstService)]));
  const formulas = [...at.keys()].sort((a, b) => {
    const p = at.get(a)!, q = at.get(b)!;
    return p.sheet - q.sheet || p.row - q.row || p.col - q.col;
  });
  for (const v of formulas) {
    const value = v.isComputed() ? v.getCellValue() : undefined;
    if (value === undefined || (value instanceof CellError && value.type === ErrorType.CYCLE)) {
      v.setCellValue(0);
      changes.addChange(0, at.get(v)!);
    }
  }
  // Each formula reads the values the ones before it just took (ranges forget what they held); in
  // a very large cycle ranges forget once a round, so a round stays linear in its size.
  const eachFormula = ranges.length * formulas.length <= 1_000_000;
  for (let round = 0; round < it.count; round++) {
    let most = 0;
    if (!eachFormula) for (const r of ranges) r.clearCache!();
    for (const v of formulas) {
      if (eachFormula) for (const r of ranges) r.clearCache!();
      const before = v.getCellValue();
      ev.recomputeVertex(v, changes);
      most = Math.max(most, moved(before, v.getCellValue()));
    }
    if (most < it.delta) break;
  }
  for (const r of ranges) r.clearCache!();
}

let patched = false;

export function patchIteration(): void {
  if (patched) return;
  patched = true;
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' }) as unknown as { _evaluator: EvaluatorProto };
  const proto = Object.getPrototypeOf(probe._evaluator) as EvaluatorProto;
  const emptyChanges = Object.getPrototypeOf(probe._evaluator.partialRun([])).constructor as { empty(): Changes };
  (probe as unknown as HyperFormula).destroy();
  const partialRun = proto.partialRun;
  const recomputeFormulas = proto.recomputeFormulas;
  proto.partialRun = function (this: EvaluatorProto, vertices) {
    const it = this.config.context?.iteration;
    if (!it) return partialRun.call(this, vertices);
    const changes = emptyChanges.empty();
    this.dependencyGraph.graph.getTopSortedWithSccSubgraphFrom(
      vertices,
      (v) => this.recomputeVertex(v, changes),
      (v) => this.processVertexOnCycle(v, changes),
      (members) => iterate(this, members, changes, it),
    );
    return changes;
  };
  // A whole computation (the build) leaves cycles at #CYCLE!: with iteration on, they are then
  // computed, and what depends on them again.
  proto.recomputeFormulas = function (this: EvaluatorProto, cycled, sorted) {
    recomputeFormulas.call(this, cycled, sorted);
    if (cycled.length && this.config.context?.iteration) this.partialRun(cycled);
  };
}
