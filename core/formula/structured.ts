// The bracket of a structured reference (Table1[...]) read into specifiers and columns, and
// written back as Excel writes it. Column names escape [ ] # ' with a leading '.
import type { Specifier, StructuredSpec } from './ast.ts';
import { FormulaSyntaxError } from './lexer.ts';

const SPECIFIERS: Specifier[] = ['#All', '#Data', '#Headers', '#Totals', '#This Row'];

function specifierOf(text: string): Specifier | undefined {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  return SPECIFIERS.find((s) => s.toLowerCase() === t);
}

/** A column name without its escapes ('[ is [). */
export const unescapeColumn = (s: string) => s.replace(/'(.)/g, '$1');
/** A column name as written inside brackets. */
export const escapeColumn = (s: string) => s.replace(/['[\]#]/g, "'$&");

/** Index just past the bracket opened at `at` within `s`. */
function close(s: string, at: number): number {
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    if (s[i] === "'") i++;
    else if (s[i] === '[') depth++;
    else if (s[i] === ']' && --depth === 0) return i + 1;
  }
  throw new FormulaSyntaxError('a [ is not closed', at);
}

/** Reads `[...]` (outer brackets included). */
export function parseSpec(bracket: string): StructuredSpec {
  const spec: StructuredSpec = { items: [] };
  const body = bracket.slice(1, -1);
  const column = (a: string, b = a) => {
    if (spec.cols) throw new FormulaSyntaxError(`a structured reference names columns twice: ${bracket}`, 0);
    spec.cols = [unescapeColumn(a), unescapeColumn(b)];
  };
  if (!body.trim()) return spec;
  if (!body.trimStart().startsWith('[')) {
    const item = specifierOf(body);
    if (item) spec.items.push(item);
    else if (body.startsWith('@')) {
      spec.at = true;
      spec.items.push('#This Row');
      const rest = body.slice(1).trim();
      if (rest.startsWith('[')) column(rest.slice(1, close(rest, 0) - 1));
      else if (rest) column(rest);
    } else column(body);
    return spec;
  }
  let i = 0;
  const skip = () => {
    while (body[i] === ' ') i++;
  };
  while (i < body.length) {
    skip();
    if (body[i] !== '[') throw new FormulaSyntaxError(`unexpected text in ${bracket}`, i);
    const end = close(body, i);
    const first = body.slice(i + 1, end - 1);
    i = end;
    skip();
    if (body[i] === ':') {
      i++;
      skip();
      const end2 = close(body, i);
      column(first, body.slice(i + 1, end2 - 1));
      i = end2;
    } else {
      const item = specifierOf(first);
      if (item) spec.items.push(item);
      else if (first.startsWith('@')) {
        spec.at = true;
        spec.items.push('#This Row');
        if (first.length > 1) column(first.slice(1));
      } else column(first);
    }
    skip();
    if (i < body.length && body[i++] !== ',') throw new FormulaSyntaxError(`unexpected text in ${bracket}`, i);
  }
  return spec;
}

/** The bracket as Excel writes it: [Col], [#Totals], [@Col], [[#This Row],[A]:[C]], [[#Headers],[#Data]]. */
export function printSpec(spec: StructuredSpec): string {
  const col = (c: string) => `[${escapeColumn(c)}]`;
  const cols = spec.cols ? (spec.cols[0] === spec.cols[1] ? col(spec.cols[0]) : `${col(spec.cols[0])}:${col(spec.cols[1])}`) : undefined;
  if (spec.at && spec.items.length === 1 && spec.items[0] === '#This Row') {
    if (!spec.cols) return '[@]';
    return spec.cols[0] === spec.cols[1] && !/[^\p{L}\p{N}_.]/u.test(spec.cols[0]) ? `[@${spec.cols[0]}]` : `[@${cols}]`;
  }
  if (!spec.items.length) return cols ? (spec.cols![0] === spec.cols![1] ? cols : `[${cols}]`) : '[]';
  const parts = spec.items.map((s) => `[${s}]`);
  if (!cols) return parts.length === 1 ? parts[0]! : `[${parts.join(',')}]`;
  return `[${[...parts, cols].join(',')}]`;
}
