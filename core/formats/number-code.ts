// Number format codes read into sections of tokens, for core/formats/number-layout.ts to lay a number
// out as Excel does. Only codes for numbers: a code with date or time parts, General, or a bracket
// this file does not know is left to numfmt (the caller's fallback) by reading as undefined.

/** One piece of a section: a digit placeholder, a literal, or a mark that changes the number. */
export type Tok =
  | { t: 'digit'; c: '0' | '#' | '?' }
  | { t: 'lit'; s: string }
  | { t: 'comma' }
  | { t: 'dot' }
  | { t: 'pct' }
  | { t: 'exp'; s: string }
  | { t: 'slash' }
  | { t: 'at' };

export type Condition = ['<' | '>' | '=' | '<=' | '>=' | '<>', number];

export interface Section {
  toks: Tok[];
  cond?: Condition;
  /** Only a color or condition: Excel shows the number in General there (numfmt's part). */
  general?: boolean;
}

const CONDITION = /^\[(<=|>=|<>|<|>|=)\s*(-?[0-9.]+(?:[eE][+-]?\d+)?)\]$/;
const COLOR = /^\[(black|blue|cyan|green|magenta|red|white|yellow|color\s*\d+)\]$/i;
const CURRENCY = /^\[\$([^\]]*?)(?:-[0-9A-Fa-f]+)?\]$/;
/** Letters that make a code a date, time or General one: those go to numfmt. */
const NOT_NUMBER = /[dmyhsbgn]/i;

/** The code's sections (split at `;` outside quotes, escapes and brackets), or undefined when they are not all number sections. */
export function readCode(code: string): Section[] | undefined {
  const sections: Section[] = [];
  let toks: Tok[] = [];
  let cond: Condition | undefined;
  let bracket = false;
  const end = () => sections.push({ toks, cond, general: bracket && toks.length === 0 });
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (ch === ';') {
      end();
      toks = [];
      cond = undefined;
      bracket = false;
    } else if (ch === '"') {
      const close = code.indexOf('"', i + 1);
      if (close < 0) return undefined;
      toks.push({ t: 'lit', s: code.slice(i + 1, close) });
      i = close;
    } else if (ch === '\\') {
      if (i + 1 >= code.length) return undefined;
      toks.push({ t: 'lit', s: code[++i]! });
    } else if (ch === '_') {
      if (i + 1 >= code.length) return undefined;
      i++;
      toks.push({ t: 'lit', s: ' ' });
    } else if (ch === '*') {
      // A fill repeats its character across the cell; text has no width, so it is left out.
      i++;
    } else if (ch === '[') {
      const close = code.indexOf(']', i);
      if (close < 0) return undefined;
      const inside = code.slice(i, close + 1);
      i = close;
      bracket = true;
      const c = CONDITION.exec(inside);
      const cur = CURRENCY.exec(inside);
      if (c) cond = [c[1] as Condition[0], Number(c[2])];
      else if (cur) {
        if (cur[1]) toks.push({ t: 'lit', s: cur[1] });
      } else if (!COLOR.test(inside)) return undefined;
    } else if (ch === '0' || ch === '#' || ch === '?') toks.push({ t: 'digit', c: ch });
    else if (ch === ',') toks.push({ t: 'comma' });
    else if (ch === '.') toks.push({ t: 'dot' });
    else if (ch === '%') toks.push({ t: 'pct' });
    else if (ch === '/') toks.push({ t: 'slash' });
    else if (ch === '@') toks.push({ t: 'at' });
    else if ((ch === 'e' || ch === 'E') && (code[i + 1] === '+' || code[i + 1] === '-')) {
      toks.push({ t: 'exp', s: ch + code[i + 1] });
      i++;
    } else if (NOT_NUMBER.test(ch) || ch === 'e' || ch === 'E') return undefined;
    else toks.push({ t: 'lit', s: ch });
  }
  end();
  return sections.length > 4 ? undefined : sections;
}

/** Whether a section shows a number (has a digit placeholder), as against only text. */
export const hasDigits = (s: Section) => s.toks.some((t) => t.t === 'digit');
export const hasText = (s: Section) => s.toks.some((t) => t.t === 'at');

/** The code's sections as text, split at `;` outside quotes, escapes and brackets. */
export function splitSections(code: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (ch === '"' || ch === '[') {
      const end = code.indexOf(ch === '"' ? '"' : ']', i + 1);
      i = end < 0 ? code.length : end;
    } else if (ch === '\\' || ch === '_' || ch === '*') i++;
    else if (ch === ';') {
      out.push(code.slice(start, i));
      start = i + 1;
    }
  }
  out.push(code.slice(start));
  return out;
}

/**
 * A code of four sections whose `@` stands in one of the first three: Excel's TEXT answers #VALUE!
 * for it (`;-  ##.0;"ZERO"@;"X"`: pycel's text.xlsx, Excel-cached).
 */
export function misplacedText(code: string): boolean {
  if (!code.includes('@')) return false;
  const sections = splitSections(code);
  return sections.length === 4 && sections.slice(0, 3).some((s) => /@/.test(s.replace(/"[^"]*"|\\.|_.|\*.|\[[^\]]*\]/g, '')));
}
