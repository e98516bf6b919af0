// HyperFormula orders the formulas a change reaches with Tarjan's algorithm over plain arrays indexed
// by vertex id (TopSort.mjs), created empty for every recalculation. The first write lands at an id
// in the tens or hundreds of thousands, so V8 keeps each array as a dictionary, and every read and
// write of the walk is a hash lookup: in a warm one-cell edit of a table that 3,000 formulas read,
// the ordering cost more than computing them. This is the same walk, the same order and the same
// cycles, over typed arrays kept per graph and reused: a vertex's entries are valid when its stamp
// is the current run's. Patched once into the Graph class, which every engine shares.
import { HyperFormula } from 'hyperformula';

interface Vertex {
  idInGraph?: number;
}
interface GraphProto {
  nodesSparseArray: (Vertex | undefined)[];
  edgesSparseArray: (number[] | undefined)[];
  getTopSortedWithSccSubgraphFrom(modified: Vertex[], operating: (v: Vertex) => boolean, onCycle: (v: Vertex) => void, onComponent?: (members: Vertex[]) => void): { sorted: Vertex[]; cycled: Vertex[] };
}

const ON_STACK = 0;
const PROCESSED = 1;
const POPPED = 2;

/** Per-vertex state of one run; entries of a vertex are valid when stamp[id] === run. */
class Walk {
  run = 0;
  busy = false;
  stamp = new Int32Array(0);
  entered = new Int32Array(0);
  entrance = new Int32Array(0);
  low = new Int32Array(0);
  parent = new Int32Array(0);
  status = new Uint8Array(0);
  inScc = new Uint8Array(0);
  onCycle = new Uint8Array(0);
  updated = new Int32Array(0);

  reset(size: number): void {
    if (this.stamp.length < size || this.run >= 0x7ffffff0) {
      const n = Math.max(size, Math.ceil(this.stamp.length * 1.5), 1024);
      this.stamp = new Int32Array(n);
      this.entered = new Int32Array(n);
      this.entrance = new Int32Array(n);
      this.low = new Int32Array(n);
      this.parent = new Int32Array(n);
      this.status = new Uint8Array(n);
      this.inScc = new Uint8Array(n);
      this.onCycle = new Uint8Array(n);
      this.updated = new Int32Array(n);
      this.run = 0;
    }
    this.run++;
  }
}

const walks = new WeakMap<object, Walk>();
let patched = false;
/** HyperFormula's own method, kept for the test that compares the two walks. */
export let hyperFormulaTopSort: GraphProto['getTopSortedWithSccSubgraphFrom'] | undefined;

export function patchTopSort(): void {
  if (patched) return;
  patched = true;
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' }) as unknown as { _dependencyGraph: { graph: object } };
  const proto = Object.getPrototypeOf(probe._dependencyGraph.graph) as GraphProto;
  (probe as unknown as HyperFormula).destroy();
  hyperFormulaTopSort = proto.getTopSortedWithSccSubgraphFrom;
  proto.getTopSortedWithSccSubgraphFrom = function (this: GraphProto, modifiedNodes, operatingFunction, onCycleFn, onComponent) {
    let walk = walks.get(this.nodesSparseArray);
    // A recalculation started from inside another (none is known to) gets a walk of its own.
    if (!walk || walk.busy) {
      const fresh = new Walk();
      if (!walk) walks.set(this.nodesSparseArray, fresh);
      walk = fresh;
    }
    walk.busy = true;
    try {
      return topSorted(walk, this.nodesSparseArray, this.edgesSparseArray, modifiedNodes, operatingFunction, onCycleFn, onComponent);
    } finally {
      walk.busy = false;
    }
  };
}

/** `onComponent`, when given, takes each cycle whole (iterative calculation: hf-iteration.ts) instead of onCycle per vertex. */
function topSorted(w: Walk, nodes: (Vertex | undefined)[], edges: (number[] | undefined)[], modifiedNodes: Vertex[], operating: (v: Vertex) => boolean, onCycle: (v: Vertex) => void, onComponent?: (members: Vertex[]) => void): { sorted: Vertex[]; cycled: Vertex[] } {
  w.reset(nodes.length);
  const run = w.run;
  const { stamp, entered, entrance, low, parent, status, inScc, onCycle: nonSingleton, updated } = w;
  const adjacent = (id: number) => edges[id]!.filter((a) => a !== undefined && nodes[a] !== undefined);
  const touch = (id: number, from: number) => {
    stamp[id] = run;
    entered[id] = 0;
    inScc[id] = 0;
    nonSingleton[id] = 0;
    parent[id] = from;
  };
  const order: number[] = [];
  // Where each cycle's members start in `order` (a component's members are pushed together).
  const cycleStart = new Map<number, number>();
  let time = 0;

  const ids: number[] = [];
  for (const node of modifiedNodes) if (node.idInGraph !== undefined) ids.push(node.idInGraph);
  ids.reverse();

  for (const v of ids) {
    if (stamp[v] === run) continue;
    touch(v, -1);
    status[v] = ON_STACK;
    const dfs = [v];
    const scc: number[] = [];
    while (dfs.length > 0) {
      const u = dfs[dfs.length - 1]!;
      const s = status[u];
      if (s === ON_STACK) {
        entrance[u] = time;
        entered[u] = 1;
        low[u] = time;
        time++;
        scc.push(u);
        for (const t of adjacent(u)) {
          if (stamp[t] === run && entered[t]) continue;
          if (stamp[t] !== run) touch(t, u);
          else parent[t] = u;
          dfs.push(t);
          status[t] = ON_STACK;
        }
        status[u] = PROCESSED;
      } else if (s === PROCESSED) {
        let uLow = entrance[u]!;
        for (const t of adjacent(u)) {
          if (inScc[t]) continue;
          uLow = parent[t] === u ? Math.min(uLow, low[t]!) : Math.min(uLow, entrance[t]!);
        }
        low[u] = uLow;
        if (uLow === entrance[u]) {
          const component: number[] = [];
          do component.push(scc.pop()!);
          while (component[component.length - 1] !== u);
          for (const t of component) inScc[t] = 1;
          if (onComponent && (component.length > 1 || edges[u]!.includes(u))) cycleStart.set(order.length + component.length - 1, order.length);
          for (const t of component) order.push(t);
          if (component.length > 1) for (const t of component) nonSingleton[t] = 1;
        }
        dfs.pop();
        status[u] = POPPED;
      } else dfs.pop();
    }
  }

  // Postprocess as HyperFormula does: reverse finishing order; a vertex is recomputed when it was
  // modified or a vertex before it changed; vertices on cycles are handed to onCycle.
  for (const id of ids) updated[id] = run;
  const sorted: Vertex[] = [];
  const cycled: Vertex[] = [];
  for (let i = order.length - 1; i >= 0; i--) {
    const t = order[i]!;
    const next = adjacent(t);
    const node = nodes[t]!;
    const first = cycleStart.get(i);
    if (first !== undefined) {
      // The whole cycle at once, when one of its members was modified or follows a change.
      const members = order.slice(first, i + 1).reverse();
      if (members.some((m) => updated[m] === run)) {
        const vertices = members.map((m) => nodes[m]!);
        cycled.push(...vertices);
        onComponent!(vertices);
        for (const m of members) for (const s of adjacent(m)) if (s < updated.length) updated[s] = run;
      }
      i = first;
      continue;
    }
    if (nonSingleton[t] || next.includes(t)) {
      cycled.push(node);
      onCycle(node);
      for (const s of next) if (s < updated.length) updated[s] = run;
    } else {
      sorted.push(node);
      if (updated[t] === run && operating(node)) for (const s of next) if (s < updated.length) updated[s] = run;
    }
  }
  return { sorted, cycled };
}
