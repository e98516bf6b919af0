// A reference that a function reads only for where it is makes no dependency, as in Excel:
// `=ROW(C5)+COLUMN(C5)` in C5 is 8 and the fill-down counter `=ROWS($B$5:B5)` in B5 is 1, not
// #CYCLE!. HyperFormula collects a formula's dependencies from its syntax tree with one yes/no per
// function for all its arguments; here the collection knows which argument is a position:
// OFFSET's base where it names the formula's own cell, CELL's reference when the info type is a
// position ("row", "col", "address"), and, inside a position, INDEX's array and the references IF
// and CHOOSE hand back. Every path that collects dependencies (parsing, the parse cache, the
// graph's own query when it removes edges) uses this one function, so the edges added and removed
// always agree. Installed once, before the first engine, by engineConfig().
import { HyperFormula } from 'hyperformula';
import { RANGE_JOIN_FN } from '../formula/engine-names.ts';

interface Node {
  type: string;
  procedureName?: string;
  args?: Node[];
  value?: unknown;
  expression?: Node;
  left?: Node;
  right?: Node;
  reference?: unknown;
  start?: { sheet?: unknown };
  end?: { sheet?: unknown };
  expressionName?: string;
}
interface Registry {
  doesFunctionNeedArgumentToBeComputed(name: string): boolean;
}
interface Dependency {
  absolutize(base: unknown): unknown;
}
type DependencyClass = new (...args: unknown[]) => Dependency;
interface Classes {
  address: DependencyClass;
  cellRange: DependencyClass;
  columnRange: DependencyClass;
  rowRange: DependencyClass;
  named: DependencyClass;
}

/** CELL's info types that read the cell's value; the others read where (or how) it is. */
const CELL_VALUE_INFO = new Set(['contents', 'type']);
/** Functions that give one of their arguments back as a reference: inside a position, that argument is a position too. */
const PASS_REFERENCE: Record<string, (i: number) => boolean> = {
  INDEX: (i) => i === 0,
  IF: (i) => i > 0,
  CHOOSE: (i) => i > 0,
  [RANGE_JOIN_FN]: () => true,
};

/**
 * Does this reference, as written, always take in the formula's own cell (B5 in B5, $B$1:B5)?
 * OFFSET reads the cells it arrives at, and the engine orders its work by dependencies, so its
 * base stays one unless it would make the formula depend on itself.
 */
function namesOwnCell(ast: Node): boolean {
  if (ast.type === 'PARENTHESES') return namesOwnCell(ast.expression!);
  const own = (a: unknown) => {
    const ref = a as { type?: string; row?: number; col?: number; sheet?: unknown } | undefined;
    return ref?.type === 'CELL_REFERENCE' && ref.row === 0 && ref.col === 0 && ref.sheet === undefined;
  };
  if (ast.type === 'CELL_REFERENCE') return own(ast.reference);
  return ast.type === 'CELL_RANGE' && (own(ast.start) || own(ast.end));
}

/** Is argument `i` of this call read for its value (true) or only for its position (false)? */
function readsValue(call: Node, i: number, registry: Registry, needed: boolean): boolean {
  const name = call.procedureName ?? '';
  // ROW, COLUMN, ROWS, COLUMNS, SHEET, ISREF, ISFORMULA...: every argument is a position.
  if (registry.doesFunctionNeedArgumentToBeComputed(name)) return false;
  if (name === 'OFFSET') return i !== 0 || !namesOwnCell(call.args![0]!);
  if (name === 'CELL' && i === 1) {
    const info = call.args?.[0];
    return !(info?.type === 'STRING' && typeof info.value === 'string' && !CELL_VALUE_INFO.has(info.value.trim().toLowerCase()));
  }
  if (!needed) {
    const pass = PASS_REFERENCE[name];
    if (pass?.(i)) return false;
  }
  return true;
}

function collect(ast: Node, registry: Registry, classes: Classes, out: Dependency[], needed: boolean): void {
  switch (ast.type) {
    case 'NAMED_EXPRESSION':
      if (needed) out.push(new classes.named(ast.expressionName));
      return;
    case 'CELL_REFERENCE':
      if (needed) out.push(new classes.address(ast.reference));
      return;
    case 'CELL_RANGE':
    case 'COLUMN_RANGE':
    case 'ROW_RANGE': {
      if (!needed || ast.start?.sheet !== ast.end?.sheet) return;
      const kind = ast.type === 'CELL_RANGE' ? classes.cellRange : ast.type === 'COLUMN_RANGE' ? classes.columnRange : classes.rowRange;
      out.push(new kind(ast.start, ast.end));
      return;
    }
    case 'PERCENT_OP':
    case 'PLUS_UNARY_OP':
    case 'MINUS_UNARY_OP':
      collect(ast.value as Node, registry, classes, out, true);
      return;
    case 'PARENTHESES':
      collect(ast.expression!, registry, classes, out, needed);
      return;
    case 'FUNCTION_CALL':
      ast.args!.forEach((arg, i) => collect(arg, registry, classes, out, readsValue(ast, i, registry, needed)));
      return;
    default:
      // Operators read both sides' values; literals, errors and array constants name no cell.
      if (ast.left && ast.right) {
        collect(ast.left, registry, classes, out, true);
        collect(ast.right, registry, classes, out, true);
      }
  }
}

interface ParseResult {
  ast: Node;
  errors: unknown[];
  dependencies: Dependency[];
}
interface CacheEntry {
  relativeDependencies: Dependency[];
}
interface GraphInstance {
  functionRegistry: Registry;
  lazilyTransformingAstService: unknown;
  formulaDependencyQuery(vertex: { getFormula(service: unknown): Node }): [unknown, unknown[]] | undefined;
}
interface Internals {
  _parser: { functionRegistry: Registry; cache: object; parse(text: string, address: unknown): ParseResult };
  dependencyGraph: { constructor: { buildEmpty(...args: unknown[]): GraphInstance } };
}

let patched = false;

export function patchPositionReferences(): void {
  if (patched) return;
  patched = true;
  // None of these classes is exported; a throwaway engine leads to each (as in hf-dynamic-offset.ts).
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' }) as unknown as Internals;
  const parser = probe._parser;
  const sample = parser.parse('=A1+A1:B2+A:B+1:2+probe_name', { sheet: 0, row: 0, col: 0 }).dependencies;
  const graphClass = probe.dependencyGraph.constructor;
  (probe as unknown as HyperFormula).destroy();
  const [address, cellRange, columnRange, rowRange, named] = sample.map((d) => d.constructor as DependencyClass);
  if (!address || !cellRange || !columnRange || !rowRange || !named) throw new Error('HyperFormula changed how it lists dependencies');
  const classes: Classes = { address, cellRange, columnRange, rowRange, named };
  const dependenciesOf = (ast: Node, registry: Registry) => {
    const out: Dependency[] = [];
    collect(ast, registry, classes, out, true);
    return out;
  };

  const parserProto = Object.getPrototypeOf(parser) as { parse(this: Internals['_parser'], text: string, address: unknown): ParseResult };
  const parse = parserProto.parse;
  parserProto.parse = function (text, at) {
    const out = parse.call(this, text, at);
    if (out.errors.length === 0) out.dependencies = dependenciesOf(out.ast, this.functionRegistry);
    return out;
  };

  const cacheProto = Object.getPrototypeOf(parser.cache) as { set(this: { functionRegistry: Registry }, hash: string, ast: Node): CacheEntry };
  const set = cacheProto.set;
  cacheProto.set = function (hash, ast) {
    const entry = set.call(this, hash, ast);
    entry.relativeDependencies = dependenciesOf(ast, this.functionRegistry);
    return entry;
  };

  // The graph asks again when it removes a formula's edges (an overwrite, a removed spill).
  const buildEmpty = graphClass.buildEmpty;
  graphClass.buildEmpty = function (...args: unknown[]) {
    const graph = buildEmpty.apply(this, args);
    const query = graph.formulaDependencyQuery;
    graph.formulaDependencyQuery = (vertex) => {
      const found = query(vertex);
      if (!found) return found;
      const [base] = found;
      return [base, dependenciesOf(vertex.getFormula(graph.lazilyTransformingAstService), graph.functionRegistry).map((d) => d.absolutize(base))];
    };
    return graph;
  };
}
