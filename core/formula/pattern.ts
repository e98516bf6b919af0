// A formula matched against a pattern written as a formula: `AND(A1>=X_,A1<=Y_)` with holes X_ and
// Y_ matches `AND(A1>=5,A1<=B2*2)` and gives the subtrees 5 and B2*2. Everything but the holes
// must be written exactly alike (case and spaces too), so what matches is what a writer of that
// exact text (Excel's rule dialog, our own export) wrote; precedence is the parser's, so a hole
// never swallows half of an operator's operand.
import { childrenOf, type Node } from './ast.ts';
import { printNode } from './print.ts';
import { tryParse } from './walk.ts';

/** A node's own text: a leaf's source, a composite's operator or function name and glue. */
function head(n: Node): string {
  switch (n.kind) {
    case 'call': return `${n.name}|${(n.glue ?? []).join('|')}`;
    case 'unary': case 'postfix': case 'binary': return `${n.op}|${(n.glue ?? []).join('|')}`;
    case 'apply': case 'array': case 'paren': return (n.glue ?? []).join('|');
    default: return printNode(n);
  }
}

function unify(p: Node, t: Node, holes: ReadonlySet<string>, bound: Map<string, Node>): boolean {
  if (p.kind === 'name' && !p.prefix && holes.has(p.name)) {
    const was = bound.get(p.name);
    if (was) return printNode(was) === printNode(t);
    bound.set(p.name, t);
    return true;
  }
  if (p.kind !== t.kind || head(p) !== head(t)) return false;
  const pk = childrenOf(p), tk = childrenOf(t);
  return pk.length === tk.length && pk.every((k, i) => unify(k, tk[i]!, holes, bound));
}

/**
 * The subtrees standing where the pattern has its holes (names listed in `holes`; a hole used
 * twice must match the same text twice), or undefined when the formula is not of that pattern.
 * Formula and pattern may both start with '=' or neither.
 */
export function matchFormula(formula: string, pattern: string, holes: readonly string[]): Record<string, Node> | undefined {
  const f = tryParse(formula), p = tryParse(pattern);
  if (!f || !p || f.lead !== p.lead || f.trail !== p.trail) return undefined;
  const bound = new Map<string, Node>();
  return unify(p.body, f.body, new Set(holes), bound) ? Object.fromEntries(bound) : undefined;
}
