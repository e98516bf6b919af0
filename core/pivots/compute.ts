// Computes a pivot table as a grid of cells, without touching the workbook. Layout (as Google
// Sheets and Excel's tabular form show it): row fields as label columns, column fields as header
// rows, one data column per (column label, value); "X Total" subtotal lines/columns for outer
// groups; a "Grand Total" line and column; a label shown only on the first line of its group.
import type { Scalar } from '../workbook/cell.ts';
import { Acc } from './aggregate.ts';
import { BLANK_LABEL, compareLabels, labelOf, type Label } from './labels.ts';
import type { Aggregate } from './model.ts';

export interface SourceData {
  fields: string[];
  rows: { values: (Scalar | null)[]; shown: string[] }[];
}

export interface Layout {
  rows: number[];
  columns: number[];
  values: { field: number; agg: Aggregate; label: string }[];
  filters: { field: number; include?: Set<string>; exclude?: Set<string> }[];
  grandTotals: boolean;
  subtotals: boolean;
}

export type Out = string | number | null;

export interface PivotGrid {
  cells: Out[][];
  headerRows: number;
  /** Header, subtotal and grand-total lines (drawn bold). */
  boldRows: Set<number>;
  /** For each grid column: the index of the value it shows, or -1 for label columns. */
  valueOfColumn: number[];
}

interface Node {
  id: number;
  label: Label | null;
  depth: number;
  children: Map<string, Node>;
}

interface Key {
  node: Node;
  kind: 'data' | 'subtotal' | 'grand';
  path: Node[];
}

function tree(): { root: Node; insert(path: Label[]): Node[] } {
  let next = 0;
  const root: Node = { id: next++, label: null, depth: 0, children: new Map() };
  return {
    root,
    insert(path) {
      const nodes = [root];
      let at = root;
      for (const label of path) {
        let child = at.children.get(label.key);
        if (!child) at.children.set(label.key, (child = { id: next++, label, depth: at.depth + 1, children: new Map() }));
        nodes.push(child);
        at = child;
      }
      return nodes;
    },
  };
}

function keys(root: Node, levels: number, subtotals: boolean, grand: boolean): Key[] {
  const out: Key[] = [];
  const walk = (node: Node, path: Node[]) => {
    if (node.depth === levels) {
      out.push({ node, kind: 'data', path });
      return;
    }
    const kids = [...node.children.values()].sort((a, b) => compareLabels(a.label!, b.label!));
    for (const child of kids) walk(child, [...path, child]);
    if (subtotals && node.depth >= 1) out.push({ node, kind: 'subtotal', path });
  };
  walk(root, []);
  if (grand && levels >= 1) out.push({ node: root, kind: 'grand', path: [] });
  return out;
}

/** The label of level `level` is shown on a key only where its group starts. */
function startsGroup(list: Key[], i: number, level: number): boolean {
  const k = list[i]!;
  if (k.kind !== 'data') return false;
  for (let j = i - 1; j >= 0; j--) {
    const p = list[j]!;
    if (p.kind !== 'data') continue;
    return p.path[level] !== k.path[level];
  }
  return true;
}

export function computePivot(src: SourceData, layout: Layout): PivotGrid {
  const rowTree = tree(), colTree = tree();
  const accs = new Map<string, Acc[]>();
  const n = layout.values.length;
  for (const row of src.rows) {
    const ok = layout.filters.every((f) => {
      const label = labelOf(row.values[f.field] ?? null, row.shown[f.field] ?? '').text.toLowerCase();
      return (!f.include || f.include.has(label)) && (!f.exclude || !f.exclude.has(label));
    });
    if (!ok) continue;
    const rp = rowTree.insert(layout.rows.map((i) => labelOf(row.values[i] ?? null, row.shown[i] ?? '')));
    const cp = colTree.insert(layout.columns.map((i) => labelOf(row.values[i] ?? null, row.shown[i] ?? '')));
    const vals = layout.values.map((v) => ({ value: row.values[v.field] ?? null, key: labelOf(row.values[v.field] ?? null, row.shown[v.field] ?? '').key }));
    for (const r of rp) {
      for (const c of cp) {
        const id = `${r.id}:${c.id}`;
        let list = accs.get(id);
        if (!list) accs.set(id, (list = Array.from({ length: n }, () => new Acc())));
        vals.forEach((v, i) => list![i]!.add(v.value, v.key));
      }
    }
  }
  const k = layout.rows.length, m = layout.columns.length;
  const lines = keys(rowTree.root, k, layout.subtotals && k >= 2, layout.grandTotals);
  const cols = keys(colTree.root, m, layout.subtotals && m >= 2, layout.grandTotals);
  const L = k > 0 ? k : m > 0 ? 1 : 0;
  const width = L + cols.length * Math.max(n, 1);
  const blankRow = (): Out[] => new Array(width).fill(null);
  const cells: Out[][] = [];
  const valueLabel = n === 1 ? layout.values[0]!.label : n === 0 ? '' : 'Values';
  const fieldNames = (list: number[]) => list.map((i) => src.fields[i]!);
  const valueOfColumn = Array.from({ length: width }, (_, c) => (c < L ? -1 : n ? (c - L) % n : -1));

  // Header rows.
  if (m === 0) {
    const h = blankRow();
    fieldNames(layout.rows).forEach((f, i) => (h[i] = f));
    layout.values.forEach((v, i) => (h[L + i] = v.label));
    cells.push(h);
  } else {
    const caption = blankRow();
    if (L) caption[0] = valueLabel;
    caption[L] = fieldNames(layout.columns).join(' / ');
    cells.push(caption);
    for (let level = 0; level < m; level++) {
      const h = blankRow();
      cols.forEach((ck, i) => {
        const at = L + i * Math.max(n, 1);
        if (ck.kind === 'grand') h[at] = level === 0 ? 'Grand Total' : null;
        else if (ck.kind === 'subtotal') h[at] = level === ck.node.depth - 1 ? `${ck.node.label!.text} Total` : null;
        else if (startsGroup(cols, i, level)) h[at] = ck.path[level]!.label!.text;
      });
      cells.push(h);
    }
    if (n > 1) {
      const h = blankRow();
      cols.forEach((_, i) => layout.values.forEach((v, j) => (h[L + i * n + j] = v.label)));
      cells.push(h);
    }
    fieldNames(layout.rows).forEach((f, i) => (cells[cells.length - 1]![i] = f));
  }
  const headerRows = cells.length;
  const boldRows = new Set<number>(Array.from({ length: headerRows }, (_, i) => i));

  // Body lines.
  lines.forEach((line, li) => {
    const out = blankRow();
    if (line.kind === 'grand') out[0] = 'Grand Total';
    else if (line.kind === 'subtotal') out[line.node.depth - 1] = `${line.node.label!.text} Total`;
    else if (k === 0) {
      if (L) out[0] = n === 1 ? valueLabel : 'Total';
    } else for (let level = 0; level < k; level++) if (startsGroup(lines, li, level)) out[level] = line.path[level]!.label!.text;
    cols.forEach((ck, ci) => {
      const list = accs.get(`${line.node.id}:${ck.node.id}`);
      layout.values.forEach((v, vi) => (out[L + ci * n + vi] = list ? list[vi]!.result(v.agg) : null));
    });
    if (line.kind !== 'data') boldRows.add(cells.length);
    cells.push(out);
  });
  return { cells, headerRows, boldRows, valueOfColumn };
}

export { BLANK_LABEL };
