// The table GROUPBY and PIVOTBY return (groupby.ts reads their arguments): the data rows grouped
// by their row fields, and for PIVOTBY their column fields, into a tree per axis whose levels are
// sorted; totals and subtotals placed as asked; one aggregate per row group, column group and
// measure (a values column through a function); and the headers Excel shows above them.
import { CellError, EmptyValue } from 'hyperformula';
import { rawNumber, valueError, type Grid, type InternalScalarValue } from './shared.ts';

type Scalar = InternalScalarValue;

/** One axis of the summary (GROUPBY's columns have no fields). */
export interface AxisSpec {
  /** Per data row, its value in each field. */
  keys: Grid;
  fields: number;
  names: Scalar[];
  /** 0 no totals, 1 a grand total, 2 subtotals of the first field too, ...; negative: at the top. Undefined: automatic. */
  depth?: number;
  /** Sort keys, 1-based and signed (negative descending): the fields, then the measures. */
  sort: number[];
  /** field_relationship 1: the fields sorted as a table's columns, no subtotals. */
  table?: boolean;
}

export interface PivotSpec {
  rows: AxisSpec;
  cols: AxisSpec;
  valueCount: number;
  valueNames: Scalar[];
  /** The functions' labels (SUM, or the label given). */
  fnLabels: string[];
  /** The functions laid out down the rows (a VSTACK of them) instead of across. */
  vertical: boolean;
  /** Per data row, whether filter_array keeps it. */
  include: boolean[];
  /** Field headers shown. */
  headers: boolean;
  /** PIVOTBY's relative_to: which rows a two-argument function's second argument covers. */
  relativeTo: number;
  /** Function `fn` over values column `value` of `rows`; `all()` gives the rows of its second argument. */
  aggregate(fn: number, value: number, rows: number[], all: () => number[]): Scalar;
  /** Excel's sort order of two values (ascending). */
  compare(a: Scalar, b: Scalar): number;
  maxCells: number;
}

interface Node {
  prefix: Scalar[];
  rows: number[];
  children: Node[];
  parent?: Node;
}

interface Entry {
  node: Node;
  /** A total: the grand total at the root, else the subtotal of its prefix. */
  total: boolean;
}

/** Grouping identity of a key: text without case, as Excel groups. */
function keyOf(v: Scalar): string {
  if (v === EmptyValue) return 'e';
  if (typeof v === 'string') return `s${v.toLowerCase()}`;
  if (typeof v === 'boolean') return `b${v}`;
  if (v instanceof CellError) return `x${v.type}`;
  return `n${rawNumber(v) ?? String(v)}`;
}

function grow(node: Node, keys: Grid, level: number, fields: number): void {
  if (level === fields) return;
  const groups = new Map<string, Node>();
  for (const r of node.rows) {
    const v = keys[r]![level]!;
    const k = keyOf(v);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { prefix: [...node.prefix, v], rows: [], children: [], parent: node }));
    g.rows.push(r);
  }
  node.children = [...groups.values()];
  for (const c of node.children) grow(c, keys, level + 1, fields);
}

function leaves(node: Node): Node[] {
  return node.children.length ? node.children.flatMap(leaves) : [node];
}

/** Blanks sort last whichever the direction. */
function directed(compare: (a: Scalar, b: Scalar) => number, a: Scalar, b: Scalar, desc: boolean): number {
  const ea = a === EmptyValue || a === '', eb = b === EmptyValue || b === '';
  if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
  const c = compare(a, b);
  return desc ? -c : c;
}

/** The axis's groups in order, with their totals where asked. */
function entries(root: Node, axis: AxisSpec, spec: PivotSpec, measure: (node: Node, mi: number) => Scalar, hasMeasures: boolean): Entry[] {
  const k = axis.fields;
  const most = axis.table ? Math.min(k, 1) : k;
  const asked = axis.depth ?? (hasMeasures ? k : 0);
  const depth = Math.max(-most, Math.min(most, asked));
  const top = depth < 0, d = Math.abs(depth);
  const by = (level: number | undefined) => (a: Node, b: Node) => {
    for (const s of axis.sort) {
      const i = Math.abs(s) - 1;
      let c: number;
      if (i < k) {
        if (level !== undefined && i !== level) continue;
        c = directed(spec.compare, a.prefix[i]!, b.prefix[i]!, s < 0);
      } else c = directed(spec.compare, measure(a, i - k), measure(b, i - k), s < 0);
      if (c) return c;
    }
    for (let i = level ?? 0; i <= (level ?? k - 1); i++) {
      const c = directed(spec.compare, a.prefix[i]!, b.prefix[i]!, false);
      if (c) return c;
    }
    return 0;
  };
  const out: Entry[] = [];
  if (axis.table && k > 0) {
    if (d && top) out.push({ node: root, total: true });
    for (const leaf of leaves(root).sort(by(undefined))) out.push({ node: leaf, total: false });
    if (d && !top) out.push({ node: root, total: true });
    return out;
  }
  const emit = (node: Node, level: number) => {
    if (level === k) {
      out.push({ node, total: false });
      return;
    }
    const totalled = d >= level + 1;
    if (totalled && top) out.push({ node, total: true });
    for (const c of node.children.sort(by(level))) emit(c, level + 1);
    if (totalled && !top) out.push({ node, total: true });
  };
  emit(root, 0);
  return out;
}

/** The label of an entry in field i: its key, blank under a subtotal, "Total" for the grand total. */
function label(e: Entry, i: number): Scalar {
  if (!e.total) return show(e.node.prefix[i]!);
  if (e.node.prefix.length === 0) return i === 0 ? 'Total' : '';
  return i < e.node.prefix.length ? show(e.node.prefix[i]!) : '';
}

const show = (v: Scalar): Scalar => (v === EmptyValue ? '' : v);

const parentOf = (e: Entry): Node => e.node.parent ?? e.node;

function marks(rows: number[], n: number): Uint8Array {
  const m = new Uint8Array(n);
  for (const r of rows) m[r] = 1;
  return m;
}

const within = (rows: number[], m: Uint8Array) => rows.filter((r) => m[r]);

/** The summary as a grid, or why there is none. */
export function pivotGrid(spec: PivotSpec): Grid | CellError {
  const { rows, cols } = spec;
  const n = spec.include.length;
  const all = Array.from({ length: n }, (_, i) => i).filter((i) => spec.include[i]);
  if (!all.length) return valueError('no data rows are left to group (Excel: #CALC!)');
  const fns = spec.fnLabels.length, m = spec.valueCount;
  const vertical = spec.vertical && fns > 1;
  const measures = m === 0 ? 0 : vertical ? m : m * fns;
  const which = (mi: number) => (vertical ? { j: mi, f: 0 } : { j: Math.floor(mi / fns), f: mi % fns });
  for (const axis of [rows, cols]) {
    for (const s of axis.sort) if (s === 0 || Math.abs(s) > axis.fields + measures) return valueError(`sort order ${s} names no field or values column (1 to ${axis.fields + measures}, negative for descending)`);
    if (axis.sort.length > 1 && axis.sort.some((s) => Math.abs(s) > axis.fields)) return valueError('several sort keys may name only fields');
  }
  const cache = new Map<Node, Scalar[]>();
  const measure = (node: Node, mi: number): Scalar => {
    let line = cache.get(node);
    if (!line) cache.set(node, (line = []));
    if (!(mi in line)) {
      const { j, f } = which(mi);
      line[mi] = spec.aggregate(f, j, node.rows, () => all);
    }
    return line[mi]!;
  };
  const tree = (axis: AxisSpec) => {
    const root: Node = { prefix: [], rows: all, children: [] };
    grow(root, axis.keys, 0, axis.fields);
    return entries(root, axis, spec, measure, m > 0);
  };
  const rowEntries = tree(rows), colEntries = tree(cols);

  const labelCol = vertical ? 1 : 0;
  const hc = rows.fields + labelCol;
  const namesRow = spec.headers && cols.fields > 0 ? 1 : 0;
  const valuesRow = spec.headers && (cols.fields === 0 || m > 1) ? 1 : 0;
  const fnsRow = !vertical && fns > 1 && m > 0 ? 1 : 0;
  const head = namesRow + cols.fields + valuesRow + fnsRow;
  const per = vertical ? fns : 1;
  const width = hc + colEntries.length * measures;
  const height = head + rowEntries.length * per;
  if (width < 1) return valueError('there are neither fields nor values to show');
  if (width * height > spec.maxCells) return valueError(`the summary would be ${height}x${width}; at most ${spec.maxCells.toLocaleString('en-US')} cells`);
  const grid: Grid = Array.from({ length: height }, () => Array.from({ length: width }, () => '' as Scalar));

  let r = 0;
  if (namesRow) cols.names.forEach((name, i) => hc + i < width && (grid[0]![hc + i] = name));
  r += namesRow;
  for (let i = 0; i < cols.fields; i++, r++) colEntries.forEach((e, c) => measures && (grid[r]![hc + c * measures] = label(e, i)));
  const eachMeasure = (line: Scalar[], cell: (mi: number) => Scalar) => colEntries.forEach((_, c) => {
    for (let mi = 0; mi < measures; mi++) line[hc + c * measures + mi] = cell(mi);
  });
  if (valuesRow) eachMeasure(grid[r++]!, (mi) => spec.valueNames[which(mi).j]!);
  if (fnsRow) eachMeasure(grid[r++]!, (mi) => spec.fnLabels[which(mi).f]!);
  if (spec.headers && head > 0) rows.names.forEach((name, i) => (grid[head - 1]![i] = name));

  const colMarks = colEntries.map((e) => marks(e.node.rows, n));
  const relative = (re: Entry, ce: Entry, c: number): (() => number[]) => {
    switch (spec.relativeTo) {
      case 1: return () => re.node.rows;
      case 2: return () => all;
      case 3: return () => within(re.node.rows, marks(parentOf(ce).rows, n));
      case 4: return () => within(parentOf(re).rows, colMarks[c]!);
      default: return () => ce.node.rows;
    }
  };
  rowEntries.forEach((re, ri) => {
    for (let fr = 0; fr < per; fr++) {
      const line = grid[head + ri * per + fr]!;
      if (fr === 0) for (let i = 0; i < rows.fields; i++) line[i] = label(re, i);
      if (labelCol) line[rows.fields] = spec.fnLabels[fr]!;
      colEntries.forEach((ce, c) => {
        const subset = within(re.node.rows, colMarks[c]!);
        if (!subset.length) return;
        const all2 = relative(re, ce, c);
        for (let mi = 0; mi < measures; mi++) {
          const { j, f } = vertical ? { j: mi, f: fr } : which(mi);
          line[hc + c * measures + mi] = spec.aggregate(f, j, subset, all2);
        }
      });
    }
  });
  return grid;
}
