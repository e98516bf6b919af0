// A number laid out by one section of a number format code as Excel lays it out: the section is
// chosen by sign or condition, then the number is shown plain, in scientific notation or as a
// fraction, with Excel's odd cases kept (thousands separators between placeholders anywhere in the
// whole part, trailing commas that divide by 1000, literals between placeholders, exponents with
// literals around them, fractions that blank their place when zero). Its cases: the table of
// Excel's cached TEXT results in test/number-format.test.ts.
import { dec2frac } from 'numfmt';
import { hasDigits, hasText, readCode, type Condition, type Section, type Tok } from './number-code.ts';
import { emptyPlace, layFraction, layWhole, roundedDigits } from './number-digits.ts';

type Result = { text: string } | { error: string };
const isDigit = (t: Tok | undefined): t is { t: 'digit'; c: '0' | '#' | '?' } => t?.t === 'digit';
const litText = (toks: Tok[]) => layWhole(toks.filter((t) => !isDigit(t)), '', false);

/** Each code's parts as read, null for a code left to numfmt. */
const cache = new Map<string, Part[] | null>();

interface Part {
  section: Section;
  cond?: Condition;
  /** A minus sign goes before a negative number shown by this part. */
  minus: boolean;
}

const test = ([op, n]: Condition, v: number) =>
  op === '=' ? v === n : op === '<>' ? v !== n : op === '<' ? v < n : op === '>' ? v > n : op === '<=' ? v <= n : v >= n;

/** numfmt's reading of which section shows which number (it was written against Excel's output). */
function parts(sections: Section[]): Part[] | undefined {
  if (sections.some((s) => s.cond)) {
    const list: Part[] = sections.map((s) => ({ section: s, cond: s.cond, minus: false }));
    if (!list[0]!.cond) list[0]!.cond = ['>', 0];
    if (list.length === 1) return undefined; // the rest are shown in General: numfmt's part
    const maybeMinus = (p: Part) => {
      const [op, n] = p.cond ?? ['', 0];
      p.minus = !((n < 0 && (op === '<' || op === '<=' || op === '=')) || (n === 0 && op === '<'));
    };
    if (list.length < 3) {
      maybeMinus(list[0]!);
      if (list[1]!.cond) maybeMinus(list[1]!);
      else {
        const [op, n] = list[0]!.cond!;
        list[1]!.minus = op === '=' || (n >= 0 && (op === '>' || op === '>='));
      }
    } else list.forEach(maybeMinus);
    return list;
  }
  let numeric = sections;
  const text = sections.find(hasText);
  if (sections.length < 4 && text) numeric = sections.filter((s) => s !== text);
  if (numeric.length === 0) return undefined;
  const [a, b, c] = numeric as [Section, Section | undefined, Section | undefined];
  return [
    { section: a, cond: ['>', 0], minus: false },
    { section: b ?? a, cond: ['<', 0], minus: !b },
    { section: c ?? a, minus: false },
  ];
}

/**
 * `value` shown by `code` as Excel's TEXT shows it, or undefined for a code this engine leaves to
 * numfmt (dates and times, General, brackets it does not know).
 */
export function layNumber(code: string, value: number): Result | undefined {
  let list = cache.get(code);
  if (list === undefined) {
    const sections = readCode(code);
    list = (sections && parts(sections)) ?? null;
    if (cache.size > 5000) cache.clear();
    cache.set(code, list);
  }
  if (!list) return undefined;
  const part = list.slice(0, 3).find((p) => !p.cond || test(p.cond, value));
  if (!part || part.section.general) return undefined;
  const out = laySection(part.section.toks, Math.abs(value));
  if ('error' in out) return out;
  const minus = part.minus && value < 0 && (out.nonzero || !hasDigits(part.section));
  return { text: (minus ? '-' : '') + out.text };
}

type Laid = { text: string; nonzero: boolean } | { error: string };

function laySection(toks: Tok[], v: number): Laid {
  const exp = toks.findIndex((t) => t.t === 'exp');
  if (exp >= 0) return layScientific(toks, exp, v);
  const first = toks.findIndex(isDigit);
  const slash = first < 0 ? -1 : toks.findIndex((t, i) => t.t === 'slash' && i > first);
  if (slash >= 0 && toks.slice(slash + 1).some((u) => isDigit(u) || (u.t === 'lit' && /^[0-9]$/.test(u.s)))) return { text: layFractionCode(toks, slash, v), nonzero: v !== 0 };
  return layPlain(toks, v);
}

/** Commas read by place: after a placeholder they group thousands (more whole placeholders follow), divide by 1000 (none follow), or are dropped (between decimals); after anything else they are text. */
function markCommas(toks: Tok[], sci: boolean): { toks: Tok[]; grouping: boolean; scale: number } {
  const dot = toks.findIndex((t) => t.t === 'dot');
  const out: Tok[] = [];
  let grouping = false, scale = 0, mark = false;
  // whether a placeholder comes later in the same part (the whole number, or the rest of the code)
  const laterDigit: boolean[] = [];
  for (let i = toks.length - 1, seen = false; i >= 0; i--) {
    laterDigit[i] = seen;
    if (i === dot) seen = false;
    if (isDigit(toks[i])) seen = true;
  }
  const laterAny: boolean[] = [];
  for (let i = toks.length - 1, seen = false; i >= 0; i--) {
    laterAny[i] = seen;
    if (isDigit(toks[i])) seen = true;
  }
  toks.forEach((t, i) => {
    if (t.t !== 'comma') {
      mark = false;
      out.push(t);
      return;
    }
    const prev = toks[i - 1];
    if (!(isDigit(prev) || (prev?.t === 'comma' && mark))) {
      out.push({ t: 'lit', s: ',' });
      return;
    }
    mark = true;
    const inWhole = dot < 0 || i < dot;
    const later = inWhole ? laterDigit[i]! : laterAny[i]!;
    // Between two placeholders a comma groups thousands; after one, with more to come, it is dropped.
    if (inWhole && later) grouping ||= isDigit(toks[i + 1]);
    else if (!later && !sci) scale++;
  });
  return { toks: out, grouping, scale };
}

function layPlain(raw: Tok[], v: number): Laid {
  const { toks, grouping, scale } = markCommas(raw, false);
  const dot = toks.findIndex((t) => t.t === 'dot');
  const whole = dot < 0 ? toks : toks.slice(0, dot);
  const decimals = dot < 0 ? [] : toks.slice(dot + 1);
  const pct = toks.filter((t) => t.t === 'pct').length;
  const n = v * 100 ** pct / 1000 ** scale;
  const places = decimals.filter(isDigit).length;
  const d = roundedDigits(n, places);
  let text = layWhole(whole, d.whole, grouping);
  // `.##` still shows the whole number's digits, before the point; a code of text alone shows none.
  if (!whole.some(isDigit) && decimals.some(isDigit)) text += d.whole;
  if (dot >= 0) text += '.' + layFraction(decimals, d.frac);
  return { text, nonzero: /[1-9]/.test(d.whole + d.frac) };
}

function layScientific(raw: Tok[], at: number, v: number): Laid {
  const after = raw.slice(at + 1);
  if (after.some((t) => t.t === 'dot')) return { error: 'a decimal point after the exponent' };
  const { toks: mant, grouping } = markCommas(raw.slice(0, at), true);
  const dot = mant.findIndex((t) => t.t === 'dot');
  const whole = dot < 0 ? mant : mant.slice(0, dot);
  const decimals = dot < 0 ? [] : mant.slice(dot + 1);
  const wholePlaces = whole.filter(isDigit).length;
  const places = decimals.filter(isDigit).length;
  const step = Math.max(wholePlaces, 1);
  let exponent = 0;
  let d = { whole: '0'.repeat(step), frac: '0'.repeat(places) };
  if (v !== 0) {
    const [m, e] = v.toExponential(14).split('e') as [string, string];
    exponent = Math.floor(Number(e) / step) * step;
    d = roundedDigits(Number(`${m}e${Number(e) - exponent}`), places);
    if (d.whole.length > step) {
      exponent += step;
      d = roundedDigits(Number(`${m}e${Number(e) - exponent}`), places);
    }
  }
  let text = layWhole(whole, d.whole, grouping);
  if (!whole.some(isDigit)) text += d.whole;
  if (dot >= 0) text += '.' + layFraction(decimals, d.frac);
  const mark = raw[at] as { s: string };
  text += mark.s[0];
  const first = after.findIndex(isDigit);
  const sign = exponent < 0 ? '-' : mark.s[1] === '+' ? '+' : '';
  const digits = String(Math.abs(exponent));
  if (first < 0) text += litText(after) + sign + digits;
  else text += litText(after.slice(0, first)) + sign + layWhole(after.slice(first), digits, false);
  return { text, nonzero: v !== 0 };
}

function layFractionCode(toks: Tok[], slash: number, v: number): string {
  const litDigit = (t: Tok | undefined) => t?.t === 'lit' && /^[0-9]$/.test(t.s);
  let d = slash + 1;
  while (d < toks.length && !(isDigit(toks[d]) || litDigit(toks[d]))) d++;
  let dEnd = d;
  while (dEnd < toks.length && (isDigit(toks[dEnd]) || litDigit(toks[dEnd]))) dEnd++;
  const denToks = toks.slice(d, dEnd);
  const fixed = litDigit(denToks[0]) ? Number(denToks.map((t) => (t.t === 'lit' ? t.s : t.t === 'digit' ? t.c : '')).join('')) : 0;
  let n = slash - 1;
  while (n >= 0 && !isDigit(toks[n])) n--;
  let nStart = n;
  while (nStart > 0 && isDigit(toks[nStart - 1])) nStart--;
  const numToks = toks.slice(nStart, n + 1) as { t: 'digit'; c: '0' | '#' | '?' }[];
  const firstInt = toks.findIndex(isDigit);
  const hasInt = firstInt < nStart;
  let lastInt = nStart - 1;
  while (lastInt >= 0 && !isDigit(toks[lastInt])) lastInt--;
  const prefix = litText(toks.slice(0, hasInt ? firstInt : nStart));
  const intToks = hasInt ? toks.slice(firstInt, lastInt + 1) : [];
  const sep = hasInt ? litText(toks.slice(lastInt + 1, nStart)) : '';
  const mid = litText(toks.slice(n + 1, d));
  const suffix = litText(toks.slice(dEnd));
  const denPlaces = denToks.filter(isDigit).length;

  // Split at 15 significant digits, as Excel reads the number (99999.995 has .995, not .99499…).
  const digits = roundedDigits(v, Math.max(0, 15 - String(Math.floor(v)).length));
  let whole = hasInt ? Number(digits.whole || '0') : 0;
  const part = hasInt ? Number(`0.${digits.frac || '0'}`) : v;
  let num: number, den: number;
  if (fixed) [num, den] = [Math.round(part * fixed), fixed];
  else if (part === 0) [num, den] = [0, 1];
  else [num, den] = dec2frac(part, Infinity, denPlaces);
  if (hasInt && num === den && num !== 0) [whole, num] = [whole + 1, 0];

  const denText = fixed ? denToks.map((t) => (t.t === 'lit' ? t.s : t.t === 'digit' ? t.c : '')).join('') : layDenominator(denToks, den);
  const numText = layWhole(numToks, String(num), false);
  if (hasInt && num === 0 && !numToks.some((t) => t.c === '0')) {
    // No fraction to show: the whole number alone, its fraction's place blank when a `?` pads.
    const width = sep.length + numToks.length + mid.length + denText.length;
    const blank = toks.some((t) => isDigit(t) && t.c === '?') ? ' '.repeat(width) : '';
    return prefix + layWhole(intToks, String(whole), false) + blank + suffix;
  }
  if (!hasInt) return prefix + numText + mid + denText + suffix;
  let intText: string;
  let sepText = sep;
  if (whole > 0) intText = layWhole(intToks, String(whole), false);
  else {
    const places = intToks.filter(isDigit).length;
    let seen = 0;
    intText = intToks
      .map((t) => (isDigit(t) ? (++seen === places && v === 0 && t.c === '?' ? '0' : emptyPlace(t.c)) : litText([t])))
      .join('');
    if (!/\d/.test(intText)) sepText = intText.includes(' ') || numToks.some((t) => t.c === '?') ? ' '.repeat(sep.length) : '';
  }
  return prefix + intText + sepText + numText + mid + denText + suffix;
}

/** A denominator: zeros pad it on the left to the count of `0`s, `?`s with spaces after it. */
function layDenominator(toks: Tok[], den: number): string {
  const places = toks.filter(isDigit) as { c: '0' | '#' | '?' }[];
  const zeros = places.filter((p) => p.c === '0').length;
  const digits = String(den).padStart(zeros, '0');
  const rest = places.slice(digits.length).filter((p) => p.c === '?').length;
  return digits + ' '.repeat(rest);
}
