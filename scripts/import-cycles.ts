// Import circles among the service's modules, type-only imports included (eslint's import-x/no-cycle
// skips `import type`): `npm run cycles` prints each circle and exits 1 when one is not explained.
// A circle is a set of files that reach each other through imports (a strongly connected component).
// The one explained circle (docs/architecture.md, "Import circles") runs through the type-only imports
// of two hubs, the Workbook class and OpContext; set those aside and no circle may remain.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOTS = ['core', 'db', 'rest', 'mcp', 'bin'];
/** Modules whose types everything names; their type-only imports make the explained circle. */
export const TYPE_HUBS = ['core/workbook/workbook.ts', 'core/context.ts'];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : tsFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

export interface ImportRef {
  spec: string;
  /** Nothing of it exists at run time: `import type`, only `type` names, `export type`, `declare module`. */
  typeOnly: boolean;
}

function typeOnlyImport(st: ts.ImportDeclaration): boolean {
  const clause = st.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

/** Relative specifiers a file names statically: imports and re-exports (type-only too) and `declare module` augmentations. */
export function importsOf(path: string, text: string): ImportRef[] {
  const src = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: ImportRef[] = [];
  for (const st of src.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) out.push({ spec: st.moduleSpecifier.text, typeOnly: typeOnlyImport(st) });
    else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) out.push({ spec: st.moduleSpecifier.text, typeOnly: st.isTypeOnly });
    else if (ts.isModuleDeclaration(st) && ts.isStringLiteral(st.name)) out.push({ spec: st.name.text, typeOnly: true });
    else if (ts.isImportEqualsDeclaration(st) && ts.isExternalModuleReference(st.moduleReference) && ts.isStringLiteral(st.moduleReference.expression)) out.push({ spec: st.moduleReference.expression.text, typeOnly: st.isTypeOnly });
  }
  return out.filter((r) => r.spec.startsWith('.'));
}

/** The import graph of the files under `roots` (paths relative to `root`): for each file, what it imports and whether only types. */
export function importGraph(root: string, roots = ROOTS): Map<string, Map<string, boolean>> {
  const files = roots.flatMap((r) => tsFiles(join(root, r)));
  const known = new Set(files);
  const graph = new Map<string, Map<string, boolean>>();
  for (const f of files) {
    const deps = new Map<string, boolean>();
    for (const ref of importsOf(f, readFileSync(f, 'utf8'))) {
      const p = resolve(dirname(f), ref.spec);
      if (!known.has(p)) continue;
      const key = relative(root, p);
      deps.set(key, (deps.get(key) ?? true) && ref.typeOnly);
    }
    graph.set(relative(root, f), deps);
  }
  return graph;
}

/** The graph as plain edges, optionally only those that exist at run time. */
export function edges(graph: Map<string, Map<string, boolean>>, runtimeOnly = false): Map<string, string[]> {
  return new Map([...graph].map(([f, deps]) => [f, [...deps].filter(([, typeOnly]) => !runtimeOnly || !typeOnly).map(([d]) => d)]));
}

/** The graph without type-only imports of `hubs`. */
export function withoutTypeHubs(graph: Map<string, Map<string, boolean>>, hubs = TYPE_HUBS): Map<string, string[]> {
  return new Map([...graph].map(([f, deps]) => [f, [...deps].filter(([d, typeOnly]) => !(typeOnly && hubs.includes(d))).map(([d]) => d)]));
}

/** Strongly connected components of more than one file (or a file importing itself), each sorted. */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  // Iterative Tarjan: the graph has hundreds of files, recursion depth is not a worry but stays bounded anyway.
  for (const start of graph.keys()) {
    if (idx.has(start)) continue;
    const work: { v: string; i: number }[] = [{ v: start, i: 0 }];
    const enter = (v: string) => {
      idx.set(v, index);
      low.set(v, index++);
      stack.push(v);
      onStack.add(v);
    };
    enter(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const deps = graph.get(top.v) ?? [];
      if (top.i < deps.length) {
        const w = deps[top.i++]!;
        if (!idx.has(w)) {
          enter(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) low.set(top.v, Math.min(low.get(top.v)!, idx.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) low.set(work[work.length - 1]!.v, Math.min(low.get(work[work.length - 1]!.v)!, low.get(top.v)!));
      if (low.get(top.v) === idx.get(top.v)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          scc.push(w);
        } while (w !== top.v);
        if (scc.length > 1 || (graph.get(top.v) ?? []).includes(top.v)) out.push(scc.sort());
      }
    }
  }
  return out.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** One shortest loop through `from` inside its circle, as a path of files (for the message). */
export function loopThrough(graph: Map<string, string[]>, members: string[], from: string): string[] {
  const inside = new Set(members);
  const prev = new Map<string, string>();
  const queue = [from];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === from) {
        const path = [v];
        while (path[0] !== from) path.unshift(prev.get(path[0]!)!);
        return [...path, from];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [from];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const full = importGraph(root);
  const graph = edges(full);
  const found = circles(graph);
  for (const c of found) {
    console.log(`circle of ${c.length} files: ${c.join(', ')}`);
    console.log(`  e.g. ${loopThrough(graph, c, c[0]!).join(' -> ')}`);
  }
  const runtime = circles(edges(full, true));
  const left = circles(withoutTypeHubs(full));
  for (const c of left) console.log(`not explained: ${c.join(', ')}`);
  console.log(`${graph.size} files: ${found.length} import circles with type-only imports, ${runtime.length} at run time, ${left.length} once the type-only imports of ${TYPE_HUBS.join(' and ')} are set aside`);
  process.exit(runtime.length || left.length ? 1 : 0);
}
