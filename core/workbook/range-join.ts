// The range operator with a computed end: Excel reads `A9:CHOOSE(2,A10,A11)` or
// `INDIRECT("A12"):INDIRECT("A15")` as the range between the two references, where HyperFormula
// reads only written cell references on both sides. The engine gets RANGE.JOIN(left, right)
// (functions/references.ts), and every shown or exported formula is written back as `left:right`.

/** The engine's function for a range with a computed end. */
export const RANGE_JOIN_FN = 'RANGE.JOIN';

const REF_BEFORE = /(?:(?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?\$?[A-Za-z]{1,3}\$?\d+$/;
const REF_AFTER = /^(?:(?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?\$?[A-Za-z]{1,3}\$?\d+(?![\w(])/;
const CALL_AFTER = /^[A-Za-z_][\w.]*\s*\(/;

/** Spans [start, end) of string literals and quoted sheet names. */
function quotedSpans(s: string): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < s.length; i++) {
    const q = s[i];
    if (q !== '"' && q !== "'") continue;
    let j = i + 1;
    while (j < s.length && !(s[j] === q && s[j + 1] !== q)) j += s[j] === q ? 2 : 1;
    out.push([i, j + 1]);
    i = j;
  }
  return out;
}

/** The index of the parenthesis matching the one at `at` (forward from '(' or back from ')'), outside literals; -1 if none. */
function matching(s: string, at: number, quoted: [number, number][]): number {
  const step = s[at] === '(' ? 1 : -1;
  let depth = 0;
  for (let i = at; i >= 0 && i < s.length; i += step) {
    const span = quoted.find(([a, b]) => i >= a && i < b);
    if (span) {
      i = step > 0 ? span[1] - 1 : span[0];
      continue;
    }
    if (s[i] === '(' || s[i] === ')') depth += s[i] === (step > 0 ? '(' : ')') ? 1 : -1;
    if (depth === 0) return i;
  }
  return -1;
}

/** Where the operand ending just before `end` starts: a function call or a reference; -1 if neither. */
function operandStart(s: string, end: number, quoted: [number, number][]): { start: number; call: boolean } | undefined {
  if (s[end - 1] === ')') {
    const open = matching(s, end - 1, quoted);
    if (open < 0) return undefined;
    const name = /[A-Za-z_][\w.]*\s*$/.exec(s.slice(0, open));
    return name ? { start: open - name[0].length, call: true } : undefined;
  }
  const ref = REF_BEFORE.exec(s.slice(0, end));
  return ref ? { start: end - ref[0].length, call: false } : undefined;
}

/** Where the operand starting at `start` ends: a function call or a reference. */
function operandEnd(s: string, start: number, quoted: [number, number][]): { end: number; call: boolean } | undefined {
  const rest = s.slice(start);
  const call = CALL_AFTER.exec(rest);
  if (call) {
    const close = matching(s, start + call[0].length - 1, quoted);
    return close < 0 ? undefined : { end: close + 1, call: true };
  }
  const ref = REF_AFTER.exec(rest);
  return ref ? { end: start + ref[0].length, call: false } : undefined;
}

/** The formula with each range whose end is a function call written RANGE.JOIN(left, right). */
export function rangeJoinsForEngine(formula: string): string {
  if (!formula.includes(':') || !formula.includes('(')) return formula;
  const quoted = quotedSpans(formula);
  for (let i = formula.length - 1; i > 0; i--) {
    if (formula[i] !== ':' || quoted.some(([a, b]) => i >= a && i < b)) continue;
    const left = operandStart(formula, i, quoted), right = operandEnd(formula, i + 1, quoted);
    if (!left || !right || (!left.call && !right.call)) continue;
    const joined = `${RANGE_JOIN_FN}(${formula.slice(left.start, i)},${formula.slice(i + 1, right.end)})`;
    return rangeJoinsForEngine(formula.slice(0, left.start) + joined + formula.slice(right.end));
  }
  return formula;
}

/** RANGE.JOIN(left, right) as Excel writes it: left:right. */
export function rangeJoinsAsWritten(formula: string): string {
  const at = formula.search(/RANGE\.JOIN\(/i);
  if (at < 0) return formula;
  const quoted = quotedSpans(formula);
  const open = at + RANGE_JOIN_FN.length;
  const close = matching(formula, open, quoted);
  if (close < 0) return formula;
  const inner = formula.slice(open + 1, close);
  let depth = 0, comma = -1;
  const innerQuoted = quotedSpans(inner);
  for (let i = 0; i < inner.length && comma < 0; i++) {
    if (innerQuoted.some(([a, b]) => i >= a && i < b)) continue;
    if (inner[i] === '(') depth++;
    else if (inner[i] === ')') depth--;
    else if (inner[i] === ',' && depth === 0) comma = i;
  }
  if (comma < 0) return formula;
  return rangeJoinsAsWritten(`${formula.slice(0, at)}${inner.slice(0, comma).trim()}:${inner.slice(comma + 1).trim()}${formula.slice(close + 1)}`);
}
