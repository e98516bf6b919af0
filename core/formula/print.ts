// Writes the tree back as formula text. Parsed nodes print their own text and glue, so an
// untouched tree prints its source exactly; nodes a transform built print as Excel writes them
// (references upper case, sheet names quoted when they must be, no spaces).
import { indexToCol } from '../a1.ts';
import { childrenOf, type Corner, type Formula, type Node, type Prefix } from './ast.ts';
import { printSpec } from './structured.ts';

/** A sheet name as Excel writes it before '!': quoted when it is not a plain word or looks like a reference. */
export function sheetText(name: string): string {
  const plain = /^[\p{L}_\\][\p{L}\p{N}_.\\]*$/u.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name) && !/^R\d*C\d*$/i.test(name) && !/^(TRUE|FALSE)$/i.test(name);
  return plain ? name : `'${name.replace(/'/g, "''")}'`;
}

export function prefixText(p: Prefix | undefined): string {
  if (!p) return '';
  const book = p.book !== undefined ? `${p.path ?? ''}[${p.book}]` : '';
  const sheets = p.sheet === undefined ? '' : p.sheet2 !== undefined ? `${p.sheet}:${p.sheet2}` : p.sheet;
  const whole = `${book}${sheets}`;
  // [1]Sheet1! stays unquoted as Excel stores it; a path, a 3-D span, an odd sheet name or a file
  // name with spaces ('[My Budget.xlsx]Sheet1'!A1) is quoted whole.
  const oddBook = p.book !== undefined && !/^\d+$/.test(p.book) && sheetText(p.book) !== p.book;
  const needs = p.path !== undefined || oddBook || (p.sheet !== undefined && sheetText(p.sheet) !== p.sheet) || (p.sheet2 !== undefined && sheetText(p.sheet2) !== p.sheet2);
  return `${needs ? `'${whole.replace(/'/g, "''")}'` : whole}!`;
}

export function cornerText(c: Corner): string {
  const col = c.col !== undefined ? `${c.colAbs ? '$' : ''}${indexToCol(c.col)}` : '';
  const row = c.row !== undefined ? `${c.rowAbs ? '$' : ''}${c.row + 1}` : '';
  return col + row;
}

/** A reference's text without its prefix: A1, $A$1:B2, A:C, $2:$5. */
export function areaText(a: Corner, b?: Corner): string {
  return b ? `${cornerText(a)}:${cornerText(b)}` : cornerText(a);
}

function leafText(n: Node): string {
  switch (n.kind) {
    case 'number': return String(n.value).toUpperCase();
    case 'string': return `"${n.value.replace(/"/g, '""')}"`;
    case 'bool': return n.value ? 'TRUE' : 'FALSE';
    case 'error': return `${prefixText(n.prefix)}${n.code}`;
    case 'ref': return `${prefixText(n.prefix)}${areaText(n.a, n.b)}`;
    case 'name': return `${prefixText(n.prefix)}${n.name}`;
    case 'structured': return `${prefixText(n.prefix)}${n.table ?? ''}${printSpec(n.spec)}`;
    default: return '';
  }
}

/** Glue for a node a transform built: operators without spaces. */
function canonicalGlue(n: Node): string[] {
  switch (n.kind) {
    case 'call': return n.args.length ? ['(', ...n.args.slice(1).map(() => ','), ')'] : ['()'];
    case 'apply': return ['', '(', ...n.args.slice(1).map(() => ','), ')'];
    case 'array': {
      const glue = ['{'];
      n.rows.forEach((r, i) => r.forEach((_, j) => (j > 0 ? glue.push(',') : i > 0 && glue.push(';'))));
      glue.push('}');
      return glue;
    }
    case 'unary': return [n.op, ''];
    case 'postfix': return ['', n.op];
    case 'binary': return ['', n.op, ''];
    case 'paren': return ['(', ')'];
    default: return [];
  }
}

const COMPOSITE = new Set(['call', 'apply', 'array', 'unary', 'postfix', 'binary', 'paren']);

export function printNode(n: Node): string {
  if (!COMPOSITE.has(n.kind)) return (n as { text?: string }).text ?? leafText(n);
  const kids = childrenOf(n);
  const glue = ('glue' in n && n.glue && n.glue.length === kids.length + 1 ? n.glue : undefined) ?? canonicalGlue(n);
  let out = n.kind === 'call' ? n.name : '';
  kids.forEach((k, i) => (out += glue[i] + printNode(k)));
  return out + glue[kids.length];
}

export function printFormula(f: Formula): string {
  return f.lead + printNode(f.body) + f.trail;
}
