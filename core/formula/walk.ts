// Walks over the formula tree: every formula transform is a function from node to node applied
// here, bottom-up, so a transform only says what it does to the nodes it cares about.
import { childrenOf, withChildren, type Formula, type Node } from './ast.ts';
import { FormulaSyntaxError } from './lexer.ts';
import { parseFormula } from './parser.ts';
import { printFormula } from './print.ts';

/** The tree with `fn` applied to every node after its children; untouched subtrees stay the same objects. */
export function mapTree(n: Node, fn: (n: Node) => Node): Node {
  const kids = childrenOf(n);
  let changed = false;
  const next = kids.map((k) => {
    const m = mapTree(k, fn);
    if (m !== k) changed = true;
    return m;
  });
  return fn(changed ? withChildren(n, next) : n);
}

/** Calls fn on every node, parents before children. */
export function visit(n: Node, fn: (n: Node) => void): void {
  fn(n);
  for (const k of childrenOf(n)) visit(k, fn);
}

/** The formula's tree, or undefined when the text is not a formula Excel would read. */
export function tryParse(text: string): Formula | undefined {
  // Trees are never changed in place, so one parse serves every transform of the same text
  // (a shared formula's master is re-anchored for each cell it fills).
  if (parsed.has(text)) return parsed.get(text);
  let f: Formula | undefined;
  try {
    f = parseFormula(text);
  } catch (err) {
    if (!(err instanceof FormulaSyntaxError)) throw err;
  }
  if (parsed.size >= 2000) parsed.clear();
  parsed.set(text, f);
  return f;
}

const parsed = new Map<string, Formula | undefined>();

/** The text with `fn` applied to its tree; the text itself when it does not parse or nothing changed. */
export function rewrite(text: string, fn: (n: Node) => Node): string {
  const f = tryParse(text);
  if (!f) return text;
  const body = mapTree(f.body, fn);
  return body === f.body ? text : printFormula({ ...f, body });
}
