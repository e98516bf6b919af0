// Splits Excel formula text into tokens with exact source spans. References carry their sheet,
// 3-D and external-workbook prefix; structured references their whole bracket; spaces are
// tokens too (the parser decides which are the intersection operator).
import { MAX_COLS, MAX_ROWS } from '../a1.ts';
import type { Corner, Prefix } from './ast.ts';

export type TokenKind =
  | 'ws' | 'number' | 'string' | 'bool' | 'error' | 'ref' | 'name' | 'structured'
  | 'op' | '(' | ')' | ',' | ';' | '{' | '}';

export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
  prefix?: Prefix;
  /** ref: the corners; b absent for one cell. */
  a?: Corner;
  b?: Corner;
  /** name/structured: the name (table name, or undefined for a bare [Col]); structured: the bracket text. */
  name?: string;
  bracket?: string;
}

export class FormulaSyntaxError extends Error {
  constructor(message: string, readonly at: number) {
    super(message);
  }
}

export const ERROR_CODES = [
  '#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A', '#GETTING_DATA', '#SPILL!', '#CALC!',
  '#FIELD!', '#BLOCKED!', '#CONNECT!', '#BUSY!', '#UNKNOWN!', '#PYTHON!', '#EXTERNAL!',
];

// Names and unquoted sheet names: letters, _ and \ first, then digits, . and ? too; any character
// past Latin-1's no-break space counts as a letter (Excel leaves Sheet・1 unquoted).
const NAME = /[\p{L}_\\\u00a1-\uffff][\p{L}\p{N}_.\\?\u00a1-\uffff]*/uy;
const SHEET_WORD = /[\p{L}_\\\u00a1-\uffff][\p{L}\p{N}_.\\?\u00a1-\uffff]*(?::[\p{L}_\\\u00a1-\uffff][\p{L}\p{N}_.\\?\u00a1-\uffff]*)?!/uy;
const CELL = /(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})/y;
const COLS = /(\$?)([A-Za-z]{1,3}):(\$?)([A-Za-z]{1,3})/y;
const ROWS = /(\$?)(\d{1,7}):(\$?)(\d{1,7})/y;
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
/** What may not follow a reference (it would be part of a name or a function call). */
const NAME_CHAR = /[\p{L}\p{N}_.\\?([!\u00a1-\uffff]/u;
const OPS = ['<>', '<=', '>=', '+', '-', '*', '/', '^', '&', '=', '<', '>', ':', '%', '@', '#'];

function sticky(re: RegExp, s: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(s);
}

function colIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + ch.charCodeAt(0) - 64;
  return n - 1;
}

/** A cell (or cell:cell), whole columns or whole rows at `at`, or undefined. */
function refAt(s: string, at: number): { end: number; a: Corner; b?: Corner } | undefined {
  const free = (end: number) => end >= s.length || !NAME_CHAR.test(s[end]!);
  const cell = (i: number): { end: number; c: Corner } | undefined => {
    const m = sticky(CELL, s, i);
    if (!m) return undefined;
    const col = colIndex(m[2]!), row = Number(m[4]) - 1;
    if (col >= MAX_COLS || row < 0 || row >= MAX_ROWS) return undefined;
    return { end: i + m[0].length, c: { col, row, colAbs: m[1] === '$', rowAbs: m[3] === '$' } };
  };
  const first = cell(at);
  if (first) {
    if (s[first.end] === ':') {
      const second = cell(first.end + 1);
      if (second && free(second.end)) return { end: second.end, a: first.c, b: second.c };
    }
    if (free(first.end)) return { end: first.end, a: first.c };
  }
  const cols = sticky(COLS, s, at);
  if (cols && free(at + cols[0].length)) {
    const c0 = colIndex(cols[2]!), c1 = colIndex(cols[4]!);
    if (c0 < MAX_COLS && c1 < MAX_COLS) return { end: at + cols[0].length, a: { col: c0, colAbs: cols[1] === '$', rowAbs: false }, b: { col: c1, colAbs: cols[3] === '$', rowAbs: false } };
  }
  const rows = sticky(ROWS, s, at);
  if (rows && free(at + rows[0].length)) {
    const r0 = Number(rows[2]) - 1, r1 = Number(rows[4]) - 1;
    if (r0 >= 0 && r1 >= 0 && r0 < MAX_ROWS && r1 < MAX_ROWS) return { end: at + rows[0].length, a: { row: r0, rowAbs: rows[1] === '$', colAbs: false }, b: { row: r1, rowAbs: rows[3] === '$', colAbs: false } };
  }
  return undefined;
}

/** Index just past the bracket opened at `at` (nested brackets; ' escapes the next character). */
function bracketEnd(s: string, at: number): number {
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    const c = s[i]!;
    if (c === "'") i++;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i + 1;
  }
  throw new FormulaSyntaxError('a [ is not closed', at);
}

/** `'...'` from `at`: the unescaped text and the index past the closing quote. */
function quoted(s: string, at: number, q: string): { value: string; end: number } {
  let i = at + 1, value = '';
  for (;;) {
    if (i >= s.length) throw new FormulaSyntaxError(`a ${q} is not closed`, at);
    if (s[i] === q) {
      if (s[i + 1] !== q) return { value, end: i + 1 };
      i++;
    }
    value += s[i++];
  }
}

/** Splits the unquoted prefix text (before '!') into book, path, sheets. */
function prefixOf(text: string): Prefix {
  const p: Prefix = {};
  let rest = text;
  const book = /^(.*?)\[([^\]]*)\]/.exec(rest);
  if (book) {
    if (book[1]) p.path = book[1];
    p.book = book[2];
    rest = rest.slice(book[0].length);
  }
  if (rest) {
    const colon = rest.indexOf(':');
    if (colon > 0) [p.sheet, p.sheet2] = [rest.slice(0, colon), rest.slice(colon + 1)];
    else p.sheet = rest;
  }
  return p;
}

export function tokenize(s: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, end: number, extra: Partial<Token> = {}) => {
    out.push({ kind, text: s.slice(i, end), start: i, end, ...extra });
    i = end;
  };
  /** What follows a prefix ending at `at`: a reference, #REF!, a name or a table's structured reference. */
  const afterPrefix = (at: number, prefix: Prefix) => {
    const ref = refAt(s, at);
    if (ref) return push('ref', ref.end, { prefix, a: ref.a, b: ref.b });
    if (s.startsWith('#REF!', at) || s.startsWith('#ref!', at)) return push('error', at + 5, { prefix });
    const name = sticky(NAME, s, at);
    if (!name) throw new FormulaSyntaxError('a sheet name must be followed by a reference or a name', at);
    const end = at + name[0].length;
    if (s[end] === '[') return push('structured', bracketEnd(s, end), { prefix, name: name[0], bracket: s.slice(end, bracketEnd(s, end)) });
    push('name', end, { prefix, name: name[0] });
  };
  const operandBefore = () => {
    const t = out[out.length - 1];
    return t !== undefined && t.end === i && (t.kind === 'ref' || t.kind === 'name' || t.kind === 'structured' || t.kind === ')');
  };
  while (i < s.length) {
    const c = s[i]!;
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t' || c === '\u00a0') {
      let j = i;
      while (j < s.length && ' \n\r\t\u00a0'.includes(s[j]!)) j++;
      push('ws', j);
    } else if (c === '"') {
      const q = quoted(s, i, '"');
      push('string', q.end, { name: q.value });
    } else if (c === "'") {
      const q = quoted(s, i, "'");
      if (s[q.end] !== '!') throw new FormulaSyntaxError('a quoted sheet name must be followed by !', i);
      const start = i;
      afterPrefix(q.end + 1, prefixOf(q.value));
      out[out.length - 1]!.start = start;
      out[out.length - 1]!.text = s.slice(start, i);
    } else if (c === '[') {
      // [1]Sheet1!A1 and [1]!Name are external; anything else is a structured reference without its table.
      const ext = /^\[[^\][]*\](?:[\p{L}_\\][\p{L}\p{N}_.\\?]*(?::[\p{L}_\\][\p{L}\p{N}_.\\?]*)?)?!/u.exec(s.slice(i));
      if (ext) {
        const start = i;
        afterPrefix(i + ext[0].length, prefixOf(ext[0].slice(0, -1)));
        out[out.length - 1]!.start = start;
        out[out.length - 1]!.text = s.slice(start, i);
      } else {
        const end = bracketEnd(s, i);
        push('structured', end, { bracket: s.slice(i, end) });
      }
    } else if (c === '#') {
      const code = ERROR_CODES.find((e) => s.slice(i, i + e.length).toUpperCase() === e);
      if (code) push('error', i + code.length);
      else if (operandBefore()) push('op', i + 1);
      else throw new FormulaSyntaxError(`unknown error value ${s.slice(i, i + 8)}`, i);
    } else if ('(){},;'.includes(c)) {
      push(c as TokenKind, i + 1);
    } else {
      // Sheet1!, Sheet1:Sheet3! (before cells: an unquoted S1:S2! is a 3-D prefix, not a range).
      const sheet = sticky(SHEET_WORD, s, i);
      if (sheet) {
        const start = i;
        afterPrefix(i + sheet[0].length, prefixOf(sheet[0].slice(0, -1)));
        out[out.length - 1]!.start = start;
        out[out.length - 1]!.text = s.slice(start, i);
        continue;
      }
      const ref = c === '$' || /[A-Za-z0-9]/.test(c) ? refAt(s, i) : undefined;
      // A row range (1:3) wins over the number 1; a cell (A1) over the name A1 only when nothing name-like follows.
      if (ref && !(/\d/.test(c) && ref.a.col !== undefined)) {
        push('ref', ref.end, { a: ref.a, b: ref.b });
        continue;
      }
      const num = /[\d.]/.test(c) ? sticky(NUMBER, s, i) : null;
      if (num) {
        push('number', i + num[0].length);
        continue;
      }
      const name = sticky(NAME, s, i);
      if (name) {
        const end = i + name[0].length;
        const upper = name[0].toUpperCase();
        if (s[end] === '[') push('structured', bracketEnd(s, end), { name: name[0], bracket: s.slice(end, bracketEnd(s, end)) });
        else if ((upper === 'TRUE' || upper === 'FALSE') && s[end] !== '(') push('bool', end);
        else push('name', end, { name: name[0] });
        continue;
      }
      const op = OPS.find((o) => s.startsWith(o, i));
      if (!op) throw new FormulaSyntaxError(`unexpected character ${c}`, i);
      push('op', i + op.length);
    }
  }
  return out;
}
