// The tree of an Excel formula. Leaves keep the text they were read from (`text`), composite
// nodes the text between their children (`glue`: operators, parentheses, commas and the spaces
// as written), so printing an untouched tree gives back the source exactly; a transform that
// builds a node without them gets Excel's canonical spelling (print.ts).

/** Where a reference or name lives when it is not on the formula's own sheet. */
export interface Prefix {
  /** External workbook as written inside the brackets: `1` in [1]Sheet1!A1, `Book.xlsx`. */
  book?: string;
  /** Sheet name (unquoted, '' unescaped); the first sheet of a 3-D reference. */
  sheet?: string;
  /** Last sheet of a 3-D reference (Sheet1:Sheet3!A1). */
  sheet2?: string;
  /** Text before the book in a quoted path ('C:\dir\[Book.xlsx]Sheet'!A1). */
  path?: string;
}

/** One end of a reference: a cell, or a whole column (no row) or row (no column). */
export interface Corner {
  col?: number;
  row?: number;
  colAbs: boolean;
  rowAbs: boolean;
}

export type Specifier = '#All' | '#Data' | '#Headers' | '#Totals' | '#This Row';

/** What a structured reference's brackets select. */
export interface StructuredSpec {
  items: Specifier[];
  /** First and last column (unescaped) or none for every column. */
  cols?: [string, string];
  /** Written with `@` (Table1[@Col]) rather than [#This Row]. */
  at?: boolean;
}

interface Leaf {
  /** Source text; absent on nodes a transform built (printed canonically). */
  text?: string;
  /** Offsets [start, end) in the source, when parsed. */
  span?: [number, number];
}

interface Composite {
  /** Text between children: glue[0] before the first, glue[i] after child i-1. */
  glue?: string[];
  span?: [number, number];
}

export interface NumberNode extends Leaf { kind: 'number'; value: number }
export interface StringNode extends Leaf { kind: 'string'; value: string }
export interface BoolNode extends Leaf { kind: 'bool'; value: boolean }
export interface ErrorNode extends Leaf { kind: 'error'; code: string; prefix?: Prefix }
export interface RefNode extends Leaf { kind: 'ref'; prefix?: Prefix; a: Corner; b?: Corner }
/** A defined name, a LET/LAMBDA parameter (with its _xlpm. prefix when written so) or a table's name. */
export interface NameNode extends Leaf { kind: 'name'; name: string; prefix?: Prefix }
export interface StructuredNode extends Leaf { kind: 'structured'; table?: string; prefix?: Prefix; spec: StructuredSpec }
/** An argument left out: IF(A1,,B1). */
export interface MissingNode extends Leaf { kind: 'missing' }

/** A function call; `name` as written (prefixes such as _xlfn. and _xlws. included). */
export interface CallNode extends Composite { kind: 'call'; name: string; args: Node[] }
/** A call of a computed function: LAMBDA(x,x+1)(2). */
export interface ApplyNode extends Composite { kind: 'apply'; fn: Node; args: Node[] }
export interface ArrayNode extends Composite { kind: 'array'; rows: Node[][] }
export interface UnaryNode extends Composite { kind: 'unary'; op: '-' | '+' | '@'; operand: Node }
export interface PostfixNode extends Composite { kind: 'postfix'; op: '%' | '#'; operand: Node }
/** Binary operators; ':' range, ' ' intersection and ',' union (inside parentheses) included. */
export interface BinaryNode extends Composite { kind: 'binary'; op: BinaryOp; left: Node; right: Node }
export interface ParenNode extends Composite { kind: 'paren'; inner: Node }

export type BinaryOp = '+' | '-' | '*' | '/' | '^' | '&' | '=' | '<>' | '<' | '>' | '<=' | '>=' | ':' | ' ' | ',';

export type Node =
  | NumberNode | StringNode | BoolNode | ErrorNode | RefNode | NameNode | StructuredNode | MissingNode
  | CallNode | ApplyNode | ArrayNode | UnaryNode | PostfixNode | BinaryNode | ParenNode;

/** A whole formula: what came before the tree (`=` and spaces) and after it. */
export interface Formula {
  lead: string;
  body: Node;
  trail: string;
}

/** The children of a node in source order (the order of `glue`). */
export function childrenOf(n: Node): Node[] {
  switch (n.kind) {
    case 'call': return n.args;
    case 'apply': return [n.fn, ...n.args];
    case 'array': return n.rows.flat();
    case 'unary': case 'postfix': return [n.operand];
    case 'binary': return [n.left, n.right];
    case 'paren': return [n.inner];
    default: return [];
  }
}

/** The node with new children (same count and order as childrenOf), keeping its glue. */
export function withChildren<T extends Node>(n: T, kids: Node[]): T {
  switch (n.kind) {
    case 'call': return { ...n, args: kids };
    case 'apply': return { ...n, fn: kids[0]!, args: kids.slice(1) };
    case 'array': {
      let i = 0;
      return { ...n, rows: n.rows.map((r) => r.map(() => kids[i++]!)) };
    }
    case 'unary': case 'postfix': return { ...n, operand: kids[0]! };
    case 'binary': return { ...n, left: kids[0]!, right: kids[1]! };
    case 'paren': return { ...n, inner: kids[0]! };
    default: return n;
  }
}

/** A function's name without the prefixes files store (_xlfn., _xlws.), upper case. */
export function bareName(name: string): string {
  return name.replace(/^(?:_xlfn\.)?(?:_xlws\.)?/i, '').toUpperCase();
}
