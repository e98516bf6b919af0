// Calls of LAMBDAs as Excel writes them, and as the engine reads them. Excel calls a LAMBDA by
// the name it is given (`=AddTax(A1)` with AddTax defined as `=LAMBDA(x, x*1.2)`), by a name LET
// binds (`LET(f, LAMBDA(x, x*2), f(3))`), or in place (`=LAMBDA(x, x*2)(3)`), and marks an optional
// parameter with brackets (`LAMBDA(a, [b], ...)`). HyperFormula parses none of these: a call of a
// name is an unknown function to it, and `(...)(3)` and `[b]` do not parse. So formulas go to the
// engine with each call written `LAMBDA.CALL(AddTax, A1)` and each optional parameter
// `LAMBDA.OPT(b)` (functions/lambda.ts evaluates both), and come back as Excel writes them wherever
// a formula is shown or exported.

/** The engine's function that calls a LAMBDA: LAMBDA.CALL(lambda or name, arguments...). */
export const CALL_FN = 'LAMBDA.CALL';
/** The engine's mark of an optional LAMBDA parameter: LAMBDA.OPT(name). */
export const OPT_FN = 'LAMBDA.OPT';

const NAME_START = /[A-Za-z_\\\u00C0-\uFFFF]/;
const NAME_CHAR = /[A-Za-z0-9_.\\\u00C0-\uFFFF]/;

/** The index just past a quoted literal ("text" or 'Sheet name') starting at i; the end when it does not close. */
function pastQuoted(s: string, i: number): number {
  const q = s[i]!;
  let j = i + 1;
  while (j < s.length) {
    if (s[j] === q) {
      if (s[j + 1] === q) j += 2;
      else return j + 1;
    } else j++;
  }
  return s.length;
}

/** The index of the parenthesis closing the one at `open`, or -1. */
function closing(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"' || c === "'") i = pastQuoted(s, i) - 1;
    else if (c === '{') {
      const j = s.indexOf('}', i);
      if (j < 0) return -1;
      i = j;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Splits the text between two parentheses at its top-level commas. */
function topLevelArgs(s: string): string[] {
  const out: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"' || c === "'") i = pastQuoted(s, i) - 1;
    else if (c === '(' || c === '{') depth++;
    else if (c === ')' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out;
}

interface NameAt {
  name: string;
  start: number;
  /** Index of the '(' that follows (whitespace allowed), or -1. */
  open: number;
  end: number;
}

/** Each name in the formula outside literals, with the parenthesis that follows it if any. */
function* namesIn(s: string): Generator<NameAt> {
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"' || c === "'") {
      i = pastQuoted(s, i) - 1;
      continue;
    }
    if (!NAME_START.test(c) || (i > 0 && (NAME_CHAR.test(s[i - 1]!) || s[i - 1] === '$' || s[i - 1] === '!'))) continue;
    let j = i + 1;
    while (j < s.length && NAME_CHAR.test(s[j]!)) j++;
    let k = j;
    while (s[k] === ' ') k++;
    // A sheet name (Sheet1!A1) or a structured reference (Table1[Col]) is not a call.
    if (s[j] === '!' || s[j] === '[') {
      i = j - 1;
      continue;
    }
    yield { name: s.slice(i, j), start: i, open: s[k] === '(' ? k : -1, end: j };
    i = j - 1;
  }
}

/** Names the formula uses without calling them: what LET binds and LAMBDA's parameters, among others. */
function bareNames(s: string): Set<string> {
  const out = new Set<string>();
  for (const n of namesIn(s)) if (n.open < 0) out.add(n.name.toUpperCase());
  return out;
}

/**
 * The formula with LAMBDA calls in the engine's form. `callable(NAME)` says whether a call of an
 * upper-cased name that is not a function is a LAMBDA's call; names the formula itself binds (used
 * bare elsewhere in it, as LET's names are) always are. Text without a call is returned unchanged.
 */
export function lambdaCallsForEngine(formula: string, isFunction: (upper: string) => boolean, callable: (upper: string) => boolean = () => true): string {
  if (!formula.includes('(')) return formula;
  const bound = bareNames(formula);
  return rewrite(formula, (upper) => !isFunction(upper) && (bound.has(upper) || callable(upper)));
}

function rewrite(s: string, isCall: (upper: string) => boolean): string {
  let out = '';
  let at = 0;
  for (const n of namesIn(s)) {
    if (n.start < at || n.open < 0) continue;
    const upper = n.name.toUpperCase();
    const close = closing(s, n.open);
    if (close < 0) break;
    if (upper === 'LAMBDA') {
      // LAMBDA(params..., body), optional parameters in brackets, and maybe called in place.
      const parts = topLevelArgs(s.slice(n.open + 1, close));
      const params = parts.slice(0, -1).map((p) => {
        const m = /^(\s*)\[\s*([^\]\s]+)\s*\](\s*)$/.exec(p);
        return m ? `${m[1]}${OPT_FN}(${m[2]})${m[3]}` : p;
      });
      const lambda = `${n.name}(${[...params, rewrite(parts[parts.length - 1]!, isCall)].join(',')})`;
      let k = close + 1;
      while (s[k] === ' ') k++;
      const callClose = s[k] === '(' ? closing(s, k) : -1;
      if (callClose < 0) {
        out += s.slice(at, n.start) + lambda;
        at = close + 1;
        continue;
      }
      const args = s.slice(k + 1, callClose);
      out += `${s.slice(at, n.start)}${CALL_FN}(${lambda}${args.trim() ? `,${rewrite(args, isCall)}` : ''})`;
      at = callClose + 1;
      continue;
    }
    if (!isCall(upper)) continue;
    const args = s.slice(n.open + 1, close);
    out += `${s.slice(at, n.start)}${CALL_FN}(${n.name}${args.trim() ? `,${rewrite(args, isCall)}` : ''})`;
    at = close + 1;
  }
  return at === 0 ? s : out + s.slice(at);
}

/** The formula as Excel writes it: LAMBDA.CALL(f, x) as f(x), LAMBDA.CALL(LAMBDA(...), x) as LAMBDA(...)(x), LAMBDA.OPT(b) as [b]. */
export function lambdaCallsAsWritten(formula: string): string {
  if (!/LAMBDA\.(?:CALL|OPT)\s*\(/i.test(formula)) return formula;
  let out = '';
  let at = 0;
  for (const n of namesIn(formula)) {
    if (n.start < at || n.open < 0) continue;
    const upper = n.name.toUpperCase();
    if (upper !== CALL_FN && upper !== OPT_FN) continue;
    const close = closing(formula, n.open);
    if (close < 0) break;
    const inner = formula.slice(n.open + 1, close);
    if (upper === OPT_FN) out += `${formula.slice(at, n.start)}[${inner.trim()}]`;
    else {
      const [fn, ...args] = topLevelArgs(inner);
      out += `${formula.slice(at, n.start)}${lambdaCallsAsWritten(fn!.trim())}(${args.map(lambdaCallsAsWritten).join(',')})`;
    }
    at = close + 1;
  }
  return out + formula.slice(at);
}
