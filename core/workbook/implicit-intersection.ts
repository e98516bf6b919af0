// Implicit intersection, as Excel does it. A formula written before dynamic arrays (every formula
// of an .xls; in an .xlsx, every formula not stored as an array formula) is evaluated by Excel one
// value per cell: where a function argument or an operator wants one value and gets a range,
// Excel takes the cell of that range in the formula's own row or column (=A1:A10 in row 4 shows
// A4; =ROUND(B:B,2) rounds the B cell of its row). Our engine evaluates with dynamic arrays, so
// it would spill those formulas instead. On import we make each such intersection explicit with
// SINGLE, the function Excel itself writes for its @ operator, and on export (as a formula Excel
// reads the old way) we take them out again, so the file's text comes back unchanged.
//
// Which argument wants one value follows the engine's own function signatures: a number, text,
// logical or scalar parameter wants a value; a range or "any" parameter (SUM, COUNT, VLOOKUP's
// table) takes a reference as it is, but operators inside it still work on single values
// (SUM(A1:A3*2) without Ctrl+Shift+Enter is SUM(@A1:A3*2)); and a few functions evaluate
// their arguments as arrays in any formula (SUMPRODUCT, LOOKUP, MMULT...).
import { HyperFormula } from 'hyperformula';
import { CALL_FN } from '../formula/engine-names.ts';
import { arrayFillAsWritten, bareRangeAsWritten, lambdaCallsAsWritten, spillRefsAsWritten } from '../formula/engine-text.ts';
import { rangeJoinsAsWritten } from '../formula/engine-text.ts';

type Ctx = 'value' | 'ref' | 'array';

interface Tok { kind: 'str' | 'num' | 'err' | 'ref' | 'name' | 'fn' | 'op' | 'open' | 'close' | 'comma' | 'arr' | 'ws'; text: string; multi?: boolean }

const SHEET = String.raw`(?:'(?:[^']|'')+'|[\p{L}\p{N}_.]+)!`;
const CELL = String.raw`\$?[A-Za-z]{1,3}\$?\d+`;
const AREA = String.raw`(?:\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}|\$?\d+:\$?\d+|${CELL}(?::(?:${SHEET})?${CELL})?)`;
const REF_RE = new RegExp(String.raw`(?:${SHEET})?${AREA}#?(?![\p{L}\p{N}_.(\[!])`, 'uy');
const NAME_RE = /[\p{L}_\\][\p{L}\p{N}_.\\]*/uy;
const NUM_RE = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const ERR_RE = /#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|GETTING_DATA|SPILL!|CALC!|FIELD!|BLOCKED!|CONNECT!|BUSY!|UNKNOWN!)/y;
const OP_RE = /<>|<=|>=|[-+*/^&=<>%]/y;
const WS_RE = /\s+/y;

class Unsupported extends Error {}

function sticky(re: RegExp, s: string, at: number): string | undefined {
  re.lastIndex = at;
  return re.exec(s)?.[0];
}

function quoted(s: string, at: number, q: string): number {
  let i = at + 1;
  for (;;) {
    const j = s.indexOf(q, i);
    if (j < 0) throw new Unsupported();
    if (s[j + 1] !== q) return j + 1;
    i = j + 2;
  }
}

function isMulti(ref: string): boolean {
  const body = ref.replace(new RegExp(`^${SHEET}`, 'u'), '');
  if (body.endsWith('#')) return true;
  const parts = body.split(':');
  if (parts.length !== 2) return false;
  // Whole columns (B:B) and whole rows (4:4).
  if (/^\$?(?:[A-Za-z]+|\d+)$/.test(parts[0]!)) return true;
  const end = parts[1]!.replace(new RegExp(`^${SHEET}`, 'u'), '');
  return parts[0]!.replace(/\$/g, '').toUpperCase() !== end.replace(/\$/g, '').toUpperCase();
}

function tokenize(s: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    let m: string | undefined;
    if (c === '"') {
      const j = quoted(s, i, '"');
      out.push({ kind: 'str', text: s.slice(i, j) });
      i = j;
      continue;
    }
    if (c === '{') {
      let j = i + 1;
      while (j < s.length && s[j] !== '}') j = s[j] === '"' ? quoted(s, j, '"') : j + 1;
      if (j >= s.length) throw new Unsupported();
      out.push({ kind: 'arr', text: s.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    if ((m = sticky(WS_RE, s, i))) out.push({ kind: 'ws', text: m });
    else if ((m = sticky(REF_RE, s, i))) out.push({ kind: 'ref', text: m, multi: isMulti(m) });
    else if ((m = sticky(ERR_RE, s, i))) out.push({ kind: 'err', text: m });
    else if ((m = sticky(NUM_RE, s, i))) out.push({ kind: 'num', text: m });
    else if ((m = sticky(NAME_RE, s, i))) {
      const after = s.slice(i + m.length).match(/^\s*/)![0];
      if (s[i + m.length + after.length] === '(') {
        out.push({ kind: 'fn', text: m + after + '(' });
        m += after + '(';
      } else {
        // A table reference (Table1[Col]), a sheet-qualified name or anything else we do not read.
        if (s[i + m.length] === '[' || s[i + m.length] === '!') throw new Unsupported();
        out.push({ kind: 'name', text: m });
      }
    } else if (c === "'") throw new Unsupported();
    else if ((m = sticky(OP_RE, s, i))) out.push({ kind: 'op', text: m });
    else if (c === '(') out.push({ kind: 'open', text: (m = c) });
    else if (c === ')') out.push({ kind: 'close', text: (m = c) });
    else if (c === ',') out.push({ kind: 'comma', text: (m = c) });
    // @, the union/intersection of references, structured references: leave the formula alone.
    else throw new Unsupported();
    i += m.length;
  }
  return out;
}

// --- parse: an expression is terms joined by binary operators ---

type Node =
  | { kind: 'atom'; tok: Tok }
  | { kind: 'paren'; inner: Expr; open: string; close: string }
  | { kind: 'call'; name: string; head: string; args: Expr[]; seps: string[]; close: string };
interface Term { pre: string; node: Node; post: string }
interface Expr { terms: Term[]; ops: string[]; lead: string; trail: string }

class Parser {
  private i = 0;
  constructor(private readonly toks: Tok[]) {}

  done(): boolean {
    return this.i >= this.toks.length;
  }

  private peek(): Tok | undefined {
    return this.toks[this.i];
  }

  private ws(): string {
    let s = '';
    while (this.peek()?.kind === 'ws') s += this.toks[this.i++]!.text;
    return s;
  }

  expr(): Expr {
    const lead = this.ws();
    const terms: Term[] = [];
    const ops: string[] = [];
    for (;;) {
      let pre = '';
      while (this.peek()?.kind === 'op' && /^[-+]$/.test(this.peek()!.text)) pre += this.toks[this.i++]!.text + this.ws();
      const node = this.node();
      let post = this.ws();
      while (this.peek()?.text === '%') post += this.toks[this.i++]!.text + this.ws();
      terms.push({ pre, node, post });
      const t = this.peek();
      if (t?.kind !== 'op') break;
      // Two terms side by side with only a space between them intersect: not read here.
      this.i++;
      ops.push(t.text + this.ws());
    }
    if (this.peek() && !['comma', 'close'].includes(this.peek()!.kind)) throw new Unsupported();
    return { terms, ops, lead, trail: '' };
  }

  node(): Node {
    const t = this.toks[this.i++];
    if (!t) throw new Unsupported();
    if (['str', 'num', 'err', 'ref', 'name', 'arr'].includes(t.kind)) return { kind: 'atom', tok: t };
    if (t.kind === 'open') {
      const inner = this.expr();
      if (this.peek()?.kind !== 'close') throw new Unsupported();
      this.i++;
      return { kind: 'paren', inner, open: '(', close: ')' };
    }
    if (t.kind === 'fn') {
      const name = t.text.replace(/\s*\($/, '').toUpperCase();
      const args: Expr[] = [];
      const seps: string[] = [];
      if (this.peek()?.kind === 'close' || (this.peek()?.kind === 'ws' && this.toks[this.i + 1]?.kind === 'close')) {
        const w = this.ws();
        this.i++;
        return { kind: 'call', name, head: t.text + w, args, seps, close: ')' };
      }
      for (;;) {
        if (this.peek()?.kind === 'comma' || this.peek()?.kind === 'close') args.push({ terms: [], ops: [], lead: '', trail: '' });
        else args.push(this.expr());
        const end = this.toks[this.i++];
        if (end?.kind === 'close') return { kind: 'call', name, head: t.text, args, seps, close: ')' };
        if (end?.kind !== 'comma') throw new Unsupported();
        seps.push(',');
      }
    }
    throw new Unsupported();
  }
}

// --- which arguments want one value ---

/** Functions whose arguments are arrays in any formula (Excel evaluates them without Ctrl+Shift+Enter). */
const ARRAY_ARGS = new Set([
  'SUMPRODUCT', 'LOOKUP', 'MMULT', 'MDETERM', 'MINVERSE', 'TRANSPOSE', 'FREQUENCY', 'TREND', 'GROWTH', 'LINEST', 'LOGEST',
  'SUMX2MY2', 'SUMX2PY2', 'SUMXMY2', 'AGGREGATE',
]);
/** Criteria functions: the positions of their criteria (the rest are ranges). */
const CRITERIA: Record<string, (i: number) => boolean> = {
  COUNTIF: (i) => i === 1, SUMIF: (i) => i === 1, AVERAGEIF: (i) => i === 1,
  COUNTIFS: (i) => i % 2 === 1, SUMIFS: (i) => i > 0 && i % 2 === 0, AVERAGEIFS: (i) => i > 0 && i % 2 === 0,
  MAXIFS: (i) => i > 0 && i % 2 === 0, MINIFS: (i) => i > 0 && i % 2 === 0,
};
/** Functions that give one of their arguments back as it is, by position. */
const PASS_ON: Record<string, (i: number) => boolean> = {
  IF: (i) => i > 0, CHOOSE: (i) => i > 0, IFERROR: () => true, IFNA: () => true, IFS: (i) => i % 2 === 1, SWITCH: (i) => i > 1 && i % 2 === 0,
};
/** Functions that give a reference or an array, which a single-value place intersects. */
const GIVES_AREA = new Set(['INDEX', 'OFFSET', 'INDIRECT']);
/** Functions that spill only when given several values where they take one (CHOOSE's index, a criterion), which a legacy formula already intersects. */
const AREA_FROM_VALUES = new Set(['CHOOSE', ...Object.keys(CRITERIA)]);
/** ROW and COLUMN give an array for a reference of several cells. */
const LINE_NUMBERS = new Set(['ROW', 'COLUMN']);
const VALUE_TYPES = new Set(['NUMBER', 'STRING', 'BOOLEAN', 'SCALAR', 'NOERROR', 'INTEGER', 'COMPLEX']);

interface Signature { parameters?: { argumentType: string }[]; repeatLastArgs?: number; vectorizationForbidden?: boolean; expandRanges?: boolean; sizeOfResultArrayMethod?: string }

const signatures = new Map<string, Signature | null>();

function signature(name: string): Signature | null {
  let s = signatures.get(name);
  if (s === undefined) {
    const plugin = HyperFormula.getFunctionPlugin(name) as { implementedFunctions: Record<string, Signature> } | undefined;
    s = plugin?.implementedFunctions[name] ?? null;
    signatures.set(name, s);
  }
  return s;
}

function paramType(sig: Signature, i: number): string | undefined {
  const params = sig.parameters ?? [];
  if (i < params.length) return params[i]!.argumentType;
  const rep = sig.repeatLastArgs ?? 0;
  if (!rep || !params.length) return undefined;
  return params[params.length - rep + ((i - params.length) % rep)]!.argumentType;
}

function argContext(name: string, i: number, outer: Ctx): Ctx {
  if (ARRAY_ARGS.has(name)) return 'array';
  // IF(test, A1:A3) and CHOOSE(2, A1:A3, B1:B3) hand the range on: it is intersected, or not, where it lands.
  if (PASS_ON[name]?.(i) && outer !== 'array') return outer;
  const criteria = CRITERIA[name];
  // A criterion (and CHOOSE's index) takes one value, or several where the formula works on arrays.
  if (criteria) return criteria(i) ? (outer === 'array' ? 'array' : 'value') : 'ref';
  if (name === 'CHOOSE') return outer === 'array' ? 'array' : 'value';
  const sig = signature(name);
  if (!sig) throw new Unsupported();
  // Functions that flatten ranges into their values (MULTINOMIAL, CONCAT) take references as they are.
  if (!sig.parameters || sig.vectorizationForbidden || (sig.expandRanges && name !== 'CONCATENATE')) return 'ref';
  const type = paramType(sig, i);
  if (!type || !VALUE_TYPES.has(type)) return 'ref';
  // Inside an array argument, functions work element by element, except IF (Excel's IF needs
  // Ctrl+Shift+Enter there too).
  return outer === 'array' && name !== 'IF' ? 'array' : 'value';
}

function givesArea(name: string): boolean {
  // A LAMBDA's call: a file from Excel 2021 on stores one that spills as an array formula, so one
  // stored as an ordinary formula gives one value (Excel shows no @ there).
  if (name === CALL_FN || AREA_FROM_VALUES.has(name) || LINE_NUMBERS.has(name)) return false;
  return GIVES_AREA.has(name) || Boolean(signature(name)?.sizeOfResultArrayMethod);
}

/** An argument that is a reference to several cells, as written (A3:A5, A:A). */
function severalCells(e: Expr | undefined): boolean {
  const node = e?.terms.length === 1 ? e.terms[0]!.node : undefined;
  return node?.kind === 'atom' && node.tok.kind === 'ref' && Boolean(node.tok.multi);
}

// --- write it back ---

const single = (text: string) => `SINGLE(${text})`;

function emitExpr(e: Expr, ctx: Ctx): string {
  const bare = e.terms.length === 1 && !e.terms[0]!.pre && !e.terms[0]!.post.trim();
  const inner: Ctx = bare ? ctx : ctx === 'array' ? 'array' : 'value';
  let s = e.lead;
  e.terms.forEach((t, k) => {
    s += t.pre + emitNode(t.node, inner) + t.post + (e.ops[k] ?? '');
  });
  return s + e.trail;
}

function emitNode(n: Node, ctx: Ctx): string {
  if (n.kind === 'atom') return ctx === 'value' && n.tok.kind === 'ref' && n.tok.multi ? single(n.tok.text) : n.tok.text;
  if (n.kind === 'paren') return n.open + emitExpr(n.inner, ctx) + n.close;
  if (n.name === 'SINGLE') throw new Unsupported();
  const outer: Ctx = ctx;
  const args = n.args.map((a, i) => emitExpr(a, argContext(n.name, i, outer)));
  let call = n.head;
  args.forEach((a, i) => {
    call += a + (n.seps[i] ?? '');
  });
  call += n.close;
  return ctx === 'value' && (givesArea(n.name) || (LINE_NUMBERS.has(n.name) && severalCells(n.args[0]))) ? single(call) : call;
}

/**
 * A formula (without '=') as the engine should read it when Excel evaluated it the pre-dynamic-array
 * way: every implicit intersection written out as SINGLE(...). Formulas this does not read (table
 * references, the union of references) come back unchanged.
 */
export function explicitIntersections(formula: string): string {
  // Formulas of one shape (a filled column differs only in row numbers) need a rewrite alike; a
  // shape that needs none is remembered, which spares most formulas of a big import the parse.
  // (A range whose two ends are one cell, A1:A1, is no range: such formulas are not cached.)
  const shape = oneCellRange(formula) ? undefined : formula.replace(/\d+/g, '0');
  if (shape !== undefined && untouched.has(shape)) return formula;
  let out = formula;
  try {
    const p = new Parser(tokenize(formula));
    const e = p.expr();
    if (p.done()) out = emitExpr(e, 'value');
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
  }
  if (out === formula && shape !== undefined) {
    if (untouched.size > 10_000) untouched.clear();
    untouched.add(shape);
  }
  return out;
}

const untouched = new Set<string>();

function oneCellRange(formula: string): boolean {
  for (const m of formula.matchAll(/(\$?[A-Za-z]{1,3}\$?\d+):(\$?[A-Za-z]{1,3}\$?\d+)/g)) {
    if (m[1]!.replace(/\$/g, '').toUpperCase() === m[2]!.replace(/\$/g, '').toUpperCase()) return true;
  }
  return false;
}

/**
 * The formula as a pre-dynamic-array formula writes it, where intersection is implicit: SINGLE(x)
 * becomes x (or (x) where x is an expression).
 */
export function implicitIntersections(formula: string): string {
  return rewriteSingle(formula, '', '(');
}

/** A formula as users read and write it: @ for SINGLE, A1# for ANCHORARRAY(A1), =A2:A5 for RANGE.SPILL(A2:A5), a legacy array formula without its ARRAY.FILL, LAMBDA calls as Excel writes them (core/formula/engine-text.ts). */
export function shownFormula(formula: string): string {
  return singleAsAt(spillRefsAsWritten(lambdaCallsAsWritten(rangeJoinsAsWritten(bareRangeAsWritten(arrayFillAsWritten(formula))))));
}

/** SINGLE(x) shown as Excel shows it: @x (or @(x) where x is an expression). */
export function singleAsAt(formula: string): string {
  return rewriteSingle(formula, '@', '@(');
}

function rewriteSingle(formula: string, asTerm: string, asExpression: string): string {
  if (!/SINGLE\s*\(/i.test(formula)) return formula;
  let toks: Tok[];
  try {
    toks = tokenize(formula);
  } catch {
    return formula;
  }
  let out = '';
  const closeAs: (string | undefined)[] = [];
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.kind === 'fn' && /^SINGLE\s*\($/i.test(t.text)) {
      let depth = 0, terms = 0, simple = true;
      for (let j = k + 1; j < toks.length; j++) {
        const u = toks[j]!;
        if (depth === 0 && u.kind !== 'ws' && u.kind !== 'close') {
          if (u.kind === 'op' || u.kind === 'comma') simple = false;
          else terms++;
        }
        if (u.kind === 'open' || u.kind === 'fn') depth++;
        else if (u.kind === 'close' && depth-- === 0) break;
      }
      simple &&= terms === 1;
      out += simple ? asTerm : asExpression;
      closeAs.push(simple ? '' : ')');
      continue;
    }
    if (t.kind === 'open' || t.kind === 'fn') closeAs.push(undefined);
    if (t.kind === 'close') {
      out += closeAs.pop() ?? ')';
      continue;
    }
    out += t.text;
  }
  return out;
}

/** What a user writes for Excel's @ operator (@A1:A10, @INDEX(...)), as SINGLE(...) for the engine. */
export function atAsSingle(formula: string): string {
  if (!formula.includes('@')) return formula;
  let out = '';
  const closeAt = new Map<number, number>();
  for (let i = 0; i <= formula.length; i++) {
    out += ')'.repeat(closeAt.get(i) ?? 0);
    if (i === formula.length) break;
    const c = formula[i]!;
    if (c === '"' || c === "'") {
      let j: number;
      try {
        j = quoted(formula, i, c);
      } catch {
        return formula;
      }
      out += formula.slice(i, j);
      // Closing parentheses due inside a literal cannot happen: terms do not end inside one.
      i = j - 1;
      continue;
    }
    if (c !== '@') {
      out += c;
      continue;
    }
    const end = termEnd(formula, i + 1);
    if (end === undefined) return formula;
    out += 'SINGLE(';
    closeAt.set(end, (closeAt.get(end) ?? 0) + 1);
  }
  return out;
}

/** Where the term starting at `at` ends: a reference, a name, a function call or a parenthesis. */
function termEnd(s: string, at: number): number | undefined {
  const ref = sticky(REF_RE, s, at);
  if (ref) return at + ref.length;
  const name = sticky(NAME_RE, s, at);
  let i = at + (name?.length ?? 0);
  if (name && s[i] !== '(') return i;
  if (s[i] !== '(') return undefined;
  let depth = 0;
  for (; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"' || c === "'") {
      try {
        i = quoted(s, i, c) - 1;
      } catch {
        return undefined;
      }
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return undefined;
}
