// Implicit intersection as walks over the tree. Excel's @ (and a legacy formula's implicit
// intersections, written out) is the engine's SINGLE(...); these turn one into the other. Which
// function arguments want one value is the engine's knowledge, passed in as `IntersectionRules`
// (core/workbook/implicit-intersection.ts).
import { withChildren, type CallNode, type Node, type RefNode } from './ast.ts';
import { tryParse, rewrite, visit } from './walk.ts';
import { printFormula } from './print.ts';

/** What the place of an expression wants: one value, a reference as it is, or an array. */
export type Place = 'value' | 'ref' | 'array';

export interface IntersectionRules {
  /** The place of argument i of a call of `name` (upper case, as written) standing in place `outer`; undefined when the function is not known (the formula is then left alone). */
  argPlace(name: string, i: number, outer: Place): Place | undefined;
  /** Does a call of `name` give several values (a reference or an array) where one is wanted? */
  givesArea(name: string, args: readonly Node[]): boolean;
}

/** Raised inside the walk for what it does not read; the formula is then left as it is. */
class NotRead extends Error {}

const SINGLE = 'SINGLE';

const single = (n: Node): CallNode => ({ kind: 'call', name: SINGLE, args: [n], glue: ['(', ')'] });

const sameCell = (a: RefNode['a'], b: RefNode['a']) => a.col === b.col && a.row === b.row;

/** A reference to several cells as written: A1:A3, B:B, 4:4, A1# (not A1:A1). */
export function severalCells(n: Node): boolean {
  if (n.kind === 'postfix' && n.op === '#') return n.operand.kind === 'ref';
  if (n.kind === 'binary' && n.op === ':') return n.left.kind === 'ref' && n.right.kind === 'ref' && !n.left.b && !n.right.b && !sameCell(n.left.a, n.right.a);
  return n.kind === 'ref' && n.b !== undefined && (n.a.row === undefined || n.a.col === undefined || !sameCell(n.a, n.b));
}

/** Sheet1!A1:Sheet1!A3 (two one-cell references joined): read as one reference. */
const joinedCells = (n: Node) => n.kind === 'binary' && n.op === ':' && n.left.kind === 'ref' && n.right.kind === 'ref' && !n.left.b && !n.right.b;

function explicit(n: Node, place: Place, rules: IntersectionRules): Node {
  switch (n.kind) {
    case 'number': case 'string': case 'bool': case 'missing': case 'array': case 'name':
      if (n.kind === 'name' && n.prefix) throw new NotRead();
      return n;
    case 'error':
      if (n.prefix) throw new NotRead();
      return n;
    case 'ref':
      if (n.prefix?.sheet2 !== undefined) throw new NotRead();
      return place === 'value' && severalCells(n) ? single(n) : n;
    case 'postfix':
      if (n.op === '#') {
        if (n.operand.kind !== 'ref') throw new NotRead();
        return place === 'value' ? single(n) : n;
      }
      return withChildren(n, [explicit(n.operand, place === 'array' ? 'array' : 'value', rules)]);
    case 'unary':
      if (n.op === '@') throw new NotRead();
      return withChildren(n, [explicit(n.operand, place === 'array' ? 'array' : 'value', rules)]);
    case 'binary': {
      if (joinedCells(n)) return place === 'value' && severalCells(n) ? single(n) : n;
      // The intersection and union of references, a range with a computed end: not read.
      if (n.op === ':' || n.op === ' ' || n.op === ',') throw new NotRead();
      const inner: Place = place === 'array' ? 'array' : 'value';
      return withChildren(n, [explicit(n.left, inner, rules), explicit(n.right, inner, rules)]);
    }
    case 'paren':
      return withChildren(n, [explicit(n.inner, place, rules)]);
    case 'call': {
      const name = n.name.toUpperCase();
      if (name === SINGLE || name.includes('!')) throw new NotRead();
      const args = n.args.map((a, i) => {
        const p = rules.argPlace(name, i, place);
        if (p === undefined) throw new NotRead();
        return explicit(a, p, rules);
      });
      const next = args.some((a, i) => a !== n.args[i]) ? { ...n, args } : n;
      return place === 'value' && rules.givesArea(name, n.args) ? single(next) : next;
    }
    // Structured references, a LAMBDA called in place: not read.
    default:
      throw new NotRead();
  }
}

/**
 * A formula (with or without '=') as the engine should read it when Excel evaluated it the
 * pre-dynamic-array way: every implicit intersection written out as SINGLE(...). A formula the
 * walk does not read (table references, the union of references, an unknown function) comes back
 * unchanged.
 */
export function withExplicitIntersections(formula: string, rules: IntersectionRules): string {
  const f = tryParse(formula);
  if (!f) return formula;
  try {
    const body = explicit(f.body, 'value', rules);
    return body === f.body ? formula : printFormula({ ...f, body });
  } catch (err) {
    if (err instanceof NotRead) return formula;
    throw err;
  }
}

/**
 * Does the reading of the formula depend on its digits beyond the numbers they write? A range
 * whose two ends are one cell (A1:A1 is no range, A1:A3 is), a name or function name holding a
 * digit (A0 is a name, A1 a reference), text that does not parse. Formulas for which this is false
 * are rewritten alike whatever their row numbers (callers cache by shape).
 */
export function digitsDecide(formula: string): boolean {
  const f = tryParse(formula);
  if (!f) return true;
  let decide = false;
  visit(f.body, (n) => {
    if (decide) return;
    if (n.kind === 'ref' && n.b && n.a.row !== undefined && n.a.col !== undefined && sameCell(n.a, n.b)) decide = true;
    else if (joinedCells(n) && !severalCells(n)) decide = true;
    else if ((n.kind === 'name' || n.kind === 'call') && /\d/.test(n.name)) decide = true;
  });
  return decide;
}

/** Operands that read the same after @ without parentheses (prefix @ binds looser than : and #). */
function standsAlone(n: Node): boolean {
  if (n.kind === 'binary') return n.op === ':';
  if (n.kind === 'postfix') return n.op === '#';
  return n.kind !== 'unary';
}

/** Each SINGLE(x) through `as`; the text itself when there is none or it does not parse. */
function eachSingle(formula: string, as: (operand: Node, glue: string[]) => Node): string {
  if (!formula.toUpperCase().includes(SINGLE)) return formula;
  return rewrite(formula, (n) => {
    if (n.kind !== 'call' || n.name.toUpperCase() !== SINGLE || n.args.length !== 1 || n.args[0]!.kind === 'missing') return n;
    return as(n.args[0]!, n.glue ?? ['(', ')']);
  });
}

/** The inner glue of SINGLE( x ) as a parenthesis keeps it. */
const paren = (inner: Node, glue: string[]): Node => ({ kind: 'paren', inner, glue: [glue[0]!, glue[1]!] });

/**
 * The formula as a pre-dynamic-array formula writes it, where intersection is implicit: SINGLE(x)
 * becomes x (or (x) where x is an expression).
 */
export function implicitIntersections(formula: string): string {
  return eachSingle(formula, (x, glue) => (standsAlone(x) ? x : paren(x, glue)));
}

/** SINGLE(x) shown as Excel shows it: @x (or @(x) where x is an expression). */
export function singleAsAt(formula: string): string {
  return eachSingle(formula, (x, glue) => ({ kind: 'unary', op: '@', operand: standsAlone(x) ? x : paren(x, glue), glue: ['@', ''] }));
}

/** What a user writes for Excel's @ operator (@A1:A10, @INDEX(...)), as SINGLE(...) for the engine. */
export function atAsSingle(formula: string): string {
  if (!formula.includes('@')) return formula;
  return rewrite(formula, (n) => {
    if (n.kind !== 'unary' || n.op !== '@') return n;
    const g = n.glue ?? ['@', ''];
    return { kind: 'call', name: SINGLE, args: [n.operand], glue: [`(${g[0]!.slice(1)}`, `${g[1]!})`] };
  });
}
