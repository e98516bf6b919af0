// Excel's text of a formula and the engine's (HyperFormula's) text of it, both ways, as walks over
// the tree. The engine does not read a spill reference (A1#), a formula that is only a range, a
// range with a computed end (A1:INDEX(...)), a call of a LAMBDA by name or in place, an optional
// parameter [b], or a function passed by name (BYROW(A1:C3, SUM)); each goes to the engine as one
// of the functions of engine-names.ts and comes back as Excel writes it.
import { bareName, type CallNode, type Formula, type Node } from './ast.ts';
import { ARRAY_FILL_FN, CALL_FN, ETA_FN, OPT_FN, RANGE_JOIN_FN, RANGE_SPILL_FN } from './engine-names.ts';
import { printFormula } from './print.ts';
import { mapTree, rewrite, tryParse, visit } from './walk.ts';

const call = (name: string, args: Node[], glue?: string[]): CallNode => ({ kind: 'call', name, args, ...(glue ? { glue } : {}) });
/** The node as a call of `name` (the engine's functions are never prefixed), or undefined. */
const callOf = (n: Node, name: string): CallNode | undefined => (n.kind === 'call' && n.name.toUpperCase() === name ? n : undefined);

/** Numbers with a capital exponent (1E10, 2.5E-3, Excel's own 1E+20 in files) as the engine reads them: 1e10. */
export function numbersForEngine(formula: string): string {
  if (!/\dE/.test(formula)) return formula;
  return rewrite(formula, (n) => (n.kind === 'number' && n.text?.includes('E') ? { ...n, text: n.text.toLowerCase() } : n));
}

/** `A1#` as the engine reads it: ANCHORARRAY(A1). */
export function spillRefsForEngine(formula: string): string {
  if (!formula.includes('#')) return formula;
  return rewrite(formula, (n) => (n.kind === 'postfix' && n.op === '#' && n.operand.kind === 'ref' ? call('ANCHORARRAY', [n.operand]) : n));
}

/** ANCHORARRAY(A1) as Excel shows it: A1#. */
export function spillRefsAsWritten(formula: string): string {
  if (!/ANCHORARRAY/i.test(formula)) return formula;
  return rewrite(formula, (n) => (n.kind === 'call' && bareName(n.name) === 'ANCHORARRAY' && n.args.length === 1 && n.args[0]!.kind === 'ref' ? { kind: 'postfix', op: '#', operand: n.args[0]! } : n));
}

/** The whole formula rewritten when its body is what `fn` replaces. */
function body(formula: string, fn: (n: Node, f: Formula) => Node | undefined): string {
  const f = tryParse(formula);
  const next = f && fn(f.body, f);
  return f && next ? printFormula({ ...f, body: next }) : formula;
}

/** A formula (with '=') that is only a range, as the engine spills it: RANGE.SPILL(A2:A5). Anything else unchanged. */
export function bareRangeForEngine(formula: string): string {
  // A range has a ':', and a formula that is only one has no '(' but inside a quoted sheet name:
  // most formulas are told apart here without parsing them (a 100k-row write checks each one).
  if (!formula.includes(':') || (formula.includes('(') && !formula.includes("'"))) return formula;
  return body(formula, (n, f) => (f.lead.includes('=') && n.kind === 'ref' && n.b ? call(RANGE_SPILL_FN, [n]) : undefined));
}

/** RANGE.SPILL(A2:A5) as Excel writes it: A2:A5 (with or without the leading '='). */
export function bareRangeAsWritten(formula: string): string {
  if (!/RANGE\.SPILL/i.test(formula)) return formula;
  return body(formula, (n) => {
    const c = callOf(n, RANGE_SPILL_FN);
    return c?.args.length === 1 ? c.args[0] : undefined;
  });
}

/** A legacy array formula (with '=') as the engine fills its range of rows x cols. */
export function arrayFillForEngine(formula: string, rows: number, cols: number): string {
  return `=${ARRAY_FILL_FN}(${formula.replace(/^=/, '')},${rows},${cols})`;
}

/** ARRAY.FILL(f, rows, cols) as Excel writes it: f (with or without the leading '='). */
export function arrayFillAsWritten(formula: string): string {
  if (!/ARRAY\.FILL/i.test(formula)) return formula;
  return body(formula, (n) => {
    const c = callOf(n, ARRAY_FILL_FN);
    return c?.args.length === 3 ? c.args[0] : undefined;
  });
}

/** A range whose end is computed (A9:CHOOSE(2,A10,A11), INDIRECT("A1"):INDIRECT("A5")) as the engine reads it: RANGE.JOIN(left, right). */
export function rangeJoinsForEngine(formula: string): string {
  if (!formula.includes(':') || !formula.includes('(')) return formula;
  const end = (n: Node) => n.kind === 'call' || (n.kind === 'ref' && !n.b);
  return rewrite(formula, (n) => (n.kind === 'binary' && n.op === ':' && end(n.left) && end(n.right) && (n.left.kind === 'call' || n.right.kind === 'call') ? call(RANGE_JOIN_FN, [n.left, n.right]) : n));
}

/**
 * A range with a deleted end (`#REF!:#REF!`, `OFFSET(#REF!,-1,0):#REF!`, Excel's text once the
 * cells a formula named were deleted) as the engine reads it: #REF!, the value Excel gives it. The
 * engine's parser refuses an error as a range's end.
 */
export function brokenRangesForEngine(formula: string): string {
  if (!/#REF!/i.test(formula) || !formula.includes(':')) return formula;
  const broken = (n: Node) => n.kind === 'error' && n.code === '#REF!' && !n.prefix;
  return rewrite(formula, (n) => (n.kind === 'binary' && n.op === ':' && (broken(n.left) || broken(n.right)) ? (broken(n.left) ? n.left : n.right) : n));
}

/** RANGE.JOIN(left, right) as Excel writes it: left:right. */
export function rangeJoinsAsWritten(formula: string): string {
  if (!/RANGE\.JOIN/i.test(formula)) return formula;
  return rewrite(formula, (n) => {
    const c = callOf(n, RANGE_JOIN_FN);
    return c?.args.length === 2 ? { kind: 'binary', op: ':', left: c.args[0]!, right: c.args[1]! } : n;
  });
}

/** The argument (0-based, from the argument count) of each function that takes a function. */
const FUNCTION_ARG: Record<string, (count: number) => number> = {
  MAP: (n) => n - 1, REDUCE: (n) => n - 1, SCAN: (n) => n - 1, BYROW: () => 1, BYCOL: () => 1, MAKEARRAY: () => 2, GROUPBY: () => 2, PIVOTBY: () => 3,
};
/** Those whose function may also be a vector of functions (HSTACK(SUM, AVERAGE)). */
const TAKES_VECTORS = new Set(['GROUPBY', 'PIVOTBY']);

/** Names the formula uses bare (not called), upper case: what LET binds and LAMBDA's parameters among them. */
function bareNames(f: Formula): Set<string> {
  const out = new Set<string>();
  visit(f.body, (n) => n.kind === 'name' && !n.prefix && out.add(n.name.toUpperCase()));
  return out;
}

/** The names LET and LAMBDA bind in the formula (upper case). */
function boundNames(f: Formula): Set<string> {
  const out = new Set<string>();
  visit(f.body, (n) => {
    if (n.kind !== 'call' || (bareName(n.name) !== 'LET' && bareName(n.name) !== 'LAMBDA')) return;
    n.args.slice(0, -1).forEach((a, i) => {
      const name = a.kind === 'name' ? a.name : a.kind === 'structured' && !a.table && a.spec.cols ? a.spec.cols[0] : undefined;
      if (name && (bareName(n.name) === 'LAMBDA' || i % 2 === 0)) out.add(name.toUpperCase());
    });
  });
  return out;
}

/** Glue of LAMBDA.CALL(fn, args) from the glue of fn(args) (length args+1). */
function callGlue(g: string[] | undefined, n: number): string[] | undefined {
  if (!g) return undefined;
  return n ? ['(', `,${g[0]!.slice(1)}`, ...g.slice(1)] : ['(', g[0]!.slice(1)];
}

/** Glue of fn(args) from the glue of LAMBDA.CALL(fn, args). */
function writtenGlue(g: string[] | undefined, n: number): string[] | undefined {
  if (!g) return undefined;
  return n ? [g[0]! + g[1]!.slice(1), ...g.slice(2)] : [g[0]! + g[1]!];
}

/**
 * The formula with LAMBDA calls, optional parameters and functions passed by name in the engine's
 * form. `callable(NAME)` says whether a call of an upper-cased name that is not a function is a
 * LAMBDA's call; names the formula itself uses bare (as LET's names are) always are.
 */
export function lambdaCallsForEngine(formula: string, isFunction: (upper: string) => boolean, callable: (upper: string) => boolean = () => true): string {
  if (!formula.includes('(') || callsOnlyFunctions(formula, isFunction, true)) return formula;
  const f = tryParse(formula);
  if (!f) return formula;
  const bare = bareNames(f), bound = boundNames(f);
  const asFunction = (a: Node, vectors: boolean): Node => {
    if (a.kind === 'name' && !a.prefix) {
      const upper = a.name.toUpperCase();
      return isFunction(upper) && !bound.has(upper) ? call(ETA_FN, [{ kind: 'string', value: a.name }]) : a;
    }
    if (vectors && a.kind === 'call' && (bareName(a.name) === 'HSTACK' || bareName(a.name) === 'VSTACK')) return { ...a, args: a.args.map((x) => asFunction(x, true)) };
    return a;
  };
  const next = mapTree(f.body, (n): Node => {
    if (n.kind === 'apply') return call(CALL_FN, [n.fn, ...n.args], n.glue && callGlue(n.glue.slice(1), n.args.length));
    if (n.kind !== 'call') return n;
    const upper = bareName(n.name);
    if (upper === 'LAMBDA') {
      const last = n.args.length - 1;
      const args = n.args.map((a, i) => (i < last && a.kind === 'structured' && !a.table && !a.spec.items.length && a.spec.cols ? call(OPT_FN, [{ kind: 'name', name: a.spec.cols[0] }]) : a));
      return args.some((a, i) => a !== n.args[i]) ? { ...n, args } : n;
    }
    const fnArg = FUNCTION_ARG[upper];
    if (fnArg) {
      const at = fnArg(n.args.length);
      const args = n.args.map((a, i) => (i === at ? asFunction(a, TAKES_VECTORS.has(upper)) : a));
      return args.some((a, i) => a !== n.args[i]) ? { ...n, args } : n;
    }
    const name = n.name.toUpperCase();
    if (isFunction(name) || !(bare.has(name) || callable(name))) return n;
    return call(CALL_FN, [{ kind: 'name', name: n.name }, ...n.args], callGlue(n.glue, n.args.length));
  });
  return next === f.body ? formula : printFormula({ ...f, body: next });
}

/** What may stand before a '(' that opens a group, not a call. */
const GROUP_BEFORE = new Set(['', '(', ',', ';', '=', '+', '-', '*', '/', '^', '&', '<', '>', ' ', '{', '%']);
const NAME_STOP = /[\s(),;:=+\-*/^&<>{}"'!%@#[\]]/;

/**
 * Does the text call only functions `isFunction` knows (and, with `plain`, none that takes a
 * function, and no LAMBDA, so lambdaCallsForEngine has nothing to do)? A look at the text before
 * each '(', without parsing: most imported formulas (SUM, INDEX, IF) are answered here, and
 * whatever is in doubt (a '(' in a string, an unknown name, a call of a call) answers false and
 * is left to the parse.
 */
export function callsOnlyFunctions(formula: string, isFunction: (upper: string) => boolean, plain = false): boolean {
  for (let i = formula.indexOf('('); i >= 0; i = formula.indexOf('(', i + 1)) {
    let j = i;
    while (j > 0 && !NAME_STOP.test(formula[j - 1]!)) j--;
    if (j === i) {
      if (!GROUP_BEFORE.has(formula[i - 1] ?? '')) return false;
      continue;
    }
    const upper = formula.slice(j, i).toUpperCase();
    if (!isFunction(upper)) return false;
    if (plain && (bareName(upper) === 'LAMBDA' || FUNCTION_ARG[bareName(upper)])) return false;
  }
  return true;
}

/** LAMBDA.ETA's argument as a name ("SUM" gives SUM). */
function etaName(n: CallNode): string | undefined {
  const a = n.args[0];
  return n.args.length === 1 && a?.kind === 'string' ? a.value : a?.kind === 'name' ? a.name : undefined;
}

/**
 * The formula as Excel writes it: LAMBDA.CALL(f, x) as f(x), LAMBDA.CALL(LAMBDA(...), x) as
 * LAMBDA(...)(x), LAMBDA.OPT(b) as [b], LAMBDA.ETA("SUM") as SUM.
 */
export function lambdaCallsAsWritten(formula: string): string {
  if (!/LAMBDA\.(?:CALL|OPT|ETA)/i.test(formula)) return formula;
  return rewrite(formula, (n): Node => {
    const opt = callOf(n, OPT_FN)?.args;
    if (opt?.length === 1 && opt[0]!.kind === 'name') return { kind: 'structured', spec: { items: [], cols: [opt[0].name, opt[0].name] } };
    const eta = callOf(n, ETA_FN);
    if (eta) {
      const name = etaName(eta);
      return name ? { kind: 'name', name } : n;
    }
    const c = callOf(n, CALL_FN);
    if (!c?.args.length) return n;
    const [fn, ...args] = c.args as [Node, ...Node[]];
    const glue = writtenGlue(c.glue, args.length);
    if (fn.kind === 'name' && !fn.prefix) return call(fn.name, args, glue);
    return { kind: 'apply', fn, args, ...(glue ? { glue: ['', ...glue] } : {}) };
  });
}

/** The formula with each function passed by name as an xlsx file stores it: _xleta.SUM. */
export function etaNamesAsStored(formula: string): string {
  if (!/LAMBDA\.ETA/i.test(formula)) return formula;
  return rewrite(formula, (n) => {
    const eta = callOf(n, ETA_FN);
    const name = eta ? etaName(eta) : undefined;
    return name ? { kind: 'name', name: `_xleta.${name.toUpperCase()}` } : n;
  });
}

/** Every engine-only function of the formula written back as Excel writes it. */
export function engineFunctionsAsWritten(formula: string): string {
  return rangeJoinsAsWritten(bareRangeAsWritten(arrayFillAsWritten(lambdaCallsAsWritten(formula))));
}
