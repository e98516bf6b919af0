// Reads Excel formula text into the tree (ast.ts) with Excel's operator precedence, from lowest:
// union ',' (inside parentheses and at the top of a defined name), comparisons, '&', '+ -',
// '* /', '^', prefix '- + @', postfix '%', intersection ' ', range ':', spill '#'.
import type { BinaryOp, Formula, Node } from './ast.ts';
import { FormulaSyntaxError, tokenize, type Token } from './lexer.ts';
import { parseSpec } from './structured.ts';

const COMPARE = new Set(['=', '<>', '<', '>', '<=', '>=']);
const LEVELS: Set<string>[] = [COMPARE, new Set(['&']), new Set(['+', '-']), new Set(['*', '/']), new Set(['^'])];

class Parser {
  private readonly toks: Token[];
  private i = 0;

  constructor(private readonly src: string) {
    this.toks = tokenize(src).filter((t) => t.kind !== 'ws');
  }

  private peek(k = 0): Token | undefined {
    return this.toks[this.i + k];
  }

  private is(kind: string, text?: string): boolean {
    const t = this.peek();
    return t !== undefined && t.kind === kind && (text === undefined || t.text === text);
  }

  private take(kind: string, text?: string): Token {
    const t = this.peek();
    if (!t || t.kind !== kind || (text !== undefined && t.text !== text)) {
      throw new FormulaSyntaxError(t ? `unexpected ${t.text}` : `missing ${text ?? kind} at the end`, t?.start ?? this.src.length);
    }
    this.i++;
    return t;
  }

  /** A composite node: its span and the text between its children, taken from the source. */
  private node<T extends Node>(n: T, start: number, end: number, kids: Node[], nameEnd?: number): T {
    const glue: string[] = [];
    let at = nameEnd ?? start;
    for (const k of kids) {
      glue.push(this.src.slice(at, k.span![0]));
      at = k.span![1];
    }
    glue.push(this.src.slice(at, end));
    return { ...n, span: [start, end], glue };
  }

  formula(): Formula {
    const first = this.peek();
    const start = first?.start ?? this.src.length;
    if (!first) throw new FormulaSyntaxError('the formula is empty', 0);
    let lead = this.src.slice(0, start);
    if (first.kind === 'op' && first.text === '=' && !/\S/.test(lead)) {
      this.i++;
      const next = this.peek();
      if (!next) throw new FormulaSyntaxError('the formula is empty', this.src.length);
      lead = this.src.slice(0, next.start);
    }
    const body = this.expr(true);
    if (this.peek()) throw new FormulaSyntaxError(`unexpected ${this.peek()!.text}`, this.peek()!.start);
    return { lead, body, trail: this.src.slice(body.span![1]) };
  }

  expr(union: boolean): Node {
    let left = this.binary(0);
    while (union && this.is(',')) {
      this.i++;
      const right = this.binary(0);
      left = this.node({ kind: 'binary', op: ',', left, right }, left.span![0], right.span![1], [left, right]);
    }
    return left;
  }

  private binary(level: number): Node {
    if (level === LEVELS.length) return this.prefix();
    let left = this.binary(level + 1);
    while (this.is('op') && LEVELS[level]!.has(this.peek()!.text)) {
      const op = this.take('op').text as BinaryOp;
      const right = this.binary(level + 1);
      left = this.node({ kind: 'binary', op, left, right }, left.span![0], right.span![1], [left, right]);
    }
    return left;
  }

  private prefix(): Node {
    const t = this.peek();
    if (t?.kind === 'op' && (t.text === '-' || t.text === '+' || t.text === '@')) {
      this.i++;
      const operand = this.prefix();
      return this.node({ kind: 'unary', op: t.text, operand }, t.start, operand.span![1], [operand]);
    }
    let operand = this.intersection();
    while (this.is('op', '%')) {
      const p = this.take('op');
      operand = this.node({ kind: 'postfix', op: '%', operand }, operand.span![0], p.end, [operand]);
    }
    return operand;
  }

  /** Operands separated by spaces only: the intersection operator. */
  private intersection(): Node {
    let left = this.range();
    for (;;) {
      const prev = this.toks[this.i - 1]!, next = this.peek();
      if (!next || next.start === prev.end || !['ref', 'name', 'structured', '('].includes(next.kind)) return left;
      const right = this.range();
      left = this.node({ kind: 'binary', op: ' ', left, right }, left.span![0], right.span![1], [left, right]);
    }
  }

  private range(): Node {
    let left = this.spill();
    while (this.is('op', ':')) {
      this.i++;
      const right = this.spill();
      left = this.node({ kind: 'binary', op: ':', left, right }, left.span![0], right.span![1], [left, right]);
    }
    return left;
  }

  private spill(): Node {
    let operand = this.primary();
    while (this.is('op', '#')) {
      const p = this.take('op');
      operand = this.node({ kind: 'postfix', op: '#', operand }, operand.span![0], p.end, [operand]);
    }
    return operand;
  }

  private args(): { args: Node[]; end: number } {
    this.take('(');
    const args: Node[] = [];
    if (this.is(')')) return { args, end: this.take(')').end };
    for (;;) {
      const t = this.peek();
      if (t && (t.kind === ',' || t.kind === ')')) args.push({ kind: 'missing', text: '', span: [t.start, t.start] });
      else args.push(this.expr(false));
      if (this.is(',')) {
        this.i++;
        continue;
      }
      return { args, end: this.take(')').end };
    }
  }

  private primary(): Node {
    const t = this.peek();
    if (!t) throw new FormulaSyntaxError('the formula ends where a value was expected', this.src.length);
    let n: Node;
    const span: [number, number] = [t.start, t.end];
    switch (t.kind) {
      case 'number':
        this.i++;
        n = { kind: 'number', value: Number(t.text), text: t.text, span };
        break;
      case 'string':
        this.i++;
        n = { kind: 'string', value: t.name!, text: t.text, span };
        break;
      case 'bool':
        this.i++;
        n = { kind: 'bool', value: t.text.toUpperCase() === 'TRUE', text: t.text, span };
        break;
      case 'error':
        this.i++;
        n = { kind: 'error', code: t.text.slice(t.text.indexOf('#')).toUpperCase(), ...(t.prefix ? { prefix: t.prefix } : {}), text: t.text, span };
        break;
      case 'ref':
        this.i++;
        n = { kind: 'ref', a: t.a!, ...(t.b ? { b: t.b } : {}), ...(t.prefix ? { prefix: t.prefix } : {}), text: t.text, span };
        break;
      case 'structured':
        this.i++;
        n = { kind: 'structured', ...(t.name !== undefined ? { table: t.name } : {}), ...(t.prefix ? { prefix: t.prefix } : {}), spec: parseSpec(t.bracket!), text: t.text, span };
        break;
      case 'name':
        this.i++;
        // A call of a function another workbook defines is written with its prefix: [1]!LUCANET("Ist").
        if (this.is('(') && this.peek()!.start === t.end) {
          const { args, end } = this.args();
          n = this.node({ kind: 'call', name: t.text, args }, t.start, end, args, t.end);
        } else n = { kind: 'name', name: t.name!, ...(t.prefix ? { prefix: t.prefix } : {}), text: t.text, span };
        break;
      case '(': {
        this.i++;
        const inner = this.expr(true);
        const close = this.take(')');
        n = this.node({ kind: 'paren', inner }, t.start, close.end, [inner]);
        break;
      }
      case '{':
        n = this.array();
        break;
      default:
        throw new FormulaSyntaxError(`unexpected ${t.text}`, t.start);
    }
    // LAMBDA(x, x+1)(2): a computed function called in place.
    while ((n.kind === 'call' || n.kind === 'paren' || n.kind === 'apply') && this.is('(') && this.peek()!.start === n.span![1]) {
      const fn: Node = n;
      const { args, end } = this.args();
      n = this.node({ kind: 'apply', fn, args }, fn.span![0], end, [fn, ...args]);
    }
    return n;
  }

  private array(): Node {
    const open = this.take('{');
    const rows: Node[][] = [[]];
    for (;;) {
      rows[rows.length - 1]!.push(this.prefix());
      if (this.is(',')) this.i++;
      else if (this.is(';')) {
        this.i++;
        rows.push([]);
      } else break;
    }
    const close = this.take('}');
    return this.node({ kind: 'array', rows }, open.start, close.end, rows.flat());
  }
}

/** The formula's tree; the text may start with '=' (kept in `lead`). Throws FormulaSyntaxError. */
export function parseFormula(text: string): Formula {
  return new Parser(text).formula();
}
