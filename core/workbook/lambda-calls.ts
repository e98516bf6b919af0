// Calls of LAMBDAs as Excel writes them, and as the engine reads them. Excel calls a LAMBDA by
// the name it is given (`=AddTax(A1)` with AddTax defined as `=LAMBDA(x, x*1.2)`), by a name LET
// binds (`LET(f, LAMBDA(x, x*2), f(3))`), or in place (`=LAMBDA(x, x*2)(3)`), and marks an optional
// parameter with brackets (`LAMBDA(a, [b], ...)`). HyperFormula parses none of these: a call of a
// name is an unknown function to it, and `(...)(3)` and `[b]` do not parse. So formulas go to the
// engine with each call written `LAMBDA.CALL(AddTax, A1)` and each optional parameter
// `LAMBDA.OPT(b)` (functions/lambda.ts evaluates both), and come back as Excel writes them wherever
// a formula is shown or exported. A function passed by its name where Excel takes a function
// (`BYROW(A1:C3, SUM)`, Excel's eta-reduced LAMBDA, stored `_xleta.SUM`) goes as `LAMBDA.ETA("SUM")`.

/** The engine's function that calls a LAMBDA: LAMBDA.CALL(lambda or name, arguments...). */
export const CALL_FN = 'LAMBDA.CALL';
/** The engine's mark of an optional LAMBDA parameter: LAMBDA.OPT(name). */
export const OPT_FN = 'LAMBDA.OPT';
/** The engine's form of a function passed by its name (SUM in BYROW(A1:C3, SUM)): LAMBDA.ETA("SUM"). */
export const ETA_FN = 'LAMBDA.ETA';

/** The argument (0-based, from the argument count) of each function that takes a function. */
const FUNCTION_ARG: Record<string, (count: number) => number> = {
  MAP: (n) => n - 1,
  REDUCE: (n) => n - 1,
  SCAN: (n) => n - 1,
  BYROW: () => 1,
  BYCOL: () => 1,
  MAKEARRAY: () => 2,
  GROUPBY: () => 2,
  PIVOTBY: () => 3,
};
/** Those whose function may also be a vector of functions (HSTACK(SUM, AVERAGE)), or one with labels. */
const TAKES_VECTORS = new Set(['GROUPBY', 'PIVOTBY']);
const STACKS = new Set(['HSTACK', 'VSTACK']);
const MAX_COL = 16384, MAX_ROW = 1048576;

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
  const withEta = etaForEngine(formula, isFunction);
  const bound = bareNames(withEta);
  return rewrite(withEta, (upper) => !isFunction(upper) && (bound.has(upper) || callable(upper)));
}

/** Whether a name is a cell reference (LOG10 is one: Excel reads it as the cell, not the function). */
function isCellName(name: string): boolean {
  const m = /^([A-Za-z]{1,3})(\d+)$/.exec(name);
  if (!m) return false;
  const col = [...m[1]!.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
  const row = Number(m[2]);
  return col <= MAX_COL && row >= 1 && row <= MAX_ROW;
}

/** The names LET and LAMBDA bind in the formula (upper case): such a name is never a function passed by name. */
function boundNames(s: string): Set<string> {
  const out = new Set<string>();
  for (const n of namesIn(s)) {
    const upper = n.name.toUpperCase();
    if (n.open < 0 || (upper !== 'LET' && upper !== 'LAMBDA')) continue;
    const close = closing(s, n.open);
    if (close < 0) break;
    const args = topLevelArgs(s.slice(n.open + 1, close));
    args.slice(0, -1).forEach((a, i) => {
      if (upper === 'LAMBDA' || i % 2 === 0) out.add(a.trim().replace(/^\[\s*|\s*\]$/g, '').toUpperCase());
    });
  }
  return out;
}

/**
 * Function names where Excel takes a function (MAP's, REDUCE's, ... last argument, GROUPBY's and
 * PIVOTBY's function, and the HSTACK or VSTACK of several there) as LAMBDA.ETA("NAME").
 */
function etaForEngine(formula: string, isFunction: (upper: string) => boolean): string {
  if (!/(?:MAP|REDUCE|SCAN|BYROW|BYCOL|MAKEARRAY|GROUPBY|PIVOTBY)\s*\(/i.test(formula)) return formula;
  const bound = boundNames(formula);
  const asFunction = (arg: string, vectors: boolean): string => {
    const m = /^(\s*)([A-Za-z_\\][A-Za-z0-9_.\\]*)(\s*)$/.exec(arg);
    if (m) {
      const upper = m[2]!.toUpperCase();
      const isName = isFunction(upper) && upper !== 'TRUE' && upper !== 'FALSE' && !isCellName(m[2]!) && !bound.has(upper);
      return isName ? `${m[1]}${ETA_FN}("${m[2]}")${m[3]}` : arg;
    }
    const stack = vectors ? /^(\s*)([A-Za-z]+)(\s*)\(/.exec(arg) : null;
    if (stack && STACKS.has(stack[2]!.toUpperCase())) {
      const open = stack[0].length - 1;
      const close = closing(arg, open);
      if (close > 0 && !arg.slice(close + 1).trim()) return `${arg.slice(0, open + 1)}${topLevelArgs(arg.slice(open + 1, close)).map((a) => asFunction(a, true)).join(',')})${arg.slice(close + 1)}`;
    }
    return withEta(arg);
  };
  const withEta = (s: string): string => {
    let out = '';
    let at = 0;
    for (const n of namesIn(s)) {
      if (n.start < at || n.open < 0) continue;
      const upper = n.name.toUpperCase();
      const fnArg = FUNCTION_ARG[upper];
      if (!fnArg) continue;
      const close = closing(s, n.open);
      if (close < 0) break;
      const args = topLevelArgs(s.slice(n.open + 1, close));
      const at0 = fnArg(args.length);
      out += `${s.slice(at, n.open + 1)}${args.map((a, i) => (i === at0 ? asFunction(a, TAKES_VECTORS.has(upper)) : withEta(a))).join(',')})`;
      at = close + 1;
    }
    return at === 0 ? s : out + s.slice(at);
  };
  return withEta(formula);
}

/** The name a LAMBDA.ETA's argument holds ("SUM" gives SUM). */
function etaName(inner: string): string {
  const t = inner.trim();
  return /^"(?:[^"]|"")*"$/.test(t) ? t.slice(1, -1).replace(/""/g, '"') : t;
}

/** The formula with each function passed by name as an xlsx file stores it for Excel: _xleta.SUM. */
export function etaNamesAsStored(formula: string): string {
  if (!/LAMBDA\.ETA\s*\(/i.test(formula)) return formula;
  let out = '';
  let at = 0;
  for (const n of namesIn(formula)) {
    if (n.start < at || n.open < 0 || n.name.toUpperCase() !== ETA_FN) continue;
    const close = closing(formula, n.open);
    if (close < 0) break;
    out += `${formula.slice(at, n.start)}_xleta.${etaName(formula.slice(n.open + 1, close)).toUpperCase()}`;
    at = close + 1;
  }
  return out + formula.slice(at);
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

/**
 * The formula as Excel writes it: LAMBDA.CALL(f, x) as f(x), LAMBDA.CALL(LAMBDA(...), x) as
 * LAMBDA(...)(x), LAMBDA.OPT(b) as [b], LAMBDA.ETA("SUM") as SUM.
 */
export function lambdaCallsAsWritten(formula: string): string {
  if (!/LAMBDA\.(?:CALL|OPT|ETA)\s*\(/i.test(formula)) return formula;
  let out = '';
  let at = 0;
  for (const n of namesIn(formula)) {
    if (n.start < at || n.open < 0) continue;
    const upper = n.name.toUpperCase();
    if (upper !== CALL_FN && upper !== OPT_FN && upper !== ETA_FN) continue;
    const close = closing(formula, n.open);
    if (close < 0) break;
    const inner = formula.slice(n.open + 1, close);
    if (upper === OPT_FN) out += `${formula.slice(at, n.start)}[${inner.trim()}]`;
    else if (upper === ETA_FN) out += `${formula.slice(at, n.start)}${etaName(inner)}`;
    else {
      const [fn, ...args] = topLevelArgs(inner);
      out += `${formula.slice(at, n.start)}${lambdaCallsAsWritten(fn!.trim())}(${args.map(lambdaCallsAsWritten).join(',')})`;
    }
    at = close + 1;
  }
  return out + formula.slice(at);
}
